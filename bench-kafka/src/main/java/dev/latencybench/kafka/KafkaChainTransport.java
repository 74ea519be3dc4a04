package dev.latencybench.kafka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import com.google.gson.JsonObject;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;

import dev.latencybench.core.json.JsonCodec;


/**
 * The {@code kafka} and {@code kafka-as-published} transports: one single-partition topic per stage, one producer
 * shared by every writer of the JVM (a producer per service does not fit two chains on a small machine), and one
 * consumer per topic read, assigned partition 0 with no group or commits. Consumers poll as their {@link KafkaPoll}
 * says.
 *
 * <p>The first failure, a refused send or the cluster's own {@link KafkaCluster#failure}, becomes {@link #failure},
 * and every later {@code send} and {@code poll} throws it. Threading as {@link ChainTransport} says; adds no
 * allocation per message beyond Kafka's clients.
 */
final class KafkaChainTransport implements ChainTransport {
    /** How often a reader asks the cluster whether it is still there. */
    static final long HEALTH_CHECK_MS = 100;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

    private final KafkaCluster cluster;
    private final boolean ownsCluster;
    private final KafkaClientSettings settings;
    private final KafkaPoll poll;
    private final long ratePerSec;
    private final int payloadBytes;
    private final KafkaTopics topics;
    private final KafkaProducer<byte[], byte[]> producer;
    private final AtomicLong sendErrors = new AtomicLong();
    private final Callback onSent = (metadata, exception) -> {
        if (exception != null) {
            sendErrors.incrementAndGet();
            fail("a send failed", exception);
        }
    };
    private volatile String[][] names = new String[0][];
    private volatile KafkaConsumer<byte[], byte[]>[][] consumers = newConsumers(0, 0);
    private volatile String failure;
    private volatile boolean closed;

    /**
     * @param ownsCluster whether {@link #close} closes the cluster (a broker started for this transport)
     * @param poll        how its consumers wait in {@code poll}, for a chain at {@code ratePerSec}
     * @throws RuntimeException when the clients cannot be made; the cluster is then left to the caller
     */
    KafkaChainTransport(KafkaCluster cluster, boolean ownsCluster, KafkaClientSettings settings, KafkaPoll poll,
                        long ratePerSec, int payloadBytes) {
        if (payloadBytes < ChainMessage.HEADER_BYTES) {
            throw new IllegalArgumentException("payloadBytes must be at least " + ChainMessage.HEADER_BYTES + ": "
                    + payloadBytes);
        }
        this.cluster = cluster;
        this.ownsCluster = ownsCluster;
        this.settings = settings;
        this.poll = poll;
        this.ratePerSec = ratePerSec;
        this.payloadBytes = payloadBytes;
        String prefix = KafkaTopics.newRunPrefix();
        this.topics = new KafkaTopics(cluster, prefix, KafkaTopics.DEFAULT_TIMEOUT_MS);
        try {
            this.producer = new KafkaProducer<>(settings.producerConfig(cluster.bootstrapServers(), prefix + "p"));
        } catch (RuntimeException e) {
            topics.close();
            throw e;
        }
        // the broker's end fails every stage at its next send or poll, instead of after the clients' time-outs
        cluster.whenGone(() -> fail("the broker process ended", null));
    }

    /** Opens the configured cluster and the transport over it; on failure stops whatever was started. */
    static KafkaChainTransport open(ChainConfig config, KafkaPoll poll) {
        KafkaCluster cluster = KafkaCluster.open(config.kafkaBootstrap, config.brokerSettings);
        try {
            return new KafkaChainTransport(cluster, true, config.kafkaClients, poll, config.ratePerSec,
                    config.payloadBytes);
        } catch (RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    private static KafkaConsumer<byte[], byte[]>[][] newConsumers(int chains, int topicsPerChain) {
        return (KafkaConsumer<byte[], byte[]>[][]) new KafkaConsumer<?, ?>[chains][topicsPerChain];
    }

    @Override
    public void createTopics(int chains, int topicsPerChain) {
        List<List<String>> made = topics.createChains(chains, topicsPerChain);
        String[][] n = new String[chains][];
        for (int c = 0; c < chains; c++) {
            n[c] = made.get(c).toArray(new String[0]);
        }
        consumers = newConsumers(chains, topicsPerChain);
        names = n;
    }

    @Override
    public Writer writer(int chain, int topic) {
        String name = names[chain][topic];
        byte[] buffer = ChainMessage.newBuffer(payloadBytes); // the producer copies it into its batch: reused
        return (sequence, intendedNs, actualNs, counter, handedOverNs) -> {
            String f = failure;
            if (f != null) {
                throw new IllegalStateException(f);
            }
            ChainMessage.encode(buffer, sequence, intendedNs, actualNs, counter, handedOverNs);
            try {
                producer.send(new ProducerRecord<>(name, buffer), onSent);
            } catch (KafkaException | IllegalStateException e) {
                fail("sending to " + name + " failed", e);
                throw new IllegalStateException(failure, e);
            }
            return true;
        };
    }

    @Override
    public Reader reader(int chain, int topic) {
        if (closed) {
            throw new IllegalStateException("the Kafka transport is closed");
        }
        String name = names[chain][topic];
        TopicPartition partition = new TopicPartition(name, 0);
        KafkaConsumer<byte[], byte[]> consumer = consumers[chain][topic];
        if (consumer == null) {
            consumer = new KafkaConsumer<>(settings.consumerConfig(cluster.bootstrapServers(), name + "-r"));
            consumers[chain][topic] = consumer;
            consumer.assign(List.of(partition));
        }
        consumer.seekToEnd(List.of(partition));
        consumer.position(partition); // seekToEnd is lazy: the end is taken now, before the sources start
        return new KafkaReader(consumer, poll.wait(ratePerSec, settings), () -> failure, () -> {
            if (cluster.failure() != null) {
                fail("polling " + name + " stopped", null);
            }
        });
    }

    /** Hands the stamps of one message's bytes (as {@link ChainMessage} lays them out) to the handler. */
    static void deliver(byte[] b, Handler handler) {
        handler.onMessage(ChainMessage.sequence(b), ChainMessage.intendedNs(b), ChainMessage.sentNs(b),
                ChainMessage.counter(b), ChainMessage.handedOverNs(b));
    }

    /** The first failure seen, with the cluster's reason when it has one; null while none. */
    String failure() {
        return failure;
    }

    KafkaCluster cluster() {
        return cluster;
    }

    private void fail(String what, Throwable e) {
        if (closed || failure != null) {
            return;
        }
        String clusterFailure = cluster.failure();
        String seen = e == null ? what : what + ": " + e;
        failure = clusterFailure != null
                ? "Kafka stopped serving: " + clusterFailure + System.lineSeparator() + "  (the client: " + seen + ")"
                : "Kafka at " + cluster.bootstrapServers() + ": " + seen;
    }

    @Override
    public void describe(JsonObject fork) {
        Described o = new Described();
        o.clients = settings.toJson();
        o.consumer = poll == KafkaPoll.AS_PUBLISHED ? "as published" : "the wait meant";
        o.idleWait = poll.describe(ratePerSec, settings);
        o.topics = topics.created().size();
        o.payloadBytes = payloadBytes;
        o.sendErrors = sendErrors.get();
        o.failure = failure;
        o.cluster = cluster.describe();
        JsonCodec.addMembers(fork, new ForkMembers(o));
    }

    /** What fork.json records of the transport, under {@code kafka}. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class ForkMembers {
        final Described kafka;

        ForkMembers(Described kafka) {
            this.kafka = kafka;
        }
    }

    /** The clients, the topics, what went wrong (when something did) and the cluster, in the order written. */
    @SuppressWarnings("unused")
    private static final class Described {
        JsonObject clients;
        String consumer;
        String idleWait;
        final String producers = "one, shared by every writer of the JVM";
        int topics;
        int payloadBytes;
        long sendErrors;
        String failure;
        JsonObject cluster;
    }

    /**
     * Deletes the topics, closes the clients and the cluster when it owns it; a consumer a stage thread still polls
     * is woken and left to the JVM's end. Idempotent; never throws.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        KafkaConsumer<byte[], byte[]>[][] all = consumers;
        for (KafkaConsumer<byte[], byte[]>[] chain : all) {
            for (KafkaConsumer<byte[], byte[]> c : chain) {
                if (c != null) {
                    c.wakeup();
                }
            }
        }
        // a broker that is gone takes no goodbye: each client would wait its whole time-out for it
        Duration closeTimeout = cluster.failure() != null ? Duration.ZERO : CLOSE_TIMEOUT;
        try {
            producer.close(closeTimeout);
        } catch (RuntimeException e) {
            // closing: what was not delivered is counted as lost by the sink
        }
        for (KafkaConsumer<byte[], byte[]>[] chain : all) {
            for (KafkaConsumer<byte[], byte[]> c : chain) {
                if (c != null) {
                    try {
                        c.close(CloseOptions.timeout(closeTimeout));
                    } catch (RuntimeException e) {
                        // a stage thread still polls it (a shutdown hook): the JVM's end closes its sockets
                    }
                }
            }
        }
        try {
            topics.close();
        } catch (RuntimeException e) {
            System.err.println("latency-bench: cannot delete the chain's Kafka topics: " + e);
        } finally {
            if (ownsCluster) {
                cluster.close();
            }
        }
    }
}
