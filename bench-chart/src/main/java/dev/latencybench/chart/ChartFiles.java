package dev.latencybench.chart;

import java.nio.file.Path;
import java.util.Objects;

/** The file one chart was written to: a standalone {@code <svg>} element, ready to inline into HTML. */
public record ChartFiles(Path svg) {
    public ChartFiles {
        Objects.requireNonNull(svg, "svg");
    }
}
