package dev.latencybench.chart;

import java.util.function.IntFunction;

/** The lowest and highest latency drawn; each is checked for the log axis (above 0; NaN is a gap in a line). */
final class LatencyRange {
    double minUs = Double.POSITIVE_INFINITY;
    double maxUs = 0;

    void add(String chart, String line, double[] us, IntFunction<String> where) {
        for (int i = 0; i < us.length; i++) {
            if (us[i] <= 0) {
                throw new IllegalArgumentException(chart + ": line '" + line + "' is at " + us[i] + " us at "
                        + where.apply(i) + "; a log axis shows only latencies above 0");
            }
            if (!Double.isNaN(us[i])) {
                minUs = Math.min(minUs, us[i]);
                maxUs = Math.max(maxUs, us[i]);
            }
        }
    }
}
