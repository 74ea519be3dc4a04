package dev.latencybench.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What Linux's {@code /proc} says about one process's footprint and CPU time: resident set size
 * ({@code VmRSS} of {@code status}), proportional set size ({@code Pss} of {@code smaps_rollup}: the
 * shared pages, a CDS archive's or a shared library's, divided among the processes that map them), and
 * the CPU time used so far ({@code utime + stime} of {@code stat}, in clock ticks). Stateless; the
 * parsers take the files' text so that tests hand in samples.
 */
final class ProcStats {
    /**
     * Clock ticks per second of {@code utime} and {@code stime}: USER_HZ, 100 on every Linux
     * architecture the suite runs on (x86-64, aarch64), whatever the kernel's HZ. So CPU time has a
     * resolution of 10 ms.
     */
    static final long TICKS_PER_SECOND = 100;
    /** {@code utime} and {@code stime} are fields 14 and 15 of {@code stat}; after the ')' of the name, 12 and 13. */
    private static final int UTIME_AFTER_NAME = 11;

    /** One look at a process; -1 for what could not be read. */
    record Sample(long rssKiB, long pssKiB, long cpuNs) {
    }

    private final Path proc;

    /** @param proc the proc file system, {@code /proc} (another folder in tests) */
    ProcStats(Path proc) {
        this.proc = proc;
    }

    static ProcStats system() {
        return new ProcStats(Path.of("/proc"));
    }

    /** True where {@code /proc} has the files this reads (Linux). */
    boolean available() {
        return Files.isReadable(proc.resolve("self").resolve("status"));
    }

    /**
     * RSS first (the figure the study reports), then PSS, then CPU time; a process that is gone gives
     * -1 for what was not read yet.
     */
    Sample read(long pid) {
        Path dir = proc.resolve(Long.toString(pid));
        long rss = kib(read(dir.resolve("status")), "VmRSS:");
        long pss = kib(read(dir.resolve("smaps_rollup")), "Pss:");
        long ticks = cpuTicks(read(dir.resolve("stat")));
        return new Sample(rss, pss, ticks < 0 ? -1 : ticks * (TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The value in KiB of a line {@code <field> <n> kB} of {@code status} or {@code smaps_rollup};
     * -1 when the text is null or has no such line.
     */
    static long kib(String text, String field) {
        if (text == null) {
            return -1;
        }
        for (String line : text.split("\n")) {
            if (line.startsWith(field)) {
                String[] parts = line.substring(field.length()).trim().split("\\s+");
                if (parts.length == 2 && parts[1].equals("kB")) {
                    try {
                        return Long.parseLong(parts[0]);
                    } catch (NumberFormatException e) {
                        return -1;
                    }
                }
                return -1;
            }
        }
        return -1;
    }

    /**
     * {@code utime + stime} of a {@code stat} line, in clock ticks; -1 when the text is null or not a
     * stat line. The process name in parentheses may hold spaces and ')', so fields are counted from
     * the last ')'.
     */
    static long cpuTicks(String stat) {
        if (stat == null) {
            return -1;
        }
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        if (f.length <= UTIME_AFTER_NAME + 1) {
            return -1;
        }
        try {
            return Long.parseLong(f[UTIME_AFTER_NAME]) + Long.parseLong(f[UTIME_AFTER_NAME + 1]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
