package dev.latencybench.chart;

import java.util.Objects;

/**
 * One line of a timeline: a latency in microseconds per interval, placed in seconds since the measurement started;
 * {@code NaN} is an interval without samples, drawn as a gap. It may carry fork starts, stop-the-world pauses and
 * outliers coloured by cause. Lines sharing a colour are told apart by dashes, in list order. Immutable.
 */
public final class TimeSeries {
    private final String name;
    private final double[] secondsSinceStart;
    private final double[] latenciesUs;
    private final int paletteSlot;
    private final double[] forkStartsSec;
    private final double[] pauseSec;
    private final double[] pauseUs;
    private Outliers outliers = new Outliers(new double[0], new double[0], new String[0], new int[0]);

    /** Outliers: each one's end (s since the start), latency (µs), cause and the cause's palette slot. */
    public record Outliers(double[] sec, double[] us, String[] causes, int[] slots) {
        public Outliers {
            if (us.length != sec.length || causes.length != sec.length || slots.length != sec.length) {
                throw new IllegalArgumentException("outliers: " + sec.length + " times, " + us.length + " latencies, "
                        + causes.length + " causes and " + slots.length + " colours");
            }
            for (int i = 0; i < sec.length; i++) {
                if (!(us[i] > 0) || Double.isInfinite(us[i]) || !Double.isFinite(sec[i])) {
                    throw new IllegalArgumentException("outlier " + i + " is " + us[i] + " us at " + sec[i] + " s; an"
                            + " outlier is a finite latency above 0 at a finite time");
                }
                Charts.requireText(causes[i], "outlier " + i + "'s cause");
                Palette.requireSlot(slots[i]);
            }
            sec = sec.clone();
            us = us.clone();
            causes = causes.clone();
            slots = slots.clone();
        }

        public int size() {
            return sec.length;
        }
    }

    /**
     * @param name               legend text, e.g. {@code openjdk-17.0.15 g1 max}
     * @param secondsSinceStart  finite, >= 0, never decreasing
     * @param latenciesUs        one per time, in microseconds; {@code NaN} for an interval without samples
     */
    public TimeSeries(String name, double[] secondsSinceStart, double[] latenciesUs) {
        this(name, secondsSinceStart, latenciesUs, Palette.BY_POSITION, new double[0], new double[0], new double[0]);
    }

    private TimeSeries(String name, double[] secondsSinceStart, double[] latenciesUs, int paletteSlot,
            double[] forkStartsSec, double[] pauseSec, double[] pauseUs) {
        this.name = Charts.requireText(name, "time series name");
        this.secondsSinceStart = Objects.requireNonNull(secondsSinceStart, "secondsSinceStart").clone();
        this.latenciesUs = Objects.requireNonNull(latenciesUs, "latenciesUs").clone();
        this.paletteSlot = paletteSlot;
        this.forkStartsSec = forkStartsSec.clone();
        this.pauseSec = pauseSec.clone();
        this.pauseUs = pauseUs.clone();
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
        return new TimeSeries(name, secondsSinceStart, latenciesUs, Palette.requireSlot(slot), forkStartsSec,
                pauseSec, pauseUs).withOutliers(outliers);
    }

    /**
     * The same line with its marks.
     *
     * @param forkStartsSec  where each fork after the first begins, in seconds since the start
     * @param pauseSec       when each stop-the-world pause began, in seconds since the start
     * @param pauseUs        each pause's length in microseconds, above 0
     */
    public TimeSeries withMarks(double[] forkStartsSec, double[] pauseSec, double[] pauseUs) {
        if (pauseSec.length != pauseUs.length) {
            throw new IllegalArgumentException("time series '" + name + "': " + pauseSec.length
                    + " pause times but " + pauseUs.length + " pause lengths");
        }
        for (int i = 0; i < pauseUs.length; i++) {
            if (!(pauseUs[i] > 0) || Double.isInfinite(pauseUs[i]) || !Double.isFinite(pauseSec[i])) {
                throw new IllegalArgumentException("time series '" + name + "': pause " + i + " is " + pauseUs[i]
                        + " us at " + pauseSec[i] + " s; a pause is a finite length above 0 at a finite time");
            }
        }
        return new TimeSeries(name, secondsSinceStart, latenciesUs, paletteSlot, forkStartsSec, pauseSec, pauseUs)
                .withOutliers(outliers);
    }

    /** The same line with these outliers marked, each a diamond in its cause's colour. */
    public TimeSeries withOutliers(Outliers marks) {
        TimeSeries t = new TimeSeries(name, secondsSinceStart, latenciesUs, paletteSlot, forkStartsSec, pauseSec,
                pauseUs);
        t.outliers = java.util.Objects.requireNonNull(marks, "outliers");
        return t;
    }

    public Outliers outliers() {
        return outliers;
    }

    /** A copy of where each fork after the first begins, in seconds since the start. */
    public double[] forkStartsSec() {
        return forkStartsSec.clone();
    }

    /** A copy of when each stop-the-world pause began, in seconds since the start. */
    public double[] pauseSec() {
        return pauseSec.clone();
    }

    /** A copy of each pause's length, in microseconds. */
    public double[] pauseUs() {
        return pauseUs.clone();
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
