package dev.latencybench.kafka;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One topic of the {@code in-memory} transport: a bounded ring of five-long messages in one preallocated
 * {@code long[]}. Single producer, single consumer, positions published with release/acquire; no allocation or
 * locks. The floor of an in-memory hand-over, not a tuned queue: nothing is padded.
 */
final class Ring {
    public static final int SEQUENCE = 0;
    public static final int INTENDED_NS = 1;
    public static final int ACTUAL_NS = 2;
    public static final int COUNTER = 3;
    public static final int HANDED_OVER_NS = 4;
    private static final int FIELDS = 5;

    private final long[] slots;
    private final int mask;
    /** The next position the consumer takes; written by the consumer only. */
    private final AtomicLong head = new AtomicLong();
    /** The next position the producer fills; written by the producer only. */
    private final AtomicLong tail = new AtomicLong();
    private long headSeenByProducer;
    private long tailSeenByConsumer;

    /** @param capacity messages it holds, a power of two */
    public Ring(int capacity) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.slots = new long[capacity * FIELDS];
        this.mask = capacity - 1;
    }

    /** Producer: copies one message in; false when the ring is full (nothing written). */
    public boolean offer(long sequence, long intendedNs, long actualNs, long counter, long handedOverNs) {
        long t = tail.get(); // the producer's own position: a plain read would do
        if (t - headSeenByProducer > mask) {
            headSeenByProducer = head.getAcquire();
            if (t - headSeenByProducer > mask) {
                return false;
            }
        }
        int at = (int) (t & mask) * FIELDS;
        slots[at + SEQUENCE] = sequence;
        slots[at + INTENDED_NS] = intendedNs;
        slots[at + ACTUAL_NS] = actualNs;
        slots[at + COUNTER] = counter;
        slots[at + HANDED_OVER_NS] = handedOverNs;
        tail.setRelease(t + 1);
        return true;
    }

    /** Consumer: the oldest message's slot, to read with {@link #get} and free with {@link #release}; -1 when empty. */
    public int take() {
        long h = head.get();
        if (h == tailSeenByConsumer) {
            tailSeenByConsumer = tail.getAcquire();
            if (h == tailSeenByConsumer) {
                return -1;
            }
        }
        return (int) (h & mask) * FIELDS;
    }

    /** Consumer: one field ({@link #SEQUENCE} ... {@link #HANDED_OVER_NS}) of the slot {@link #take} gave. */
    public long get(int slot, int field) {
        return slots[slot + field];
    }

    /** Consumer: frees the slot {@link #take} gave, for the producer to fill again. */
    public void release() {
        head.setRelease(head.get() + 1);
    }

    /** Empties the ring; only while neither side's thread runs (between periods). */
    public void clear() {
        head.set(0);
        tail.set(0);
        headSeenByProducer = 0;
        tailSeenByConsumer = 0;
    }
}
