package dev.latencybench.kafka;

import com.google.gson.JsonObject;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.json.JsonCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The chain study's Kafka client settings, with {@code -Dbench.kafka.producer.*} and {@code -Dbench.kafka.consumer.*}
 * overrides checked against the clients' own definitions before anything starts.
 * Immutable and thread-safe; not for hot paths.
 */
public final class KafkaClientSettings {
    public static final String PRODUCER_PREFIX = "bench.kafka.producer.";
    public static final String CONSUMER_PREFIX = "bench.kafka.consumer.";
    /** How long a consumer's {@code poll} waits; default 1/8 of the inter-message time. */
    public static final String POLL_TIMEOUT = "bench.kafka.pollTimeout";

    /** Settings the transport owns: the chain moves byte arrays, and the address comes from the cluster. */
    private static final Set<String> FIXED = Set.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            ProducerConfig.CLIENT_ID_CONFIG);

    /** The producer settings beyond the transport's own (serializers, address, client id). */
    public final SortedMap<String, String> producer;
    public final SortedMap<String, String> consumer;
    /** The settings given over the study's, as {@code producer.linger.ms}, {@code consumer.fetch.max.wait.ms}. */
    public final Set<String> overridden;
    /** The poll timeout asked for. */
    public final long pollTimeoutNs;

    private KafkaClientSettings(SortedMap<String, String> producer, SortedMap<String, String> consumer,
            Set<String> overridden, long pollTimeoutNs) {
        this.producer = Collections.unmodifiableSortedMap(producer);
        this.consumer = Collections.unmodifiableSortedMap(consumer);
        this.overridden = Collections.unmodifiableSet(overridden);
        this.pollTimeoutNs = pollTimeoutNs;
    }

    /** The study's settings for a chain that sends one message every {@code intervalNs}. */
    public static KafkaClientSettings defaults(long intervalNs) {
        return new KafkaClientSettings(producerDefaults(), consumerDefaults(), new TreeSet<>(),
                defaultPollTimeoutNs(intervalNs));
    }

    /**
     * The study's settings with the prefixed properties and {@link #POLL_TIMEOUT} laid over them.
     * @throws ConfigException naming the property, the value and what is allowed
     */
    public static KafkaClientSettings fromProperties(BenchProperties props, long intervalNs) {
        SortedMap<String, String> producer = producerDefaults();
        SortedMap<String, String> consumer = consumerDefaults();
        Set<String> overridden = new TreeSet<>();
        for (Map.Entry<String, String> e : new TreeMap<>(props.given()).entrySet()) {
            String property = e.getKey();
            if (property.startsWith(PRODUCER_PREFIX)) {
                String value = props.given().get(property).trim();
                String name = property.substring(PRODUCER_PREFIX.length());
                check(property, name, value, ProducerConfig.configDef(), "producer");
                producer.put(name, value);
                overridden.add("producer." + name);
            } else if (property.startsWith(CONSUMER_PREFIX)) {
                String value = props.given().get(property).trim();
                String name = property.substring(CONSUMER_PREFIX.length());
                check(property, name, value, ConsumerConfig.configDef(), "consumer");
                consumer.put(name, value);
                overridden.add("consumer." + name);
            }
        }
        long defaultPoll = defaultPollTimeoutNs(intervalNs);
        long pollTimeoutNs = props.durationNs(pollTimeoutProperty(intervalNs));
        if (pollTimeoutNs != defaultPoll) {
            overridden.add("pollTimeout");
        }
        KafkaClientSettings settings = new KafkaClientSettings(producer, consumer, overridden, pollTimeoutNs);
        settings.checkTogether(props);
        return settings;
    }

    /** The properties {@link #fromProperties} reads: the two prefixes and the poll timeout. */
    public static List<Property> properties(long intervalNs) {
        return List.of(Property.prefix(PRODUCER_PREFIX, "a Kafka producer setting over the study's"),
                Property.prefix(CONSUMER_PREFIX, "a Kafka consumer setting over the study's"),
                pollTimeoutProperty(intervalNs));
    }

    private static Property pollTimeoutProperty(long intervalNs) {
        Property p = Property.duration(POLL_TIMEOUT, defaultPollTimeoutNs(intervalNs), 0,
                TimeUnit.SECONDS.toNanos(10), "how long a Kafka consumer's poll waits (rounded up to whole ms as"
                        + " Kafka waits; 0 polls busily)");
        // the default follows the rate: say how, and what it is at this one
        return p.showingDefault("1/8 of the inter-message time, " + p.defaultText + " at "
                + TimeUnit.SECONDS.toNanos(1) / intervalNs + " msg/s");
    }

    private static SortedMap<String, String> producerDefaults() {
        SortedMap<String, String> p = new TreeMap<>();
        p.put(ProducerConfig.ACKS_CONFIG, "1"); // the study's: the leader's write, no wait for replicas
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0"); // send at once, no batching delay
        // idempotence needs acks=all; say it is off rather than rely on the client turning it off
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        // a dead cluster fails a step within seconds rather than Kafka's minutes; no effect while it answers
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "15000");
        return p;
    }

    private static SortedMap<String, String> consumerDefaults() {
        SortedMap<String, String> c = new TreeMap<>();
        // each consumer is assigned its topic's one partition: no group, no rebalance, no commits
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "1"); // the broker answers as soon as one message is there
        c.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        c.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        return c;
    }

    /** 1/8 of the inter-message time, as in the study; at least 1 ns. */
    static long defaultPollTimeoutNs(long intervalNs) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("intervalNs must be positive: " + intervalNs);
        }
        return Math.max(1, intervalNs / 8);
    }

    /** One override, against the client's definition: known name, parseable and valid value. */
    private static void check(String property, String name, String value, ConfigDef def, String client) {
        if (name.isEmpty()) {
            throw ConfigException.invalid(property, value, "name a Kafka " + client + " setting after the prefix, such"
                    + " as " + property + "linger.ms");
        }
        if (name.equals(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw ConfigException.invalid(property, value, "the address comes from the cluster: set "
                    + KafkaCluster.BOOTSTRAP + "=HOST:PORT to use a running cluster");
        }
        if (FIXED.contains(name)) {
            throw ConfigException.invalid(property, value, name + " is set by the chain transport (byte-array "
                    + "messages, one client id per client) and cannot be changed");
        }
        ConfigDef.ConfigKey key = def.configKeys().get(name);
        if (key == null) {
            throw ConfigException.invalid(property, value, "'" + name + "' is not a Kafka " + client + " setting"
                    + " (kafka-clients " + clientsVersion() + "); the "
                    + client + " settings are listed in Kafka's documentation, such as acks, linger.ms, batch.size"
                    + " for the producer and fetch.min.bytes, fetch.max.wait.ms, max.poll.records for the consumer");
        }
        try {
            Object parsed = ConfigDef.parseType(name, value, key.type);
            if (key.validator != null) {
                key.validator.ensureValid(name, parsed);
            }
        } catch (org.apache.kafka.common.config.ConfigException e) {
            throw ConfigException.invalid(property, value, "Kafka's " + client + " does not accept it: "
                    + e.getMessage());
        }
    }

    /** Settings that are each valid but not together (idempotence with acks=1, and such). */
    private void checkTogether(BenchProperties props) {
        String[] which = {"producer"};
        try {
            new ProducerConfig(producerConfig("127.0.0.1:9092", "lb-settings-check"));
            which[0] = "consumer";
            new ConsumerConfig(consumerConfig("127.0.0.1:9092", "lb-settings-check"));
        } catch (org.apache.kafka.common.config.ConfigException e) {
            String prefix = which[0].equals("producer") ? PRODUCER_PREFIX : CONSUMER_PREFIX;
            StringBuilder given = new StringBuilder();
            new TreeMap<>(props.given()).forEach((k, v) -> {
                if (k.startsWith(prefix)) {
                    given.append(given.length() == 0 ? "" : " ").append(k).append('=').append(v);
                }
            });
            throw new ConfigException("the Kafka " + which[0] + " settings " + given + " do not go together: "
                    + e.getMessage());
        }
    }

    /** The producer's configuration for {@code KafkaProducer}. */
    public Map<String, Object> producerConfig(String bootstrapServers, String clientId) {
        Map<String, Object> m = new HashMap<>(producer);
        m.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        m.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        m.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        m.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return m;
    }

    /** A consumer's configuration for {@code KafkaConsumer}. */
    public Map<String, Object> consumerConfig(String bootstrapServers, String clientId) {
        Map<String, Object> m = new HashMap<>(consumer);
        m.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        m.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        m.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        m.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return m;
    }

    /** The version of kafka-clients on the class path, from the file its jar carries; "unknown" if none. */
    static String clientsVersion() {
        try (java.io.InputStream in = ProducerConfig.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in != null) {
                java.util.Properties p = new java.util.Properties();
                p.load(in);
                return p.getProperty("version", "unknown");
            }
        } catch (java.io.IOException e) {
            // say unknown
        }
        return "unknown";
    }

    /**
     * The poll timeout rounded up to whole ms, as Kafka waits: rounded down it could become a busy poll that takes
     * the broker's CPU. 0 asked stays 0.
     */
    public Duration pollTimeout() {
        return Duration.ofMillis((pollTimeoutNs + 999_999) / 1_000_000);
    }

    /** How an idle reader waits, in words, for the run's facts and fork.json. */
    public String pollDescription() {
        long ms = pollTimeout().toMillis();
        return ms == 0 ? "poll(0 ms): busy polling"
                : "poll(" + ms + " ms), which returns as soon as a record arrives"
                + (ms * 1_000_000 == pollTimeoutNs ? ""
                : " (" + Units.formatNs(pollTimeoutNs) + " asked; Kafka waits in whole ms)");
    }

    /** The settings as env.json and result.json record them, in the order written. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Written {
        String kafkaClientsVersion;
        /** Kafka's producer settings by Kafka's names. */
        JsonObject producer;
        /** Kafka's consumer settings by Kafka's names, then {@link Assignment}'s. */
        JsonObject consumer;
        long pollTimeoutNs;
        long pollTimeoutMsAsKafkaWaits;
        List<String> overridden;
    }

    /** How the consumer takes its partition: the suite's, after Kafka's consumer settings. */
    @SuppressWarnings("unused")
    private static final class Assignment {
        final String assignment = "assign(partition 0), no group";
    }

    /** Every setting, for env.json and result.json; Kafka's defaults for the rest are the client version's. */
    public JsonObject toJson() {
        Written o = new Written();
        o.kafkaClientsVersion = clientsVersion();
        o.producer = new JsonObject();
        producer.forEach(o.producer::addProperty);
        o.producer.addProperty(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        o.consumer = new JsonObject();
        consumer.forEach(o.consumer::addProperty);
        o.consumer.addProperty(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        JsonCodec.addMembers(o.consumer, new Assignment());
        o.pollTimeoutNs = pollTimeoutNs;
        o.pollTimeoutMsAsKafkaWaits = pollTimeout().toMillis();
        o.overridden = new ArrayList<>(overridden);
        return JsonCodec.toJsonObject(o);
    }
}
