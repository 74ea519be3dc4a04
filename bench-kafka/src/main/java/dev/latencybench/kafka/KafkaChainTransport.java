package dev.latencybench.kafka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Moves chain messages through Kafka topics: one producer shared by every sender (the study found
 * that one producer per service does not fit two chains on a small machine), and one consumer
 * thread per topic read, assigned the topic's one partition from its start (no group, no
 * rebalance), polling with the settings' timeout.
 *
 * <pre>
 *   send(topic, bytes) ──▶ shared KafkaProducer ──▶ broker ──▶ KafkaConsumer (thread per topic) ──▶ handler
 * </pre>
 *
 * <p>Failures are not lost: an error on a send, a poll, or the cluster's own {@link KafkaCluster#failure}
 * (checked by every polling thread about every {@link #HEALTH_CHECK_MS} ms) is kept as the first
 * {@link #failure}, naming the cluster's reason when it has one; after that {@link #send} throws it.
 *
 * <p>Threads: {@link #send} from any thread; handlers run on their topic's polling thread.
 * Hot path: Kafka's client allocates per message (a {@code ProducerRecord}, the consumer's records);
 * this class adds nothing per message beyond that.
 */
public final class KafkaChainTransport implements AutoCloseable {
    /** How often a polling thread asks the cluster whether it is still there. */
    static final long HEALTH_CHECK_MS = 100;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

    /** Receives the messages of one topic, on that topic's polling thread. */
    public interface Handler {
        /**
         * @param value the message; the transport does not keep it, the handler may change and forward it
         * @param receivedNs {@link System#nanoTime} just after the poll that returned it
         */
        void onMessage(byte[] value, long receivedNs);
    }

    private final KafkaCluster cluster;
    private final KafkaClientSettings settings;
    private final String name;
    private final KafkaProducer<byte[], byte[]> producer;
    private final List<Poller> pollers = new CopyOnWriteArrayList<>();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong sendErrors = new AtomicLong();
    private final Callback onSent = (metadata, exception) -> {
        if (exception != null) {
            sendErrors.incrementAndGet();
            fail("a send failed", exception);
        }
    };
    private volatile String failure;
    private volatile boolean closed;

    /**
     * @param name names the clients and threads ({@code chain-3}), to tell them apart in the broker's view
     */
    public KafkaChainTransport(KafkaCluster cluster, KafkaClientSettings settings, String name) {
        this.cluster = cluster;
        this.settings = settings;
        this.name = name;
        this.producer = new KafkaProducer<>(settings.producerConfig(cluster.bootstrapServers(), "lb-" + name + "-p"));
    }

    /**
     * Sends one message; returns once the producer holds a copy of it (the array may be reused).
     *
     * @throws IllegalStateException with the reason once the transport has failed
     */
    public void send(String topic, byte[] value) {
        String f = failure;
        if (f != null) {
            throw new IllegalStateException(f);
        }
        try {
            producer.send(new ProducerRecord<>(topic, value), onSent);
            sent.incrementAndGet();
        } catch (KafkaException e) {
            fail("sending to " + topic + " failed", e);
            throw new IllegalStateException(failure, e);
        }
    }

    /**
     * Starts a thread that reads {@code topic} from its start and hands each message to the handler,
     * until {@link #close}.
     */
    public void poll(String topic, Handler handler) {
        if (closed) {
            throw new IllegalStateException("the Kafka transport " + name + " is closed");
        }
        Poller p = new Poller(topic, handler);
        pollers.add(p);
        p.thread.start();
    }

    /** The first failure seen, with the cluster's reason when it has one; null while none. */
    public String failure() {
        return failure;
    }

    /** Messages handed to the producer. */
    public long sent() {
        return sent.get();
    }

    /** Sends the broker refused or that timed out. */
    public long sendErrors() {
        return sendErrors.get();
    }

    /** Messages handed to handlers, over all topics. */
    public long received() {
        long n = 0;
        for (Poller p : pollers) {
            n += p.received;
        }
        return n;
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

    /** Stops the polling threads and closes every client, waiting at most a few seconds each. */
    @Override
    public void close() {
        closed = true;
        for (Poller p : pollers) {
            p.running = false;
            p.wakeup();
        }
        for (Poller p : pollers) {
            try {
                p.thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            producer.close(CLOSE_TIMEOUT);
        } catch (KafkaException e) {
            // closing: what was not delivered is counted as lost by the sink
        }
    }

    /** One topic's consumer and the thread that polls it. */
    private final class Poller implements Runnable {
        final String topic;
        final Handler handler;
        final Thread thread;
        volatile boolean running = true;
        volatile long received;
        private volatile KafkaConsumer<byte[], byte[]> consumer;

        Poller(String topic, Handler handler) {
            this.topic = topic;
            this.handler = handler;
            this.thread = new Thread(this, "lb-kafka-" + name + "-" + topic);
            this.thread.setDaemon(true);
        }

        void wakeup() {
            KafkaConsumer<byte[], byte[]> c = consumer;
            if (c != null) {
                c.wakeup();
            }
        }

        @Override
        public void run() {
            Duration timeout = settings.pollTimeout();
            KafkaConsumer<byte[], byte[]> c;
            try {
                c = new KafkaConsumer<>(settings.consumerConfig(cluster.bootstrapServers(), "lb-" + name + "-" + topic));
            } catch (KafkaException e) {
                fail("cannot make a consumer for " + topic, e);
                return;
            }
            consumer = c;
            try {
                TopicPartition partition = new TopicPartition(topic, 0);
                c.assign(List.of(partition));
                c.seekToBeginning(List.of(partition));
                long nextCheckNs = System.nanoTime();
                while (running) {
                    ConsumerRecords<byte[], byte[]> records = c.poll(timeout);
                    long now = System.nanoTime();
                    long n = 0;
                    for (ConsumerRecord<byte[], byte[]> r : records) {
                        handler.onMessage(r.value(), now);
                        n++;
                    }
                    if (n > 0) {
                        received += n; // one writer: this thread
                    }
                    if (now - nextCheckNs >= 0) {
                        nextCheckNs = now + TimeUnit.MILLISECONDS.toNanos(HEALTH_CHECK_MS);
                        String f = cluster.failure();
                        if (f != null) {
                            fail("polling " + topic + " stopped", null);
                            return;
                        }
                    }
                }
            } catch (WakeupException | InterruptException e) {
                // close() asked
            } catch (RuntimeException e) {
                fail("polling " + topic + " failed", e);
            } finally {
                consumer = null;
                try {
                    c.close(CloseOptions.timeout(CLOSE_TIMEOUT));
                } catch (RuntimeException e) {
                    // closing: nothing more to read
                }
            }
        }
    }
}
