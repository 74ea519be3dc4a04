package dev.latencybench.chart;

import dev.latencybench.core.result.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a chart to {@code <baseName>.svg}, whole or not at all: a stopped or failed draw leaves no file. */
public final class ChartOutput {
    private ChartOutput() {
    }

    public static ChartFiles write(PaintableChart chart, Path dir, String baseName) throws IOException {
        Charts.requireBaseName(baseName);
        Files.createDirectories(dir);
        Path svg = dir.resolve(baseName + ".svg");
        ResultFiles.writeString(svg, chart.svg());
        return new ChartFiles(svg);
    }
}
