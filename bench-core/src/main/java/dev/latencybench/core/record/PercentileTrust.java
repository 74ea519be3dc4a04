package dev.latencybench.core.record;

/**
 * How many samples a percentile needs beyond it before the console shows it: the launcher's lines and
 * tables follow the same rule as the report (the runner's {@code Percentiles} reads these), the threshold
 * below which nothing is shown being {@link LatencySummary#SHOWN_BEYOND}, the one a pass rule keeps too.
 * Stateless.
 */
public final class PercentileTrust {
    /** Fewer samples than this beyond a percentile: not shown, it is the few worst samples. */
    public static final long SHOWN_BEYOND = LatencySummary.SHOWN_BEYOND;
    /** Fewer samples than this beyond a percentile: shown, marked as resting on few samples. */
    public static final long CONFIDENT_BEYOND = 100;

    private PercentileTrust() {
    }

    /** How many of {@code count} samples lie above the {@code pct} percentile. */
    public static long beyond(long count, double pct) {
        return LatencySummary.beyond(count, pct);
    }

    /**
     * The percentile as the console prints it: {@code 4.13ms}, {@code 4.13ms*} with fewer than
     * {@value #CONFIDENT_BEYOND} samples beyond it, {@code -(2)} (ASCII, for any terminal) with fewer than
     * {@value #SHOWN_BEYOND}, the count beyond it in brackets.
     */
    public static String console(String formatted, long count, double pct) {
        long n = beyond(count, pct);
        return n < SHOWN_BEYOND ? "-(" + n + ")" : n < CONFIDENT_BEYOND ? formatted + "*" : formatted;
    }

    /** What the console's marks mean, printed once under a table or line that has one. */
    public static String legend() {
        return "-(n): a percentile with n samples beyond it, fewer than " + SHOWN_BEYOND + ", not shown (the few"
                + " worst samples, not a percentile); *: fewer than " + CONFIDENT_BEYOND + " beyond it";
    }
}
