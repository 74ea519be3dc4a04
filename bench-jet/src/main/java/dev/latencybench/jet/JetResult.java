package dev.latencybench.jet;

import java.util.List;

import dev.latencybench.core.result.ResultPart;

/**
 * The sliding-window study's own members of {@code result.json}: the plan's settings and a point's counters
 * ({@link JetTally}). A member written by neither is null. Immutable.
 *
 * @param ratePerSec the source's events per second
 * @param windowNs the sliding window's length
 * @param slideNs the window's slide: the line a point's p99.99 must stay under
 * @param maxLagNs how far the source may fall behind its schedule
 * @param keySweep the key counts of the sweep
 * @param cluster the existing cluster's addresses; empty for an embedded member
 * @param jet the point's counters
 */
public record JetResult(Long ratePerSec, Long windowNs, Long slideNs, Long maxLagNs, List<Long> keySweep,
        String cluster, Figures jet) {
    public static final ResultPart<JetResult> PART = ResultPart.of(JetResult.class);
    /** The one member {@link JetTally} reads back from a fork's file, where the other names mean other things. */
    static final ResultPart<Counters> COUNTERS = ResultPart.of(Counters.class);

    /** @param jet the point's counters, as {@link JetResult#jet} */
    record Counters(Figures jet) {
    }

    /**
     * A point's counters over its periods and forks, with derived rates and CPU shares ({@code cpuCores} -1 when not
     * measured); {@code keys} and {@code sourceMaxLagAtNs} are null in older results.
     */
    public record Figures(Long keys, long periods, long periodNs, long windows, long results, long wrongCounts,
            long incompleteWindows, long missingWindowEnds, long lateResults, long inputItems, long inputNs,
            long inputPerSec, long outputPerSec, long itemsPerSec, long sourceMaxLagNs, Long sourceMaxLagAtNs,
            long sourceFinalLagNs, long heapUsedMaxBytes, long cpuNs, long gcCpuNs, double cpuCores,
            double gcCpuCores) {
    }
}
