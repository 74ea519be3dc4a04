package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Who holds a lock on a file, from the kernel's list of file locks ({@code /proc/locks}): for a lock another
 * program took without writing its pid anywhere (JMH's {@code jmh.lock}). Stateless.
 */
public final class ProcLocks {
    private static final Path LOCKS = Path.of("/proc/locks");

    private ProcLocks() {
    }

    /** The pid of a process holding a POSIX lock on {@code file}'s inode; -1 if none, or where this cannot be read. */
    public static long holderOf(Path file) {
        try {
            long dev = (Long) Files.getAttribute(file, "unix:dev");
            long ino = (Long) Files.getAttribute(file, "unix:ino");
            return holderOf(Files.readAllLines(LOCKS), dev, ino);
        } catch (IOException | RuntimeException e) {
            return -1; // no /proc/locks, or no device and inode on this file system
        }
    }

    /**
     * The pid holding a lock on the inode {@code ino} of device {@code dev} ({@code stat}'s st_dev, split into its
     * major and minor numbers as the kernel writes them) among {@code lines} of {@code /proc/locks}; -1 if none.
     */
    static long holderOf(List<String> lines, long dev, long ino) {
        long major = (dev >>> 8) & 0xfff | (dev >>> 32) & ~0xfffL;
        long minor = dev & 0xff | (dev >>> 12) & ~0xffL;
        String id = String.format(Locale.ROOT, "%02x:%02x:%d", major, minor, ino);
        for (String line : lines) {
            // 1: POSIX  ADVISORY  WRITE 1234 00:2e:5678 0 EOF  (waiters are marked "->")
            String[] f = line.trim().split("\\s+");
            if (f.length >= 6 && !f[1].equals("->") && f[5].equals(id)) {
                try {
                    long pid = Long.parseLong(f[4]);
                    if (pid > 0) {
                        return pid;
                    }
                } catch (NumberFormatException e) {
                    // not a pid: a line of another shape
                }
            }
        }
        return -1;
    }
}
