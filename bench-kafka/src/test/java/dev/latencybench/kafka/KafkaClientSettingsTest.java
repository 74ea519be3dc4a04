package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class KafkaClientSettingsTest {
    private static final long ONE_MS = TimeUnit.MILLISECONDS.toNanos(1); // 1,000 msg/s

    private static KafkaClientSettings read(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return KafkaClientSettings.fromProperties(new BenchProperties(m), ONE_MS);
    }

    private static String error(String... keyValues) {
        return assertThrows(ConfigException.class, () -> read(keyValues)).getMessage();
    }

    @Test
    void theStudysDefaults() {
        KafkaClientSettings s = read();
        assertEquals("1", s.producer.get("acks"));
        assertEquals("0", s.producer.get("linger.ms"));
        assertEquals("false", s.producer.get("enable.idempotence"));
        assertEquals("false", s.consumer.get("enable.auto.commit"));
        assertEquals("earliest", s.consumer.get("auto.offset.reset"));
        assertEquals(125_000, s.pollTimeoutNs, "1/8 of the 1 ms between messages");
        assertEquals(Set.of(), s.overridden);
        Map<String, Object> p = s.producerConfig("127.0.0.1:1234", "lb-x");
        assertEquals("127.0.0.1:1234", p.get("bootstrap.servers"));
        assertEquals("lb-x", p.get("client.id"));
        assertEquals("org.apache.kafka.common.serialization.ByteArraySerializer", p.get("value.serializer"));
        assertEquals("org.apache.kafka.common.serialization.ByteArrayDeserializer",
                s.consumerConfig("127.0.0.1:1234", "lb-y").get("value.deserializer"));
    }

    @Test
    void overridesLieOverTheDefaultsAndAreRecorded() {
        KafkaClientSettings s = read("bench.kafka.producer.linger.ms", "5", "bench.kafka.producer.batch.size", "1024",
                "bench.kafka.consumer.fetch.max.wait.ms", "10", "bench.kafka.pollTimeout", "2ms");
        assertEquals("5", s.producer.get("linger.ms"));
        assertEquals("1024", s.producerConfig("h:1", "c").get("batch.size"));
        assertEquals("10", s.consumer.get("fetch.max.wait.ms"));
        assertEquals(2_000_000, s.pollTimeoutNs);
        assertEquals(Set.of("producer.linger.ms", "producer.batch.size", "consumer.fetch.max.wait.ms", "pollTimeout"),
                s.overridden);
        JsonObject json = s.toJson();
        assertEquals("5", json.getAsJsonObject("producer").get("linger.ms").getAsString());
        assertEquals("1", json.getAsJsonObject("producer").get("acks").getAsString());
        assertEquals("10", json.getAsJsonObject("consumer").get("fetch.max.wait.ms").getAsString());
        assertEquals(2, json.get("pollTimeoutMsAsKafkaWaits").getAsLong());
        assertEquals(4, json.getAsJsonArray("overridden").size());
        assertEquals("4.4.0", json.get("kafkaClientsVersion").getAsString());
    }

    @Test
    void theStudysPollTimeoutIsOneWholeMillisecondToKafka() {
        assertEquals(1, read().toJson().get("pollTimeoutMsAsKafkaWaits").getAsLong());
    }

    @Test
    void overridesAreDeclaredUnderTheirPrefixes() {
        Map<String, String> m = Map.of("bench.kafka.producer.acks", "all", "bench.kafka.producer.enable.idempotence",
                "true");
        BenchProperties props = new BenchProperties(m);
        props.rejectUnknown(KafkaClientSettings.properties(ONE_MS)); // does not throw: the prefixes accept them
        KafkaClientSettings.fromProperties(props, ONE_MS);
    }

    @Test
    void anUnknownSettingIsRefusedNamingIt() {
        assertEquals("bench.kafka.producer.lingr.ms=5 is not valid: 'lingr.ms' is not a Kafka producer setting"
                + " (kafka-clients 4.4.0); the producer settings are listed in Kafka's documentation, such as acks,"
                + " linger.ms, batch.size for the producer and fetch.min.bytes, fetch.max.wait.ms, max.poll.records for"
                + " the consumer", error("bench.kafka.producer.lingr.ms", "5"));
        assertTrue(error("bench.kafka.consumer.linger.ms", "5").startsWith("bench.kafka.consumer.linger.ms=5 is not"
                + " valid: 'linger.ms' is not a Kafka consumer setting"));
    }

    @Test
    void aMalformedValueIsRefusedWithKafkasReason() {
        assertEquals("bench.kafka.producer.linger.ms=soon is not valid: Kafka's producer does not accept it: Invalid"
                + " value soon for configuration linger.ms: Not a number of type LONG",
                error("bench.kafka.producer.linger.ms", "soon"));
        assertEquals("bench.kafka.producer.acks=2 is not valid: Kafka's producer does not accept it: Invalid value 2"
                + " for configuration acks: String must be one of: all, -1, 0, 1", error("bench.kafka.producer.acks", "2"));
        assertTrue(error("bench.kafka.consumer.max.poll.records", "0").startsWith(
                "bench.kafka.consumer.max.poll.records=0 is not valid: Kafka's consumer does not accept it: Invalid"
                        + " value 0 for configuration max.poll.records: Value must be at least 1"));
    }

    @Test
    void whatTheTransportOwnsCannotBeChanged() {
        assertEquals("bench.kafka.producer.value.serializer=x is not valid: value.serializer is set by the chain"
                + " transport (byte-array messages, one client id per client) and cannot be changed",
                error("bench.kafka.producer.value.serializer", "x"));
        assertEquals("bench.kafka.consumer.bootstrap.servers=h:1 is not valid: the address comes from the cluster:"
                + " set bench.kafka.bootstrap=HOST:PORT to use a running cluster",
                error("bench.kafka.consumer.bootstrap.servers", "h:1"));
        assertEquals("bench.kafka.producer.=1 is not valid: name a Kafka producer setting after the prefix, such as"
                + " bench.kafka.producer.linger.ms", error("bench.kafka.producer.", "1"));
    }

    @Test
    void settingsThatDoNotGoTogetherAreRefused() {
        String e = error("bench.kafka.producer.enable.idempotence", "true");
        assertTrue(e.startsWith("the Kafka producer settings bench.kafka.producer.enable.idempotence=true do not go"
                + " together: "), e);
        assertTrue(e.contains("acks"), e);
    }

    @Test
    void aBadPollTimeoutIsRefused() {
        // the default (1/8 of the inter-message time) is --help's to show, once, not the description's
        assertEquals("bench.kafka.pollTimeout=1 is not valid: expected how long a Kafka consumer's poll waits (rounded"
                + " up to whole ms as Kafka waits; 0 polls busily) as a number with a unit (ns, us, ms, s, m, h) such"
                + " as 500ms or 10s",
                error("bench.kafka.pollTimeout", "1"));
    }

    @Test
    void thePollTimeoutFollowsTheRate() {
        assertEquals(12_500, KafkaClientSettings.defaults(100_000).pollTimeoutNs, "10,000 msg/s");
        assertEquals(1, KafkaClientSettings.defaults(5).pollTimeoutNs, "never zero");
        assertThrows(IllegalArgumentException.class, () -> KafkaClientSettings.defaults(0));
        assertEquals(List.of("acks", "compression.type", "delivery.timeout.ms", "enable.idempotence", "linger.ms",
                "max.block.ms", "request.timeout.ms"), List.copyOf(KafkaClientSettings.defaults(ONE_MS).producer
                .keySet()));
    }
}
