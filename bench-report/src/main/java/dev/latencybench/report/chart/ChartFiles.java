package dev.latencybench.report.chart;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The two files one chart was written to: a PNG of {@value ChartStyle#WIDTH_PX} x {@value ChartStyle#HEIGHT_PX} px,
 * and an SVG of the same drawing whose text is a standalone {@code <svg>} element, ready to paste into HTML.
 */
public record ChartFiles(Path png, Path svg) {
    public ChartFiles {
        Objects.requireNonNull(png, "png");
        Objects.requireNonNull(svg, "svg");
    }
}
