package dev.latencybench.core.record;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * The range and precision of every histogram the suite records, merges and logs: 1 ns to ten
 * minutes at three significant digits. Values outside it are counted by whoever records them
 * ({@code MetricRecorder}), never clamped into a histogram. Stateless.
 */
public final class LatencyRecorder {
    /** Highest value the histograms hold: ten minutes. Larger values are counted as overflowed. */
    public static final long HIGHEST_TRACKABLE_NS = TimeUnit.MINUTES.toNanos(10);
    /** Three significant digits: 0.1% value resolution at every magnitude. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyRecorder() {
    }

    /** Creates an empty histogram with the suite's range, for totals and merges. */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }
}
