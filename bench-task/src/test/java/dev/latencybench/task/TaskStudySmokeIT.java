package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.task.tasks.QueueHandoffTask;
import dev.latencybench.core.testing.UnderLoad;

/**
 * The study's own jar as a user runs it, with a task of theirs from a folder of classes (this module's
 * test classes, named by {@code bench.task.jar}): the floor and the task end OK with every run sampled
 * and exit status 0; SIGTERM while the task is measured ends the run INTERRUPTED with what was measured
 * kept and no benchmark JVM left (the task's own consumer thread dies with its JVM); bad input ends
 * before anything starts.
 */
class TaskStudySmokeIT {
    private static final Path TASKS = Paths.get("target/test-classes").toAbsolutePath();

    @TempDir
    Path tmp;

    private StudyJar jar() {
        return new StudyJar(tmp.resolve("results"), "bench.task.jar=" + TASKS);
    }

    private ProcessBuilder study(String... properties) throws IOException {
        return jar().command(properties);
    }

    private String run(int[] exit, String... properties) throws Exception {
        return jar().run(exit, properties);
    }

    private Path cell(String runId, String variant) throws IOException {
        try (Stream<Path> cells = Files.list(tmp.resolve("results").resolve(runId).resolve("task").resolve(variant))) {
            return cells.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private static void assertNoForkLeft(Path cell) throws IOException {
        try (Stream<Path> forks = Files.list(cell.resolve("forks"))) {
            for (Path fork : forks.collect(Collectors.toList())) {
                long pid = Long.parseLong(fork.getFileName().toString());
                assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "fork " + pid + " ended");
            }
        }
    }

    @Test
    void theJarRunsTheFloorAndATaskFromTheUsersClasses() throws Exception {
        int[] exit = new int[1];
        String out = run(exit, "bench.scale=smoke", "bench.run.id=alone", "bench.cpus=none",
                "bench.task.classes=" + QueueHandoffTask.class.getName());
        UnderLoad.assertExitZero(exit[0], out, tmp.resolve("results"));
        for (String variant : List.of("floor", "QueueHandoffTask")) {
            JsonObject r = ResultFiles.readJson(cell("alone", variant).resolve("result.json"));
            UnderLoad.assertOk(r, variant);
            assertEquals(20_000, r.get("runs").getAsLong(), "smoke: 2 s at 10,000 calls/s");
            assertEquals(20_000, r.get("samples").getAsLong());
            assertEquals(20_000, r.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
            assertNoForkLeft(cell("alone", variant));
        }
    }

    @Test
    void sigtermWhileTheTaskIsMeasuredKeepsWhatItMeasuredAndLeavesNoJvm() throws Exception {
        // the floor runs first, for the whole duration: 5 s is long enough for the signal, sent as the task's
        // measurement begins, to land inside it on a busy machine, where 20 s spent 15 s more on the floor
        Process p = study("bench.scale=smoke", "bench.run.id=stopped", "bench.cpus=none", "bench.warmup=500ms",
                "bench.duration=5s", "bench.progress=500ms", "bench.task.classes=" + QueueHandoffTask.class.getName())
                .start();
        p.getOutputStream().close();
        StringBuilder seen = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            boolean sent = false;
            while ((line = r.readLine()) != null) {
                seen.append(line).append('\n');
                if (!sent && line.contains("[task/QueueHandoffTask] measure")) {
                    sent = true; // SIGTERM, as kill or a CI timeout sends
                    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).inheritIO().start().waitFor();
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the study stopped");
        assertEquals(128 + 15, p.exitValue(), "ended by SIGTERM:\n" + seen);
        Path stopped = cell("stopped", "QueueHandoffTask");
        JsonObject r = ResultFiles.readJson(stopped.resolve("result.json"));
        assertEquals("INTERRUPTED", r.get("status").getAsString(), r.toString());
        assertTrue(r.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong() > 0,
                "kept what was measured: " + r);
        assertNoForkLeft(stopped);
        assertNoForkLeft(cell("stopped", "floor"));
    }

    @Test
    void badInputEndsBeforeAnythingStarts() throws Exception {
        int[] exit = new int[1];
        String out = run(exit, "bench.scale=smoke", "bench.task.classes=com.example.Nope");
        assertEquals(2, exit[0], out);
        assertTrue(out.contains("bench.task.classes=com.example.Nope is not valid: there is no class com.example.Nope"
                + " in the jar(s) [" + TASKS + "]"), out);
        out = run(exit, "bench.scale=smoke", "bench.task.classes=" + dev.latencybench.task.tasks.BadTasks.ThrowingSetUp
                .class.getName());
        assertEquals(2, exit[0], out);
        assertTrue(out.contains("failed: java.lang.IllegalStateException: no config file at /etc/nowhere.conf"), out);
        assertFalse(Files.exists(tmp.resolve("results")), "nothing was started or written");
    }
}
