package dev.latencybench.core.env;

import java.util.Locale;

import dev.latencybench.core.config.Units;

/** When two measurements of a CPU pair's cache-line round trip come from different placements of the CPUs. */
public final class CpuPlacement {
    /** Round trips further apart than this factor come from two placements of the CPUs (a host moved the vCPUs). */
    public static final double CHANGE_FACTOR = 1.5;

    private CpuPlacement() {
    }

    /** The flag of a cell whose CPU pair's round trips {@link #differs differ}: both figures, ratio and factor. */
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
