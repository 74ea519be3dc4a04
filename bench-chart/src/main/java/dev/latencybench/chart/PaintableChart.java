package dev.latencybench.chart;

/** A chart that draws itself as one SVG element ({@link Svg}); {@link ChartOutput} writes it to its file. */
public interface PaintableChart {
    String getTitle();

    /** The drawing; each call draws it anew, and the same chart gives the same text. */
    Svg draw();

    /** The whole {@code <svg>} element, with the names of what it shows for screen readers. */
    String svg();
}
