package dev.latencybench.chart;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The rules every chart keeps (docs/report.md): no label overprints another or leaves the drawing, a latency is in
 * µs where the tables say µs, and a log axis labels both its ends. Checked on crowded charts of each kind.
 */
class ChartRulesTest {
    @Test
    void crowdedBarsKeepTheRules() {
        List<String> cells = new ArrayList<>();
        double[] ns = new double[12];
        for (int i = 0; i < 12; i++) {
            cells.add("openjdk-17.0.15+graal-" + i + " shenandoah");
            ns[i] = 900 + 40_000.0 * i;
        }
        BarChart chart = Charts.barChart("median", "Median latency per JVM and collector, a long title that runs on"
                + " past the width of the chart so that it wraps", "median latency", cells,
                List.of(Bars.ofNanos("chronicle", ns), Bars.ofNanos("baseline", ns), Bars.ofNanos("reference", ns)));
        assertKeepsTheRules(chart);
    }

    @Test
    void spectraKeepTheRulesOverlaidAndAsSmallMultiples() {
        List<Spectrum> lines = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            lines.add(Spectrum.fromHistogram("kafka-instances-" + (i + 1), spread(20_000, 1_000 * (i + 1))));
            LineChart chart = Charts.spectrumChart("spectrum", "chain / kafka: latency by percentile", lines,
                    100_000, "pass: p99.9 < 100ms");
            assertKeepsTheRules(chart);
            assertLogAxisLabelsItsEnds(chart);
        }
    }

    @Test
    void aTimelineWithPausesOutliersAndForksKeepsTheRules() {
        double[] sec = new double[300];
        double[] us = new double[300];
        for (int i = 0; i < sec.length; i++) {
            sec[i] = i + 1;
            us[i] = 50 + (i * 37 % 11) * 80;
        }
        List<TimeSeries> lines = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            lines.add(new TimeSeries("temurin-25.0.3 cell " + c + " max", sec, us).inColour(c)
                    .withMarks(new double[] {100, 200}, new double[] {10, 50}, new double[] {3_000, 40})
                    .withOutliers(new TimeSeries.Outliers(new double[] {20, 21}, new double[] {900, 910},
                            new String[] {"gc", "code"}, new int[] {3, 2})));
            LineChart chart = Charts.timelineChart("timeline", "queue / chronicle: worst latency per interval",
                    lines);
            assertKeepsTheRules(chart);
            assertLogAxisLabelsItsEnds(chart);
        }
    }

    @Test
    void ticksThatCrowdTogetherAreThinnedNotOverprinted() {
        double[] x = {0, 1, 2, 3, 4, 4.58, 4.81, 4.91, 5};
        List<String> labels = List.of("1", "2", "4", "8", "16", "24", "28", "30", "32");
        LineChart chart = new LineChart("search", "number of chains (log scale)", 0, 5, x, labels,
                LatencyAxis.fit(500, 118_000), 1).xScale(LineChart.XScale.LOG2);
        chart.addLine("kafka p99.9", x, new double[] {9, 4, 15, 16, 40, 60, 70, 69, 118}, 0, 2f);
        chart.addFailure(5, 118, 0, 0);
        chart.addLevel(100, "pass: p99.9 < 100ms");
        assertKeepsTheRules(chart);
    }

    @Test
    void aShareChartOfManyCellsKeepsTheRules() {
        List<ShareBars> bars = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            bars.add(i % 4 == 0 ? ShareBars.of("openjdk-17.0.15 g1 cell " + i, 15, 2, 1, 5)
                    : ShareBars.missing("temurin-25.0.3+graal zgc " + i, "none kept"));
        }
        assertKeepsTheRules(Charts.shareChart("tail", "queue: samples beyond p99.9 by cause, per cell",
                "share of the samples (%)", List.of("gc", "safepoint", "platform", "code"), List.of(3, 5, 4, 2), bars));
    }

    static void assertKeepsTheRules(PaintableChart chart) {
        Svg svg = chart.draw();
        assertNoTextOverprintsAnother(svg);
        for (Svg.Box b : svg.textBoxes()) {
            assertTrue(b.x0() >= 0 && b.x1() <= Svg.WIDTH, "'" + b.text() + "' leaves the drawing: " + b);
            assertFalse(b.text().matches(".*[0-9]us\\b.*|.*\\(us\\).*"), "'" + b.text() + "': µs is spelled µs");
        }
        String text = chart.svg();
        assertFalse(text.contains("NaN") || text.contains("Infinity"), "every coordinate a number");
    }

    static void assertNoTextOverprintsAnother(Svg svg) {
        List<Svg.Box> boxes = svg.textBoxes();
        for (int i = 0; i < boxes.size(); i++) {
            for (int k = i + 1; k < boxes.size(); k++) {
                if (boxes.get(i).overlaps(boxes.get(k))) {
                    fail("'" + boxes.get(i).text() + "' overprints '" + boxes.get(k).text() + "': " + boxes.get(i)
                            + " " + boxes.get(k));
                }
            }
        }
    }

    private static void assertLogAxisLabelsItsEnds(LineChart chart) {
        List<String> texts = new ArrayList<>();
        chart.draw().textBoxes().forEach(b -> texts.add(b.text()));
        assertTrue(texts.contains(Plot.tick(chart.yAxis().min)) && texts.contains(Plot.tick(chart.yAxis().max)),
                chart.yAxis() + ": " + texts);
    }

    /** {@code count} samples from {@code lowUs} up, spread over two decades. */
    private static Histogram spread(int count, double lowUs) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < count; i++) {
            h.recordValue((long) (lowUs * 1_000 * Math.pow(100, (double) i / count)));
        }
        return h;
    }
}
