package dev.latencybench.core.tail;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The samples of one metric above a threshold, each with its end time ({@code System.nanoTime()}'s clock) and
 * its value in ns, in a buffer allocated up front: what a tail attribution lines up with the JVM's stops.
 * When it is full, further outliers are counted ({@link #notKept}), not kept.
 *
 * <p>Thread-safe: several threads may {@link #add} at once (each takes a slot with one atomic increment); a
 * reader ({@link #size}, {@link #endNs}, {@link #latencyNs}) sees every slot whose writer has returned, once
 * the writers have stopped or handed over (a thread join, the end of a period). Hot path: a caller compares
 * the value with {@link #aboveNs()} itself; {@link #add} is one atomic increment and two array stores, no
 * allocation.
 */
public final class OutlierBuffer {
    private final long aboveNs;
    private final long[] endNs;
    private final long[] latencyNs;
    private final AtomicLong offered = new AtomicLong();

    /**
     * @param aboveNs  a sample above this is an outlier
     * @param capacity how many outliers are kept at most
     */
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

    /** Keeps one outlier, or counts it when the buffer is full. */
    public void add(long endNs, long latencyNs) {
        long slot = offered.getAndIncrement();
        if (slot < this.endNs.length) {
            this.endNs[(int) slot] = endNs;
            this.latencyNs[(int) slot] = latencyNs;
        }
    }

    /** The outliers kept. */
    public int size() {
        return (int) Math.min(offered.get(), endNs.length);
    }

    /** The outliers offered once the buffer was full. */
    public long notKept() {
        return Math.max(0, offered.get() - endNs.length);
    }

    public long endNs(int i) {
        return endNs[i];
    }

    public long latencyNs(int i) {
        return latencyNs[i];
    }
}
