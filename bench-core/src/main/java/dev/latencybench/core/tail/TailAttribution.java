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
 * against the stops in its GC log ({@link JvmStops}) and the stalls in its {@code stalls.bin}, all on
 * {@code System.nanoTime()}'s clock. Each sample goes to the cause whose stops cover the most of its time above
 * the cell's median, at least half of it ({@link Coverage}); else {@code code}, or {@code other} for a fork
 * without stalls. A fork without both files, or with an unstamped log, is left out.
 *
 * <p>Stateless; runs in the launcher after a cell, in time O(outliers x stops overlapping each).
 */
public final class TailAttribution {
    private TailAttribution() {
    }

    /** The cell's tail; null when no fork kept outliers. */
    public static TailPart of(Path cellDir, List<Path> forkDirs, Histogram primary) throws IOException {
        TailPart t = new TailPart();
        t.beyondP99.percentileNs = primary.getTotalCount() == 0 ? 0 : primary.getValueAtPercentile(99.0);
        t.beyondP99_9.percentileNs = primary.getTotalCount() == 0 ? 0 : primary.getValueAtPercentile(99.9);
        t.beyondP99.samples = countAbove(primary, t.beyondP99.percentileNs);
        t.beyondP99_9.samples = countAbove(primary, t.beyondP99_9.percentileNs);
        t.medianNs = primary.getTotalCount() == 0 ? 0 : primary.getValueAtPercentile(50.0);
        t.cellSamples = primary.getTotalCount();
        boolean any = false;
        List<Stop> control = controlStalls(cellDir, t);
        for (Path fork : forkDirs) {
            Path file = fork.resolve(ResultLayout.OUTLIERS);
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
            JvmStops stops = outliers.otherProcesses ? null : JvmStops.readForkLog(cellDir, pid);
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
            List<Stop> all = new ArrayList<>(stops == null ? List.of() : stops.stops);
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
                // another process's late wake-up says nothing more about threads whose own waits are known
                all.addAll(control);
            }
            all.sort(Comparator.comparingLong((Stop s) -> s.startNs)); // each cause's stops earliest first
            attribute(outliers, new StopIndex(all), stalls == null ? Cause.OTHER : Cause.CODE, pid, t);
        }
        t.aboveThreshold.percentileNs = t.thresholdNs;
        t.aboveThreshold.samples = t.kept;
        return any ? t : null;
    }

    /** The idle control JVM's stalls ({@link ControlJvm}) for every fork; none where it did not run or is damaged. */
    static List<Stop> controlStalls(Path cellDir, TailPart t) {
        List<Stop> renamed = new ArrayList<>();
        for (int round = 1; ; round++) { // a cell run in rounds has one file per round
            Path file = ControlJvm.stallFile(cellDir, round);
            if (!Files.exists(file)) {
                return renamed;
            }
            try {
                for (Stop s : StallFile.read(file).stalls()) {
                    renamed.add(new Stop(Cause.PLATFORM, ControlJvm.LATE_WAKE_UP, s.startNs, s.endNs,
                            s.coversAtMostNs));
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

    /** Puts each kept outlier of one fork down to a cause; {@code none} for what no cause explains. */
    static void attribute(OutlierFile outliers, StopIndex stops, Cause none, String fork, TailPart t) {
        Cause[] causeOf = new Cause[outliers.size()];
        for (int i = 0; i < outliers.size(); i++) {
            long end = outliers.endNs(i);
            long latency = outliers.latencyNs(i);
            Coverage c = stops.cover(end - latency, end, latency - t.medianNs);
            Cause cause = c.cause == null ? none : c.cause;
            Cause shared = c.cause == null ? null : c.shared;
            t.aboveThreshold.add(cause, shared);
            if (latency > t.beyondP99.percentileNs) {
                t.beyondP99.add(cause, shared);
            }
            if (latency > t.beyondP99_9.percentileNs) {
                t.beyondP99_9.add(cause, shared);
            }
            causeOf[i] = cause;
            t.leastKeptNs = t.leastKeptNs == 0 ? latency : Math.min(t.leastKeptNs, latency);
            TailPart.Worst w = t.worst.get(cause.label());
            if (w == null || latency > w.latencyNs) {
                w = new TailPart.Worst();
                w.latencyNs = latency;
                w.endNs = end;
                w.stop = c.cause == null ? null : c.name;
                w.covered = c.cause == null ? null : c.share(c.cause);
                w.sharedWith = shared == null ? null : shared.label();
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

    /** The stops and stalls of one fork, by cause, for finding how much of an interval each covers. Not thread-safe. */
    static final class StopIndex {
        private static final List<Cause> CAUSES = Coverage.CAUSES;
        private final List<List<Stop>> byCause = new ArrayList<>();
        private final long[] longestNs = new long[CAUSES.size()];

        /** @param stops earliest start first within each cause */
        StopIndex(List<Stop> stops) {
            for (int c = 0; c < CAUSES.size(); c++) {
                byCause.add(new ArrayList<>());
            }
            for (Stop s : stops) {
                int c = CAUSES.indexOf(s.cause);
                if (c >= 0) {
                    byCause.get(c).add(s);
                    longestNs[c] = Math.max(longestNs[c], s.lengthNs());
                }
            }
        }

        /** Per cause, the time its stops cover of {@code [fromNs, toNs]} (at most {@code aboveMedianNs}). */
        Coverage cover(long fromNs, long toNs, long aboveMedianNs) {
            long[] coveredNs = new long[CAUSES.size()];
            Stop[] named = new Stop[CAUSES.size()];
            for (int c = 0; c < CAUSES.size(); c++) {
                List<Stop> list = byCause.get(c);
                long unionNs = 0;
                long creditNs = 0; // each stop's overlap, at most what it can cover
                long reachedNs = fromNs; // the union so far ends here
                long namedNs = 0;
                for (int i = firstThatMayOverlap(list, longestNs[c], fromNs); i < list.size()
                        && list.get(i).startNs <= toNs; i++) {
                    Stop s = list.get(i);
                    long from = Math.max(s.startNs, fromNs);
                    long to = Math.min(s.endNs, toNs);
                    if (to <= from) {
                        continue;
                    }
                    unionNs += Math.max(0, to - Math.max(from, reachedNs));
                    reachedNs = Math.max(reachedNs, to);
                    long credit = Math.min(to - from, s.coversAtMostNs);
                    creditNs += credit;
                    boolean control = s.name.equals(ControlJvm.LATE_WAKE_UP);
                    if (credit > namedNs || credit == namedNs && named[c] != null && !control
                            && named[c].name.equals(ControlJvm.LATE_WAKE_UP)) {
                        namedNs = credit;
                        named[c] = s;
                    }
                }
                coveredNs[c] = Math.min(unionNs, creditNs);
            }
            return Coverage.of(aboveMedianNs > 0 ? aboveMedianNs : toNs - fromNs, coveredNs, named);
        }

        /** The first stop of {@code list} (earliest start first) that can reach {@code fromNs}. */
        private static int firstThatMayOverlap(List<Stop> list, long longestNs, long fromNs) {
            long earliest = fromNs - longestNs;
            int lo = 0;
            int hi = list.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (list.get(mid).startNs < earliest) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }
}
