package dev.latencybench.report.data;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.PercentileTrust;

/** The percentiles the report and compare show, and how far each can be trusted. Stateless. */
public final class Percentiles {
    /** Fewer samples than this beyond a percentile: it is not shown, charted, ranked or used by a pass rule. */
    public static final long SHOWN_BEYOND = LatencySummary.SHOWN_BEYOND;
    /** Fewer samples than this beyond a percentile: the value rests on a handful of samples. */
    public static final long CONFIDENT_BEYOND = PercentileTrust.CONFIDENT_BEYOND;
    /** Marks a value resting on fewer than {@link #CONFIDENT_BEYOND} samples beyond it. */
    public static final String LOW = " †";
    /** The percentiles of the tables, in the order of {@link #percentile(LatencySummary, int)}. */
    public static final String[] NAMES = LatencySummary.NAMES;
    public static final double[] PCTS = LatencySummary.PCTS;

    private Percentiles() {
    }

    /** Percentile {@code i} of a summary: 0 = p50, 1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99. */
    public static long percentile(LatencySummary s, int i) {
        return s.percentile(i);
    }

    /** Whether enough of {@code count} samples lie beyond the {@code pct} percentile to trust it. */
    public static boolean confident(long count, double pct) {
        return beyond(count, pct) >= CONFIDENT_BEYOND;
    }

    /** Whether enough of {@code count} samples lie beyond the {@code pct} percentile to show it at all. */
    public static boolean shown(long count, double pct) {
        return LatencySummary.shown(count, pct);
    }

    /** How many of {@code count} samples lie above the {@code pct} percentile. */
    public static long beyond(long count, double pct) {
        return LatencySummary.beyond(count, pct);
    }

    /** (max - min) / median of the forks' values of percentile {@code i}, as text; empty with fewer than two forks. */
    public static String spread(List<LatencySummary> forks, int i) {
        double v = spreadValue(forks, i);
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
    }

    /** (max - min) / median of the forks' values of percentile {@code i}; NaN with fewer than two forks. */
    public static double spreadValue(List<LatencySummary> forks, int i) {
        if (forks.size() < 2) {
            return Double.NaN;
        }
        long[] v = new long[forks.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = percentile(forks.get(k), i);
        }
        Arrays.sort(v);
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
        return median == 0 ? Double.NaN : (v[v.length - 1] - v[0]) / median;
    }
}
