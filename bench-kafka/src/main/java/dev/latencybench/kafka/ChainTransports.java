package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The chain study's transports, in the order they run: the one place a transport is named and
 * opened. Its name is also in the benchmark's {@code @Param} list, which JMH wants as constants; a
 * test keeps the two equal.
 */
enum ChainTransports {
    /** Six Chronicle Queues per chain in the queue folder, default settings: the study's subject. */
    CHRONICLE(ChainStudy.CHRONICLE, c -> new ChronicleChainTransport(c.queueDir(), c.payloadBytes())),
    /** One in-memory ring per topic: the harness's floor, same threads and parking, no transport cost. */
    IN_MEMORY(ChainStudy.IN_MEMORY, c -> new InMemoryChainTransport()),
    /**
     * Topics on a real Kafka cluster: the broker the launcher started for the kafka steps (see
     * {@link SearchBroker}), one a fork starts for itself (and stops when it closes the transport) when it
     * runs without the launcher, or the cluster at {@code bench.kafka.bootstrap}.
     */
    KAFKA(ChainStudy.KAFKA, KafkaChainTransport::open);

    /** What runs when {@code bench.transports} is not given: the study's two, and the floor. */
    static final List<String> DEFAULTS = List.of(ChainStudy.KAFKA, ChainStudy.CHRONICLE, ChainStudy.IN_MEMORY);

    final String id;
    private final Function<ChainConfig, ChainTransport> opener;

    ChainTransports(String id, Function<ChainConfig, ChainTransport> opener) {
        this.id = id;
        this.opener = opener;
    }

    ChainTransport open(ChainConfig config) {
        return opener.apply(config);
    }

    /** The transports that have a one-hop loop, the yardstick of their hop ({@link HopLoopWorkload}). */
    static final List<String> WITH_LOOP = List.of(ChainStudy.KAFKA, ChainStudy.CHRONICLE);

    /** Every variant {@code bench.transports} may name: the transports, then their loops. */
    static List<String> variants() {
        List<String> all = new ArrayList<>(ids());
        WITH_LOOP.forEach(t -> all.add(t + HopLoopWorkload.SUFFIX));
        return all;
    }

    /** {@code kafka} for {@code kafka} and {@code kafka-loop}. */
    static String base(String variant) {
        return variant.endsWith(HopLoopWorkload.SUFFIX)
                ? variant.substring(0, variant.length() - HopLoopWorkload.SUFFIX.length()) : variant;
    }

    static boolean isLoop(String variant) {
        return variant.endsWith(HopLoopWorkload.SUFFIX);
    }

    static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (ChainTransports t : values()) {
            ids.add(t.id);
        }
        return ids;
    }

    /** @throws IllegalArgumentException naming the transports there are */
    static ChainTransports of(String id) {
        for (ChainTransports t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + id + "'; expected one of " + ids());
    }
}
