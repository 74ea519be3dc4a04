package dev.latencybench.core.view;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * What a {@link StudyView} says when two runs of its study are compared, beside the percentile ratios
 * every study gets: a heading, a line per comparison, and how many of them are regressions (which make
 * compare exit 1). Immutable.
 */
public final class Comparison {
    /** Nothing to compare. */
    public static final Comparison NONE = new Comparison("", List.of(), 0);

    public final String heading;
    public final List<String> lines;
    public final int regressions;

    public Comparison(String heading, List<String> lines, int regressions) {
        this.heading = heading;
        this.lines = List.copyOf(lines);
        this.regressions = regressions;
    }

    /**
     * A ratio as compare prints it: {@code 1.04x}, two decimals from 0.1 up; below that two significant digits
     * ({@code 0.00054x} for 2.62 ms to 1.42 us), so a large speed-up never reads as {@code 0.00x}; {@code 0x} only
     * for a true zero, {@code -} where there is no ratio (NaN).
     */
    public static String ratio(double ratio) {
        if (Double.isNaN(ratio)) {
            return "-";
        }
        if (ratio == 0) {
            return "0x";
        }
        if (Double.isInfinite(ratio) || ratio >= 0.1) {
            return String.format(java.util.Locale.ROOT, "%.2fx", ratio);
        }
        return BigDecimal.valueOf(ratio).round(new MathContext(2)).stripTrailingZeros().toPlainString() + "x";
    }

    /** {@code 10%}, {@code 2.5%}: a threshold as compare prints it. */
    public static String percent(double fraction) {
        return BigDecimal.valueOf(fraction * 100).round(new MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }
}
