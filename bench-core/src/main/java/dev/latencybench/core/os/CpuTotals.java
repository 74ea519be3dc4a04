package dev.latencybench.core.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's CPU time in clock ticks from the first line of {@code /proc/stat}: busy time (not idle, not
 * iowait) and, apart, {@code steal}, the time the hypervisor gave to others. Immutable.
 */
public final class CpuTotals {
    /** user, nice, system, irq, softirq. */
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

    /** Busy time; a field an old kernel lacks counts 0. */
    public long busyTicks() {
        return busyTicks;
    }

    /** Steal time; 0 where the kernel lacks the field. */
    public long stealTicks() {
        return stealTicks;
    }
}
