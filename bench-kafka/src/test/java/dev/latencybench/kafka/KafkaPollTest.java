package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.BenchProperties;

/**
 * The two Kafka consumers of the chain study, without a broker: the published one hands {@code poll} the study's
 * {@code Duration.ofNanos(interval / 8)} unchanged (which Kafka's client truncates to 0 ms), the meant one 1 ms;
 * a {@link MockConsumer} from kafka-clients records what {@code poll} was handed.
 */
class KafkaPollTest {
    private static final TopicPartition PARTITION = new TopicPartition("t", 0);

    @Test
    void thePublishedConsumerHandsPollTheStudysDurationUnchanged() {
        KafkaClientSettings settings = KafkaClientSettings.defaults(1_000_000);
        Duration wait = KafkaPoll.AS_PUBLISHED.wait(1_000, settings);
        assertEquals(Duration.ofNanos(1_000_000 / 8), wait, "INTER_MESSAGE_TIME_NS / 8 at 1,000 msg/s");
        assertEquals(0, wait.toMillis(), "what Kafka's Time.timer(Duration) makes of it: toMillis() truncates");

        MockConsumer<byte[], byte[]> consumer = consumerWithOneRecord();
        List<Long> sequences = new ArrayList<>();
        KafkaReader reader = new KafkaReader(consumer, wait, () -> null, () -> { });
        assertEquals(1, reader.poll((sequence, intendedNs, actualNs, counter, handedOverNs) -> sequences.add(sequence),
                125_000));
        assertSame(wait, consumer.lastPollTimeout(), "poll was handed the study's Duration itself");
        assertEquals(Duration.ofNanos(125_000), consumer.lastPollTimeout());
        assertEquals(List.of(7L), sequences);
        assertEquals(0, reader.poll((sequence, intendedNs, actualNs, counter, handedOverNs) -> { }, 125_000));
        assertEquals(Duration.ofNanos(125_000), consumer.lastPollTimeout(), "every poll, not only the first");
    }

    @Test
    void theMeantConsumerWaitsTheEighthRoundedUpToAWholeMillisecondAndFollowsThePollTimeout() {
        KafkaClientSettings settings = KafkaClientSettings.defaults(1_000_000);
        assertEquals(Duration.ofMillis(1), KafkaPoll.MEANT.wait(1_000, settings));
        KafkaClientSettings zero = KafkaClientSettings.fromProperties(new BenchProperties(
                Map.of("bench.kafka.pollTimeout", "0")), 1_000_000);
        assertEquals(Duration.ZERO, KafkaPoll.MEANT.wait(1_000, zero), "-Dbench.kafka.pollTimeout=0 polls busily");
        assertEquals(Duration.ofNanos(125_000), KafkaPoll.AS_PUBLISHED.wait(1_000, zero),
                "the published consumer keeps the study's wait whatever bench.kafka.pollTimeout says");
        assertEquals(Duration.ofNanos(1_250_000), KafkaPoll.AS_PUBLISHED.wait(100, settings), "100 msg/s: 1.25 ms");

        MockConsumer<byte[], byte[]> consumer = consumerWithOneRecord();
        new KafkaReader(consumer, KafkaPoll.MEANT.wait(1_000, settings), () -> null, () -> { })
                .poll((sequence, intendedNs, actualNs, counter, handedOverNs) -> { }, 125_000);
        assertEquals(Duration.ofMillis(1), consumer.lastPollTimeout());
    }

    @Test
    void theConsumersSayHowTheyWait() {
        KafkaClientSettings settings = KafkaClientSettings.defaults(1_000_000);
        assertEquals("poll(Duration.ofNanos(125000)) as published, which Kafka's client truncates to 0 ms"
                + " (Time.timer(Duration) calls toMillis()): busy polling", KafkaPoll.AS_PUBLISHED.describe(1_000,
                settings));
        assertEquals(settings.pollDescription(), KafkaPoll.MEANT.describe(1_000, settings));
    }

    @Test
    void aFailedTransportFailsTheNextPoll() {
        String[] failure = {null};
        KafkaReader reader = new KafkaReader(consumerWithOneRecord(), Duration.ZERO, () -> failure[0], () -> { });
        failure[0] = "Kafka stopped serving: the broker exited";
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> reader.poll((sequence, intendedNs, actualNs, counter, handedOverNs) -> { }, 125_000));
        assertEquals("Kafka stopped serving: the broker exited", e.getMessage());
    }

    private static MockConsumer<byte[], byte[]> consumerWithOneRecord() {
        MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
        consumer.assign(List.of(PARTITION));
        consumer.updateBeginningOffsets(Map.of(PARTITION, 0L));
        byte[] value = ChainMessage.newBuffer(ChainMessage.HEADER_BYTES);
        ChainMessage.encode(value, 7L, 1L, 2L, 0L, 3L);
        consumer.addRecord(new ConsumerRecord<>(PARTITION.topic(), 0, 0L, new byte[0], value));
        return consumer;
    }
}
