package dev.latencybench.chart;

import java.util.Arrays;
import java.util.Objects;

/**
 * One series of a grouped bar chart: one latency per category, in the chart's category order, with an optional fork
 * range drawn as a whisker. {@code NaN} draws no bar. Give each variant a fixed palette slot ({@link #inColour}) so it
 * keeps its colour in every chart. Immutable.
 */
public final class Bars {
    private final String name;
    private final double[] valuesNs;
    private final double[] lowNs;
    private final double[] highNs;
    private final int paletteSlot;

    /**
     * @param name      legend text, e.g. {@code chronicle}
     * @param valuesUs  one latency per category in microseconds, {@code NaN} where the category has none
     */
    public Bars(String name, double... valuesUs) {
        this(name, scaled(valuesUs, Charts.NANOS_PER_MICRO), null, null, Palette.BY_POSITION);
    }

    private Bars(String name, double[] valuesNs, double[] lowNs, double[] highNs, int paletteSlot) {
        this.name = Charts.requireText(name, "bar series name");
        this.valuesNs = Objects.requireNonNull(valuesNs, "valuesNs").clone();
        this.lowNs = lowNs == null ? nans(valuesNs.length) : lowNs.clone();
        this.highNs = highNs == null ? nans(valuesNs.length) : highNs.clone();
        this.paletteSlot = paletteSlot;
        for (int i = 0; i < this.valuesNs.length; i++) {
            double v = this.valuesNs[i];
            if (!Double.isNaN(v) && (v < 0 || Double.isInfinite(v))) {
                throw new IllegalArgumentException("bar series '" + name + "': value " + i + " is "
                        + v / Charts.NANOS_PER_MICRO + " us; a latency is a finite number >= 0, or NaN for none");
            }
        }
    }

    /** Values given in nanoseconds, as the result files hold them. */
    public static Bars ofNanos(String name, double... valuesNs) {
        return new Bars(name, valuesNs, null, null, Palette.BY_POSITION);
    }

    /**
     * The same series with a whisker per category from the lowest to the highest fork's value; {@code NaN} in both
     * draws none.
     *
     * @throws IllegalArgumentException when the arrays are not one value per category, or a whisker is upside down,
     *                                  negative, or misses its bar
     */
    public Bars withForkRangeNs(double[] lowNs, double[] highNs) {
        if (lowNs.length != valuesNs.length || highNs.length != valuesNs.length) {
            throw new IllegalArgumentException("bar series '" + name + "': " + lowNs.length + " lows and "
                    + highNs.length + " highs for " + valuesNs.length + " values");
        }
        for (int i = 0; i < valuesNs.length; i++) {
            boolean none = Double.isNaN(lowNs[i]) && Double.isNaN(highNs[i]);
            if (!none && !(lowNs[i] >= 0 && lowNs[i] <= highNs[i] && Double.isFinite(highNs[i]))) {
                throw new IllegalArgumentException("bar series '" + name + "': fork range " + i + " is " + lowNs[i]
                        + " to " + highNs[i] + " ns; a range is two finite latencies >= 0, low first");
            }
        }
        return new Bars(name, valuesNs, lowNs, highNs, paletteSlot);
    }

    /** The same series drawn in palette slot {@code slot} (0 first) whatever its position in the chart. */
    public Bars inColour(int slot) {
        return new Bars(name, valuesNs, lowNs, highNs, Palette.requireSlot(slot));
    }

    public String name() {
        return name;
    }

    /** A copy of the values, in microseconds. */
    public double[] valuesUs() {
        return scaled(valuesNs, 1 / Charts.NANOS_PER_MICRO);
    }

    int size() {
        return valuesNs.length;
    }

    double valueNs(int i) {
        return valuesNs[i];
    }

    /** Whether category {@code i} has a whisker. */
    boolean hasRange(int i) {
        return !Double.isNaN(lowNs[i]) && !Double.isNaN(valuesNs[i]);
    }

    double lowNs(int i) {
        return lowNs[i];
    }

    double highNs(int i) {
        return highNs[i];
    }

    /** The top of what category {@code i} draws: the bar or its whisker; NaN for nothing. */
    double topNs(int i) {
        return hasRange(i) ? Math.max(valuesNs[i], highNs[i]) : valuesNs[i];
    }

    int paletteSlot() {
        return paletteSlot;
    }

    private static double[] scaled(double[] values, double factor) {
        double[] out = values.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= factor;
        }
        return out;
    }

    private static double[] nans(int n) {
        double[] out = new double[n];
        Arrays.fill(out, Double.NaN);
        return out;
    }

    @Override
    public String toString() {
        return "Bars[" + name + " " + Arrays.toString(valuesNs) + " ns]";
    }
}
