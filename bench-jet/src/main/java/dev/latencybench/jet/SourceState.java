package dev.latencybench.jet;

/**
 * The layout of the {@code long[]} the source writes into the job's state map; {@link #AT_NS} is on the source's own
 * clock, so only differences are read. Stateless.
 */
final class SourceState {
    static final String KEY = "source";
    static final int EMITTED = 0;
    static final int LAG_NS = 1;
    static final int MAX_LAG_NS = 2;
    static final int AT_NS = 3;
    /** What {@link #MAX_LAG_NS} covers at most: the two seconds before the source wrote. */
    static final long MAX_LAG_SPAN_NS = 2_000_000_000L;

    private SourceState() {
    }

    static long[] of(long emitted, long lagNs, long maxLagNs, long atNs) {
        return new long[] {emitted, lagNs, maxLagNs, atNs};
    }
}
