package dev.latencybench.runner.report;

import java.util.Objects;

/**
 * One line of a timeline: a latency in microseconds per interval of the measurement, e.g. each interval's max or p99,
 * placed at the interval's end in seconds since the measurement started. {@code NaN} latency = an interval without
 * samples, drawn as a gap. Immutable.
 *
 * <p>Colour: the palette slot given by {@link #inColour(int)}, else the line's position in the chart's list. Lines
 * that share a colour in one chart are told apart by dashes, in list order: give a cell's max and p99 lines the same
 * slot and the max is solid, the p99 dashed.
 */
public final class TimeSeries {
    private final String name;
    private final double[] secondsSinceStart;
    private final double[] latenciesUs;
    private final int paletteSlot;

    /**
     * @param name               legend text, e.g. {@code openjdk-17.0.15 g1 max}
     * @param secondsSinceStart  finite, >= 0, never decreasing
     * @param latenciesUs        one per time, in microseconds; {@code NaN} for an interval without samples
     */
    public TimeSeries(String name, double[] secondsSinceStart, double[] latenciesUs) {
        this(name, secondsSinceStart, latenciesUs, Palette.BY_POSITION);
    }

    private TimeSeries(String name, double[] secondsSinceStart, double[] latenciesUs, int paletteSlot) {
        this.name = Charts.requireText(name, "time series name");
        this.secondsSinceStart = Objects.requireNonNull(secondsSinceStart, "secondsSinceStart").clone();
        this.latenciesUs = Objects.requireNonNull(latenciesUs, "latenciesUs").clone();
        this.paletteSlot = paletteSlot;
        if (this.secondsSinceStart.length != this.latenciesUs.length) {
            throw new IllegalArgumentException("time series '" + name + "': " + this.secondsSinceStart.length
                    + " times but " + this.latenciesUs.length + " latencies");
        }
        if (this.secondsSinceStart.length == 0) {
            throw new IllegalArgumentException("time series '" + name + "' has no points");
        }
        for (int i = 0; i < this.secondsSinceStart.length; i++) {
            double t = this.secondsSinceStart[i];
            if (!(t >= 0) || Double.isInfinite(t) || (i > 0 && t < this.secondsSinceStart[i - 1])) {
                throw new IllegalArgumentException("time series '" + name + "': time " + i + " is " + t
                        + " s; times are finite, >= 0 and never go back");
            }
            double v = this.latenciesUs[i];
            if (!Double.isNaN(v) && (v < 0 || Double.isInfinite(v))) {
                throw new IllegalArgumentException("time series '" + name + "': latency " + i + " is " + v
                        + " us; a latency is a finite number >= 0, or NaN for none");
            }
        }
    }

    /** The same line drawn in palette slot {@code slot} (0 first) whatever its position in the chart. */
    public TimeSeries inColour(int slot) {
        return new TimeSeries(name, secondsSinceStart, latenciesUs, Palette.requireSlot(slot));
    }

    public String name() {
        return name;
    }

    /** A copy of the times, in seconds since the measurement started. */
    public double[] secondsSinceStart() {
        return secondsSinceStart.clone();
    }

    /** A copy of the latencies, in microseconds. */
    public double[] latenciesUs() {
        return latenciesUs.clone();
    }

    int paletteSlot() {
        return paletteSlot;
    }

    @Override
    public String toString() {
        return "TimeSeries[" + name + ", " + latenciesUs.length + " points over "
                + (secondsSinceStart[secondsSinceStart.length - 1] - secondsSinceStart[0]) + " s]";
    }
}
