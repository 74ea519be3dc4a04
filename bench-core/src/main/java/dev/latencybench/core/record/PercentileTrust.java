package dev.latencybench.core.record;

/** How many samples beyond a percentile the console needs to show it, by the same rule as the report. Stateless. */
public final class PercentileTrust {
    /** Fewer samples than this beyond a percentile: not shown, it is the few worst samples. */
    public static final long SHOWN_BEYOND = LatencySummary.SHOWN_BEYOND;
    /** Fewer samples than this beyond a percentile: shown, marked as resting on few samples. */
    public static final long CONFIDENT_BEYOND = 100;

    private PercentileTrust() {
    }

    public static long beyond(long count, double pct) {
        return LatencySummary.beyond(count, pct);
    }

    /**
     * The percentile as the console prints it: {@code 4.13ms}, {@code 4.13ms*} when resting on few samples, or
     * {@code -(2)} (ASCII) with the count beyond it when too few to show.
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
