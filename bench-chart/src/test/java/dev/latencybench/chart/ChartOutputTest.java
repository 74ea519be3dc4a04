package dev.latencybench.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
            public String getTitle() {
                return "t";
            }

            @Override
            public Svg draw() {
                throw new IllegalStateException("stopped while drawn");
            }

            @Override
            public String svg() {
                return draw().document(10, "t", "");
            }
        };
        assertThrows(IllegalStateException.class, () -> ChartOutput.write(failing, tmp, "chain-search"));
        try (Stream<Path> files = Files.list(tmp)) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).collect(Collectors.toList()));
        }
    }
}
