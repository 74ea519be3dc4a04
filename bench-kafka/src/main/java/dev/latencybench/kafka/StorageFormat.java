package dev.latencybench.kafka;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.common.Uuid;

/**
 * Formats a {@link KafkaBroker}'s folder with {@code kafka.tools.StorageTool}, as a KRaft broker starts only on a
 * formatted one. Stateless; the broker starts the process so that it can end it when closed meanwhile.
 */
final class StorageFormat {
    private StorageFormat() {
    }

    /** The command that formats {@code folder}, whose {@code server.properties} and {@code log4j2.properties} exist. */
    static List<String> command(BrokerSettings settings, Path folder) {
        return List.of(settings.java.toString(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Dlog4j2.configurationFile=" + folder.resolve("log4j2.properties"),
                "-cp", settings.jars.resolve("*").toString(), "kafka.tools.StorageTool", "format", "-t",
                Uuid.randomUuid().toString(), "-c", folder.resolve("server.properties").toString());
    }

    /**
     * Waits for the format process {@code p}, which writes to {@code log}, and kills it when the wait ends.
     * @throws IllegalStateException when it fails, takes longer than {@code timeoutNs} or the wait is interrupted,
     *         with the last lines of its log
     */
    static void await(Process p, Path log, long timeoutNs) {
        try {
            if (!p.waitFor(timeoutNs, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("formatting the Kafka broker's folder took longer than "
                        + KafkaBroker.seconds(timeoutNs) + " (" + BrokerSettings.START_TIMEOUT + "); "
                        + BrokerFiles.lastLines(log));
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("formatting the Kafka broker's folder failed (kafka.tools.StorageTool"
                        + " exited with status " + p.exitValue() + "); " + BrokerFiles.lastLines(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while formatting the Kafka broker's folder", e);
        } finally {
            p.destroyForcibly();
        }
    }
}
