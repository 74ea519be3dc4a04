package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.result.ResultLayout;

/**
 * Puts a cell's outliers down to the JVM's stops: each fork's {@code outliers.bin} against the stops in its
 * {@code gc-<pid>.log} (the cell folder's), both on {@code System.nanoTime()}'s clock. A sample's lifetime
 * {@code [end - latency, end]} that overlaps a {@link Cause#GC} stop is {@code gc}; else one that overlaps a
 * {@link Cause#SAFEPOINT} is {@code safepoint}; else {@code other}. A fork without both files, or whose log
 * lacks the {@code timenanos} stamp, is left out ({@link TailPart#forksAttributed} says how many were not).
 * {@link TailPart#shortfall} says why a fork's file may lack samples beyond p99.9.
 *
 * <p>Stateless; runs in the launcher after a cell, in time O(outliers x log(stops)).
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
            JvmStops stops = Files.exists(log) ? JvmStops.read(log) : null;
            if (stops == null || !stops.onNanoClock()) {
                t.shortfall.add("fork " + pid + ": no GC log stamped with timenanos, the samples' clock, so"
                        + " its " + outliers.size() + " outliers kept are not attributed");
                continue;
            }
            t.forksAttributed++;
            attribute(outliers, new StopIndex(stops.stops()), fork.getFileName().toString(), t);
        }
        t.aboveThreshold.percentileNs = t.thresholdNs;
        t.aboveThreshold.samples = t.kept;
        return any ? t : null;
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

    static void attribute(OutlierFile outliers, StopIndex stops, String fork, TailPart t) {
        for (int i = 0; i < outliers.size(); i++) {
            long end = outliers.endNs(i);
            long latency = outliers.latencyNs(i);
            Stop stop = stops.first(end - latency, end);
            Cause cause = stop == null ? Cause.OTHER : stop.cause;
            t.aboveThreshold.add(cause);
            if (latency > t.beyondP99.percentileNs) {
                t.beyondP99.add(cause);
            }
            if (latency > t.beyondP99_9.percentileNs) {
                t.beyondP99_9.add(cause);
            }
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
    }

    /** Samples the histogram holds above {@code valueNs} (in higher buckets than its own). */
    private static long countAbove(Histogram h, long valueNs) {
        return h.getTotalCount() == 0 ? 0 : h.getTotalCount() - h.getCountBetweenValues(0, valueNs);
    }

    /** The stops of one fork, by cause, for finding the first that overlaps an interval. Not thread-safe. */
    static final class StopIndex {
        private final List<Stop> gc = new ArrayList<>();
        private final List<Stop> safepoints = new ArrayList<>();
        private final long longestGcNs;
        private final long longestSafepointNs;

        /** @param stops earliest start first */
        StopIndex(List<Stop> stops) {
            long gcMax = 0;
            long spMax = 0;
            for (Stop s : stops) {
                if (s.cause == Cause.GC) {
                    gc.add(s);
                    gcMax = Math.max(gcMax, s.lengthNs());
                } else {
                    safepoints.add(s);
                    spMax = Math.max(spMax, s.lengthNs());
                }
            }
            longestGcNs = gcMax;
            longestSafepointNs = spMax;
        }

        /** The stop that covers part of {@code [fromNs, toNs]}: a GC one before a safepoint; null for none. */
        Stop first(long fromNs, long toNs) {
            Stop s = overlapping(gc, longestGcNs, fromNs, toNs);
            return s != null ? s : overlapping(safepoints, longestSafepointNs, fromNs, toNs);
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
