package dev.latencybench.core.result;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Says what a fault in a memory-mapped file means. A write to a mapped file whose file system has no page left for
 * it (a full tmpfs such as {@code /dev/shm}, a full disk) is a SIGBUS, which the JVM turns into
 * {@code java.lang.InternalError: a fault occurred in a recent unsafe memory access operation}: true, and no help to
 * someone whose queue folder filled up. Stateless; off the hot path (called once, on the error).
 */
public final class MappedFileFault {
    /** The JVM's words for a SIGBUS in a mapped file (HotSpot, JDK 11 to 25). */
    static final String JVM_WORDS = "a fault occurred in a recent unsafe memory access operation";

    private MappedFileFault() {
    }

    /**
     * What {@code t} means when it (or a cause of it) is the JVM's mapped-file fault: {@code <what>'s file system
     * (<store> at <dir>) is full: N bytes free ...}; else {@code t.toString()}.
     *
     * @param what what lives in {@code dir}, as a sentence starts: {@code the queue}
     * @param dir  the folder of the mapped files
     */
    public static String explain(Throwable t, String what, Path dir) {
        if (!is(t)) {
            return t.toString();
        }
        return what + "'s file system (" + where(dir) + ") is full: a write to its memory-mapped files found no room"
                + " (the JVM says \"" + JVM_WORDS + "\"); free space there or point the study at a larger folder";
    }

    /** Whether {@code t}, or a cause of it, is the JVM's fault in a memory-mapped file. */
    public static boolean is(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof InternalError && c.getMessage() != null && c.getMessage().contains(JVM_WORDS)) {
                return true;
            }
        }
        return false;
    }

    /** {@code /dev/shm (tmpfs) at /dev/shm/lb-…, 0 bytes free of 2,097,152}; the folder alone when unreadable. */
    static String where(Path dir) {
        try {
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) { // the folder may be gone already
                existing = existing.getParent();
            }
            FileStore store = Files.getFileStore(existing == null ? dir : existing);
            return String.format(Locale.ROOT, "%s at %s, %,d bytes free of %,d", store, dir, store.getUsableSpace(),
                    store.getTotalSpace());
        } catch (IOException | RuntimeException e) {
            return dir.toString();
        }
    }
}
