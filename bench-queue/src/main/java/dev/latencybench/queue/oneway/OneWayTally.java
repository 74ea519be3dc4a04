package dev.latencybench.queue.oneway;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.CpuPlacement;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.result.CpuPairResult;
import dev.latencybench.core.study.Accounting;
import dev.latencybench.core.time.Pacer;

/**
 * The counters of measured periods that add up across periods and forks, one shape for {@code fork.json} and
 * {@code result.json}. Not thread-safe; filled once per period, off the hot path.
 */
public final class OneWayTally {
    /** See {@link CpuPlacement#CHANGE_FACTOR}. */
    public static final double PLACEMENT_CHANGE_FACTOR = CpuPlacement.CHANGE_FACTOR;

    long periods;
    /** Sent, received, lost, duplicated, out of order, unexpected, out of the histograms' range. */
    final MessageCounts messages = new MessageCounts();
    long maxLagNs;
    long maxFinalLagNs;
    long lateSends;
    double minAchievedRatePerSec = Double.MAX_VALUE;
    long producerBytes;
    long consumerBytes;
    /** The lowest and highest CPU pair round trip probed (see {@link CpuPairProbe}); -1 when none was. */
    long roundTripMinNs = -1;
    long roundTripMaxNs = -1;

    /** Adds another tally (a period's, or a fork's) to this one. */
    public OneWayTally add(OneWayTally o) {
        periods += o.periods;
        messages.add(o.messages);
        maxLagNs = Math.max(maxLagNs, o.maxLagNs);
        maxFinalLagNs = Math.max(maxFinalLagNs, o.maxFinalLagNs);
        lateSends += o.lateSends;
        minAchievedRatePerSec = Math.min(minAchievedRatePerSec, o.minAchievedRatePerSec);
        producerBytes += o.producerBytes;
        consumerBytes += o.consumerBytes;
        addRoundTrip(o.roundTripMinNs);
        addRoundTrip(o.roundTripMaxNs);
        return this;
    }

    /** Adds one CPU pair round trip; a negative one (not probed) is ignored. */
    void addRoundTrip(long ns) {
        if (ns < 0) {
            return;
        }
        roundTripMinNs = roundTripMinNs < 0 ? ns : Math.min(roundTripMinNs, ns);
        roundTripMaxNs = Math.max(roundTripMaxNs, ns);
    }

    /**
     * Why these counts fail a run: messages lost, duplicated, out of order or out of range, or the rate not held.
     * @param complete false for a period cut short: then loss and rate are not judged
     */
    public List<String> failures(long askedRatePerSec, long periodNs, boolean complete) {
        List<String> reasons = new ArrayList<>();
        long allowedBehindNs = Pacer.allowedBehindNs(periodNs);
        if (complete && periods > 0 && maxFinalLagNs > allowedBehindNs) {
            reasons.add(String.format(Locale.ROOT, "rate not held: the producer ended %s behind schedule (more than"
                    + " %s allowed), achieving %,.0f msg/s of %,d asked", Units.formatNs(maxFinalLagNs),
                    Units.formatNs(allowedBehindNs), minAchievedRatePerSec, askedRatePerSec));
        }
        reasons.addAll(messages.failures(complete));
        return reasons;
    }

    /** Writes the counters at the top level of {@code o}, and the pacing and allocation as {@link OneWayResult}. */
    public void writeTo(JsonObject o, long askedRatePerSec) {
        messages.writeTo(o);
        OneWayResult.PART.write(new OneWayResult(periods, new OneWayResult.Pacing(askedRatePerSec,
                periods == 0 ? 0 : minAchievedRatePerSec, maxLagNs, maxFinalLagNs, lateSends),
                new OneWayResult.Allocation(producerBytes, consumerBytes, messages.sent == 0 ? 0
                        : (double) (producerBytes + consumerBytes) / messages.sent,
                        "producer and consumer threads over the measured periods")), o);
        if (roundTripMinNs >= 0) {
            CpuPairResult pair = new CpuPairResult();
            pair.cpuPair = new CpuPairResult.RoundTrip();
            pair.cpuPair.roundTripMinNs = roundTripMinNs;
            pair.cpuPair.roundTripMaxNs = roundTripMaxNs;
            pair.cpuPair.what = "cache-line round trip between the producer's and the consumer's CPUs, probed"
                    + " before and after each measured period (the fastest tenth of " + CpuPairProbe.BATCHES + " batches)";
            CpuPairResult.PART.write(pair, o);
        }
    }

    /** A flag when the CPU pair round trips probed differ by more than {@link #PLACEMENT_CHANGE_FACTOR}; else null. */
    public String placementChange() {
        if (!CpuPlacement.differs(roundTripMinNs, roundTripMaxNs)) {
            return null;
        }
        return CpuPlacement.flag(roundTripMinNs, roundTripMaxNs);
    }

    /** A sender this far behind at its worst fell behind, whatever its final lag. */
    static final long FELL_BEHIND_NS = 100_000_000L;
    /** ... when at least this share of its sends were late by an interval or more. */
    static final double FELL_BEHIND_SHARE = 0.1;

    /** The flag of a sender that fell far behind its schedule and caught up by the end; null when it did not. */
    public String fellBehind() {
        long sent = messages.sent;
        if (sent == 0 || maxLagNs <= FELL_BEHIND_NS || lateSends < FELL_BEHIND_SHARE * sent) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "fell behind: %,d of %,d sends late, the worst %s behind schedule"
                + " (the rate was held only by catching up)", lateSends, sent,
                dev.latencybench.core.config.Units.formatNs(maxLagNs));
    }

    /** How many latencies the histogram must hold (see {@link MessageCounts#expectedSamples}). */
    public long expectedSamples() {
        return messages.expectedSamples();
    }

    /**
     * The launcher's accounting of a one-way cell: the forks' tallies added up and flagged when the CPU placement
     * changed within a fork; not across forks, which run in rounds so placements fall on every cell alike.
     */
    public static Accounting accounting(long askedRatePerSec) {
        OneWayTally total = new OneWayTally();
        String[] movedWithin = {null};
        return new Accounting() {
            @Override
            public void add(JsonObject fork) {
                OneWayTally own = readFrom(fork);
                if (movedWithin[0] == null) {
                    movedWithin[0] = own.placementChange();
                }
                total.add(own);
            }

            @Override
            public void writeTo(JsonObject result) {
                total.writeTo(result, askedRatePerSec);
            }

            @Override
            public List<String> flags() {
                List<String> flags = new java.util.ArrayList<>();
                String moved = movedWithin[0];
                if (moved != null) {
                    flags.add(moved);
                }
                String behind = total.fellBehind();
                if (behind != null) {
                    flags.add(behind);
                }
                return flags;
            }

            @Override
            public long expectedSamples() {
                return total.expectedSamples();
            }

            @Override
            public Double measuredBytesPerSample() {
                return total.messages.sent == 0 ? null
                        : (double) (total.producerBytes + total.consumerBytes) / total.messages.sent;
            }
        };
    }

    /** Reads what {@link #writeTo} wrote. */
    public static OneWayTally readFrom(JsonObject o) {
        OneWayTally t = new OneWayTally();
        OneWayResult r = OneWayResult.PART.read(o);
        t.periods = r.measuredPeriods == null ? 0 : r.measuredPeriods;
        t.messages.add(MessageCounts.readFrom(o));
        if (r.pacing != null) {
            t.maxLagNs = r.pacing.maxLagNs;
            t.maxFinalLagNs = r.pacing.finalLagNs;
            t.lateSends = r.pacing.lateSends;
            if (t.periods > 0) {
                t.minAchievedRatePerSec = r.pacing.achievedRatePerSec;
            }
        }
        if (r.allocation != null) {
            t.producerBytes = r.allocation.producerBytes;
            t.consumerBytes = r.allocation.consumerBytes;
        }
        CpuPairResult.RoundTrip pair = CpuPairResult.PART.read(o).cpuPair;
        if (pair != null) { // results written before the probe existed have none
            t.addRoundTrip(pair.roundTripMinNs);
            t.addRoundTrip(pair.roundTripMaxNs);
        }
        return t;
    }
}
