package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A chart of latency against a quantity (throughput, load) as plain data: series of points, level lines and x ticks,
 * which the runner fits, draws and writes under {@link #base}. Built once by its view, then only read.
 */
public final class Chart {
    /** One point: {@code x} in the axis's own quantity, the latency in ns, and whether it ended well. */
    public static final class Point {
        public final double x;
        public final long latencyNs;
        public final boolean ok;

        public Point(double x, long latencyNs, boolean ok) {
            this.x = x;
            this.latencyNs = latencyNs;
            this.ok = ok;
        }
    }

    /** A named line and its points, in the order they are drawn. */
    public static final class Series {
        public final String name;
        public final List<Point> points;

        Series(String name, List<Point> points) {
            this.name = name;
            this.points = Collections.unmodifiableList(new ArrayList<>(points));
        }
    }

    /** A horizontal line at a latency, with its name in the legend. */
    public static final class Level {
        public final long latencyNs;
        public final String name;

        Level(long latencyNs, String name) {
            this.latencyNs = latencyNs;
            this.name = name;
        }
    }

    /** The chart's file's base name ({@code <base>.svg}); unique in the run. */
    public final String base;
    public final String title;
    public final String xTitle;
    /** Points and ticks placed on a log10 axis. */
    public final boolean logX;
    private final List<Double> ticks = new ArrayList<>();
    private final List<String> tickLabels = new ArrayList<>();
    private final List<Level> levels = new ArrayList<>();
    private final List<Series> series = new ArrayList<>();

    public Chart(String base, String title, String xTitle, boolean logX) {
        this.base = base;
        this.title = title;
        this.xTitle = xTitle;
        this.logX = logX;
    }

    /** A tick of the x axis at {@code x} (the quantity, not its log), labelled. */
    public Chart tick(double x, String label) {
        ticks.add(x);
        tickLabels.add(label);
        return this;
    }

    public Chart level(long latencyNs, String name) {
        levels.add(new Level(latencyNs, name));
        return this;
    }

    public Chart series(String name, List<Point> points) {
        series.add(new Series(name, points));
        return this;
    }

    public List<Double> ticks() {
        return Collections.unmodifiableList(ticks);
    }

    public List<String> tickLabels() {
        return Collections.unmodifiableList(tickLabels);
    }

    public List<Level> levels() {
        return Collections.unmodifiableList(levels);
    }

    public List<Series> series() {
        return Collections.unmodifiableList(series);
    }
}
