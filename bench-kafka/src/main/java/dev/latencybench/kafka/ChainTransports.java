package dev.latencybench.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The chain study's transports, in run order: the one place a transport is named and opened. */
enum ChainTransports {
    /** Six Chronicle Queues per chain in the queue folder, default settings: the study's subject. */
    CHRONICLE(ChainStudy.CHRONICLE, c -> new ChronicleChainTransport(c.queueDir, c.payloadBytes)),
    /** One in-memory ring per topic: the harness's floor, same threads and parking, no transport cost. */
    IN_MEMORY(ChainStudy.IN_MEMORY, c -> new InMemoryChainTransport()),
    /** Topics on a real Kafka cluster; consumers wait the time the study meant ({@link KafkaPoll#MEANT}). */
    KAFKA(ChainStudy.KAFKA, c -> KafkaChainTransport.open(c, KafkaPoll.MEANT)),
    /** As {@link #KAFKA}, but consumers poll as the study published it ({@link KafkaPoll#AS_PUBLISHED}). */
    KAFKA_AS_PUBLISHED(ChainStudy.KAFKA_AS_PUBLISHED, c -> KafkaChainTransport.open(c, KafkaPoll.AS_PUBLISHED));

    /** What runs when {@code bench.transports} is not given. */
    static final List<String> DEFAULTS = List.of(ChainStudy.CHRONICLE, ChainStudy.KAFKA_AS_PUBLISHED,
            ChainStudy.KAFKA, ChainStudy.IN_MEMORY, ChainStudy.CHRONICLE_LOOP, ChainStudy.KAFKA_LOOP);

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

    /** True for a variant over Kafka: {@code kafka}, {@code kafka-as-published} and {@code kafka-loop}. */
    static boolean isKafka(String variant) {
        String base = base(variant);
        return base.equals(ChainStudy.KAFKA) || base.equals(ChainStudy.KAFKA_AS_PUBLISHED);
    }

    /** The transports as given, each one's loop right after it (on Kafka's warm broker), other loops last. */
    static List<String> runOrder(List<String> variants) {
        List<String> out = new ArrayList<>();
        for (String v : variants) {
            if (!isLoop(v)) {
                out.add(v);
                String loop = v + HopLoopWorkload.SUFFIX;
                if (variants.contains(loop)) {
                    out.add(loop);
                }
            }
        }
        for (String v : variants) {
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
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
