package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The CPU times in clock ticks from a process's or thread's Linux {@code stat} file: {@code utime}, {@code stime} and
 * the reaped children's {@code cutime}, {@code cstime}. Fields are counted from the last ')', since the command name
 * may hold spaces and ')'. Immutable.
 */
public final class ProcStat {
    /** Clock ticks per second (USER_HZ, 100 on x86-64 and aarch64 whatever the kernel's HZ): a 10 ms resolution. */
    public static final long TICKS_PER_SECOND = 100;
    public static final long NS_PER_TICK = TimeUnit.SECONDS.toNanos(1) / TICKS_PER_SECOND;
    /** {@code utime}, field 14, is index 11 after the name's ')'. */
    private static final int UTIME_AFTER_NAME = 11;

    private final long utimeTicks;
    private final long stimeTicks;
    private final long cutimeTicks;
    private final long cstimeTicks;

    public ProcStat(long utimeTicks, long stimeTicks, long cutimeTicks, long cstimeTicks) {
        this.utimeTicks = utimeTicks;
        this.stimeTicks = stimeTicks;
        this.cutimeTicks = cutimeTicks;
        this.cstimeTicks = cstimeTicks;
    }

    /**
     * Parses a {@code stat} line.
     *
     * @throws IllegalArgumentException when it is not one
     */
    public static ProcStat parse(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a stat line: no ')' ends the command name");
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        if (f.length <= UTIME_AFTER_NAME + 3) {
            throw new IllegalArgumentException("not a stat line: " + f.length + " fields after the command name");
        }
        return new ProcStat(Long.parseLong(f[UTIME_AFTER_NAME]), Long.parseLong(f[UTIME_AFTER_NAME + 1]),
                Long.parseLong(f[UTIME_AFTER_NAME + 2]), Long.parseLong(f[UTIME_AFTER_NAME + 3]));
    }

    /**
     * Reads and parses a {@code stat} file; non-ASCII bytes in the name are replaced, as only numbers are read.
     *
     * @throws IOException where it cannot be read, e.g. the process or thread is gone
     * @throws IllegalArgumentException where it is not a stat line
     */
    public static ProcStat read(Path file) throws IOException {
        return parse(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII));
    }

    /** {@code utime + stime}: the CPU time it used itself. */
    public long cpuTicks() {
        return utimeTicks + stimeTicks;
    }

    /** {@code cutime + cstime}: the CPU time of the children it reaped. */
    public long reapedChildrenCpuTicks() {
        return cutimeTicks + cstimeTicks;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ProcStat)) {
            return false;
        }
        ProcStat s = (ProcStat) o;
        return utimeTicks == s.utimeTicks && stimeTicks == s.stimeTicks && cutimeTicks == s.cutimeTicks
                && cstimeTicks == s.cstimeTicks;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(utimeTicks) * 31 * 31 * 31 + Long.hashCode(stimeTicks) * 31 * 31
                + Long.hashCode(cutimeTicks) * 31 + Long.hashCode(cstimeTicks);
    }

    @Override
    public String toString() {
        return "utime " + utimeTicks + ", stime " + stimeTicks + ", cutime " + cutimeTicks + ", cstime " + cstimeTicks
                + " ticks";
    }
}
