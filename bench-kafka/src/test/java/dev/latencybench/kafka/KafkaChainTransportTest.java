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
    void theIdleWaitSaysThatKafkaPollsInWholeMilliseconds() {
        long intervalNs = 1_000_000; // 1,000 msg/s: 1/8 ms, which Kafka's poll rounds to 0
        KafkaClientSettings s = KafkaClientSettings.defaults(intervalNs);
        assertEquals(0, s.pollTimeout().toMillis());
        assertEquals(125_000, s.pollTimeoutNs());
    }
}
