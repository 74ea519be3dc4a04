package dev.latencybench.core.passthrough;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.run.Accounting;

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
    /**
     * A source that ended further behind schedule than this share of its period (or
     * {@link #BEHIND_FLOOR_NS}, whichever is larger) did not hold the rate: its late messages are in
     * the latency already, but the load asked for was not the load run.
     */
    public static final double MAX_BEHIND_SHARE = 0.01;
    /** See {@link #MAX_BEHIND_SHARE}: 50 ms. */
    public static final long BEHIND_FLOOR_NS = 50_000_000L;

    long periods;
    long sent;
    long received;
    long lost;
    long duplicated;
    long outOfOrder;
    long unexpected;
    /** Messages whose counter had not gone up by exactly the number of hops. */
    long wrongCounter;
    /** Messages whose latency or service time was outside the histograms' range: neither is recorded. */
    long outOfRange;
    long maxLagNs;
    long maxFinalLagNs;

    /** Adds another tally (a period's, or a fork's) to this one. */
    PassThroughTally add(PassThroughTally o) {
        periods += o.periods;
        sent += o.sent;
        received += o.received;
        lost += o.lost;
        duplicated += o.duplicated;
        outOfOrder += o.outOfOrder;
        unexpected += o.unexpected;
        wrongCounter += o.wrongCounter;
        outOfRange += o.outOfRange;
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
        long allowedBehindNs = Math.max(BEHIND_FLOOR_NS, (long) (periodNs * MAX_BEHIND_SHARE));
        if (complete && maxFinalLagNs > allowedBehindNs) {
            reasons.add(String.format(Locale.ROOT, "rate not held: the source ended %s behind schedule (more than"
                    + " %s allowed)", Units.formatNs(maxFinalLagNs), Units.formatNs(allowedBehindNs)));
        }
        if (complete && lost > 0) {
            reasons.add(String.format(Locale.ROOT, "messages lost: %,d of %,d", lost, sent));
        }
        if (wrongCounter > 0) {
            reasons.add(String.format(Locale.ROOT, "messages whose counter did not go up by exactly %d (the number of"
                    + " hops): %,d", hops, wrongCounter));
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
     * How many values the primary metric ({@code latency}) holds: every message the sink took,
     * duplicates and unexpected numbers included, less those outside the histogram's range.
     */
    public long expectedSamples() {
        return received + duplicated + unexpected - outOfRange;
    }

    /** Writes the counters at the top level of {@code o}, and a {@code pacing} object. */
    void writeTo(JsonObject o, long askedRatePerSec) {
        o.addProperty("measuredPeriods", periods);
        o.addProperty("sent", sent);
        o.addProperty("received", received);
        o.addProperty("lost", lost);
        o.addProperty("duplicated", duplicated);
        o.addProperty("outOfOrder", outOfOrder);
        o.addProperty("unexpected", unexpected);
        o.addProperty("wrongCounter", wrongCounter);
        o.addProperty("outOfRange", outOfRange);
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
        t.sent = o.get("sent").getAsLong();
        t.received = o.get("received").getAsLong();
        t.lost = o.get("lost").getAsLong();
        t.duplicated = o.get("duplicated").getAsLong();
        t.outOfOrder = o.get("outOfOrder").getAsLong();
        t.unexpected = o.get("unexpected").getAsLong();
        t.wrongCounter = o.get("wrongCounter").getAsLong();
        t.outOfRange = o.get("outOfRange").getAsLong();
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
