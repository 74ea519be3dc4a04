package dev.latencybench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.awt.Graphics2D;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartOutputTest {
    @TempDir
    Path tmp;

    /** A chart stopped while it is drawn (SIGTERM, a chart that fails) leaves no file of it: was a 0-byte PNG. */
    @Test
    void aChartThatFailsWhileDrawnLeavesNoFileUnderItsName() throws Exception {
        PaintableChart failing = new PaintableChart() {
            @Override
            public int getWidth() {
                return 40;
            }

            @Override
            public int getHeight() {
                return 30;
            }

            @Override
            public void paint(Graphics2D g, int width, int height) {
                throw new IllegalStateException("stopped while drawn");
            }
        };
        assertThrows(IllegalStateException.class, () -> ChartOutput.write(failing, tmp, "chain-search", "t", List.of()));
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).collect(Collectors.toList()));
        }
    }
}
