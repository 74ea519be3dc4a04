package dev.latencybench.core.tail;

/**
 * The platform's stalls a {@link HiccupProbe} saw, preallocated; once full, a stall is counted, not kept. One writer
 * (the probe thread); any thread may read the stalls added before its read of {@link #size}.
 */
public final class StallBuffer {
    private final long[] startNs;
    private final long[] endNs;
    private final int[] source;
    private final long[] waitNs;
    private volatile int size;
    private volatile long notKept;

    public StallBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a stall buffer holds at least 1 stall, got " + capacity);
        }
        startNs = new long[capacity];
        endNs = new long[capacity];
        source = new int[capacity];
        waitNs = new long[capacity];
    }

    /** A stall that lasted all of {@code [fromNs, toNs]} (a late wake-up). The probe thread only. */
    void add(long fromNs, long toNs, int sourceIndex) {
        add(fromNs, toNs, sourceIndex, toNs - fromNs);
    }

    /** A stall of {@code stalledNs} somewhere in {@code [fromNs, toNs]}, e.g. a run-queue wait. Probe thread only. */
    void add(long fromNs, long toNs, int sourceIndex, long stalledNs) {
        int n = size;
        if (n == startNs.length) {
            notKept = notKept + 1; // one writer: no lost update
            return;
        }
        startNs[n] = fromNs;
        endNs[n] = toNs;
        source[n] = sourceIndex;
        waitNs[n] = Math.min(stalledNs, toNs - fromNs);
        size = n + 1;
    }

    public int capacity() {
        return startNs.length;
    }

    public int size() {
        return size;
    }

    public long notKept() {
        return notKept;
    }

    public long startNs(int i) {
        return startNs[i];
    }

    public long endNs(int i) {
        return endNs[i];
    }

    public int source(int i) {
        return source[i];
    }

    /** How long stall {@code i} lasted: its interval's length, or less for a run-queue wait placed within it. */
    public long stalledNs(int i) {
        return waitNs[i];
    }
}
