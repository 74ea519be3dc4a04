package dev.latencybench.kafka;

import com.google.gson.JsonObject;
import dev.latencybench.core.config.BenchProperties;

/**
 * The Kafka cluster a chain study talks to: either a broker the suite started itself
 * ({@link KafkaBroker}, the default) or a running cluster named by {@code -Dbench.kafka.bootstrap}
 * ({@link ExternalKafkaCluster}), which the suite only uses: it starts and stops nothing there and
 * deletes only the topics it made.
 *
 * <p>Opened once per study JVM, before the steps; closed on every path.
 */
public interface KafkaCluster extends AutoCloseable {
    /** {@code HOST:PORT} of a running cluster to use instead of starting a broker. */
    String BOOTSTRAP = "bench.kafka.bootstrap";
    /**
     * Set by the launcher for the forks of a search that shares one broker ({@link SearchBroker}): its
     * pid, so a fork notices at once when it is gone. Not a {@code bench.*} property: people do not set it.
     */
    String SEARCH_BROKER_PID = "latency-bench.kafka.searchBroker.pid";

    /** {@code HOST:PORT[,HOST:PORT...]}, for the clients' {@code bootstrap.servers}. */
    String bootstrapServers();

    /**
     * Why the cluster can no longer serve (the suite's broker exited, and how), or null while it
     * can, as far as the suite knows; an external cluster's trouble shows only in the clients'
     * errors. Cheap: may be called from a polling thread.
     */
    String failure();

    /**
     * Runs {@code onGone} once the cluster's broker process ends, when the suite knows that process (a broker it
     * started, or the search's broker by its pid); never for an external cluster. From a JDK thread.
     */
    default void whenGone(Runnable onGone) {
    }

    /** What the cluster is, for env.json: owned or external, and for an owned broker its JVM. */
    JsonObject describe();

    /** Stops what the suite started; idempotent; never throws. */
    @Override
    void close();

    /**
     * The cluster the properties ask for: the one at {@code bench.kafka.bootstrap} when given
     * (checked within seconds, naming the address when nobody answers), otherwise a broker started
     * here with the {@code bench.kafka.broker.*} settings.
     */
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
