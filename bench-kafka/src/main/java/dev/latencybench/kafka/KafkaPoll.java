package dev.latencybench.kafka;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How a chain's Kafka consumer tells {@code poll} to wait: {@link #AS_PUBLISHED} hands over the study's 1/8 of the
 * inter-message time, which Kafka truncates to 0 ms (a busy poll); {@link #MEANT} rounds it up to whole ms.
 * Stateless; the {@code Duration} is made once per reader.
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
