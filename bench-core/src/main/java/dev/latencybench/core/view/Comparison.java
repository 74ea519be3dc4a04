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

    /** {@code 10%}, {@code 2.5%}: a threshold as compare prints it. */
    public static String percent(double fraction) {
        return BigDecimal.valueOf(fraction * 100).round(new MathContext(4)).stripTrailingZeros().toPlainString() + "%";
    }
}
