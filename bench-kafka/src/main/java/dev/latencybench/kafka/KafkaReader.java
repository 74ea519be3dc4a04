package dev.latencybench.kafka;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * One topic's reading end over a Kafka {@link Consumer}, polling with the {@code Duration} it was made with, unchanged,
 * and throwing the transport's failure once seen. One stage thread at a time; allocates nothing beyond the client.
 */
final class KafkaReader implements ChainTransport.Reader {
    private final Consumer<byte[], byte[]> consumer;
    private final Duration wait;
    private final Supplier<String> failure;
    private final Runnable healthCheck;
    private long nextCheckNs = System.nanoTime();

    /**
     * @param wait        what every {@code poll} is handed
     * @param failure     the transport's failure so far, null while none
     * @param healthCheck asks the cluster; it records a failure when the broker is gone
     */
    KafkaReader(Consumer<byte[], byte[]> consumer, Duration wait, Supplier<String> failure, Runnable healthCheck) {
        this.consumer = consumer;
        this.wait = wait;
        this.failure = failure;
        this.healthCheck = healthCheck;
    }

    /** Kafka waits on the consumer itself: {@code idleWaitNs} is the chain's, the poll's wait is {@link #wait}. */
    @Override
    public int poll(ChainTransport.Handler handler, long idleWaitNs) {
        String f = failure.get();
        if (f != null) {
            throw new IllegalStateException(f);
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(wait);
        int n = 0;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            KafkaChainTransport.deliver(r.value(), handler);
            n++;
        }
        long now = System.nanoTime();
        if (now - nextCheckNs >= 0) {
            nextCheckNs = now + TimeUnit.MILLISECONDS.toNanos(KafkaChainTransport.HEALTH_CHECK_MS);
            healthCheck.run();
            f = failure.get();
            if (f != null) {
                throw new IllegalStateException(f);
            }
        }
        return n;
    }
}
