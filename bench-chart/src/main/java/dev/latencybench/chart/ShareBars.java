package dev.latencybench.chart;

import java.util.List;
import java.util.Objects;

/**
 * One bar of a {@link ShareBarChart}: a category (a cell) cut into parts that add up to its whole, or the reason it
 * has no shares, written in the bar's place. Immutable.
 *
 * @param category the name under the bar
 * @param counts   one count per part of the chart, in the chart's part order, each >= 0; empty where {@code missing}
 * @param total    what the counts add up to, written over the bar ({@code 18 of 20}: the total is the 20)
 * @param missing  why the category has no bar (for example {@code no attribution}); null where it has one
 */
public record ShareBars(String category, long[] counts, long total, String missing) {
    public ShareBars {
        Charts.requireText(category, "share bar category");
        counts = Objects.requireNonNull(counts, "counts").clone();
        long sum = 0;
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("share bar '" + category + "': a count is " + c + "; counts are >= 0");
            }
            sum += c;
        }
        if (missing == null && (sum != total || total <= 0)) {
            throw new IllegalArgumentException("share bar '" + category + "': its counts add up to " + sum + ", not to"
                    + " its total " + total + " (above 0)");
        }
    }

    /** A bar of {@code counts}, which add up to its total. */
    public static ShareBars of(String category, long... counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return new ShareBars(category, counts, total, null);
    }

    /** A category without a bar, and why, written in the bar's place. */
    public static ShareBars missing(String category, String why) {
        return new ShareBars(category, new long[0], 0, Charts.requireText(why, "why '" + category + "' has no bar"));
    }

    /** The share of part {@code i}, 0 to 1; NaN for a category without a bar. */
    public double share(int i) {
        return missing != null ? Double.NaN : (double) counts[i] / total;
    }

    @Override
    public long[] counts() {
        return counts.clone();
    }

    static void requireParts(List<ShareBars> bars, int parts, String chart) {
        for (ShareBars b : bars) {
            if (b.missing == null && b.counts.length != parts) {
                throw new IllegalArgumentException(chart + ": bar '" + b.category + "' has " + b.counts.length
                        + " counts for " + parts + " parts");
            }
        }
    }
}
