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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.run.OwnerLock;
import dev.latencybench.runner.cli.UsageException;

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
}
