package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.OwnerLock;

/**
 * Processes killed with SIGKILL, which runs no hook and so cannot stop their children: a cell's
 * launcher sees its runner gone and stops itself and its benchmark JVM, keeping what was measured;
 * a benchmark JVM sees its launcher gone and stops itself. Within seconds, and nothing is left
 * running, holding a lock or holding queue files. (Without the watch, a JMH fork whose host was
 * killed runs on until its measured period ends.)
 */
@ExtendWith(MachineShare.Held.class) // beside README's smoke run once its queue cells are done
class RunnerKillIT {
    /** A few seconds: the watches look every 500 ms, then the forks write what they measured. */
    private static final long GONE_WITHIN_MS = 15_000;

    @TempDir
    Path tmp;
    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    /** Starts {@code bench ARGS} and returns once its cell measures. */
    private BenchJar.Watched startMeasuring(String... args) throws Exception {
        BenchJar.Watched bench = new BenchJar.Watched(BenchJar.command(tmp.resolve("cache"), args));
        started.add(bench.process.toHandle());
        assertTrue(bench.awaitMeasuring(120), "the cell started measuring:\n" + bench.seen());
        bench.process.toHandle().descendants().forEach(started::add);
        return bench;
    }

    /** The runner's descendants whose command line holds {@code marker}: StudyMain (launcher), ForkedMain (fork). */
    private static List<ProcessHandle> children(Process runner, String marker) {
        List<ProcessHandle> found = runner.toHandle().descendants().filter(h -> h.info().commandLine().orElse("")
                .contains(marker)).collect(Collectors.toList());
        assertFalse(found.isEmpty(), "a " + marker + " process runs under the runner");
        return found;
    }

    private static void kill(ProcessHandle p) throws Exception {
        new ProcessBuilder("kill", "-KILL", Long.toString(p.pid())).inheritIO().start().waitFor();
    }

    private static void assertGoneInTime(List<ProcessHandle> processes, long sinceNs) throws Exception {
        for (ProcessHandle p : processes) {
            long leftMs = GONE_WITHIN_MS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNs);
            try {
                p.onExit().get(Math.max(1, leftMs), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("still running " + GONE_WITHIN_MS + " ms after the kill: " + p.pid() + " "
                        + p.info().commandLine().orElse("?"));
            }
        }
    }

    @Test
    void sigkillOfTheRunnerOrOfTheLauncherStopsWhatEachStartedWithinSeconds() throws Exception {
        Path results = tmp.resolve("results");
        Path shm = Files.createDirectories(tmp.resolve("shm"));
        BenchJar.Watched bench = startMeasuring("run", "--scenarios", "queue", "--jvms", "current", "--gcs", "serial", "--scale", "smoke",
                "-Dbench.transports=chronicle", "-Dbench.duration=60s", "-Dbench.progress=500ms", "--results",
                results.toString(), "--run-id", "k1", "-Dbench.queue.dir=" + shm);
        Process runner = bench.process;
        List<ProcessHandle> cell = new ArrayList<>(children(runner, "StudyMain"));
        cell.addAll(children(runner, "ForkedMain"));
        cell.addAll(children(runner, "ControlProbeMain")); // the launcher's idle control JVM

        kill(runner.toHandle());
        assertTrue(runner.waitFor(10, TimeUnit.SECONDS), "the runner is gone");
        assertGoneInTime(cell, System.nanoTime());

        Path runDir = results.resolve("k1");
        Path cellDir = Files.list(runDir.resolve("queue/chronicle")).filter(d -> d.toString().endsWith("__serial"))
                .findFirst().orElseThrow();
        JsonObject kept = ResultFiles.readJson(cellDir.resolve("result.json"));
        assertEquals("INTERRUPTED", kept.get("status").getAsString(), bench.seen());
        assertTrue(kept.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong() > 0,
                "what was measured is kept: " + kept + "\n" + bench.seen());
        assertFalse(Files.list(shm).findAny().isPresent(), "no queue files left");
        Path machineTmp = BenchJar.tmpDir(tmp.resolve("cache")); // the runner's and its launchers' java.io.tmpdir
        assertNull(OwnerLock.holder(runDir.resolve(RunClaim.RUN_LOCK)), "the run folder is free for --resume");
        assertNull(OwnerLock.holder(machineTmp.resolve(RunClaim.MACHINE_LOCK)), "the machine is free for a run");
        assertNull(OwnerLock.holder(machineTmp.resolve(OwnerLock.JMH_LOCK)), "JMH's lock is free");

        // resumed, then its launcher killed: nothing stops the benchmark JVM but its own watch
        bench = startMeasuring("run", "--resume", runDir.toString());
        runner = bench.process;
        List<ProcessHandle> forks = children(runner, "ForkedMain");
        forks.addAll(children(runner, "ControlProbeMain")); // its input ends with its launcher
        for (ProcessHandle launcher : children(runner, "StudyMain")) {
            kill(launcher);
        }
        assertGoneInTime(forks, System.nanoTime());
        assertTrue(runner.waitFor(60, TimeUnit.SECONDS), "the runner records the cell and ends:\n" + bench.seen());
        assertEquals(1, runner.exitValue(), bench.seen());
        assertFalse(Files.list(shm).findAny().isPresent(), "no queue files left");
        assertNull(OwnerLock.holder(machineTmp.resolve(OwnerLock.JMH_LOCK)), "JMH's lock is free");
    }
}
