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
 * Says what a fault in a memory-mapped file means. A write to a mapped file whose file system has no page left for
 * it (a full tmpfs such as {@code /dev/shm}, a full disk) is a SIGBUS, which the JVM turns into
 * {@code java.lang.InternalError: a fault occurred in a recent unsafe memory access operation}: true, and no help to
 * someone whose queue folder filled up. Stateless; off the hot path (called once, on the error).
 */
public final class MappedFileFault {
    /** The JVM's words for a SIGBUS in a mapped file (HotSpot, JDK 11 to 25). */
    static final String JVM_WORDS = "a fault occurred in a recent unsafe memory access operation";
    /** A crash dump's signal: {@code siginfo: si_signo: 7 (SIGBUS), si_code: 2 (BUS_ADRERR), si_addr: 0x00007f6b...}. */
    private static final Pattern SIGBUS = Pattern.compile("^siginfo: si_signo: 7 \\(SIGBUS\\).*si_addr: 0x([0-9a-fA-F]+)");
    /** A crash dump's memory map line of a shared file mapping: {@code 7f6b7efd4000-7f6b7f3d4000 rw-s 0 00:27 4  /dev/shm/x}. */
    private static final Pattern SHARED_MAP = Pattern.compile(
            "^([0-9a-f]+)-([0-9a-f]+) [r-][w-][x-]s \\S+ \\S+ \\d+\\s+(/.+)$");
    /** The frame a crash dump names: {@code # V  [libjvm.so+0xed2370]  Unsafe_CompareAndSetInt+0x140}. */
    private static final Pattern FRAME = Pattern.compile("^# [VjJC] +\\[[^]]*\\] +([A-Za-z_][\\w:.$]*)");

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

    /**
     * What a JVM crash means when its dump ({@code hs_err_pid*.log}, its lines) says it died of a SIGBUS at an address
     * inside a shared file mapping: a write the JVM could not turn into an error (in its own code, such as
     * {@code Unsafe_CompareAndSetInt} under Chronicle's {@code writeFirstHeader}) found the file's file system full.
     * {@code the file system of the memory-mapped file F (tmpfs at F, 0 bytes free of 1,048,576) is full: a write
     * to it found no room (SIGBUS in Unsafe_CompareAndSetInt); free space there or point the study at a larger
     * folder}; null for any other crash.
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
