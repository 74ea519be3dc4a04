package dev.latencybench.core.env;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Supplier;
import java.util.stream.LongStream;

import dev.latencybench.core.os.CpuTotals;
import dev.latencybench.core.os.ProcStat;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.SystemClock;

/**
 * How busy the rest of the machine was while a benchmark ran: the CPU time of every other process between two
 * readings of {@code /proc/stat} and {@code /proc/self/stat}. Processes this JVM started count apart, live ones by
 * their own stat and reaped ones by its {@code cutime + cstime}, so one that ends between readings still counts.
 * Immutable snapshots; off the hot path.
 */
public final class CpuLoadProbe {
    /** Clock ticks per second of the two files (USER_HZ). */
    static final double TICKS_PER_SEC = ProcStat.TICKS_PER_SECOND;
    /** Other processes above this many cores make a run "busy": a tenth of a core already shows in the tail. */
    public static final double BUSY_THRESHOLD_CORES = 0.1;

    private final Path root;
    private final Clock clock;
    private final Supplier<LongStream> descendants;

    public CpuLoadProbe(Path root) {
        this(root, SystemClock.INSTANCE);
    }

    /** Reads {@code root/proc}; the started processes are this JVM's descendants. */
    public CpuLoadProbe(Path root, Clock clock) {
        this(root, clock, () -> ProcessHandle.current().descendants().mapToLong(ProcessHandle::pid));
    }

    /** As above, with the pids of the started processes given by {@code descendants}. */
    public CpuLoadProbe(Path root, Clock clock, Supplier<LongStream> descendants) {
        this.root = root;
        this.clock = clock;
        this.descendants = descendants;
    }

    /**
     * The system property, set by the launcher, that names comma-separated pids it started for this JVM's run (a
     * shared broker): they count as started processes, not others.
     */
    public static final String COMPANION_PIDS = "latency-bench.companion.pids";

    /** This machine; the started processes are this JVM's descendants and those of {@link #COMPANION_PIDS}. */
    public static CpuLoadProbe system() {
        long[] companions = companionPids(System.getProperty(COMPANION_PIDS, ""));
        return new CpuLoadProbe(Paths.get("/"), SystemClock.INSTANCE, () -> LongStream.concat(
                ProcessHandle.current().descendants().mapToLong(ProcessHandle::pid),
                LongStream.of(companions).flatMap(pid -> ProcessHandle.of(pid).map(h -> LongStream.concat(
                        LongStream.of(pid), h.descendants().mapToLong(ProcessHandle::pid))).orElse(LongStream.empty()))));
    }

    /** The pids of {@link #COMPANION_PIDS}; what is not a number is left out. */
    static long[] companionPids(String text) {
        return java.util.Arrays.stream(text.split(",")).map(String::trim).filter(t -> t.matches("[0-9]{1,18}"))
                .mapToLong(Long::parseLong).toArray();
    }

    /** A reading now, or an unavailable one where the files cannot be read. */
    public Snapshot snapshot() {
        try {
            CpuTotals machine = CpuTotals.read(root.resolve("proc/stat"));
            ProcStat self = ProcStat.read(root.resolve("proc/self/stat"));
            long childTicks = self.reapedChildrenCpuTicks() + liveDescendantTicks();
            return new Snapshot(clock.nanoTime(), machine.busyTicks(), self.cpuTicks(), childTicks,
                    machine.stealTicks(), true);
        } catch (IOException | RuntimeException e) {
            return new Snapshot(clock.nanoTime(), 0, 0, 0, 0, false);
        }
    }

    /** utime + stime of every live started process; one that ended meanwhile counts 0 (its parent reaps it). */
    private long liveDescendantTicks() {
        long[] pids = descendants.get().toArray();
        long ticks = 0;
        for (long pid : pids) {
            try {
                ticks += ProcStat.read(root.resolve("proc/" + pid + "/stat")).cpuTicks();
            } catch (IOException | RuntimeException e) {
                // gone between the listing and the read
            }
        }
        return ticks;
    }

    public static final class Snapshot {
        final long nanoTime;
        final long busyTicks;
        final long ownTicks;
        /** The started processes' ticks: live ones' utime + stime plus reaped ones' cutime + cstime. */
        final long childTicks;
        final long stealTicks;
        final boolean available;

        Snapshot(long nanoTime, long busyTicks, long ownTicks, long childTicks, long stealTicks, boolean available) {
            this.nanoTime = nanoTime;
            this.busyTicks = busyTicks;
            this.ownTicks = ownTicks;
            this.childTicks = childTicks;
            this.stealTicks = stealTicks;
            this.available = available;
        }

        /** The load between this (earlier) reading and {@code later}. */
        public Load until(Snapshot later) {
            double seconds = (later.nanoTime - nanoTime) / 1e9;
            if (!available || !later.available || seconds <= 0) {
                return new Load(-1, -1, -1, -1, false);
            }
            long children = Math.max(0, later.childTicks - childTicks);
            double others = Math.max(0, (later.busyTicks - busyTicks) - (later.ownTicks - ownTicks) - children);
            double otherCores = others / TICKS_PER_SEC / seconds;
            double ownCores = (later.ownTicks - ownTicks) / TICKS_PER_SEC / seconds;
            double childCores = children / TICKS_PER_SEC / seconds;
            double stealCores = (later.stealTicks - stealTicks) / TICKS_PER_SEC / seconds;
            return new Load(otherCores, ownCores, childCores, stealCores, true);
        }
    }

    /** Average CPU use over an interval, in cores (1.0 = one core fully busy). */
    public static final class Load {
        public final double otherProcessesCores;
        public final double thisProcessCores;
        /** The processes this JVM started, which are not "other". */
        public final double childProcessesCores;
        public final double stealCores;
        public final boolean available;

        public Load(double otherProcessesCores, double thisProcessCores, double childProcessesCores, double stealCores,
                    boolean available) {
            this.otherProcessesCores = otherProcessesCores;
            this.thisProcessCores = thisProcessCores;
            this.childProcessesCores = childProcessesCores;
            this.stealCores = stealCores;
            this.available = available;
        }

        /** Other processes (or the hypervisor) took enough CPU to disturb the measurement. */
        public boolean busy() {
            return available && (otherProcessesCores > BUSY_THRESHOLD_CORES || stealCores > BUSY_THRESHOLD_CORES);
        }
    }
}
