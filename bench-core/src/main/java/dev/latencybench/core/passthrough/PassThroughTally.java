package dev.latencybench.core.passthrough;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.run.Accounting;
import dev.latencybench.core.time.Pacer;

/**
 * The counters of a pass-through's measured periods, which add up across periods and forks:
 * messages sent by the source; received, duplicated, out of order and unexpected at the sink (from
 * a {@code SequenceTracker}); lost; arriving with a wrong counter; outside the histogram's range; and
 * how far the source fell behind its schedule. One shape for {@code fork.json} and
 * {@code result.json}, written and read here only.
 *
 * <p>Not thread-safe; off the hot path (filled once per period).
 */
public final class PassThroughTally {
    long periods;
    /** Sent, received, lost, duplicated, out of order, unexpected, out of the histograms' range. */
    final MessageCounts messages = new MessageCounts();
    /** Messages whose counter had not gone up by exactly the number of hops. */
    long wrongCounter;
    long maxLagNs;
    long maxFinalLagNs;

    /** Adds another tally (a period's, or a fork's) to this one. */
    PassThroughTally add(PassThroughTally o) {
        periods += o.periods;
        messages.add(o.messages);
        wrongCounter += o.wrongCounter;
        maxLagNs = Math.max(maxLagNs, o.maxLagNs);
        maxFinalLagNs = Math.max(maxFinalLagNs, o.maxFinalLagNs);
        return this;
    }

    /**
     * Why these counts fail a period: messages lost (unless it was cut short), duplicated, out of
     * order, unexpected, with a wrong counter or beyond the histogram, and the rate not held.
     *
     * @param hops     by how much each counter must have gone up, for the message
     * @param complete false for a period cut short (interrupted): loss and rate are then not judged
     */
    List<String> failures(int hops, long periodNs, boolean complete) {
        List<String> reasons = new ArrayList<>();
        long allowedBehindNs = Pacer.allowedBehindNs(periodNs);
        if (complete && maxFinalLagNs > allowedBehindNs) {
            reasons.add(String.format(Locale.ROOT, "rate not held: the source ended %s behind schedule (more than"
                    + " %s allowed)", Units.formatNs(maxFinalLagNs), Units.formatNs(allowedBehindNs)));
        }
        if (wrongCounter > 0) {
            reasons.add(String.format(Locale.ROOT, "messages whose counter did not go up by exactly %d (the number of"
                    + " hops): %,d", hops, wrongCounter));
        }
        reasons.addAll(messages.failures(complete));
        return reasons;
    }

    /** How many values the primary metric ({@code latency}) holds (see {@link MessageCounts#expectedSamples}). */
    public long expectedSamples() {
        return messages.expectedSamples();
    }

    /** Writes the counters at the top level of {@code o}, and a {@code pacing} object. */
    void writeTo(JsonObject o, long askedRatePerSec) {
        o.addProperty("measuredPeriods", periods);
        messages.writeTo(o);
        o.addProperty("wrongCounter", wrongCounter);
        JsonObject pacing = new JsonObject();
        pacing.addProperty("askedRatePerSec", askedRatePerSec);
        pacing.addProperty("maxLagNs", maxLagNs);
        pacing.addProperty("finalLagNs", maxFinalLagNs);
        o.add("pacing", pacing);
    }

    /** Reads what {@link #writeTo} wrote. */
    static PassThroughTally readFrom(JsonObject o) {
        PassThroughTally t = new PassThroughTally();
        t.periods = o.get("measuredPeriods").getAsLong();
        t.messages.add(MessageCounts.readFrom(o));
        t.wrongCounter = o.get("wrongCounter").getAsLong();
        JsonObject pacing = o.getAsJsonObject("pacing");
        t.maxLagNs = pacing.get("maxLagNs").getAsLong();
        t.maxFinalLagNs = pacing.get("finalLagNs").getAsLong();
        return t;
    }

    /**
     * The launcher's accounting of a pass-through cell: the forks' counters added up, written with
     * the asked rate, and the number of latencies the merged histogram must hold. It flags nothing:
     * what fails a run, the forks have already judged.
     */
    static Accounting accounting(long askedRatePerSec) {
        PassThroughTally total = new PassThroughTally();
        return new Accounting() {
            @Override
            public void add(JsonObject fork) {
                total.add(readFrom(fork));
            }

            @Override
            public void writeTo(JsonObject result) {
                total.writeTo(result, askedRatePerSec);
            }

            @Override
            public List<String> flags() {
                return List.of();
            }

            @Override
            public long expectedSamples() {
                return total.expectedSamples();
            }
        };
    }
}
