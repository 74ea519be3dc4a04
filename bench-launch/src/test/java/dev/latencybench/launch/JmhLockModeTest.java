package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhLockModeTest {
    @TempDir
    Path tmp;

    /** JMH leaves its jmh.lock writable by everyone (mode 666); the launcher takes that back after its forks. */
    @Test
    void jmhsLockWritableByEveryoneIsMadeOwnerWritableOnly() throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        Path lock = Files.createFile(tmp.resolve(OwnerLock.JMH_LOCK));
        Files.setPosixFilePermissions(lock, PosixFilePermissions.fromString("rw-rw-rw-")); // as JMH leaves it

        assertTrue(OwnerLock.restrictJmhLock(tmp));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(lock)));
        assertFalse(OwnerLock.restrictJmhLock(tmp), "once is enough");
        assertFalse(OwnerLock.restrictJmhLock(tmp.resolve("none")), "no lock, nothing to do");
    }
}
