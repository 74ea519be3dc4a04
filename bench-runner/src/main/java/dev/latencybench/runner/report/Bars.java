package dev.latencybench.runner.report;

import java.util.Arrays;
import java.util.Objects;

/**
 * One series of a grouped bar chart: one value per category, in microseconds, in the order of the chart's categories.
 * {@code NaN} means "no result for this category" and draws no bar. Immutable.
 *
 * <p>Colour: the palette slot given by {@link #inColour(int)}, else the series' position in the chart's list; give
 * each variant a fixed slot so that it keeps its colour in every chart, also when another variant is missing.
 */
public final class Bars {
    private final String name;
    private final double[] valuesUs;
    private final int paletteSlot;

    /**
     * @param name      legend text, e.g. {@code chronicle}
     * @param valuesUs  one latency per category in microseconds, {@code NaN} where the category has none
     */
    public Bars(String name, double... valuesUs) {
        this(name, valuesUs, Palette.BY_POSITION);
    }

    private Bars(String name, double[] valuesUs, int paletteSlot) {
        this.name = Charts.requireText(name, "bar series name");
        this.valuesUs = Objects.requireNonNull(valuesUs, "valuesUs").clone();
        this.paletteSlot = paletteSlot;
        for (int i = 0; i < this.valuesUs.length; i++) {
            double v = this.valuesUs[i];
            if (!Double.isNaN(v) && (v < 0 || Double.isInfinite(v))) {
                throw new IllegalArgumentException("bar series '" + name + "': value " + i + " is " + v
                        + " us; a latency is a finite number >= 0, or NaN for none");
            }
        }
    }

    /** Microsecond values given in nanoseconds, as the result files hold them. */
    public static Bars ofNanos(String name, double... valuesNs) {
        double[] us = valuesNs.clone();
        for (int i = 0; i < us.length; i++) {
            us[i] = us[i] / Charts.NANOS_PER_MICRO;
        }
        return new Bars(name, us);
    }

    /** The same series drawn in palette slot {@code slot} (0 first) whatever its position in the chart. */
    public Bars inColour(int slot) {
        return new Bars(name, valuesUs, Palette.requireSlot(slot));
    }

    public String name() {
        return name;
    }

    /** A copy of the values, in microseconds. */
    public double[] valuesUs() {
        return valuesUs.clone();
    }

    int size() {
        return valuesUs.length;
    }

    double valueUs(int i) {
        return valuesUs[i];
    }

    int paletteSlot() {
        return paletteSlot;
    }

    @Override
    public String toString() {
        return "Bars[" + name + " " + Arrays.toString(valuesUs) + " us]";
    }
}
