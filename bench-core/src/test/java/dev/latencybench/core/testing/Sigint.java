package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * For tests that send SIGINT, as Ctrl-C does, to a process they start. A JVM started in the background by a shell
 * without job control ignores SIGINT, and every process it starts inherits that: the test's Ctrl-C would then go
 * unheard and the test would wait for an end that never comes. Such a test calls {@link #assertHeard} first and
 * fails at once, saying why. Stateless.
 */
public final class Sigint {
    private Sigint() {
    }

    /** Whether this JVM ignores SIGINT (bit 2 of {@code SigIgn} in {@code /proc/self/status}). */
    public static boolean ignored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16) & (1L << (2 - 1)))
                            != 0;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails, saying why and what to do, where a process this JVM starts would ignore SIGINT. */
    public static void assertHeard() {
        assertFalse(ignored(), "this build ignores SIGINT (it was started in the background by a shell without job"
                + " control), so a process it starts would ignore the test's Ctrl-C too: run it in the foreground");
    }
}
