package dev.latencybench.core.result;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says what a fault in a memory-mapped file means: a write with no page left on its file system (a full
 * {@code /dev/shm}) is a SIGBUS that the JVM reports in words no help to the user. Stateless; off the hot path.
 */
public final class MappedFileFault {
    /** The JVM's words for a SIGBUS in a mapped file (HotSpot, JDK 11 to 25). */
    static final String JVM_WORDS = "a fault occurred in a recent unsafe memory access operation";
    /** A crash dump's SIGBUS line, with its address. */
    private static final Pattern SIGBUS = Pattern.compile("^siginfo: si_signo: 7 \\(SIGBUS\\).*si_addr: 0x([0-9a-fA-F]+)");
    /** A crash dump's memory map line of a shared file mapping. */
    private static final Pattern SHARED_MAP = Pattern.compile(
            "^([0-9a-f]+)-([0-9a-f]+) [r-][w-][x-]s \\S+ \\S+ \\d+\\s+(/.+)$");
    /** The frame a crash dump names, e.g. {@code Unsafe_CompareAndSetInt+0x140}. */
    private static final Pattern FRAME = Pattern.compile("^# [VjJC] +\\[[^]]*\\] +([A-Za-z_][\\w:.$]*)");

    private MappedFileFault() {
    }

    /**
     * Says that {@code what}'s file system is full when {@code t} or a cause is the JVM's mapped-file fault; else
     * {@code t.toString()}.
     *
     * @param what what lives in {@code dir}, as a sentence starts: {@code the queue}
     */
    public static String explain(Throwable t, String what, Path dir) {
        if (!is(t)) {
            return t.toString();
        }
        return what + "'s file system (" + where(dir) + ") is full: a write to its memory-mapped files found no room"
                + " (the JVM says \"" + JVM_WORDS + "\"); free space there or point the study at a larger folder";
    }

    /**
     * Says which file system is full when a JVM crash dump's lines show a SIGBUS inside a shared file mapping (a fault
     * in the JVM's own code, which it cannot turn into an error); null for any other crash.
     */
    public static String explainCrash(List<String> dump) {
        long addr = -1;
        String frame = null;
        for (String line : dump) {
            Matcher m = SIGBUS.matcher(line);
            if (m.find()) {
                addr = Long.parseUnsignedLong(m.group(1), 16);
            }
            Matcher f = FRAME.matcher(line);
            if (frame == null && f.find()) {
                frame = f.group(1);
            }
        }
        if (addr == -1) {
            return null;
        }
        for (String line : dump) {
            Matcher m = SHARED_MAP.matcher(line.trim());
            if (m.find() && Long.compareUnsigned(addr, Long.parseUnsignedLong(m.group(1), 16)) >= 0
                    && Long.compareUnsigned(addr, Long.parseUnsignedLong(m.group(2), 16)) < 0) {
                String file = m.group(3).trim();
                Path folder = Path.of(file).getParent();
                return "the file system of the memory-mapped file " + file + " (" + where(folder == null ? Path.of(file)
                        : folder) + ") is full: a write to it found no room (SIGBUS" + (frame == null ? "" : " in "
                        + frame) + "); free space there or point the study at a larger folder";
            }
        }
        return null;
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

    /** The file store, folder and free space; the folder alone when unreadable. */
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
