package dev.latencybench.core.env;

import java.util.Locale;

import dev.latencybench.core.config.Units;

/**
 * When two measurements of the cache-line round trip between a pair of CPUs (a result's
 * {@code cpuPair}) come from different placements of those CPUs. Stateless.
 */
public final class CpuPlacement {
    /**
     * Round trips further apart than this factor come from two placements of the CPUs (a host that
     * moved a virtual machine's vCPUs): on a 2-vCPU VM the two modes were 1.5-3x apart and moved
     * Chronicle Queue's median between ~430 ns and ~1.1 us.
     */
    public static final double CHANGE_FACTOR = 1.5;

    private CpuPlacement() {
    }

    /**
     * The flag of a cell whose CPU pair's round trips {@code lowNs} and {@code highNs} {@link #differs differ}:
     * the two figures, their ratio and the factor one placement stays within.
     */
    public static String flag(long lowNs, long highNs) {
        return "CPU placement changed: the cache-line round trip between the producer's and the consumer's CPUs"
                + " ranged from " + Units.formatNs(lowNs) + " to " + Units.formatNs(highNs)
                + String.format(Locale.ROOT, " (probed before and after each period), %.1fx apart where one placement"
                + " stays within %.1fx", (double) highNs / lowNs, CHANGE_FACTOR)
                + ": the host moved the CPUs, or something else ran on them, so the percentiles mix two conditions";
    }

    /** True when round trips of {@code lowNs} and {@code highNs} cannot come from one placement. */
    public static boolean differs(long lowNs, long highNs) {
        return lowNs > 0 && highNs > lowNs * CHANGE_FACTOR;
    }
}
