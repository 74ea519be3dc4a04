package dev.latencybench.core.env;

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

    /** True when round trips of {@code lowNs} and {@code highNs} cannot come from one placement. */
    public static boolean differs(long lowNs, long highNs) {
        return lowNs > 0 && highNs > lowNs * CHANGE_FACTOR;
    }
}
