package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ChainMessageTest {
    @Test
    void fieldsRoundTripBigEndianAtTheirOffsets() {
        byte[] b = ChainMessage.newBuffer(64);
        ChainMessage.encode(b, 0x0102030405060708L, -5L, Long.MAX_VALUE, 7, 9L);
        assertEquals(0x0102030405060708L, ChainMessage.sequence(b));
        assertEquals(-5L, ChainMessage.intendedNs(b));
        assertEquals(Long.MAX_VALUE, ChainMessage.sentNs(b));
        assertEquals(7, ChainMessage.counter(b));
        assertEquals(9L, ChainMessage.handedOverNs(b));
        assertEquals(1, b[0]); // big-endian: the high byte first
        assertEquals(8, b[7]);
        assertEquals(7, b[ChainMessage.COUNTER_OFFSET + 7]);
    }

    @Test
    void aServiceAddsOneToTheCounterAndNothingElse() {
        byte[] b = ChainMessage.newBuffer(ChainMessage.HEADER_BYTES);
        ChainMessage.encode(b, 42, 1_000, 2_000, 0, 3_000);
        for (int i = 0; i < 5; i++) {
            ChainMessage.incrementCounter(b);
        }
        assertEquals(5, ChainMessage.counter(b));
        assertEquals(42, ChainMessage.sequence(b));
        assertEquals(1_000, ChainMessage.intendedNs(b));
        assertEquals(2_000, ChainMessage.sentNs(b));
        assertEquals(3_000, ChainMessage.handedOverNs(b));
    }

    @Test
    void thePaddingIsAFixedPatternTheFieldsDoNotTouch() {
        byte[] b = ChainMessage.newBuffer(52);
        ChainMessage.encode(b, -1, -1, -1, -1, -1);
        for (int i = ChainMessage.HEADER_BYTES; i < b.length; i++) {
            assertEquals((byte) (i * 31), b[i]);
        }
    }

    @Test
    void aMessageTooSmallForItsFieldsIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChainMessage.newBuffer(39));
        assertEquals("a chain message needs at least 40 bytes (sequence, intended and actual send time, counter,"
                + " hand-over time): 39",
                e.getMessage());
    }
}
