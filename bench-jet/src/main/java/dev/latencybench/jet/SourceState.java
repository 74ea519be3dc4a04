package dev.latencybench.jet;

/**
 * What the source last reported, as the {@code long[]} it writes into the job's state map: events
 * emitted so far, its lag when it wrote, the greatest lag of the last second or two, and when it wrote
 * (its clock: epoch ns for the suite's source, the monotonic clock for the published one; only differences are read). Read and written here only. Stateless.
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
