package dev.latencybench.kafka;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How a chain's Kafka consumer tells {@code poll} to wait when no record is there: the two consumers the
 * study's search runs side by side.
 *
 * <ul>
 *   <li>{@link #AS_PUBLISHED} ({@code kafka-as-published}): what the published study's code handed its
 *   consumers, {@code poll(Duration.ofNanos(INTER_MESSAGE_TIME_NS / 8))}, 125 µs at 1,000 msg/s, given to
 *   {@code poll} unchanged whatever the client makes of it. Kafka's client turns a {@code Duration} into
 *   whole milliseconds by truncation ({@code org.apache.kafka.common.utils.Time#timer(Duration)} calls
 *   {@code Duration.toMillis()}), so that poll waits 0 ms: every consumer spins through the client.</li>
 *   <li>{@link #MEANT} ({@code kafka}): the wait the study meant, 1/8 of the inter-message time rounded up
 *   to Kafka's whole milliseconds ({@code bench.kafka.pollTimeout}, {@link KafkaClientSettings#pollTimeout}),
 *   {@code poll(1 ms)} at 1,000 msg/s, which returns as soon as a record arrives.</li>
 * </ul>
 *
 * <p>Stateless; the {@code Duration} is made once per reader, not per poll.
 */
enum KafkaPoll {
    MEANT,
    AS_PUBLISHED;

    /** The {@code Duration} a reader hands to every {@code poll} of a chain at {@code ratePerSec}. */
    Duration wait(long ratePerSec, KafkaClientSettings settings) {
        if (this == AS_PUBLISHED) {
            return Duration.ofNanos(intervalNs(ratePerSec) / 8); // the study's expression, not rounded
        }
        return settings.pollTimeout();
    }

    /** The inter-message time of one chain, as the study computed it. */
    static long intervalNs(long ratePerSec) {
        return TimeUnit.SECONDS.toNanos(1) / ratePerSec;
    }

    /** How an idle reader waits, in words, for the run's facts and {@code fork.json}. */
    String describe(long ratePerSec, KafkaClientSettings settings) {
        if (this == MEANT) {
            return settings.pollDescription();
        }
        Duration d = wait(ratePerSec, settings);
        return "poll(Duration.ofNanos(" + d.toNanos() + ")) as published, which Kafka's client truncates to "
                + d.toMillis() + " ms (Time.timer(Duration) calls toMillis())"
                + (d.toMillis() == 0 ? ": busy polling" : "");
    }
}
