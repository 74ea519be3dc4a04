package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The ring on one thread: its capacity, order, wrap-around and clearing, exactly. */
class RingTest {
    @Test
    void holdsItsCapacityThenRefusesUntilASlotIsReleased() {
        Ring r = new Ring(4);
        for (int i = 0; i < 4; i++) {
            assertTrue(r.offer(i, 10 + i, 20 + i, 30 + i, 40 + i), "offer " + i);
        }
        assertFalse(r.offer(4, 0, 0, 0, 0), "full");
        int slot = r.take();
        assertEquals(0, r.get(slot, Ring.SEQUENCE));
        assertFalse(r.offer(4, 0, 0, 0, 0), "still full: the slot was read, not released");
        r.release();
        assertTrue(r.offer(4, 14, 24, 34, 44));
    }

    @Test
    void givesMessagesBackInOrderWithEveryStampAcrossTheWrapAround() {
        Ring r = new Ring(4);
        for (long i = 0; i < 10; i++) {
            assertTrue(r.offer(i, 10 + i, 20 + i, 30 + i, 40 + i));
            int slot = r.take();
            assertEquals(i, r.get(slot, Ring.SEQUENCE));
            assertEquals(10 + i, r.get(slot, Ring.INTENDED_NS));
            assertEquals(20 + i, r.get(slot, Ring.ACTUAL_NS));
            assertEquals(30 + i, r.get(slot, Ring.COUNTER));
            assertEquals(40 + i, r.get(slot, Ring.HANDED_OVER_NS));
            r.release();
        }
        assertEquals(-1, r.take(), "empty");
    }

    @Test
    void clearEmptiesIt() {
        Ring r = new Ring(2);
        r.offer(1, 0, 0, 0, 0);
        r.offer(2, 0, 0, 0, 0);
        r.clear();
        assertEquals(-1, r.take());
        assertTrue(r.offer(3, 0, 0, 0, 0));
        assertEquals(3, r.get(r.take(), Ring.SEQUENCE));
    }

    @Test
    void aCapacityThatIsNotAPowerOfTwoIsRefused() {
        assertEquals("capacity must be a power of two: 3",
                assertThrows(IllegalArgumentException.class, () -> new Ring(3)).getMessage());
    }
}
