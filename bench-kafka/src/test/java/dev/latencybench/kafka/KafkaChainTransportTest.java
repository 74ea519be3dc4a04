package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The Kafka transport's bytes, without a broker: what a writer encodes, a reader hands over unchanged. */
class KafkaChainTransportTest {
    @Test
    void aMessageRoundTripsThroughTheTransportsEncodingWithItsPadding() {
        byte[] value = ChainMessage.newBuffer(100);
        ChainMessage.encode(value, 12_345L, 1_000_000_123L, 1_000_000_456L, 5L, 1_000_009_999L);
        long[] seen = new long[5];
        KafkaChainTransport.deliver(value, (sequence, intendedNs, actualNs, counter, handedOverNs) -> {
            seen[0] = sequence;
            seen[1] = intendedNs;
            seen[2] = actualNs;
            seen[3] = counter;
            seen[4] = handedOverNs;
        });
        assertArrayEquals(new long[] {12_345L, 1_000_000_123L, 1_000_000_456L, 5L, 1_000_009_999L}, seen);
        assertEquals(100, value.length, "the message size is kept on the wire");
    }

    @Test
    void kafkaPollsInWholeMillisecondsSoTheStudysEighthOfAnIntervalIsRoundedUp() {
        long intervalNs = 1_000_000; // 1,000 msg/s: 1/8 ms, which a poll that returns on data may wait at most
        KafkaClientSettings s = KafkaClientSettings.defaults(intervalNs);
        assertEquals(1, s.pollTimeout().toMillis());
        assertEquals(125_000, s.pollTimeoutNs);
        assertEquals(2, KafkaClientSettings.defaults(10_000_000).pollTimeout().toMillis(), "1.25 ms asked: 2 ms");
        assertEquals(1, KafkaClientSettings.defaults(8_000_000).pollTimeout().toMillis(), "exactly 1 ms");
        assertEquals("poll(1 ms), which returns as soon as a record arrives (125us asked; Kafka waits in whole ms)",
                s.pollDescription());
        assertEquals("poll(1 ms), which returns as soon as a record arrives",
                KafkaClientSettings.defaults(8_000_000).pollDescription());
    }
}
