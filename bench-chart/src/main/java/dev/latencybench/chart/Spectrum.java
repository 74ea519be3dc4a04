package dev.latencybench.chart;

import java.util.Arrays;
import java.util.Objects;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import dev.latencybench.core.record.LatencySummary;

/**
 * One line of a percentile spectrum: latency in microseconds at rising percentiles, stopping at the last percentile
 * with {@link LatencySummary#SHOWN_BEYOND} samples beyond it (past it a handful stands for the whole tail), its maximum
 * marked apart. Latencies of 0 are left out, as a log axis has no 0. Immutable.
 */
public final class Spectrum {
    /** Iteration steps per halving of the distance to 100%: about 33 points per nine, a smooth line. */
    static final int PERCENTILE_TICKS_PER_HALF_DISTANCE = 5;

    private final String name;
    private final double[] percentiles;
    private final double[] latenciesUs;
    private final int paletteSlot;
    /** The highest sample in microseconds, and the percentile at which it is marked; NaN for none. */
    private double maxUs = Double.NaN;
    private double maxPercentile = Double.NaN;

    /**
     * @param name         legend text, e.g. {@code openjdk-17.0.15 g1}
     * @param percentiles  strictly rising, each in [0, 100)
     * @param latenciesUs  the latency at each percentile in microseconds, rising or level
     */
    public Spectrum(String name, double[] percentiles, double[] latenciesUs) {
        this(name, percentiles, latenciesUs, Palette.BY_POSITION);
    }

    private Spectrum(String name, double[] percentiles, double[] latenciesUs, int paletteSlot) {
        this.name = Charts.requireText(name, "spectrum name");
        this.percentiles = Objects.requireNonNull(percentiles, "percentiles").clone();
        this.latenciesUs = Objects.requireNonNull(latenciesUs, "latenciesUs").clone();
        this.paletteSlot = paletteSlot;
        if (this.percentiles.length != this.latenciesUs.length) {
            throw new IllegalArgumentException("spectrum '" + name + "': " + this.percentiles.length
                    + " percentiles but " + this.latenciesUs.length + " latencies");
        }
        if (this.percentiles.length == 0) {
            throw new IllegalArgumentException("spectrum '" + name + "' has no points");
        }
        for (int i = 0; i < this.percentiles.length; i++) {
            double p = this.percentiles[i];
            if (!(p >= 0 && p < 100) || (i > 0 && p <= this.percentiles[i - 1])) {
                throw new IllegalArgumentException("spectrum '" + name + "': percentile " + i + " is " + p
                        + "; percentiles rise strictly and lie in [0, 100)");
            }
            double v = this.latenciesUs[i];
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("spectrum '" + name + "': latency " + i + " is " + v
                        + " us; a latency is a finite number >= 0");
            }
        }
    }

    /**
     * The spectrum of {@code histogram} (values in nanoseconds): HdrHistogram's percentile iteration plus the exact
     * percentiles 50, 90, 99, ..., so the line passes through the numbers the tables print.
     *
     * @throws IllegalArgumentException when the histogram holds no sample
     */
    public static Spectrum fromHistogram(String name, Histogram histogram) {
        Charts.requireText(name, "spectrum name");
        long count = histogram.getTotalCount();
        if (!drawable(histogram)) {
            throw new IllegalArgumentException("spectrum '" + name + "': the histogram holds " + count + " sample(s),"
                    + " none above 0 up to its last percentile with " + LatencySummary.SHOWN_BEYOND + " beyond it");
        }
        double[] reported = reportedPercentiles(count);
        int r = 0;
        Points points = new Points();
        for (HistogramIterationValue v : histogram.percentiles(PERCENTILE_TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo();
            if (p >= reported[reported.length - 1]) {
                break;
            }
            boolean hitReported = false;
            for (; reported[r] <= p; r++) {
                points.add(reported[r], histogram.getValueAtPercentile(reported[r]));
                hitReported |= reported[r] == p;
            }
            if (!hitReported) {
                points.add(p, v.getValueIteratedTo());
            }
        }
        for (; r < reported.length; r++) {
            points.add(reported[r], histogram.getValueAtPercentile(reported[r]));
        }
        Spectrum line = new Spectrum(name, points.percentiles(), points.latenciesUs(), Palette.BY_POSITION);
        line.maxUs = histogram.getMaxValue() / Charts.NANOS_PER_MICRO;
        line.maxPercentile = 100.0 * (1.0 - 1.0 / count);
        return line;
    }

    /** Whether {@code histogram} has a line: enough samples beyond its median and a latency above 0 at its end. */
    public static boolean drawable(Histogram histogram) {
        long count = histogram.getTotalCount();
        return LatencySummary.shown(count, 50)
                && histogram.getValueAtPercentile(highestSupportedPercentile(count)) > 0;
    }

    /** 50, 90, 99, 99.9, ... below the highest percentile {@code count} samples support, then that one. */
    private static double[] reportedPercentiles(long count) {
        double last = highestSupportedPercentile(count);
        double[] reported = new double[2 + (int) Math.ceil(Math.log10(count))];
        int n = 0;
        for (double p = 50; p < last; p = Charts.percentileOfNines(n)) {
            reported[n++] = p;
        }
        reported[n++] = last;
        return Arrays.copyOf(reported, n);
    }

    /** {@code 100 * (1 - 10/count)}: the last percentile with {@link LatencySummary#SHOWN_BEYOND} samples beyond it. */
    static double highestSupportedPercentile(long count) {
        return 100.0 * (1.0 - (double) LatencySummary.SHOWN_BEYOND / count);
    }

    /** The same line drawn in palette slot {@code slot} (0 first) whatever its position in the chart. */
    public Spectrum inColour(int slot) {
        Spectrum line = new Spectrum(name, percentiles, latenciesUs, Palette.requireSlot(slot));
        line.maxUs = maxUs;
        line.maxPercentile = maxPercentile;
        return line;
    }

    /** The highest sample in microseconds; NaN when the line was not made from a histogram. */
    public double maxUs() {
        return maxUs;
    }

    /** Where the maximum is marked: the percentile of the top sample, {@code 100 * (1 - 1/count)}; NaN for none. */
    public double maxPercentile() {
        return maxPercentile;
    }

    /** The line's first percentile: above 50 when the latencies up to it are 0, which a log axis cannot show. */
    public double firstPercentile() {
        return percentiles[0];
    }

    public String name() {
        return name;
    }

    /** A copy of the percentiles, each in [0, 100). */
    public double[] percentiles() {
        return percentiles.clone();
    }

    /** A copy of the latencies, in microseconds. */
    public double[] latenciesUs() {
        return latenciesUs.clone();
    }

    /** Where each point lies on the nines axis: {@link Charts#nines(double)} of its percentile. */
    public double[] nines() {
        double[] x = new double[percentiles.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = Charts.nines(percentiles[i]);
        }
        return x;
    }

    int paletteSlot() {
        return paletteSlot;
    }

    /** A growing list of (percentile, latency) points; latencies arrive in nanoseconds. */
    private static final class Points {
        private double[] percentiles = new double[256];
        private double[] latenciesUs = new double[256];
        private int size;

        /** A latency of 0 (a whole-ms clock's "under 1 ms") is left out: the log axis starts above it. */
        void add(double percentile, long latencyNs) {
            if (latencyNs <= 0) {
                return;
            }
            if (size == percentiles.length) {
                percentiles = Arrays.copyOf(percentiles, 2 * size);
                latenciesUs = Arrays.copyOf(latenciesUs, 2 * size);
            }
            percentiles[size] = percentile;
            latenciesUs[size++] = latencyNs / Charts.NANOS_PER_MICRO;
        }

        double[] percentiles() {
            return Arrays.copyOf(percentiles, size);
        }

        double[] latenciesUs() {
            return Arrays.copyOf(latenciesUs, size);
        }
    }

    @Override
    public String toString() {
        return "Spectrum[" + name + ", " + percentiles.length + " points up to p" + percentiles[percentiles.length - 1]
                + " = " + latenciesUs[latenciesUs.length - 1] + " us]";
    }
}
