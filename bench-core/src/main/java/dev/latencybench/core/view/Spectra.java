package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * Percentile spectra as plain data: one line per named distribution (latencies in ns), which the
 * runner draws on the report's percentile axis and writes under {@link #base}. Built once by its
 * view, then only read; not thread-safe while being built.
 */
public final class Spectra {
    /** A named distribution. */
    public static final class Line {
        public final String name;
        public final Histogram histogram;

        Line(String name, Histogram histogram) {
            this.name = name;
            this.histogram = histogram;
        }
    }

    /** The chart's files' base name; unique in the run. */
    public final String base;
    public final String title;
    private final List<Line> lines = new ArrayList<>();

    public Spectra(String base, String title) {
        this.base = base;
        this.title = title;
    }

    public Spectra line(String name, Histogram histogram) {
        lines.add(new Line(name, histogram));
        return this;
    }

    public List<Line> lines() {
        return Collections.unmodifiableList(lines);
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }
}
