package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedFileFaultTest {
    @TempDir
    Path tmp;

    /** The words HotSpot uses for a SIGBUS in a mapped file, as Chronicle Queue's writer threw them on a full tmpfs. */
    private static final InternalError FAULT = new InternalError("a fault occurred in a recent unsafe memory access"
            + " operation in compiled Java code");

    @Test
    void theJvmsFaultReadsAsAFullFileSystemNamingTheFolderAndItsFreeSpace() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("latency-bench-queue-1-2"));
        FileStore store = Files.getFileStore(dir);
        String text = MappedFileFault.explain(FAULT, "the queue", dir);
        assertTrue(text.startsWith("the queue's file system (" + store + " at " + dir + ", "), text);
        assertTrue(text.matches(".* [0-9,]+ bytes free of " + String.format(Locale.ROOT, "%,d", store.getTotalSpace())
                + "\\) is full: a write to its memory-mapped files found no room \\(the JVM says \"a fault occurred in"
                + " a recent unsafe memory access operation\"\\); free space there or point the study at a larger"
                + " folder"), text);
        assertTrue(MappedFileFault.is(new IllegalStateException("append failed", FAULT)), "found as a cause too");
        // the free space is read at each call, and other writers on the machine move it between the two
        String free = " [0-9,]+ bytes free of ";
        assertEquals(text.replaceAll(free, " N bytes free of "), MappedFileFault.explain(new IllegalStateException(
                "append failed", FAULT), "the queue", dir).replaceAll(free, " N bytes free of "));
    }

    @Test
    void otherErrorsAreSaidAsTheyAreAndAFolderAlreadyGoneIsStillNamed() {
        IllegalStateException other = new IllegalStateException("queue closed");
        assertFalse(MappedFileFault.is(other));
        assertFalse(MappedFileFault.is(new InternalError("something else")));
        assertEquals(other.toString(), MappedFileFault.explain(other, "the queue", tmp));
        Path gone = tmp.resolve("removed/already");
        assertTrue(MappedFileFault.explain(FAULT, "the queue", gone).startsWith("the queue's file system ("),
                "the nearest folder that exists gives the file system");
        assertTrue(MappedFileFault.where(gone).contains(" at " + gone + ", "), MappedFileFault.where(gone));
    }
}
