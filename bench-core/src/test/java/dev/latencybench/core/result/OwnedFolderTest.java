package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnedFolderTest {
    @TempDir
    Path parent;

    @Test
    void aLiveFolderIsLeftAloneAndCloseRemovesItAndItsLock() throws Exception {
        OwnedFolder live = OwnedFolder.create(parent, "lb-test-");
        Files.writeString(live.path().resolve("data"), "x");
        assertTrue(live.path().getFileName().toString().startsWith("lb-test-" + ProcessHandle.current().pid() + "-"));
        assertEquals(List.of(), OwnedFolder.removeStale(parent, "lb-test-", "test files"), "its lock is held");
        assertTrue(Files.exists(live.path()));
        live.close();
        live.close(); // idempotent
        assertFalse(Files.exists(live.path()));
        assertFalse(Files.exists(OwnedFolder.lockFileOf(live.path())));
    }

    @Test
    void aFolderWhoseLockNobodyHoldsIsRemovedAndSaid() throws Exception {
        Path stale = Files.createDirectories(parent.resolve("lb-test-999999-abc"));
        Files.write(stale.resolve("queue"), new byte[2 * 1024 * 1024]);
        Files.writeString(OwnedFolder.lockFileOf(stale), ""); // the owner was killed: nobody holds it
        Path other = Files.createDirectories(parent.resolve("someone-else"));
        List<String> removed = OwnedFolder.removeStale(parent, "lb-test-", "test files");
        assertEquals(List.of("removed " + stale + " (2.0 MiB of test files), left behind by a benchmark JVM that was"
                + " killed or crashed"), removed);
        assertFalse(Files.exists(stale));
        assertFalse(Files.exists(OwnedFolder.lockFileOf(stale)));
        assertTrue(Files.exists(other), "not ours");
    }

    @Test
    void aFolderWithoutALockFileIsJudgedByItsProcess() throws Exception {
        Path mine = Files.createDirectories(parent.resolve("lb-test-" + ProcessHandle.current().pid() + "-new"));
        assertFalse(OwnedFolder.isStale(mine, "lb-test-"), "its JVM runs: made a moment before its lock file");
        Path gone = Files.createDirectories(parent.resolve("lb-test-" + Long.MAX_VALUE / 2 + "-old"));
        assertTrue(OwnedFolder.isStale(gone, "lb-test-"));
    }
}
