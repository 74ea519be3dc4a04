package dev.latencybench.core.record;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The distribution-free 95% interval of a percentile read off one histogram: the values at ranks
 * {@code n·p − 1.96·√(n·p·(1−p))} (rounded down) and {@code n·p + 1.96·√(n·p·(1−p))} (rounded up), clamped to
 * 1..n, each read as the histogram reads a percentile (its bucket's highest equivalent value). The report's
 * intervals and a study's own answer read it alike. Stateless.
 */
public final class OrderStatistics {
    /** The normal quantile of a two-sided 95% interval. */
    public static final double Z95 = 1.96;

    private OrderStatistics() {
    }

    /** {@code {low, high}} of the {@code pct} percentile of {@code h}, in the histogram's unit. */
    public static long[] interval95(AbstractHistogram h, double pct) {
        long n = h.getTotalCount();
        double p = pct / 100;
        double centre = n * p;
        double half = Z95 * Math.sqrt(n * p * (1 - p));
        long low = Math.max(1, (long) Math.floor(centre - half));
        long high = Math.min(n, (long) Math.ceil(centre + half));
        return new long[] {valueAtRank(h, low), valueAtRank(h, high)};
    }

    /** The value of the {@code rank}-th smallest sample (1-based). */
    public static long valueAtRank(AbstractHistogram h, long rank) {
        long seen = 0;
        for (HistogramIterationValue v : h.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            if (seen >= rank) {
                return h.highestEquivalentValue(v.getValueIteratedTo());
            }
        }
        return h.getMaxValue();
    }
}
