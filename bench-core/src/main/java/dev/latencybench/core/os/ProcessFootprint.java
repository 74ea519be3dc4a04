package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's footprint and CPU time from {@code /proc}: RSS, PSS (shared pages divided among the processes mapping
 * them) and {@code utime + stime}. Stateless.
 */
public final class ProcessFootprint {
    /** One look at a process; -1 for what could not be read. Immutable. */
    public static final class Sample {
        private final long rssKiB;
        private final long pssKiB;
        private final long cpuNs;

        public Sample(long rssKiB, long pssKiB, long cpuNs) {
            this.rssKiB = rssKiB;
            this.pssKiB = pssKiB;
            this.cpuNs = cpuNs;
        }

        public long rssKiB() {
            return rssKiB;
        }

        public long pssKiB() {
            return pssKiB;
        }

        public long cpuNs() {
            return cpuNs;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Sample)) {
                return false;
            }
            Sample s = (Sample) o;
            return rssKiB == s.rssKiB && pssKiB == s.pssKiB && cpuNs == s.cpuNs;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(rssKiB) * 31 * 31 + Long.hashCode(pssKiB) * 31 + Long.hashCode(cpuNs);
        }

        @Override
        public String toString() {
            return "Sample[rssKiB=" + rssKiB + ", pssKiB=" + pssKiB + ", cpuNs=" + cpuNs + "]";
        }
    }

    private final Path proc;

    /** @param proc the proc file system, {@code /proc} (another folder in tests) */
    public ProcessFootprint(Path proc) {
        this.proc = proc;
    }

    public static ProcessFootprint system() {
        return new ProcessFootprint(Path.of("/proc"));
    }

    /** True where {@code /proc} has the files this reads (Linux). */
    public boolean available() {
        return Files.isReadable(proc.resolve("self").resolve("status"));
    }

    /** RSS first (the startup study's figure), then PSS and CPU time; what a gone process left unread is -1. */
    public Sample read(long pid) {
        Path dir = proc.resolve(Long.toString(pid));
        long rss = rssKiB(pid);
        long pss = ProcStatus.kib(text(dir.resolve("smaps_rollup")), "Pss:");
        long ticks = cpuTicks(dir.resolve("stat"));
        return new Sample(rss, pss, ticks < 0 ? -1 : ticks * ProcStat.NS_PER_TICK);
    }

    /** The process's resident set size now, in KiB; -1 when it cannot be read. */
    public long rssKiB(long pid) {
        return ProcStatus.kib(text(proc.resolve(Long.toString(pid)).resolve("status")), "VmRSS:");
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code utime + stime}; -1 when the file cannot be read or is not a stat line. */
    private static long cpuTicks(Path stat) {
        try {
            return ProcStat.read(stat).cpuTicks();
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
    }
}
