package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.latencybench.chart.SvgDom;
import dev.latencybench.chart.Charts;
import dev.latencybench.chart.LatencyAxis;
import dev.latencybench.chart.LineChart;
import dev.latencybench.chart.Spectrum;
import dev.latencybench.chart.TimeSeries;
import dev.latencybench.report.data.GcPauses;

/** The percentile spectrum's and the timeline's axes, marks and small multiples, read back from the chart drawn. */
class LineChartsTest {
    private static final long T0_MS = 1_700_000_000_000L;

    // ---- the percentile spectrum ----

    @Test
    void theSpectrumsPercentileAxisEndsAtTheDatasLastPercentile() {
        LineChart chart = Charts.spectrumChart("spectrum", "Spectrum",
                List.of(Spectrum.fromHistogram("a", uniformMicros(3_000))));
        // the top of 3,000 samples lies at 99.9667%: the axis ends just past its max dot, its last tick is 99.9%
        double top = Charts.nines(100 * (1 - 1 / 3_000.0));
        assertEquals(top + 0.08, chart.xMax(), 1e-9);
        assertEquals(List.of("50%", "90%", "99%", "99.9%"), chart.xTickLabels());
        // the line runs to p99.667, the last percentile with 10 samples beyond it
        double last = Charts.nines(100 * (1 - 10 / 3_000.0));
        assertTrue(onLine(chart, "a", chart.pixelX(last), chart.pixelY(2_990), 2), "the line reaches p99.667");
    }

    @Test
    void theLatencyAxisFitsTheDataWithTenPercentHeadroom() {
        Spectrum line = Spectrum.fromHistogram("a", uniformMicros(3_000));
        LineChart chart = Charts.spectrumChart("spectrum", "Spectrum", List.of(line));
        LatencyAxis y = chart.yAxis();
        assertEquals("µs", y.unit);
        double[] us = line.latenciesUs();
        assertEquals(1.1 * line.maxUs(), y.max, 1e-9); // the max's dot is the highest thing drawn
        assertEquals(us[0] / 1.1, y.min, 1e-9);
        // not the decade ceiling: 3,000 us would have had an axis to 10,000
        assertTrue(y.max < 3_500, y.toString());
    }

    @Test
    void aPauseLongerThanEveryIntervalIsNotCutOffAtTheTop() {
        TimeSeries line = new TimeSeries("max", new double[] {1, 2, 3}, new double[] {100, 200, 150})
                .withMarks(new double[0], new double[] {2}, new double[] {1_000});
        LineChart chart = Charts.timelineChart("timeline", "Timeline", List.of(line));
        // the triangle stands above its tip at 1,000 us: the axis ends a twentieth of its span higher, then 10% more
        assertTrue(chart.yAxis().max >= chart.yAxis().of(1_000 * 1.2), chart.yAxis().toString());
    }

    @Test
    void theLatencyUnitSwitchesWithMagnitudeOneUnitPerChart() {
        assertEquals("latency (ns) (log scale)", LatencyAxis.fit(0.05, 2).title());
        assertEquals("latency (µs) (log scale)", LatencyAxis.fit(10, 500).title());
        assertEquals("latency (ms) (log scale)", LatencyAxis.fit(200, 50_000).title());
        LineChart chart = Charts.timelineChart("timeline", "Timeline", List.of(
                new TimeSeries("max", new double[] {1, 2, 3}, new double[] {2_000, 40_000, 9_000})));
        assertEquals("latency (ms) (log scale)", chart.yAxis().title());
        // the line is drawn in ms: it runs from 40 ms at 2 s to 9 ms at 3 s
        assertTrue(onLine(chart, "max", chart.pixelX(2), chart.pixelY(40), 0.1), "40 ms at 2 s");
        assertTrue(onLine(chart, "max", chart.pixelX(3), chart.pixelY(9), 0.1), "9 ms at 3 s");
    }

    // ---- the timeline ----

    @Test
    void aPartialLastIntervalIsNoPoint() {
        List<Histogram> intervals = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            intervals.add(interval(T0_MS + i * 1_000L, 1_000, 100 + i));
        }
        intervals.add(interval(T0_MS + 5_000, 3, 90_000)); // 3 ms at the end of the fork, with one slow sample
        TimeSeries line = SpectrumTimeline.timeline("cell", intervals, List.of());
        assertArrayEquals(new double[] {0.5, 1.5, 2.5, 3.5, 4.5}, line.secondsSinceStart(), 1e-9);
        assertArrayEquals(new double[] {0.1, 0.101, 0.102, 0.103, 0.104}, line.latenciesUs(), 1e-3);
    }

    @Test
    void forkBoundariesAreMarkedAndBreakTheLine() {
        List<Histogram> intervals = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            intervals.add(interval(T0_MS + i * 1_000L, 1_000, 100));
        }
        long secondFork = T0_MS + 20_000; // the next JVM's start-up and warm-up lie between
        for (int i = 0; i < 3; i++) {
            intervals.add(interval(secondFork + i * 1_000L, 1_000, 200));
        }
        TimeSeries line = SpectrumTimeline.timeline("cell", intervals,
                List.of(new SpectrumTimeline.Fork(3, null), new SpectrumTimeline.Fork(3, null)));
        assertArrayEquals(new double[] {3}, line.forkStartsSec(), 1e-9);
        assertArrayEquals(new double[] {0.5, 1.5, 2.5, 3, 3.5, 4.5, 5.5}, line.secondsSinceStart(), 1e-9);
        assertTrue(Double.isNaN(line.latenciesUs()[3]), "the line breaks where the forks meet");

        LineChart chart = Charts.timelineChart("timeline", "Timeline", List.of(line));
        assertEquals(List.of(3.0), chart.forkStarts(0));
        String x = String.valueOf(Math.round(chart.pixelX(3) * 10) / 10.0).replaceAll("\\.0$", "");
        assertTrue(chart.svg().contains("<line x1=\"" + x + "\" y1=\"" + String.valueOf(Math.round(chart.pixelY(
                chart.yAxis().max) * 10) / 10.0).replaceAll("\\.0$", "") + "\" x2=\"" + x + "\""),
                "a rule at 3 s from top to bottom");
        assertTrue(chart.svg().contains("stroke=\"#666\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\""), "dashed grey");
    }

    @Test
    void aPauseIsOverlaidAtItsTimeByTheWallClock() throws Exception {
        // a 5 ms pause whose line, written as it ended, says 12.005 s after T0 on the wall clock
        GcPauses pauses = GcPauses.parse(List.of(
                "[0.005s][" + (T0_MS - 9_000) + "ms][info][gc] Using G1",
                "[21.005s][" + (T0_MS + 12_005) + "ms][info][safepoint] Safepoint \"G1CollectForAllocation\", Time"
                        + " since last: 1000 ns, Reaching safepoint: 1000 ns, At safepoint: 4990000 ns, Total: 5000000"
                        + " ns",
                "[40.100s][" + (T0_MS + 31_100) + "ms][info][gc,heap,exit] Heap"));
        assertTrue(pauses.wallClock);
        TimeSeries line = SpectrumTimeline.timeline("cell", thirtySeconds(), List.of(new SpectrumTimeline.Fork(30,
                pauses)));
        assertArrayEquals(new double[] {12}, line.pauseSec(), 1e-9);
        assertArrayEquals(new double[] {5_000}, line.pauseUs(), 1e-9);

        LineChart chart = Charts.timelineChart("timeline", "Timeline", List.of(line));
        assertEquals(1, chart.pauses(0).size());
        assertEquals(12, chart.pauses(0).get(0)[0], 1e-9);
        assertEquals(chart.yAxis().of(5_000), chart.pauses(0).get(0)[1], 1e-9, "5 ms in the axis' unit");
        String tip = Math.round(chart.pixelX(12) * 10) / 10.0 + "," + Math.round(chart.pixelY(chart.yAxis().of(5_000))
                * 10) / 10.0;
        assertTrue(chart.svg().replaceAll("\\.0([, \"])", "$1").contains(tip.replaceAll("\\.0([, ]|$)", "$1")
                + "\" fill=\"#0072b2\""), "the pause's triangle points at " + tip);
        assertEquals(List.of("stop-the-world pause of " + String.format("%,d", Math.round(chart.yAxis().of(5_000))) + " "
                + chart.yAxis().unit + " at 12 s"), SvgDom.marks(SvgDom.parse(chart.svg()), "polygon", "stop-the-world"));
    }

    @Test
    void withUptimeOnlyAPauseIsPlacedByCountingBackFromTheJvmsExit() {
        // the log's last line (the JVM's exit, uptime 40 s) is taken as the end of the last interval, T0 + 30 s;
        // the pause ended at uptime 25.005 s, 14.995 s before the exit: T0 + 15.005 s, so it began at T0 + 15 s
        GcPauses pauses = GcPauses.parse(List.of(
                "[25.005s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 1000 ns,"
                        + " Reaching safepoint: 1000 ns, At safepoint: 4990000 ns, Total: 5000000 ns",
                "[40.000s][info][gc,heap,exit] Heap"));
        assertEquals(false, pauses.wallClock);
        TimeSeries line = SpectrumTimeline.timeline("cell", thirtySeconds(), List.of(new SpectrumTimeline.Fork(30,
                pauses)));
        assertArrayEquals(new double[] {15}, line.pauseSec(), 1e-9);
    }

    // ---- small multiples ----

    @Test
    void pastThreeCellsATimelineBecomesSmallMultiplesOnSharedAxes() {
        List<TimeSeries> three = new ArrayList<>();
        List<TimeSeries> four = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            TimeSeries line = new TimeSeries("cell " + i, new double[] {1, 2, 3},
                    new double[] {10 * (i + 1), 20 * (i + 1), 15 * (i + 1)}).inColour(i);
            four.add(line);
            if (i < 3) {
                three.add(line);
            }
        }
        LineChart one = Charts.timelineChart("timeline", "Timeline", three);
        assertEquals(1, one.panelCount());

        LineChart grid = Charts.timelineChart("timeline", "Timeline", four);
        assertEquals(4, grid.panelCount());
        for (int p = 0; p < 4; p++) {
            assertEquals(List.of("cell " + p), grid.panelLines(p));
        }
        // one axis for all: it holds the lowest (10) and the highest (80) of any cell
        assertTrue(grid.yAxis().min < 10 && grid.yAxis().max > 80, grid.yAxis().toString());
        assertTrue(height(grid) >= 2 * LineChart.PANEL_PLOT_PX + 100 && height(one) < height(grid), "two rows of two");
    }

    @Test
    void pastSixLinesASpectrumBecomesSmallMultiples() {
        List<Spectrum> six = new ArrayList<>();
        List<Spectrum> seven = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Spectrum s = Spectrum.fromHistogram("cell " + i, uniformMicros(100 * (i + 1)));
            seven.add(s);
            if (i < 6) {
                six.add(s);
            }
        }
        assertEquals(1, Charts.spectrumChart("spectrum", "Spectrum", six).panelCount());
        LineChart grid = Charts.spectrumChart("spectrum", "Spectrum", seven);
        assertEquals(7, grid.panelCount());
        assertEquals(List.of("cell 6"), grid.panelLines(6));
    }

    // ---- helpers ----

    private static List<Histogram> thirtySeconds() {
        List<Histogram> intervals = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            intervals.add(interval(T0_MS + i * 1_000L, 1_000, 100));
        }
        return intervals;
    }

    /** One interval of one sample of {@code maxNs}, from {@code startMs}, {@code lengthMs} long. */
    private static Histogram interval(long startMs, long lengthMs, long maxNs) {
        Histogram h = new Histogram(3);
        h.recordValue(maxNs);
        h.setStartTimeStamp(startMs);
        h.setEndTimeStamp(startMs + lengthMs);
        return h;
    }

    private static Histogram uniformMicros(int count) {
        Histogram h = new Histogram(3);
        for (int us = 1; us <= count; us++) {
            h.recordValue(us * 1_000L);
        }
        return h;
    }

    /** Whether the line named {@code name} has a point within {@code px} of (x, y). */
    private static boolean onLine(LineChart chart, String name, double x, double y, double px) {
        try {
            return SvgDom.path(SvgDom.parse(chart.svg()), name).stream()
                    .anyMatch(p -> Math.abs(p[0] - x) <= px + 0.06 && Math.abs(p[1] - y) <= px + 0.06);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static double height(LineChart chart) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("viewBox=\"0 0 1000 ([0-9.]+)\"")
                .matcher(chart.svg());
        assertTrue(m.find());
        return Double.parseDouble(m.group(1));
    }
}
