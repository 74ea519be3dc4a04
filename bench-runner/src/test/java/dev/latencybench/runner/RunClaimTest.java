package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.OwnerLock;
import dev.latencybench.launch.UsageException;

/** The run folder's run.lock: held while a run works, gone once it ended, never taken from another runner. */
class RunClaimTest {
    @TempDir
    Path tmp;

    private Path machineTmp() throws IOException {
        return Files.createDirectories(tmp.resolve("tmp"));
    }

    @Test
    void aFinishedRunLeavesNoRunLockInItsFolder() throws IOException {
        Path runDir = tmp.resolve("results").resolve("r1");
        Path lock = runDir.resolve(RunClaim.RUN_LOCK);
        try (RunClaim claim = RunClaim.take(runDir, false, machineTmp())) {
            assertTrue(Files.exists(lock), "taken in the new run folder");
            assertNotNull(OwnerLock.holder(lock), "held while the run works");
        }
        assertFalse(Files.exists(lock), "the finished run's folder holds only what the run wrote");
        assertTrue(Files.isDirectory(runDir));
        assertNull(OwnerLock.holder(tmp.resolve("tmp").resolve(RunClaim.MACHINE_LOCK)), "the machine is free again");
    }

    @Test
    void aRunThatFailedOrWasResumedLeavesNoRunLockEither() throws IOException {
        Path runDir = Files.createDirectories(tmp.resolve("r2"));
        Path lock = runDir.resolve(RunClaim.RUN_LOCK);
        assertThrows(IllegalStateException.class, () -> {
            try (RunClaim claim = RunClaim.take(runDir, true, machineTmp())) {
                assertTrue(Files.exists(lock));
                throw new IllegalStateException("a cell could not start");
            }
        });
        assertFalse(Files.exists(lock), "removed on the way out of a failed run too");
    }

    @Test
    void aRunnerRefusedTheFolderLeavesTheOtherRunnersLockInPlace() throws Exception {
        Path runDir = Files.createDirectories(tmp.resolve("r3"));
        Path lock = runDir.resolve(RunClaim.RUN_LOCK);
        Process owner = LockHolder.start(lock, false);
        try {
            assertThrows(UsageException.class, () -> RunClaim.take(runDir, true, machineTmp()));
            assertTrue(Files.exists(lock), "the refused runner does not remove what it does not hold");
            assertEquals(Long.toString(owner.pid()), Files.readString(lock).trim());
            assertNotNull(OwnerLock.holder(lock), "still held by the first runner");
        } finally {
            owner.destroyForcibly().waitFor();
        }
    }
    /**
     * Ctrl-C (SIGINT) or SIGTERM of a runner while a cell runs: the cell's process is stopped and reaped, run.json
     * records the interruption, and run.lock is gone from the run folder (only kill -9 leaves it, unheld).
     */
    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalDuringARunLeavesNoRunLockAndNoProcess(String signal) throws Exception {
        if (signal.equals("INT")) {
            dev.latencybench.core.testing.Sigint.assertHeard();
        }
        Path dir = Files.createDirectories(tmp.resolve(signal));
        Process runner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), SignalledRun.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        List<ProcessHandle> started = new ArrayList<>();
        try {
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(runner.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            StringBuilder seen = new StringBuilder();
            for (String line = r.readLine(); line != null && !line.equals("latency-bench: measuring"); line = r.readLine()) {
                seen.append(line).append('\n');
            }
            runner.toHandle().descendants().forEach(started::add);
            assertFalse(started.isEmpty(), "the cell runs under the runner:\n" + seen);
            Path lock = dir.resolve("results/r1").resolve(RunClaim.RUN_LOCK);
            assertNotNull(OwnerLock.holder(lock), "held while the cell runs");

            new ProcessBuilder("kill", "-" + signal, Long.toString(runner.pid())).inheritIO().start().waitFor();
            assertTrue(runner.waitFor(30, TimeUnit.SECONDS), "the runner ended after SIG" + signal);
            runner.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            assertEquals(128 + (signal.equals("INT") ? 2 : 15), runner.exitValue(), "ended by the signal");
            for (ProcessHandle p : started) {
                assertTrue(p.onExit().get(5, TimeUnit.SECONDS) != null && !p.isAlive(), "the cell was stopped and reaped");
            }
            assertFalse(Files.exists(lock), "no run.lock left after SIG" + signal);
            JsonObject run = ResultFiles.readJson(dir.resolve("results/r1/run.json"));
            assertEquals("INTERRUPTED", run.getAsJsonArray("cells").get(0).getAsJsonObject().get("status")
                    .getAsString(), "recorded before the folder was released: " + run);
        } finally {
            started.forEach(ProcessHandle::destroyForcibly);
            runner.destroyForcibly().waitFor();
        }
    }
}
