package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aLogIsQuotedOrSaidEmptyOrGoneNeverAColonWithNothingAfterIt() throws Exception {
        Path log = tmp.resolve("broker.log");
        Files.writeString(log, "a\nb\n");
        assertEquals("last lines of " + log + ":" + System.lineSeparator() + "    a" + System.lineSeparator() + "    b",
                BrokerFiles.lastLines(log));
        Files.writeString(log, "");
        assertEquals("its log " + log + " is empty", BrokerFiles.lastLines(log));
        Path gone = tmp.resolve("removed/broker.log");
        assertEquals("its log " + gone + " is gone (its folder was removed, as a stopped run's clean-up does)",
                BrokerFiles.lastLines(gone));
    }

    /** Ctrl-C while the broker's folder is formatted: the format step ends, and the clean-up removed its folder. */
    @Test
    void aFormatStoppedAfterItsFolderWasRemovedSaysSo() throws Exception {
        Path log = tmp.resolve("removed/format.log");
        Process p = new ProcessBuilder("sh", "-c", "exit 130").start();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> StorageFormat.await(p, log, TimeUnit.SECONDS.toNanos(30)));
        assertEquals("formatting the Kafka broker's folder failed (kafka.tools.StorageTool exited with status 130);"
                + " its log " + log + " is gone (its folder was removed, as a stopped run's clean-up does)",
                e.getMessage(), "was: '... last lines of " + log + ":' and nothing after it");
    }
}
