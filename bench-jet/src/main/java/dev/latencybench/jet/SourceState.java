package dev.latencybench.jet;

/**
 * What the source last reported, as the {@code long[]} it writes into the job's state map: events
 * emitted so far, its lag when it wrote, the greatest lag of the last second, and when it wrote
 * (its clock, epoch ns). Read and written here only. Stateless.
 */
final class SourceState {
    static final String KEY = "source";
    static final int EMITTED = 0;
    static final int LAG_NS = 1;
    static final int MAX_LAG_NS = 2;
    static final int AT_NS = 3;

    private SourceState() {
    }

    static long[] of(long emitted, long lagNs, long maxLagNs, long atNs) {
        return new long[] {emitted, lagNs, maxLagNs, atNs};
    }
}
