package dev.latencybench.kafka;

import com.google.gson.JsonObject;
import dev.latencybench.core.config.BenchProperties;

/**
 * The Kafka cluster a chain study talks to: a broker the suite started ({@link KafkaBroker}) or a running cluster
 * it only uses ({@link ExternalKafkaCluster}). Opened once per study JVM, before the steps; closed on every path.
 */
public interface KafkaCluster extends AutoCloseable {
    /** {@code HOST:PORT} of a running cluster to use instead of starting a broker. */
    String BOOTSTRAP = "bench.kafka.bootstrap";
    /** The shared search broker's pid, set by the launcher so a fork notices at once when it is gone; not for users. */
    String SEARCH_BROKER_PID = "latency-bench.kafka.searchBroker.pid";

    /** {@code HOST:PORT[,HOST:PORT...]}, for the clients' {@code bootstrap.servers}. */
    String bootstrapServers();

    /**
     * Why the cluster can no longer serve, or null while it can as far as the suite knows.
     * Cheap: may be called from a polling thread.
     */
    String failure();

    /** Runs {@code onGone}, on a JDK thread, once a broker process the suite knows ends; never for an external one. */
    default void whenGone(Runnable onGone) {
    }

    /** What the cluster is, for env.json: owned or external, and for an owned broker its JVM. */
    JsonObject describe();

    /** Stops what the suite started; idempotent; never throws. */
    @Override
    void close();

    /** The cluster at {@code bench.kafka.bootstrap} when given, otherwise a broker started here. */
    static KafkaCluster open(BenchProperties props) {
        String bootstrap = props.string(ChainConfig.BOOTSTRAP_PROPERTY);
        BrokerSettings broker = BrokerSettings.fromProperties(props); // checked either way: a typo fails early
        return open(bootstrap, broker);
    }

    /** The cluster at {@code bootstrap} when not empty, otherwise a broker started here with {@code broker}. */
    static KafkaCluster open(String bootstrap, BrokerSettings broker) {
        if (!bootstrap.isEmpty()) {
            ExternalKafkaCluster c = ExternalKafkaCluster.connect(bootstrap, ExternalKafkaCluster.DEFAULT_CONNECT_TIMEOUT_MS);
            long searchBroker = Long.getLong(SEARCH_BROKER_PID, -1);
            return searchBroker > 0 ? c.searchBroker(searchBroker) : c;
        }
        return KafkaBroker.start(broker);
    }
}
