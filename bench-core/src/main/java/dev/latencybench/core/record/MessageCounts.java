package dev.latencybench.core.record;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

import dev.latencybench.core.config.Units;

/**
 * What happened to a stream's numbered messages: sent, received, lost, duplicated, out of order, unexpected, and
 * outside the histograms' range. Counts add up across periods and forks. Not thread-safe; off the hot path.
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

    /** The counts of a receiver's tracker after {@code sent} messages. */
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
     * Why these counts fail a run.
     *
     * @param complete false for a period cut short, whose loss is not judged
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

    /** How many latencies the receiver's histogram must hold: duplicates and unexpected included, out of range not. */
    public long expectedSamples() {
        return received + duplicated + unexpected - outOfRange;
    }

    /** Writes the counts at the top level of {@code o}. */
    public void writeTo(JsonObject o) {
        JsonCodec.toJsonObject(this).entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
    }

    /** Reads what {@link #writeTo} wrote, ignoring the other members of {@code o}. */
    public static MessageCounts readFrom(JsonObject o) {
        return JsonCodec.fromJson(o, MessageCounts.class);
    }
}
