package dev.latencybench.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PlotFrameTest {
    private static final LatencyAxis Y = LatencyAxis.fit(10, 1_000);

    /** A 600 x 400 px box at (100, 50), 70 px of value axis left of the plot and 30 px of title above it. */
    private static PlotFrame frame() {
        return new PlotFrame(100, 50, 600, 400, 70, 30, 0, 10, Y);
    }

    @Test
    void theFrameSitsInsideTheBoxLessItsInsets() {
        PlotFrame f = frame();
        // 14 px in from the box less the insets (530 x 370), 4 px more at the bottom
        assertEquals(14, f.bounds.getX());
        assertEquals(14, f.bounds.getY());
        assertEquals(530 - 28, f.bounds.getWidth());
        assertEquals(370 - 32, f.bounds.getHeight());
    }

    @Test
    void theAxesRangesFillTheMiddle92PercentOfTheFrame() {
        PlotFrame f = frame();
        double w = f.bounds.getWidth();
        double h = f.bounds.getHeight();
        assertEquals(14 + 0.04 * w, f.screenX(0), 1e-9);
        assertEquals(14 + 0.96 * w, f.screenX(10), 1e-9);
        assertEquals(14 + 0.5 * w, f.screenX(5), 1e-9);
        // log latency axis: the bottom at its min, the top at its max, the geometric mean half way
        assertEquals(14 + 0.96 * h, f.screenY(Y.min), 1e-9);
        assertEquals(14 + 0.04 * h, f.screenY(Y.max), 1e-9);
        assertEquals(14 + 0.5 * h, f.screenY(Math.sqrt(Y.min * Y.max)), 1e-9);
    }

    @Test
    void imageCoordinatesAddTheBoxOriginAndTheInsets() {
        PlotFrame f = frame();
        assertEquals(100 + 70 + f.screenX(3), f.imageX(3), 1e-9);
        assertEquals(50 + 30 + f.screenY(100), f.imageY(100), 1e-9);
    }
}
