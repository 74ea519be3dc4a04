package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmDiscovery;

/**
 * A {@code bench.queue.dir} too small for one fork's queue files from the start is bad input of the whole run:
 * exit 2 before any cell, not a FAILED cell found by its launcher.
 */
class QueueSpaceUpFrontTest {
    @TempDir
    Path tmp;

    @Test
    void aQueueFolderTooSmallFromTheStartIsRefusedBeforeAnyCell() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Context ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(),
                Path.of(System.getProperty("java.home"))), tmp.resolve("cache/jvms.json"), new GraalJit(tmp),
                Path.of(System.getProperty("java.home"), "bin", "java"), Files.createDirectories(tmp.resolve("t")));
        Path queues = Files.createDirectories(tmp.resolve("queues"));
        Path results = tmp.resolve("results");
        // 1M msg/s for over an hour: about a TB of queue files, more than any test machine's disk holds
        int status = Main.run(ctx, new String[] {"run", "--scenarios", "queue", "--jvms", "current", "--results",
            results.toString(), "-Dbench.transports=chronicle", "-Dbench.rate=1000000", "-Dbench.duration=4000s",
            "-Dbench.queue.dir=" + queues});

        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, status, said + out.toString(StandardCharsets.UTF_8));
        List<String> lines = said.lines().toList();
        assertEquals(1, lines.size(), "one line: " + said);
        assertTrue(lines.get(0).startsWith("latency-bench: bench run: bench.queue.dir=" + queues + " is not valid: "
                + queues + " has "), lines.get(0));
        assertTrue(lines.get(0).contains(" MiB free but one fork writes about "), lines.get(0));
        assertTrue(lines.get(0).endsWith(" MiB of queue files; free some space, point bench.queue.dir elsewhere, or"
                + " shorten the run (bench.duration, bench.rate)"), lines.get(0));
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("cell 1 of"), "no cell started");
        assertFalse(Files.exists(results), "no run folder made");
    }
}
