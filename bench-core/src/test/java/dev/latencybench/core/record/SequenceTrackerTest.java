package dev.latencybench.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SequenceTrackerTest {

    private static void assertCounts(SequenceTracker t, long received, long duplicated, long outOfOrder,
                                     long unexpected) {
        assertEquals(received, t.received(), "received");
        assertEquals(duplicated, t.duplicated(), "duplicated");
        assertEquals(outOfOrder, t.outOfOrder(), "outOfOrder");
        assertEquals(unexpected, t.unexpected(), "unexpected");
    }

    @Test
    void inOrder() {
        SequenceTracker t = new SequenceTracker(100, 10);
        for (long s = 100; s < 110; s++) {
            t.onReceive(s);
        }
        assertCounts(t, 10, 0, 0, 0);
        assertEquals(0, t.lost(10));
    }

    @Test
    void aGapIsLostOnceTheSenderIsDone() {
        SequenceTracker t = new SequenceTracker(100, 10);
        t.onReceive(100);
        t.onReceive(101);
        t.onReceive(103);
        t.onReceive(105);
        assertCounts(t, 4, 0, 0, 0);
        assertEquals(2, t.lost(6));
        assertEquals(6, t.lost(10));
    }

    @Test
    void duplicatesAreCountedOnce() {
        SequenceTracker t = new SequenceTracker(0, 10);
        t.onReceive(0);
        t.onReceive(1);
        t.onReceive(1);
        t.onReceive(1);
        t.onReceive(0);
        assertCounts(t, 2, 3, 0, 0);
        assertEquals(0, t.lost(2));
    }

    @Test
    void outOfOrderIsAMessageBelowTheHighestSeen() {
        SequenceTracker t = new SequenceTracker(0, 10);
        t.onReceive(0);
        t.onReceive(3);
        t.onReceive(1);
        t.onReceive(2);
        t.onReceive(4);
        t.onReceive(2); // a duplicate of a late message is a duplicate only
        assertCounts(t, 5, 1, 2, 0);
    }

    @Test
    void numbersOutsideThePeriodAreUnexpected() {
        SequenceTracker t = new SequenceTracker(1_000, 64);
        t.onReceive(999);   // stale: left over from the previous period
        t.onReceive(-1);
        t.onReceive(1_064); // base + capacity: never sent in this period
        t.onReceive(Long.MAX_VALUE);
        t.onReceive(1_000);
        t.onReceive(1_063);
        assertCounts(t, 2, 0, 0, 4);
    }

    @Test
    void aCapacityThatIsNotAMultipleOf64() {
        SequenceTracker t = new SequenceTracker(0, 100);
        for (long s = 99; s >= 0; s--) {
            t.onReceive(s);
        }
        assertCounts(t, 100, 0, 99, 0);
        t.onReceive(100);
        assertEquals(1, t.unexpected());
    }

    @Test
    void numbersThatShareABitInDifferentWordsAreDistinct() {
        SequenceTracker t = new SequenceTracker(0, 130);
        t.onReceive(0);
        t.onReceive(64);
        t.onReceive(128);
        t.onReceive(129);
        t.onReceive(1);
        t.onReceive(65);
        assertCounts(t, 6, 0, 2, 0);
        t.onReceive(128);
        assertEquals(1, t.duplicated());
    }

    @Test
    void aZeroCapacityExpectsNothing() {
        SequenceTracker t = new SequenceTracker(5, 0);
        t.onReceive(5);
        assertCounts(t, 0, 0, 0, 1);
        assertEquals(0, t.lost(0));
    }

    @Test
    void lostIsNeverNegative() {
        SequenceTracker t = new SequenceTracker(0, 4);
        t.onReceive(0);
        t.onReceive(1);
        assertEquals(0, t.lost(1));
        assertEquals(0, t.lost(2));
        assertEquals(1, t.lost(3));
    }

    @Test
    void rejectsANegativeCapacity() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SequenceTracker(0, -1));
        assertEquals("capacity out of range: -1", e.getMessage());
    }

    @Test
    void rejectsACapacityBeyondTheBitmap() {
        long tooMany = 64L * Integer.MAX_VALUE + 1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SequenceTracker(0, tooMany));
        assertEquals("capacity out of range: " + tooMany, e.getMessage());
    }
}
