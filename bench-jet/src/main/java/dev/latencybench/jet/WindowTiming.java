package dev.latencybench.jet;

/**
 * The layout of the {@code long[]} the measuring stage gives per window end, a {@code long[]} so Hazelcast carries it
 * without Java serialization; a partial leaves {@link #COMPLETE} unset for the merge to decide. Stateless.
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
