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

import dev.latencybench.core.os.ProcessTree;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.task.tasks.HostileTasks;
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

    /**
     * Runs the study to its end with a bound: its output read on a thread, so that a run held by a pipe that
     * never ends fails the test instead of hanging it; returns the output, the exit status into {@code exit[0]}.
     */
    private String runBounded(int[] exit, long boundSec, String... properties) throws Exception {
        ProcessBuilder b = study(properties);
        ProcessTree.mark(b); // as the runner starts each cell's launcher
        Process p = b.start();
        p.getOutputStream().close();
        java.util.concurrent.CompletableFuture<String> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        boolean ended = p.waitFor(boundSec, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String text = out.getNow("(its output still open)");
        assertTrue(ended, "the run ended on its own within " + boundSec + " s:\n" + text);
        exit[0] = p.exitValue();
        return text;
    }

    /** The pids a task appended to the file; each must be gone (ended at once, whatever the test's outcome). */
    private static void assertNoneAlive(Path pidFile, String out) throws Exception {
        List<Long> pids = Files.readAllLines(pidFile).stream().map(l -> Long.parseLong(l.trim()))
                .collect(Collectors.toList());
        for (long pid : pids) { // ended: gone once init has reaped it
            ProcessHandle.of(pid).ifPresent(h -> {
                try {
                    h.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // still alive: said below
                }
            });
        }
        List<Long> alive = pids.stream().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .collect(Collectors.toList());
        alive.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        assertEquals(List.of(), alive, "of the task's children " + pids + ", none is left:\n" + out);
    }

    @Test
    void aChildProcessTheTaskStartsCannotHoldTheRunAndIsEnded() throws Exception {
        Path pids = tmp.resolve("child.pids");
        int[] exit = new int[1];
        String out = runBounded(exit, 90, "bench.scale=smoke", "bench.run.id=child", "bench.cpus=none",
                "bench.warmup=200ms", "bench.duration=1s", "bench.task.pidFile=" + pids,
                "bench.task.classes=" + HostileTasks.ChildProcessInSetUp.class.getName());
        assertNoneAlive(pids, out);
        UnderLoad.assertExitZero(exit[0], out, tmp.resolve("results"));
        assertTrue(Files.readAllLines(pids).size() >= 2, "the check's JVM and the fork each started one");
    }

    /**
     * The fork halts right after starting its child, before the launcher's watch (once a second) can have seen
     * the child among its descendants: found by the mark the runner gives the launcher, which the child inherits.
     */
    @Test
    void aChildProcessOfAForkThatHaltsIsEndedAndTheCellFails() throws Exception {
        Path pids = tmp.resolve("child.pids");
        int[] exit = new int[1];
        String out = runBounded(exit, 90, "bench.scale=smoke", "bench.run.id=halt", "bench.cpus=none",
                "bench.warmup=200ms", "bench.duration=1s", "bench.task.pidFile=" + pids,
                "bench.task.classes=" + HostileTasks.ChildProcessThenHaltInFork.class.getName());
        assertNoneAlive(pids, out);
        assertEquals(1, exit[0], out);
        assertTrue(out.contains(", left running by a benchmark JVM that ended"), out);
        JsonObject r = ResultFiles.readJson(cell("halt", "ChildProcessThenHaltInFork").resolve("result.json"));
        assertEquals("FAILED", r.get("status").getAsString());
        assertTrue(r.get("reasons").toString().contains("the benchmark JVM ended while starting the workload, in setUp()"
                + " of " + HostileTasks.ChildProcessThenHaltInFork.class.getName() + ", before anything was measured (the"
                + " JVM ended with exit code 0: the code's own System.exit(0) or Runtime.halt(0))"), r.toString());
    }

    @Test
    void aSetUpStuckOnlyInTheForkEndsTheRunWithTheCellFailedNamingSetUp() throws Exception {
        int[] exit = new int[1];
        long start = System.nanoTime();
        String out = runBounded(exit, 110, "bench.scale=smoke", "bench.run.id=stuck", "bench.cpus=none",
                "bench.warmup=200ms", "bench.duration=1s",
                "bench.task.classes=" + HostileTasks.SetUpStuckOnlyInFork.class.getName());
        assertEquals(1, exit[0], out);
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(100), "ended in bounded time");
        Path stuck = cell("stuck", "SetUpStuckOnlyInFork");
        JsonObject r = ResultFiles.readJson(stuck.resolve("result.json"));
        assertEquals("FAILED", r.get("status").getAsString());
        assertTrue(r.get("reasons").toString().contains("starting the workload did not end within 30s: in setUp() of "
                + HostileTasks.SetUpStuckOnlyInFork.class.getName()), r.toString());
        assertNoForkLeft(stuck);
    }

    @Test
    void aClassNameLongerThanAFileNameRunsOkUnderAShortenedStableVariantKeepingItsName() throws Exception {
        String name = "dev.latencybench.task.tasks." + LONG_NAME;
        int[] exit = new int[1];
        String out = runBounded(exit, 110, "bench.scale=smoke", "bench.run.id=long", "bench.cpus=none",
                "bench.warmup=200ms", "bench.duration=1s", "bench.task.classes=" + name);
        UnderLoad.assertExitZero(exit[0], out, tmp.resolve("results"));
        String variant = TaskClasses.variantOf(name);
        Path cell = cell("long", variant);
        JsonObject r = ResultFiles.readJson(cell.resolve("result.json"));
        UnderLoad.assertOk(r, variant);
        assertEquals(name, r.get("taskClass").getAsString(), "the whole name is kept in the file");
        assertTrue(Files.exists(cell.resolve(dev.latencybench.core.result.ResultLayout.jmhJson("task", variant))));
    }

    /** The simple name of a task class of 237 characters (its source file is named after it). */
    private static final String LONG_NAME = "LongNamedTask" + "X".repeat(237 - "LongNamedTask".length());

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
