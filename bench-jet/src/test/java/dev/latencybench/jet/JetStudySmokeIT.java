package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.core.testing.UnderLoad;

/**
 * Runs the study as a user does, through the shaded jar in its own JVM, at smoke scale on a real
 * embedded member, for what README.md's smoke run (this study's defaults through the runner, checked in
 * bench-runner's ReadmeFirstScreenIT) cannot show: the jar on its own at a key count the default does
 * not use ends OK with exit status 0, every window end measured and every count right, and leaves no
 * benchmark JVM and no listening port; SIGTERM during a sweep of three key counts ends it INTERRUPTED
 * with the finished point kept; bad input ends before anything starts.
 */
class JetStudySmokeIT {

    @TempDir
    Path tmp;

    private ProcessBuilder study(String... properties) throws IOException {
        return new StudyJar(tmp.resolve("results")).command(properties);
    }

    /** Runs to the end; the output. */
    private String run(int[] exit, String... properties) throws Exception {
        return new StudyJar(tmp.resolve("results")).run(exit, properties);
    }

    private Path cell(String runId, String step) throws IOException {
        Path dir = tmp.resolve("results").resolve(runId).resolve("jet").resolve(step);
        try (Stream<Path> cells = Files.list(dir)) {
            List<Path> dirs = cells.filter(Files::isDirectory).collect(Collectors.toList());
            assertEquals(1, dirs.size(), "one JVM x GC cell: " + dirs);
            return dirs.get(0);
        }
    }

    /** The benchmark JVMs of a cell (its forks' folders are named by pid) are gone, and so are their members' ports. */
    private void assertNothingLeft(Path cell) throws IOException {
        try (Stream<Path> forks = Files.list(cell.resolve("forks"))) {
            for (Path fork : forks.collect(Collectors.toList())) {
                long pid = Long.parseLong(fork.getFileName().toString());
                assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "fork " + pid + " ended");
                JsonObject f = ResultFiles.readJson(fork.resolve("fork.json"));
                String address = f.getAsJsonObject("cluster").get("address").getAsString();
                int port = Integer.parseInt(address.substring(address.indexOf(':') + 1));
                assertEquals(port, EmbeddedMember.checkFree(port), "nothing listens on " + address);
            }
        }
    }

    /**
     * The jar on its own, without the runner, at a key count the default smoke run does not use (10, where
     * it uses 100): the point ends OK with exit status 0, every window end measured and every key's count
     * right, and leaves no benchmark JVM and no listening port. The default run's points, the Jet pipeline
     * and the published one at 100 keys, are checked on README.md's smoke run: bench-runner's
     * ReadmeFirstScreenIT.
     */
    @Test
    void theJarOnItsOwnAtTenKeysMeasuresEveryWindowWithTheRightCounts() throws Exception {
        int[] exit = new int[1];
        String out = run(exit, "bench.scale=smoke", "bench.run.id=alone", "bench.jet.keys=10",
                "bench.jet.variants=jet");
        UnderLoad.assertExitZero(exit[0], out, tmp.resolve("results"));
        assertTrue(out.contains("variants: sweep of bench.jet.keys: 10 for jet"), out);
        long keys = 10;
        Path cell = cell("alone", "jet-keys-" + keys);
        JetResultChecks.assertEveryWindowCounted(ResultFiles.readJson(cell.resolve("result.json")), keys);
        assertNothingLeft(cell);
        assertFalse(Files.exists(tmp.resolve("results").resolve("alone").resolve("jet").resolve("reference-keys-10")),
                "bench.jet.variants=jet runs the Jet pipeline only");
    }

    @Test
    void sigtermDuringASweepKeepsTheFinishedPointAndEndsInterrupted() throws Exception {
        Process p = study("bench.scale=smoke", "bench.run.id=stopped", "bench.jet.keys=10,20,30",
                "bench.warmup=1s", "bench.duration=2s", "bench.progress=500ms").start();
        p.getOutputStream().close();
        StringBuilder seen = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            int measuring = 0;
            while ((line = r.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.contains("[jet/jet-keys-20] measure") && ++measuring == 2) {
                    // the second point is measuring: stop the sweep, as kill or a CI timeout does
                    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).inheritIO().start().waitFor();
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the study stopped");
        assertEquals(128 + 15, p.exitValue(), "ended by SIGTERM:\n" + seen);
        assertTrue(seen.toString().contains("variants: sweep of bench.jet.keys: 10, 20, 30 for each of jet, reference"),
                seen.toString());
        Path finished = cell("stopped", "jet-keys-10");
        UnderLoad.assertOk(ResultFiles.readJson(finished.resolve("result.json")), "jet-keys-10");
        Path stopped = cell("stopped", "jet-keys-20");
        JsonObject r = ResultFiles.readJson(stopped.resolve("result.json"));
        assertEquals("INTERRUPTED", r.get("status").getAsString(), r.toString());
        assertTrue(r.getAsJsonObject("jet").get("windows").getAsLong() > 0, "kept what was measured: " + r);
        assertFalse(Files.exists(tmp.resolve("results").resolve("stopped").resolve("jet").resolve("jet-keys-30")),
                "the sweep stopped: " + seen);
        assertNothingLeft(finished);
        assertNothingLeft(stopped);
    }

    @Test
    void badInputEndsBeforeAnythingStarts() throws Exception {
        int[] exit = new int[1];
        String out = run(exit, "bench.scale=smoke", "bench.jet.keys=0");
        assertEquals(2, exit[0], out);
        assertTrue(out.contains("bench.jet.keys=0 is not valid: expected key counts from 1 to 10000000"), out);
        out = run(exit, "bench.scale=smoke", "bench.jet.window=1s", "bench.jet.slide=300ms");
        assertEquals(2, exit[0], out);
        assertTrue(out.contains("bench.jet.slide=300ms is not valid: the slide must divide the window"), out);
        assertFalse(Files.exists(tmp.resolve("results")), "nothing was started or written");
    }
}
