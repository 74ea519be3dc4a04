package dev.latencybench.core.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

import dev.latencybench.core.config.Units;

/**
 * What happened to the messages of a stream, for any study that sends numbered messages: sent,
 * received (distinct), lost, duplicated, out of order, with unexpected numbers, and received but
 * outside the histograms' range. They add up across periods and forks; one shape in
 * {@code fork.json} and {@code result.json} (top-level {@code sent}, {@code received}, ...).
 *
 * <p>Not thread-safe; off the hot path (filled once per period).
 */
public final class MessageCounts {
    public long sent;
    public long received;
    public long lost;
    public long duplicated;
    public long outOfOrder;
    public long unexpected;
    /** Messages received whose latency was outside the histograms' range: not recorded. */
    public long outOfRange;

    /** The counts of a receiver's tracker after {@code sent} messages, {@code outOfRange} of them not recorded. */
    public static MessageCounts of(SequenceTracker tracker, long sent, long outOfRange) {
        MessageCounts c = new MessageCounts();
        c.sent = sent;
        c.received = tracker.received();
        c.lost = tracker.lost(sent);
        c.duplicated = tracker.duplicated();
        c.outOfOrder = tracker.outOfOrder();
        c.unexpected = tracker.unexpected();
        c.outOfRange = outOfRange;
        return c;
    }

    /** Adds another period's or fork's counts to these. */
    public MessageCounts add(MessageCounts o) {
        sent += o.sent;
        received += o.received;
        lost += o.lost;
        duplicated += o.duplicated;
        outOfOrder += o.outOfOrder;
        unexpected += o.unexpected;
        outOfRange += o.outOfRange;
        return this;
    }

    /**
     * Why these counts fail a run: messages lost, duplicated, out of order, with unexpected numbers,
     * or with latencies beyond the histogram.
     *
     * @param complete false for a period cut short (interrupted): then loss is not judged
     */
    public List<String> failures(boolean complete) {
        List<String> reasons = new ArrayList<>();
        if (complete && lost > 0) {
            reasons.add(String.format(Locale.ROOT, "messages lost: %,d of %,d", lost, sent));
        }
        if (duplicated > 0) {
            reasons.add(String.format(Locale.ROOT, "messages duplicated: %,d", duplicated));
        }
        if (outOfOrder > 0) {
            reasons.add(String.format(Locale.ROOT, "messages out of order: %,d", outOfOrder));
        }
        if (unexpected > 0) {
            reasons.add(String.format(Locale.ROOT, "messages with unexpected sequence numbers: %,d", unexpected));
        }
        if (outOfRange > 0) {
            reasons.add(String.format(Locale.ROOT, "latencies outside the histogram range (0 to %s): %,d",
                    Units.formatNs(LatencyRecorder.HIGHEST_TRACKABLE_NS), outOfRange));
        }
        return reasons;
    }

    /**
     * How many latencies the receiver's histogram must hold: every message it took (duplicates and
     * unexpected numbers included, since each is recorded) less those outside its range.
     */
    public long expectedSamples() {
        return received + duplicated + unexpected - outOfRange;
    }

    /** Writes the counts at the top level of {@code o}: its fields are the members. */
    public void writeTo(JsonObject o) {
        JsonCodec.toJsonObject(this).entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
    }

    /** Reads what {@link #writeTo} wrote (the other members of {@code o} are not its). */
    public static MessageCounts readFrom(JsonObject o) {
        return JsonCodec.fromJson(o, MessageCounts.class);
    }
}
