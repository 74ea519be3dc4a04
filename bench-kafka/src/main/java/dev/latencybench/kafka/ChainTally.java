package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.study.Accounting;
import dev.latencybench.core.time.Pacer;

/**
 * The counters of a chain study's measured periods, per chain and merged, which add up across periods and forks;
 * written and read as {@link ChainResult}. Not thread-safe; filled once per period, after its threads ended.
 */
final class ChainTally {
    /** A chain's histogram of end-to-end latency: 2 significant digits (1%) keep a thousand chains small. */
    static final int CHAIN_DIGITS = 2;

    long periods;
    final List<Chain> chains = new ArrayList<>();
    long sourceBytes;
    long sinkBytes;
    /** The messages {@link #sourceBytes} and {@link #sinkBytes} were allocated for. */
    long allocationMessages;

    /** One chain's counters. */
    static final class Chain {
        final MessageCounts messages = new MessageCounts();
        long wrongCounter;
        long maxLagNs;
        long finalLagNs;
        /** Its latency, in measured periods; null when read back from a file (the percentiles are kept instead). */
        AbstractHistogram latency = newChainHistogram();
        long sloValueNs = -1;

        static AbstractHistogram newChainHistogram() {
            return new IntCountsHistogram(1, LatencyRecorder.HIGHEST_TRACKABLE_NS, CHAIN_DIGITS);
        }
    }

    /** How the reasons that say the chains did not fit begin; written with these and recognised by them. */
    static final String RATE_NOT_HELD = "rate not held: ";
    static final String MISCOUNTED = "messages whose counter did not go up";
    static final String SLO_BROKEN = "the SLO ";
    /** The loss reasons of {@code MessageCounts.failures}: lost, duplicated, out of order, unexpected sequence. */
    static final String MESSAGES = "messages ";
    static final String OUT_OF_RANGE = "latencies outside the histogram range";
    /** Chains that were not all sending within the start bound: the machine is too loaded to start them. */
    static final String NOT_STARTED = "broken by load: ";
    /** The merge's reason for a step that measured nothing: a consequence, so it does not bound the capacity. */
    static final String NOTHING_MEASURED = "no " + ChainWorkload.LATENCY + " was measured";
    private static final List<String> CAPACITY_REASONS = List.of(RATE_NOT_HELD, MISCOUNTED, SLO_BROKEN, MESSAGES,
            OUT_OF_RANGE, NOT_STARTED);

    /** True when a step's reason says the chains did not fit, so it bounds the capacity; a crash or error does not. */
    static boolean boundsCapacity(String reason) {
        for (String p : CAPACITY_REASONS) {
            if (reason.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** What limited a step that failed for load, in words, taking its reasons in the order they matter. */
    static String limiter(List<String> reasons) {
        if (reasons.stream().anyMatch(r -> r.startsWith(NOT_STARTED))) {
            return "the load: the chains could not all start";
        }
        if (reasons.stream().anyMatch(r -> r.startsWith(RATE_NOT_HELD))) {
            return "the sources' rate (the machine could not keep their schedule)";
        }
        if (reasons.stream().anyMatch(r -> r.startsWith(MESSAGES) || r.startsWith(OUT_OF_RANGE))) {
            return "lost or miscounted messages";
        }
        return "the SLO";
    }

    ChainTally(int instances) {
        for (int c = 0; c < instances; c++) {
            chains.add(new Chain());
        }
    }

    /** Adds a period's (or another fork's) counters, chain by chain. */
    void add(ChainTally o) {
        periods += o.periods;
        sourceBytes += o.sourceBytes;
        sinkBytes += o.sinkBytes;
        allocationMessages += o.allocationMessages;
        while (chains.size() < o.chains.size()) {
            chains.add(new Chain());
        }
        for (int c = 0; c < o.chains.size(); c++) {
            Chain mine = chains.get(c);
            Chain theirs = o.chains.get(c);
            mine.messages.add(theirs.messages);
            mine.wrongCounter += theirs.wrongCounter;
            mine.maxLagNs = Math.max(mine.maxLagNs, theirs.maxLagNs);
            mine.finalLagNs = Math.max(mine.finalLagNs, theirs.finalLagNs);
            if (mine.latency != null && theirs.latency != null) {
                mine.latency.add(theirs.latency);
            } else {
                mine.latency = null; // read back: percentiles of different forks cannot be merged
            }
            mine.sloValueNs = Math.max(mine.sloValueNs, theirs.sloValueNs);
        }
    }

    /** Every chain's counts added up. */
    MessageCounts merged() {
        MessageCounts all = new MessageCounts();
        chains.forEach(c -> all.add(c.messages));
        return all;
    }

    long wrongCounter() {
        return chains.stream().mapToLong(c -> c.wrongCounter).sum();
    }

    /**
     * Why these counts fail a period: lag, miscounted, lost or disordered messages, and a broken SLO.
     * @param complete false for a period cut short (interrupted): loss and rate are then not judged
     */
    List<String> failures(int services, long periodNs, boolean complete, ChainSlo slo) {
        List<String> reasons = new ArrayList<>();
        long allowedBehindNs = Pacer.allowedBehindNs(periodNs);
        int worstLag = worst(c -> c.finalLagNs);
        if (complete && worstLag >= 0 && chains.get(worstLag).finalLagNs > allowedBehindNs) {
            long behind = chains.stream().filter(c -> c.finalLagNs > allowedBehindNs).count();
            reasons.add(String.format(Locale.ROOT, RATE_NOT_HELD + "%d of %d sources ended more than %s behind"
                    + " schedule (worst: chain %d, %s)", behind, chains.size(), Units.formatNs(allowedBehindNs),
                    worstLag, Units.formatNs(chains.get(worstLag).finalLagNs)));
        }
        long wrong = wrongCounter();
        if (wrong > 0) {
            reasons.add(String.format(Locale.ROOT, MISCOUNTED + " by exactly %d (the number of services): %,d",
                    services, wrong));
        }
        reasons.addAll(merged().failures(complete));
        String slo2 = sloBroken(slo);
        if (slo2 != null) {
            reasons.add(slo2);
        }
        return reasons;
    }

    /** Each chain's SLO figure, from its histogram; call once the period's threads ended. */
    void judge(ChainSlo slo) {
        for (Chain c : chains) {
            // too few messages beyond the percentile: not judged (-1); the pass rule reads the merged latency
            if (c.latency != null && c.latency.getTotalCount() > 0 && slo.decides(c.latency.getTotalCount())) {
                c.sloValueNs = slo.valueOf(c.latency);
            }
        }
    }

    /** {@code the SLO p99.9 < 100ms was broken by 3 of 8 chains (worst: chain 5, p99.9 140ms >= 100ms)}; null if none. */
    String sloBroken(ChainSlo slo) {
        long broken = chains.stream().filter(c -> c.sloValueNs >= slo.boundNs()).count();
        if (broken == 0) {
            return null;
        }
        int worst = worst(c -> c.sloValueNs);
        return String.format(Locale.ROOT, SLO_BROKEN + "%s was broken by %d of %d chains (worst: chain %d, %s)",
                slo.describe(), broken, chains.size(), worst, slo.judge(chains.get(worst).sloValueNs));
    }

    private int worst(java.util.function.ToLongFunction<Chain> figure) {
        int worst = -1;
        for (int c = 0; c < chains.size(); c++) {
            if (worst < 0 || figure.applyAsLong(chains.get(c)) > figure.applyAsLong(chains.get(worst))) {
                worst = c;
            }
        }
        return worst;
    }

    /**
     * Writes the merged counters at the top level of {@code o} and the rest as {@link ChainResult}.
     * @param instances the chains of the step
     * @param cpu       the CPU the step used (the launcher's merge); null in a fork's file
     */
    void writeTo(JsonObject o, long askedRatePerSec, ChainSlo slo, int instances, ChainResult.Cpu cpu) {
        merged().writeTo(o);
        int worst = worst(c -> c.sloValueNs);
        ChainResult.Slo sloPart = new ChainResult.Slo(slo.describe(), chains.stream()
                .filter(c -> c.sloValueNs >= slo.boundNs()).count(), worst >= 0 ? worst : null,
                worst >= 0 ? chains.get(worst).sloValueNs : null);
        ChainResult.Allocation alloc = new ChainResult.Allocation(sourceBytes, sinkBytes, allocationMessages,
                bytesPerMessage(), "the sources' and sinks' threads in their loops over the measured periods,"
                + " transport clients included");
        List<ChainResult.Chain> each = new ArrayList<>();
        for (int i = 0; i < chains.size(); i++) {
            Chain c = chains.get(i);
            ChainResult.Latency latency = c.latency == null || c.latency.getTotalCount() == 0 ? null
                    : new ChainResult.Latency(c.latency.getValueAtPercentile(50), c.latency.getValueAtPercentile(99),
                    c.latency.getValueAtPercentile(99.9), c.latency.getMaxValue(), c.latency.getTotalCount());
            each.add(new ChainResult.Chain(i, c.messages, c.wrongCounter, c.maxLagNs, c.finalLagNs, c.sloValueNs,
                    latency));
        }
        ChainResult.PART.write(new ChainResult(periods, wrongCounter(), new ChainResult.Pacing(askedRatePerSec,
                chains.stream().mapToLong(c -> c.maxLagNs).max().orElse(0),
                chains.stream().mapToLong(c -> c.finalLagNs).max().orElse(0)), sloPart, alloc, each, instances, cpu), o);
    }

    /** Bytes the source and the sink allocated per message, together; 0 when nothing was measured. */
    double bytesPerMessage() {
        return allocationMessages == 0 ? 0 : (double) (sourceBytes + sinkBytes) / allocationMessages;
    }

    /** The tally {@link #writeTo} wrote, read back; each chain's percentiles stay in its fork's file. */
    static ChainTally of(ChainResult r) {
        ChainTally t = new ChainTally(r.chains.size());
        t.periods = r.measuredPeriods == null ? 0 : r.measuredPeriods;
        if (r.allocation != null) { // files written before it was measured have none
            t.sourceBytes = r.allocation.sourceBytes;
            t.sinkBytes = r.allocation.sinkBytes;
            t.allocationMessages = r.allocation.messages;
        }
        for (int i = 0; i < r.chains.size(); i++) {
            ChainResult.Chain j = r.chains.get(i);
            Chain c = t.chains.get(i);
            c.messages.add(j.messages());
            c.wrongCounter = j.wrongCounter;
            c.maxLagNs = j.maxLagNs;
            c.finalLagNs = j.finalLagNs;
            c.sloValueNs = j.sloValueNs;
            c.latency = null;
        }
        return t;
    }

    /** The launcher's accounting of a chain cell: the forks' counters and CPU added up; flags nothing, forks judge. */
    static Accounting accounting(long askedRatePerSec, ChainSlo slo) {
        ChainTally total = new ChainTally(0);
        StepCpu cpu = new StepCpu();
        return new Accounting() {
            @Override
            public void add(JsonObject fork) {
                ChainResult r = ChainResult.PART.read(fork);
                if (r.chains != null) { // a fork that measured nothing has none
                    total.add(of(r));
                    cpu.add(fork);
                }
            }

            @Override
            public void writeTo(JsonObject result) {
                total.writeTo(result, askedRatePerSec, slo, total.chains.size(), cpu.of(total.chains.size()));
            }

            @Override
            public List<String> flags() {
                return List.of();
            }

            @Override
            public long expectedSamples() {
                return total.merged().expectedSamples();
            }
        };
    }
}
