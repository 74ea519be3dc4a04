package dev.latencybench.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.json.JsonCodec;

/**
 * Warms up a freshly started broker, still compiling its request paths, with one chain's topics and rate until the
 * p99 of each second settles ({@link #settled}), between {@link #MIN_NS} and {@link #MAX_NS}.
 * Runs once, on the launcher's thread; not thread-safe; allocates per message, as Kafka's clients do.
 */
final class BrokerWarmup {
    /** One chain's topics: the study's five services and six topics. */
    static final int TOPICS = 6;
    static final long WINDOW_NS = TimeUnit.SECONDS.toNanos(1);
    static final int SETTLED_WINDOWS = 5;
    static final double SETTLED_SPREAD = 1.5;
    /** p99 under this in every one of the last windows counts as settled whatever the spread, as a warm one jitters. */
    static final long QUIET_NS = TimeUnit.MILLISECONDS.toNanos(10);
    /** At least this long, past an early plateau that the spread rule would call settled. */
    static final long MIN_NS = TimeUnit.SECONDS.toNanos(30);
    static final long MAX_NS = TimeUnit.SECONDS.toNanos(60);

    private BrokerWarmup() {
    }

    /** The shortest warm-up when the longest is {@code maxNs}: {@link #MIN_NS}, or all of a shorter longest. */
    static long minNs(long maxNs) {
        return Math.min(MIN_NS, maxNs);
    }

    /** A warm-up as the files that keep it record it, in the order written. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Written {
        final int topics = TOPICS;
        long ratePerSecPerTopic;
        long durationMs;
        long messages;
        boolean settled;
        String rule;
        List<Long> p99PerSecondNs;
        String summary;
    }

    /** What a warm-up did, for the console, the schedule's file and the report. Immutable. */
    static final class Result {
        final long ratePerSec;
        final long durationNs;
        final boolean settled;
        final List<Long> p99PerWindowNs;
        final long messages;
        final long maxNs;

        Result(long ratePerSec, long durationNs, boolean settled, List<Long> p99PerWindowNs, long messages,
               long maxNs) {
            this.maxNs = maxNs;
            this.ratePerSec = ratePerSec;
            this.durationNs = durationNs;
            this.settled = settled;
            this.p99PerWindowNs = List.copyOf(p99PerWindowNs);
            this.messages = messages;
        }

        /** {@code warmed up 7 s at 6 topics x 1,000 msg/s until p99 settled (first second 240ms, last 3: 2.1ms, ...)}. */
        String summary() {
            int n = p99PerWindowNs.size();
            List<String> last = new ArrayList<>();
            for (int i = Math.max(0, n - SETTLED_WINDOWS); i < n; i++) {
                last.add(Units.formatNs(p99PerWindowNs.get(i)));
            }
            return String.format(Locale.ROOT, "warmed up %.0f s at %d topics x %,d msg/s (%,d messages) %s"
                    + " (p99 per second: first %s, last %s)", durationNs / 1e9, TOPICS, ratePerSec, messages,
                    settled ? "until its latency settled" : "without its latency settling within "
                            + TimeUnit.NANOSECONDS.toSeconds(maxNs) + " s",
                    n == 0 ? "-" : Units.formatNs(p99PerWindowNs.get(0)), String.join(", ", last));
        }

        JsonObject toJson() {
            Written o = new Written();
            o.ratePerSecPerTopic = ratePerSec;
            o.durationMs = TimeUnit.NANOSECONDS.toMillis(durationNs);
            o.messages = messages;
            o.settled = settled;
            o.rule = String.format(Locale.ROOT, "p99 of each second; settled when the last %d are"
                    + " within %.1fx of each other or all under %s, after at least %d s, at most %d s",
                    SETTLED_WINDOWS, SETTLED_SPREAD, Units.formatNs(QUIET_NS),
                    TimeUnit.NANOSECONDS.toSeconds(minNs(maxNs)), TimeUnit.NANOSECONDS.toSeconds(maxNs));
            o.p99PerSecondNs = List.copyOf(p99PerWindowNs);
            o.summary = summary();
            return JsonCodec.toJsonObject(o);
        }
    }

    /** True when the last {@link #SETTLED_WINDOWS} p99s are close enough to call the broker warm. */
    static boolean settled(List<Long> p99PerWindowNs) {
        int n = p99PerWindowNs.size();
        if (n < SETTLED_WINDOWS) {
            return false;
        }
        List<Long> last = p99PerWindowNs.subList(n - SETTLED_WINDOWS, n);
        long min = last.stream().mapToLong(Long::longValue).min().getAsLong();
        long max = last.stream().mapToLong(Long::longValue).max().getAsLong();
        return max < QUIET_NS || max <= SETTLED_SPREAD * Math.max(1, min);
    }

    /**
     * Runs the warm-up load on {@code cluster} for at most {@code maxNs}, and deletes its topics.
     * @throws IllegalStateException when the broker fails on the way (its reason)
     */
    static Result run(KafkaCluster cluster, KafkaClientSettings settings, long ratePerSec, long maxNs) {
        String prefix = KafkaTopics.newRunPrefix() + "warmup-";
        try (KafkaTopics topics = new KafkaTopics(cluster, prefix, KafkaTopics.DEFAULT_TIMEOUT_MS)) {
            List<String> names = topics.createChains(1, TOPICS).get(0);
            return load(cluster, settings, ratePerSec, names, prefix, maxNs);
        } catch (RuntimeException e) {
            String f = cluster.failure();
            throw new IllegalStateException("warming up the Kafka broker failed: " + (f != null ? f : e), e);
        }
    }

    private static Result load(KafkaCluster cluster, KafkaClientSettings settings, long ratePerSec, List<String> names,
                               String prefix, long maxNs) {
        long minNs = minNs(maxNs);
        Recorder recorder = new Recorder(3);
        StopFlag stop = new StopFlag();
        List<TopicPartition> partitions = new ArrayList<>();
        names.forEach(n -> partitions.add(new TopicPartition(n, 0)));
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(settings.producerConfig(
                cluster.bootstrapServers(), prefix + "p"));
             KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(settings.consumerConfig(
                     cluster.bootstrapServers(), prefix + "c"))) {
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position);
            Duration poll = settings.pollTimeout().isZero() ? Duration.ofMillis(1) : settings.pollTimeout();
            Thread reader = new Thread(() -> {
                try {
                    while (!stop.value) {
                        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(poll)) {
                            long now = System.nanoTime();
                            recorder.recordValue(Math.max(0, now - ChainMessage.sentNs(r.value())));
                        }
                    }
                } catch (org.apache.kafka.common.errors.WakeupException e) {
                    // stopped
                }
            }, "lb-kafka-warmup-reader");
            reader.setDaemon(true);
            reader.start();
            byte[] buffer = ChainMessage.newBuffer(ChainMessage.HEADER_BYTES);
            long intervalNs = TimeUnit.SECONDS.toNanos(1) / (ratePerSec * TOPICS);
            long start = System.nanoTime();
            long nextWindow = start + WINDOW_NS;
            List<Long> p99s = new ArrayList<>();
            Histogram interval = null;
            long sent = 0;
            boolean settled = false;
            try {
                while (true) {
                    long due = start + sent * intervalNs;
                    long now = System.nanoTime();
                    if (due - now > 50_000) {
                        LockSupport.parkNanos(due - now);
                        continue;
                    }
                    if (now - nextWindow >= 0) {
                        interval = recorder.getIntervalHistogram(interval);
                        p99s.add(interval.getTotalCount() == 0 ? WINDOW_NS : interval.getValueAtPercentile(99));
                        nextWindow += WINDOW_NS;
                        String f = cluster.failure();
                        if (f != null) {
                            throw new IllegalStateException(f);
                        }
                        if (now - start >= minNs && settled(p99s)) {
                            settled = true;
                            break;
                        }
                        if (now - start >= maxNs || Thread.currentThread().isInterrupted()) {
                            break;
                        }
                    }
                    ChainMessage.encode(buffer, sent, now, now, 0, now);
                    producer.send(new ProducerRecord<>(names.get((int) (sent % TOPICS)), buffer));
                    sent++;
                }
            } finally {
                stop.value = true;
                consumer.wakeup();
                try {
                    reader.join(TimeUnit.SECONDS.toMillis(5));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new Result(ratePerSec, System.nanoTime() - start, settled, p99s, sent, maxNs);
        }
    }

    /** The reader's stop flag. */
    private static final class StopFlag {
        volatile boolean value;
    }
}
