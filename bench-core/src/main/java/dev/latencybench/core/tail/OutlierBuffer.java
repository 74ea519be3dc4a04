package dev.latencybench.core.tail;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The worst samples of one metric above a threshold, each with its end time ({@code System.nanoTime()}'s clock)
 * and its value in ns, in arrays allocated up front. Once full, an outlier larger than the smallest kept takes its
 * place, so the samples beyond a period's p99.9 are all kept while they number fewer than the capacity. The arrays
 * are a binary min-heap on the value, in no time order.
 *
 * <p>Threading: one writer calls {@link #add}; several writers call {@link #addShared}, never both. A reader sees
 * every outlier whose writer has returned, once the writers have stopped or handed over.
 *
 * <p>Hot path: a caller compares the value with {@link #aboveNs()} itself; an outlier costs a sift (O(log
 * capacity)) and allocates nothing.
 */
public final class OutlierBuffer {
    private final long aboveNs;
    private final long[] endNs;
    private final long[] latencyNs;
    /** Volatile: {@link #addShared} reads it without the lock (see there). */
    private volatile int size;
    private long notKept;
    /** Outliers {@link #addShared} turned away without the lock. */
    private final AtomicLong notKeptUnlocked = new AtomicLong();

    public OutlierBuffer(long aboveNs, int capacity) {
        if (aboveNs < 0 || capacity < 0) {
            throw new IllegalArgumentException("aboveNs and capacity must be 0 or more: " + aboveNs + ", " + capacity);
        }
        this.aboveNs = aboveNs;
        this.endNs = new long[capacity];
        this.latencyNs = new long[capacity];
    }

    /** The threshold: the caller adds the values above it. */
    public long aboveNs() {
        return aboveNs;
    }

    public int capacity() {
        return endNs.length;
    }

    /** One writer: keeps one outlier, in place of the smallest kept when the buffer is full and it is larger. */
    public void add(long endNs, long latencyNs) {
        int n = size;
        if (n < this.latencyNs.length) {
            siftUp(n, endNs, latencyNs);
            size = n + 1; // after the heap holds it: a reader of a full size sees a whole heap
        } else {
            notKept++;
            if (n > 0 && latencyNs > this.latencyNs[0]) {
                siftDown(endNs, latencyNs);
            }
        }
    }

    /**
     * {@link #add} for a metric that several threads record: under this object's lock, except for an outlier a full
     * buffer would turn away. The smallest kept only grows, so a stale lock-free read only sends one to the lock.
     */
    public void addShared(long endNs, long latencyNs) {
        if (size == this.latencyNs.length && latencyNs <= this.latencyNs[0]) {
            notKeptUnlocked.incrementAndGet();
            return;
        }
        synchronized (this) {
            add(endNs, latencyNs);
        }
    }

    /** Moves a hole at {@code i} up to where the new outlier belongs, and puts it there. */
    private void siftUp(int i, long end, long latency) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (latencyNs[parent] <= latency) {
                break;
            }
            latencyNs[i] = latencyNs[parent];
            endNs[i] = endNs[parent];
            i = parent;
        }
        latencyNs[i] = latency;
        endNs[i] = end;
    }

    /** Drops the smallest kept (the root) and puts the new outlier where it belongs below. */
    private void siftDown(long end, long latency) {
        int i = 0;
        int half = size >>> 1; // the nodes with a child
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && latencyNs[child + 1] < latencyNs[child]) {
                child++;
            }
            if (latency <= latencyNs[child]) {
                break;
            }
            latencyNs[i] = latencyNs[child];
            endNs[i] = endNs[child];
            i = child;
        }
        latencyNs[i] = latency;
        endNs[i] = end;
    }

    /** The outliers kept. */
    public synchronized int size() {
        return size;
    }

    /** The outliers offered once the buffer was full, less those that took a smaller one's place. */
    public synchronized long notKept() {
        return notKept + notKeptUnlocked.get();
    }

    /** The smallest outlier kept; the threshold while none is. */
    public synchronized long smallestKeptNs() {
        return size == 0 ? aboveNs : latencyNs[0];
    }

    public long endNs(int i) {
        return endNs[i];
    }

    public long latencyNs(int i) {
        return latencyNs[i];
    }
}
