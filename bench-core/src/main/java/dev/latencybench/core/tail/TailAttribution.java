package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.result.ResultLayout;

/**
 * Puts a cell's outliers down to the JVM's stops and the platform's stalls: each fork's {@code outliers.bin}
 * against the stops in its {@code gc-<pid>.log} (the cell folder's) and the stalls in its {@code stalls.bin}, all
 * on {@code System.nanoTime()}'s clock. A sample's lifetime {@code [end - latency, end]} that overlaps a
 * {@link Cause#GC} stop is {@code gc}; else one that overlaps a {@link Cause#SAFEPOINT} is {@code safepoint};
 * else one that overlaps a stall of the {@link HiccupProbe} is {@code platform} (a watched measuring thread's
 * run-queue wait; the probe's own late wake-up only where it watched none: {@link StallFile#attributable}; or a
 * late wake-up of the idle control JVM's probe beside the forks, {@link ControlJvm}, for a fork that watched no
 * measuring thread, where its stalls cover at least half the lifetime); else {@code code}. A fork without
 * a {@code stalls.bin} (no probe ran) tells neither of the last two: {@code other}, and its shortfall says so.
 * A fork without both other files, or whose log lacks the {@code timenanos} stamp, is left out
 * ({@link TailPart#forksAttributed} says how many were not).
 * {@link TailPart#shortfall} says why a fork's file may lack samples beyond p99.9.
 *
 * <p>Stateless; runs in the launcher after a cell, in time O(outliers x log(stops + stalls)).
 */
public final class TailAttribution {
    private TailAttribution() {
    }

    /** The cell's tail; null when no fork kept outliers (a study whose recorder keeps none, an older run). */
    public static TailPart of(Path cellDir, List<Path> forkDirs, Histogram primary) throws IOException {
        TailPart t = new TailPart();
        t.beyondP99.percentileNs = primary.getTotalCount() == 0 ? 0 : primary.getValueAtPercentile(99.0);
        t.beyondP99_9.percentileNs = primary.getTotalCount() == 0 ? 0 : primary.getValueAtPercentile(99.9);
        t.beyondP99.samples = countAbove(primary, t.beyondP99.percentileNs);
        t.beyondP99_9.samples = countAbove(primary, t.beyondP99_9.percentileNs);
        boolean any = false;
        List<Stop> control = controlStalls(cellDir, t);
        for (Path fork : forkDirs) {
            Path file = fork.resolve(ResultLayout.OUTLIERS);
            Path log = cellDir.resolve("gc-" + fork.getFileName() + ".log");
            if (!Files.exists(file)) {
                continue;
            }
            any = true;
            OutlierFile outliers = OutlierFile.read(file);
            t.thresholdNs = Math.max(t.thresholdNs, outliers.aboveNs);
            t.kept += outliers.size();
            t.notKept += outliers.notKept;
            String pid = fork.getFileName().toString();
            shortfall(outliers, pid, primary, t);
            JvmStops stops = outliers.otherProcesses ? null : Files.exists(log) ? JvmStops.read(log) : null;
            if (outliers.otherProcesses) {
                t.shortfall.add("fork " + pid + ": its samples time other processes, whose GC and safepoint stops"
                        + " are not in its log, so they are put down to the platform or else to those processes ("
                        + Cause.CODE.label() + "), never to " + Cause.GC.label() + " or " + Cause.SAFEPOINT.label());
            } else if (stops == null || !stops.onNanoClock()) {
                t.shortfall.add("fork " + pid + ": no GC log stamped with timenanos, the samples' clock, so"
                        + " its " + outliers.size() + " outliers kept are not attributed");
                continue;
            }
            t.forksAttributed++;
            List<Stop> all = new ArrayList<>(stops == null ? List.of() : stops.stops());
            Path stallFile = fork.resolve(ResultLayout.STALLS);
            StallFile stalls = Files.exists(stallFile) ? StallFile.read(stallFile) : null;
            if (stalls == null) {
                t.shortfall.add("fork " + pid + ": no " + ResultLayout.STALLS + " (no hiccup probe ran), so its outliers"
                        + " not in a JVM stop are 'other', the platform and the code not told apart");
            } else {
                all.addAll(stalls.attributable());
                if (stalls.notKept > 0) {
                    t.shortfall.add("fork " + pid + ": its hiccup probe kept " + stalls.stalls().size() + " stalls and"
                            + " not " + stalls.notKept + " more, so an outlier of the platform after them counts as code");
                }
            }
            if (stalls == null || !stalls.watchedThreads()) {
                // where the measuring threads' own run-queue waits are known, another process's late wake-up says
                // nothing more about them (as the fork's own probe's does not: StallFile.attributable)
                all.addAll(control);
            }
            all.sort(Comparator.comparingLong((Stop s) -> s.startNs)); // each cause's stops earliest first
            attribute(outliers, new StopIndex(all), stalls == null ? Cause.OTHER : Cause.CODE, pid, t);
        }
        t.aboveThreshold.percentileNs = t.thresholdNs;
        t.aboveThreshold.samples = t.kept;
        return any ? t : null;
    }

    /**
     * The idle control JVM's stalls ({@link ControlJvm}), for every fork of the cell, named
     * {@value ControlJvm#LATE_WAKE_UP}; none where no control JVM ran (an older run) or its file is damaged, which
     * the shortfall then says.
     */
    static List<Stop> controlStalls(Path cellDir, TailPart t) {
        List<Stop> renamed = new ArrayList<>();
        for (int round = 1; ; round++) { // a cell run in rounds has one file per round
            Path file = cellDir.resolve(round == 1 ? ControlJvm.STALLS
                    : ControlJvm.STALLS.replace(".bin", "-" + round + ".bin"));
            if (!Files.exists(file)) {
                return renamed;
            }
            try {
                for (Stop s : StallFile.read(file).stalls()) {
                    renamed.add(new Stop(Cause.PLATFORM, ControlJvm.LATE_WAKE_UP, s.startNs, s.endNs));
                }
            } catch (IOException e) {
                t.shortfall.add("the control JVM's stalls are not used: " + e.getMessage());
            }
        }
    }

    /** Why one fork's file may lack samples beyond the cell's p99.9: its threshold, or its full buffer. */
    static void shortfall(OutlierFile outliers, String pid, Histogram primary, TailPart t) {
        long p99_9 = t.beyondP99_9.percentileNs;
        long between = countAbove(primary, p99_9) - countAbove(primary, outliers.aboveNs);
        if (outliers.aboveNs > p99_9 && between > 0) {
            t.shortfall.add("fork " + pid + ": its threshold " + outliers.aboveNs + " ns lies above the cell's p99.9 "
                    + p99_9 + " ns; the cell holds " + between + " samples between them, and this fork kept none"
                    + " of its own");
        }
        long smallestKeptNs = Long.MAX_VALUE;
        for (int i = 0; i < outliers.size(); i++) {
            smallestKeptNs = Math.min(smallestKeptNs, outliers.latencyNs(i));
        }
        if (outliers.notKept > 0 && smallestKeptNs > p99_9) {
            t.shortfall.add("fork " + pid + ": its buffer was full (" + outliers.size() + " kept, " + outliers.notKept
                    + " not kept) and its smallest kept, " + smallestKeptNs + " ns, lies above the cell's p99.9 "
                    + p99_9 + " ns, so some samples beyond p99.9 may not have been kept");
        }
    }

    /** @param none what a sample that no stop or stall covers is put down to: {@code code}, or {@code other} without stalls */
    static void attribute(OutlierFile outliers, StopIndex stops, Cause none, String fork, TailPart t) {
        Cause[] causeOf = new Cause[outliers.size()];
        for (int i = 0; i < outliers.size(); i++) {
            long end = outliers.endNs(i);
            long latency = outliers.latencyNs(i);
            Stop stop = stops.first(end - latency, end);
            Cause cause = stop == null ? none : stop.cause;
            t.aboveThreshold.add(cause);
            if (latency > t.beyondP99.percentileNs) {
                t.beyondP99.add(cause);
            }
            if (latency > t.beyondP99_9.percentileNs) {
                t.beyondP99_9.add(cause);
            }
            causeOf[i] = cause;
            TailPart.Worst w = t.worst.get(cause.label());
            if (w == null || latency > w.latencyNs) {
                w = new TailPart.Worst();
                w.latencyNs = latency;
                w.endNs = end;
                w.stop = stop == null ? null : stop.name;
                w.fork = fork;
                t.worst.put(cause.label(), w);
            }
        }
        var marks = TailMarks.of(outliers, causeOf);
        if (!marks.isEmpty()) {
            t.marks.put(fork, marks);
        }
    }

    /** Samples the histogram holds above {@code valueNs} (in higher buckets than its own). */
    private static long countAbove(Histogram h, long valueNs) {
        return h.getTotalCount() == 0 ? 0 : h.getTotalCount() - h.getCountBetweenValues(0, valueNs);
    }

    /**
     * The stops and stalls of one fork, by cause, for finding the first that overlaps an interval; within
     * {@code platform}, the fork's own stalls (they name the measuring thread that waited) before the control JVM's.
     * Not thread-safe.
     */
    static final class StopIndex {
        /** The causes a stop or stall can have, in the order they are tried; the control JVM's stalls last. */
        private static final Cause[] ORDER = {Cause.GC, Cause.SAFEPOINT, Cause.PLATFORM, Cause.PLATFORM};
        private static final int CONTROL = ORDER.length - 1;
        private final List<List<Stop>> byCause = new ArrayList<>();
        private final long[] longestNs = new long[ORDER.length];

        /** @param stops earliest start first within each cause */
        StopIndex(List<Stop> stops) {
            for (int c = 0; c < ORDER.length; c++) {
                byCause.add(new ArrayList<>());
            }
            for (Stop s : stops) {
                int c = s.name.equals(ControlJvm.LATE_WAKE_UP) ? CONTROL : tier(s.cause);
                if (c >= 0) {
                    byCause.get(c).add(s);
                    longestNs[c] = Math.max(longestNs[c], s.lengthNs());
                }
            }
        }

        private static int tier(Cause cause) {
            for (int c = 0; c < CONTROL; c++) {
                if (ORDER[c] == cause) {
                    return c;
                }
            }
            return -1;
        }

        /** The stop that covers part of {@code [fromNs, toNs]}: a GC one, else a safepoint, else a stall; null for none. */
        Stop first(long fromNs, long toNs) {
            for (int c = 0; c < ORDER.length; c++) {
                Stop s = overlapping(byCause.get(c), longestNs[c], fromNs, toNs);
                if (s != null && (c != CONTROL || 2 * covered(byCause.get(c), longestNs[c], fromNs, toNs)
                        >= toNs - fromNs)) {
                    return s;
                }
            }
            return null;
        }

        /**
         * How much of {@code [fromNs, toNs]} the stops of {@code list} cover together. The control JVM's late wake-up
         * is another process's thread, perhaps on another CPU: it is the platform's only where it covers at least half
         * of the sample's lifetime. On the 2-vCPU VM, a pacer spinning on one CPU left the other to the control's probe
         * and everything else, and its 1-2 ms late wake-ups inside a task's 3 ms spins took 4 of 20 samples beyond
         * p99.9 from {@code code}.
         */
        private static long covered(List<Stop> list, long longestNs, long fromNs, long toNs) {
            long sum = 0;
            for (Stop s : list) { // few: a control JVM's stalls over one step
                if (s.startNs >= fromNs - longestNs && s.startNs <= toNs) {
                    sum += Math.max(0, Math.min(s.endNs, toNs) - Math.max(s.startNs, fromNs));
                }
            }
            return sum;
        }

        /** The latest-starting stop of {@code list} that overlaps; only those starting within the longest stop's length of {@code fromNs} can. */
        private static Stop overlapping(List<Stop> list, long longestNs, long fromNs, long toNs) {
            int lo = 0;
            int hi = list.size(); // first index whose start is after toNs
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (list.get(mid).startNs <= toNs) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            for (int i = lo - 1; i >= 0 && list.get(i).startNs >= fromNs - longestNs; i--) {
                if (list.get(i).endNs >= fromNs) {
                    return list.get(i);
                }
            }
            return null;
        }
    }
}
