package dev.latencybench.core.record;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Accounts for the sequence numbers one receiver saw in a period of {@code capacity} messages
 * numbered {@code base .. base + capacity - 1}: distinct messages received, duplicates, messages
 * that arrived after a higher number (out of order), and numbers outside the period (stale or
 * unexpected). Lost = sent - received, known once the sender has finished.
 *
 * <p>Single-threaded (the receiving thread); the counters may be read by another thread for progress
 * only. Hot-path cost: one bit test and set in a pre-sized bitmap, no allocation.
 */
public final class SequenceTracker {
    private final long base;
    private final long capacity;
    private final long[] seen;

    private static final VarHandle RECEIVED;

    static {
        try {
            RECEIVED = MethodHandles.lookup().findVarHandle(SequenceTracker.class, "received", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long received; // written with release semantics: read by the progress monitor, no fence on the hot path
    private long duplicated;
    private long outOfOrder;
    private long unexpected;
    private long highest = -1;

    public SequenceTracker(long base, long capacity) {
        if (capacity < 0 || capacity > 64L * Integer.MAX_VALUE) {
            throw new IllegalArgumentException("capacity out of range: " + capacity);
        }
        this.base = base;
        this.capacity = capacity;
        this.seen = new long[(int) ((capacity + 63) / 64)];
    }

    public void onReceive(long sequence) {
        long offset = sequence - base;
        if (offset < 0 || offset >= capacity) {
            unexpected++;
            return;
        }
        int word = (int) (offset >>> 6);
        long bit = 1L << offset; // shifts use the low six bits of offset
        if ((seen[word] & bit) != 0) {
            duplicated++;
            return;
        }
        seen[word] |= bit;
        if (offset < highest) {
            outOfOrder++;
        } else {
            highest = offset;
        }
        RECEIVED.setRelease(this, received + 1); // single writer
    }

    /** Distinct messages of this period received. */
    public long received() {
        return (long) RECEIVED.getAcquire(this);
    }

    public long duplicated() {
        return duplicated;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    /** Numbers outside this period: left over from an earlier period, or never sent. */
    public long unexpected() {
        return unexpected;
    }

    /** Messages sent but never received. */
    public long lost(long sent) {
        return Math.max(0, sent - received);
    }
}
