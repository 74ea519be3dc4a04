package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of the whole machine, all CPUs together, from the first line of Linux's
 * {@code /proc/stat} ({@code cpu user nice system idle iowait irq softirq steal ...}), in clock ticks
 * ({@link ProcStat#TICKS_PER_SECOND}): busy time ({@code user + nice + system + irq + softirq}; not idle,
 * not iowait) and {@code steal}, the time the hypervisor gave to others, kept apart. Immutable.
 */
public final class CpuTotals {
    /** user, nice, system, irq, softirq: the fields after {@code cpu} that count as busy. */
    private static final int[] BUSY_FIELDS = {1, 2, 3, 6, 7};
    private static final int STEAL_FIELD = 8;

    private final long busyTicks;
    private final long stealTicks;

    private CpuTotals(long busyTicks, long stealTicks) {
        this.busyTicks = busyTicks;
        this.stealTicks = stealTicks;
    }

    /**
     * Parses the text of {@code /proc/stat}; only its first line is read.
     *
     * @throws RuntimeException when the text has no line end or a field is not a number
     */
    public static CpuTotals parse(String stat) {
        String[] cpu = stat.substring(0, stat.indexOf('\n')).trim().split("\\s+");
        long busy = 0;
        for (int f : BUSY_FIELDS) {
            busy += f < cpu.length ? Long.parseLong(cpu[f]) : 0;
        }
        long steal = cpu.length > STEAL_FIELD ? Long.parseLong(cpu[STEAL_FIELD]) : 0;
        return new CpuTotals(busy, steal);
    }

    /**
     * Reads and parses a {@code /proc/stat} file.
     *
     * @throws IOException where it cannot be read
     * @throws RuntimeException where its first line is not as expected
     */
    public static CpuTotals read(Path file) throws IOException {
        return parse(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII));
    }

    /** user, nice, system, irq and softirq time; a field an old kernel lacks counts 0. */
    public long busyTicks() {
        return busyTicks;
    }

    /** Steal time; 0 where the kernel lacks the field. */
    public long stealTicks() {
        return stealTicks;
    }
}
