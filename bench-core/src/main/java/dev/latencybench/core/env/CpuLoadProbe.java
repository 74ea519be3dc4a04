package dev.latencybench.core.env;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.SystemClock;

/**
 * How busy the rest of the machine was while a benchmark ran: CPU time of every other process,
 * from the difference of two readings of {@code /proc/stat} (all CPUs) and {@code /proc/self/stat}
 * (this JVM). Taken off the hot path, before and after a measured period.
 *
 * <p>Immutable snapshots; {@link #snapshot()} costs two small file reads.
 */
public final class CpuLoadProbe {
    /** Clock ticks per second of the two files (USER_HZ, 100 on every mainstream kernel). */
    static final double TICKS_PER_SEC = 100.0;
    /**
     * Other processes using more than this many cores on average make a run "busy": a tenth of a core
     * taken from two spinning, pinned threads already shows in the tail.
     */
    public static final double BUSY_THRESHOLD_CORES = 0.1;

    private final Path root;
    private final Clock clock;

    public CpuLoadProbe(Path root) {
        this(root, SystemClock.INSTANCE);
    }

    /** Reads {@code root/proc}; times the readings with {@code clock}. */
    public CpuLoadProbe(Path root, Clock clock) {
        this.root = root;
        this.clock = clock;
    }

    public static CpuLoadProbe system() {
        return new CpuLoadProbe(Paths.get("/"));
    }

    /** A reading now, or an unavailable one where the files cannot be read. */
    public Snapshot snapshot() {
        try {
            String stat = new String(Files.readAllBytes(root.resolve("proc/stat")), StandardCharsets.US_ASCII);
            String self = new String(Files.readAllBytes(root.resolve("proc/self/stat")), StandardCharsets.US_ASCII);
            String[] cpu = stat.substring(0, stat.indexOf('\n')).trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal ...; steal (the hypervisor) is kept apart
            long busy = 0;
            int[] busyFields = {1, 2, 3, 6, 7};
            for (int f : busyFields) {
                busy += f < cpu.length ? Long.parseLong(cpu[f]) : 0;
            }
            long steal = cpu.length > 8 ? Long.parseLong(cpu[8]) : 0;
            // fields after the ")" that ends the command name: state is field 3, utime 14, stime 15
            String[] own = self.substring(self.lastIndexOf(')') + 2).trim().split("\\s+");
            long ownTicks = Long.parseLong(own[11]) + Long.parseLong(own[12]);
            return new Snapshot(clock.nanoTime(), busy, ownTicks, steal, true);
        } catch (IOException | RuntimeException e) {
            return new Snapshot(clock.nanoTime(), 0, 0, 0, false);
        }
    }

    /** One reading. */
    public static final class Snapshot {
        final long nanoTime;
        final long busyTicks;
        final long ownTicks;
        final long stealTicks;
        final boolean available;

        Snapshot(long nanoTime, long busyTicks, long ownTicks, long stealTicks, boolean available) {
            this.nanoTime = nanoTime;
            this.busyTicks = busyTicks;
            this.ownTicks = ownTicks;
            this.stealTicks = stealTicks;
            this.available = available;
        }

        /** The load between this (earlier) reading and {@code later}. */
        public Load until(Snapshot later) {
            double seconds = (later.nanoTime - nanoTime) / 1e9;
            if (!available || !later.available || seconds <= 0) {
                return new Load(-1, -1, -1, false);
            }
            double others = Math.max(0, (later.busyTicks - busyTicks) - (later.ownTicks - ownTicks));
            double otherCores = others / TICKS_PER_SEC / seconds;
            double ownCores = (later.ownTicks - ownTicks) / TICKS_PER_SEC / seconds;
            double stealCores = (later.stealTicks - stealTicks) / TICKS_PER_SEC / seconds;
            return new Load(otherCores, ownCores, stealCores, true);
        }
    }

    /** Average CPU use over an interval, in cores (1.0 = one core fully busy). */
    public static final class Load {
        public final double otherProcessesCores;
        public final double thisProcessCores;
        public final double stealCores;
        public final boolean available;

        public Load(double otherProcessesCores, double thisProcessCores, double stealCores, boolean available) {
            this.otherProcessesCores = otherProcessesCores;
            this.thisProcessCores = thisProcessCores;
            this.stealCores = stealCores;
            this.available = available;
        }

        /** Other processes (or the hypervisor) took enough CPU to disturb the measurement. */
        public boolean busy() {
            return available && (otherProcessesCores > BUSY_THRESHOLD_CORES || stealCores > BUSY_THRESHOLD_CORES);
        }
    }
}
