package dev.latencybench.report.chart;

import java.awt.Graphics2D;

/**
 * A chart that draws itself, at its own size, into any {@link Graphics2D}: the PNG's image or the SVG's
 * {@code SVGGraphics2D} ({@link ChartOutput}). The names are XChart's, so that a chart built on an XChart chart
 * ({@link LabelledBarChart}) is one as it stands; {@link LineChart} paints from its own model.
 */
public interface PaintableChart {
    int getWidth();

    int getHeight();

    /** Draws the whole chart into the {@code width} x {@code height} px at the origin of {@code g}. */
    void paint(Graphics2D g, int width, int height);
}
