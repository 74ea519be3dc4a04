package dev.latencybench.queue;

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
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.core.testing.UnderLoad;

/**
 * Runs the study as a user does, through the shaded benchmark jar in its own JVM, at smoke scale, for
 * what README.md's smoke run (which runs this study's defaults through the runner, checked in
 * bench-runner's ReadmeFirstScreenIT) cannot show: the jar on its own ends with exit status 0; results
 * that cannot be written fail the run naming the file; bad input stops before anything starts; an
 * interrupted run keeps what it measured and leaves no queue files behind.
 */
class QueueStudySmokeIT {

    @TempDir
    Path tmp;
    private Path queueDir;

    @BeforeEach
    void queueDir() throws IOException {
        queueDir = Files.createDirectories(tmp.resolve("shm"));
    }

    private ProcessBuilder study(String... properties) throws IOException {
        return new StudyJar(tmp.resolve("results"), "bench.queue.dir=" + queueDir).command(properties);
    }

    private static String runToEnd(ProcessBuilder pb, int[] exit) throws Exception {
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(p));
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the study ended in time");
        exit[0] = p.exitValue();
        return output.get(10, TimeUnit.SECONDS);
    }

    private static String readAll(Process p) {
        try {
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private Path cell(String runId, String transport) throws IOException {
        Path variant = tmp.resolve("results").resolve(runId).resolve("queue").resolve(transport);
        try (Stream<Path> cells = Files.list(variant)) {
            List<Path> dirs = cells.filter(Files::isDirectory).collect(Collectors.toList());
            assertEquals(1, dirs.size(), "one JVM x GC cell: " + dirs);
            return dirs.get(0);
        }
    }

    /**
     * The jar on its own, without the runner: one transport's run makes a run folder of its own, prints the
     * table and ends with exit status 0. What every transport measures at the default smoke scale (each
     * message accounted for, the files, the .hlog read back, no allocation per message, the schedule) is
     * checked on README.md's smoke run, which runs this study's defaults: bench-runner's ReadmeFirstScreenIT.
     */
    @Test
    void theJarOnItsOwnRunsATransportAndEndsWithStatusZero() throws Exception {
        int[] exit = new int[1];
        String output = runToEnd(study("bench.scale=smoke", "bench.run.id=alone", "bench.transports=baseline"), exit);
        UnderLoad.assertExitZero(exit[0], output, tmp.resolve("results"));
        assertTrue(output.contains("latency from the intended send time"), output);
        JsonObject r = ResultFiles.readJson(cell("alone", "baseline").resolve("result.json"));
        UnderLoad.assertOk(r, "baseline");
        assertEquals(200_000, r.get("sent").getAsLong(), "smoke: 2 s at 100K msg/s");
        assertEquals(r.get("sent").getAsLong(), r.get("received").getAsLong());
    }

    @Test
    void resultsThatCannotBeWrittenFailTheRunNamingTheFileAndLeaveNoHalfFile() throws Exception {
        // the cell's latency.hlog is taken by a folder, so the merged log cannot be put there, as on a full
        // disk (whose own words the unit tests check on a 1 MiB tmpfs): the run must not end as a success
        String cellName = JvmIdentity.jvmId(System.getProperty("java.vendor"), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), List.of()) + "__serial";
        Path cell = tmp.resolve("results/unwritable/queue/baseline").resolve(cellName);
        Path hlog = Files.createDirectories(cell.resolve("latency.hlog"));
        Files.writeString(hlog.resolve("in-the-way"), "");
        ProcessBuilder pb = study("bench.scale=smoke", "bench.run.id=unwritable", "bench.transports=baseline",
                "bench.jvm.args=-XX:+UseSerialGC");
        pb.command().add("--part-of-run"); // its run folder exists, as when the runner made it
        int[] exit = new int[1];
        String output = runToEnd(pb, exit);

        assertEquals(1, exit[0], output);
        String[] lines = output.trim().split("\n");
        assertTrue(lines[lines.length - 1].startsWith("latency-bench: baseline: cannot write " + hlog + ": "), output);
        assertTrue(output.contains("; what the forks measured is kept in " + cell.resolve("forks")), output);
        try (Stream<Path> files = Files.list(cell)) {
            List<String> names = files.map(f -> f.getFileName().toString()).collect(Collectors.toList());
            assertTrue(names.stream().noneMatch(n -> n.startsWith(".")), "no temporary file left: " + names);
            assertFalse(names.contains("result.json"), "no result under a final name: " + names);
        }
        try (Stream<Path> forks = Files.list(cell.resolve("forks"))) {
            assertTrue(forks.anyMatch(f -> Files.isRegularFile(f.resolve("fork.json"))), "what was measured is kept");
        }
    }

    @Test
    void aTooSmallPayloadFailsBeforeAnythingStarts() throws Exception {
        int[] exit = new int[1];
        String output = runToEnd(study("bench.scale=smoke", "bench.payload=8"), exit);
        assertEquals(2, exit[0], output);
        assertTrue(output.contains("latency-bench: bench.payload=8 is not valid: expected payload bytes per message"
                + " (at least 24: sequence, intended and actual send time) from 24 to 1048576"), output);
        assertFalse(Files.exists(tmp.resolve("results")), "nothing was started or written");
    }

    @Test
    void anInterruptedRunKeepsWhatItMeasuredAndCleansUp() throws Exception {
        Process p = study("bench.scale=smoke", "bench.run.id=stopped", "bench.transports=chronicle",
                "bench.warmup=500ms", "bench.duration=60s", "bench.progress=500ms").start();
        p.getOutputStream().close();
        StringBuilder seen = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            int measuring = 0;
            while ((line = r.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.contains("[queue/chronicle] measure") && ++measuring == 3) {
                    // SIGTERM, as kill or a CI timeout sends; Process.destroy() would also close our pipe
                    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).inheritIO().start().waitFor();
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the study stopped");
        assertEquals(128 + 15, p.exitValue(), "ended by SIGTERM:\n" + seen);
        JsonObject r = ResultFiles.readJson(cell("stopped", "chronicle").resolve("result.json"));
        assertEquals("INTERRUPTED", r.get("status").getAsString(), r.toString());
        assertTrue(r.get("sent").getAsLong() > 0, "kept what was measured: " + r);
        assertTrue(r.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong() > 0, r.toString());
        assertEquals(Set.of(), leftInQueueDir());
    }

    private Set<String> leftInQueueDir() throws IOException {
        try (Stream<Path> s = Files.list(queueDir)) {
            return s.map(x -> x.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
