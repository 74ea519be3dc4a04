package dev.latencybench.jet;

/**
 * What the measuring stage says about one window end, as a {@code long[]} (which Hazelcast carries
 * to the benchmark JVM without Java serialization): the window's end, the latency of its first and
 * last result (from the window's end to the time the stage received it), the results received and
 * expected, how many had a wrong count, and whether it ended complete or was given up as missing
 * results. A processor's partial ({@link WindowPartials}) has the same shape, covering the results
 * that processor received, with {@link #COMPLETE} unset: only the merge ({@link WindowTimer}) knows.
 * Read and written here only. Stateless.
 */
final class WindowTiming {
    static final int END = 0;
    static final int FIRST_NS = 1;
    static final int LAST_NS = 2;
    static final int RESULTS = 3;
    static final int EXPECTED = 4;
    static final int WRONG = 5;
    static final int COMPLETE = 6;
    /** Results for a window end already reported: counted once per window end that gets them. */
    static final int LATE = 7;
    static final int SIZE = 8;

    private WindowTiming() {
    }

    static long[] of(long end, long firstNs, long lastNs, long results, long expected, long wrong, boolean complete,
                     long late) {
        long[] t = new long[SIZE];
        t[END] = end;
        t[FIRST_NS] = firstNs;
        t[LAST_NS] = lastNs;
        t[RESULTS] = results;
        t[EXPECTED] = expected;
        t[WRONG] = wrong;
        t[COMPLETE] = complete ? 1 : 0;
        t[LATE] = late;
        return t;
    }
}
