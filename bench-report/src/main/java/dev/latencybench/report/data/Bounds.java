package dev.latencybench.report.data;

import java.util.List;
import java.util.Locale;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;

/**
 * How sure one cell's percentile is, like JMH's score ± error: its spread across the cell's forks when it ran two or
 * more, else a distribution-free 95% interval from its merged histogram's order statistics. The latter covers only the
 * sampling within one run, much narrower than what a rerun moves. Stateless.
 */
public final class Bounds {
    /** The normal quantile of a two-sided 95% interval. */
    static final double Z95 = dev.latencybench.core.record.OrderStatistics.Z95;
    /** A median whose neighbours (p45, p55) or 95% interval differ by more than this factor sits on a cliff. */
    static final double CLIFF_FACTOR = 2;

    private Bounds() {
    }

    /** One percentile's interval in nanoseconds; {@code forks} is 0 when read off one histogram of {@code samples}. */
    public record Interval(long lowNs, long highNs, int forks, long samples) {
        /** Read across forks: run-to-run spread, not only the sampling within one run. */
        public boolean acrossForks() {
            return forks >= 2;
        }

        /** How it was obtained: {@code 3 forks}, {@code order statistics of 200,000}. */
        public String how() {
            return acrossForks() ? forks + " forks" : String.format(Locale.ROOT, "order statistics of %,d", samples);
        }

        /** {@code 95% 1.97us–2.01us, order statistics of 200,000} or {@code forks 1.97us–2.01us}. */
        public String describe() {
            String range = Units.formatNs(lowNs) + "–" + Units.formatNs(highNs);
            if (lowNs != highNs && Units.formatNs(lowNs).equals(Units.formatNs(highNs))) {
                range = fourFigures(lowNs) + "–" + fourFigures(highNs);
            }
            return acrossForks() ? "forks " + range : "95% " + range + ", " + how();
        }

        /** {@code 1.018us}: as {@link Units#formatNs} in its unit, with four significant figures. */
        static String fourFigures(long ns) {
            String three = Units.formatNs(ns);
            String unit = three.replaceAll("^[-0-9.,]+", "");
            double scale = switch (unit) {
                case "us" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                default -> 1;
            };
            double v = ns / scale;
            int decimals = Math.max(0, 3 - (int) Math.floor(Math.log10(Math.max(v, 1e-9))));
            return String.format(java.util.Locale.ROOT, "%." + decimals + "f", v) + unit;
        }
    }

    /** A cell's percentile interval: across forks with two or more, else order statistics; null when not shown. */
    public static Interval of(RunData.Row row, String metric, int i) {
        LatencySummary s = row.summary(metric);
        double pct = Percentiles.PCTS[i];
        if (s == null || !Percentiles.shown(s.count, pct)) {
            return null;
        }
        List<LatencySummary> forks = row.forks(metric);
        if (forks.size() >= 2) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            for (LatencySummary f : forks) {
                lo = Math.min(lo, Percentiles.percentile(f, i));
                hi = Math.max(hi, Percentiles.percentile(f, i));
            }
            return new Interval(lo, hi, forks.size(), s.count);
        }
        return withinRun(row, metric, i);
    }

    /** The order-statistics interval however many forks ran; null when not shown or the histogram is unreadable. */
    public static Interval withinRun(RunData.Row row, String metric, int i) {
        LatencySummary s = row.summary(metric);
        double pct = Percentiles.PCTS[i];
        if (s == null || !Percentiles.shown(s.count, pct)) {
            return null;
        }
        Histogram h = histogram(row, metric);
        return h == null ? null : orderStatistics(h, pct);
    }

    /** The distribution-free 95% interval: the values at ranks {@code n·p ± 1.96·√(n·p·(1−p))}, clamped to 1..n. */
    public static Interval orderStatistics(AbstractHistogram h, double pct) {
        long[] in = dev.latencybench.core.record.OrderStatistics.interval95(h, pct);
        return new Interval(in[0], in[1], 0, h.getTotalCount());
    }

    static long valueAtRank(AbstractHistogram h, long rank) {
        return dev.latencybench.core.record.OrderStatistics.valueAtRank(h, rank);
    }

    /** A warning when the percentile sits on a cliff, so a small change moves it far; null when not or unreadable. */
    public static String unstable(RunData.Row row, String metric, int i) {
        Histogram h = histogram(row, metric);
        double pct = Percentiles.PCTS[i];
        if (h == null || !Percentiles.shown(h.getTotalCount(), pct)) {
            return null;
        }
        return unstable(h, pct);
    }

    /** {@link #unstable(RunData.Row, String, int)} on a histogram. */
    static String unstable(AbstractHistogram h, double pct) {
        double step = pct == 50 ? 5 : (100 - pct) / 2;
        double below = Math.max(0, pct - (pct == 50 ? step : 2 * step));
        double above = pct + step;
        long lo = h.getValueAtPercentile(below);
        long hi = h.getValueAtPercentile(above);
        Interval ci = orderStatistics(h, pct);
        boolean cliff = lo > 0 && hi > CLIFF_FACTOR * lo || ci.lowNs() > 0 && ci.highNs() > CLIFF_FACTOR * ci.lowNs();
        return !cliff ? null : String.format(Locale.ROOT, "unstable: the distribution jumps near it (%s %s, %s %s)",
                name(below), Units.formatNs(lo), name(above), Units.formatNs(hi));
    }

    private static String name(double pct) {
        return "p" + new java.math.BigDecimal(Double.toString(pct)).stripTrailingZeros().toPlainString();
    }

    /** The cell's merged histogram of {@code metric}, from its interval log; null when it cannot be read whole. */
    private static Histogram histogram(RunData.Row row, String metric) {
        return row.total(metric);
    }
}
