package dev.latencybench.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

class ChartsTest {
    private static final List<String> CELLS = List.of("openjdk-17.0.15 g1", "openjdk-17.0.15 zgc",
            "temurin-25.0.3+graal zgc");
    private static final String BLUE = "#0072b2"; // palette slot 0
    private static final String ORANGE = "#c17f00"; // palette slot 1

    @TempDir
    Path dir;

    // ---- the nines axis ----

    @Test
    void ninesPutsEachNineOneStepApart() {
        assertEquals(0.0, Charts.nines(0));
        assertEquals(Math.log10(2), Charts.nines(50), 1e-12);
        assertEquals(1.0, Charts.nines(90));
        assertEquals(2.0, Charts.nines(99));
        assertEquals(3.0, Charts.nines(99.9), 1e-9);
        assertEquals(4.0, Charts.nines(99.99), 1e-9);
        assertEquals(5.0, Charts.nines(99.999), 1e-9);
        assertEquals("percentile is 100.0; the nines axis holds [0, 100)",
                assertThrows(IllegalArgumentException.class, () -> Charts.nines(100)).getMessage());
    }

    @Test
    void ninesTickLabelsArePercentages() {
        assertEquals(List.of("90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%"),
                List.of(Charts.percentileLabel(1), Charts.percentileLabel(2), Charts.percentileLabel(3),
                        Charts.percentileLabel(4), Charts.percentileLabel(5), Charts.percentileLabel(6)));
        assertEquals(90.0, Charts.percentileOfNines(1));
        assertEquals(99.0, Charts.percentileOfNines(2));
        assertEquals(99.9, Charts.percentileOfNines(3));
        assertEquals(99.999, Charts.percentileOfNines(5));
    }

    @Test
    void spectrumOfUniformOneToThousandMicrosHitsP50P90P99AtTheirNines() {
        Spectrum s = Spectrum.fromHistogram("uniform", uniformMicros(1_000));
        double[] p = s.percentiles();
        double[] x = s.nines();
        double[] us = s.latenciesUs();
        for (double percentile : new double[] {50, 90, 99}) {
            int i = indexOf(p, percentile);
            assertTrue(i >= 0, "no point at p" + percentile);
            assertEquals(Charts.nines(percentile), x[i], 1e-12, "x of p" + percentile);
            // 1000 samples 1 us apart: the p-th percentile is p * 10 us, to HdrHistogram's 3 digits
            assertEquals(percentile * 10, us[i], percentile * 10 * 1e-3, "latency at p" + percentile);
        }
        assertEquals(0.0, p[0]);
        assertEquals(1.0, us[0], 1e-3);
        // 1000 samples have 10 beyond 99% and fewer beyond anything higher: the line stops there
        assertEquals(99.0, p[p.length - 1]);
        assertEquals(2.0, x[x.length - 1], 1e-9);
        for (int i = 1; i < p.length; i++) {
            assertTrue(p[i] > p[i - 1] && us[i] >= us[i - 1], "rising at point " + i);
        }
    }

    @Test
    void spectrumLatenciesAreThoseHdrHistogramReports() {
        Histogram h = uniformMicros(1_000);
        Spectrum s = Spectrum.fromHistogram("uniform", h);
        assertArrayEquals(new double[] {h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(90) / 1e3,
                h.getValueAtPercentile(99) / 1e3}, new double[] {s.latenciesUs()[indexOf(s.percentiles(), 50)],
                s.latenciesUs()[indexOf(s.percentiles(), 90)], s.latenciesUs()[indexOf(s.percentiles(), 99)]});
    }

    @Test
    void spectrumStopsAtTheLastPercentileWithTenSamplesBeyondAndKeepsItsMaxApart() {
        Spectrum s = Spectrum.fromHistogram("hundred", uniformMicros(100));
        double[] p = s.percentiles();
        // 100 samples: 10 lie beyond p90, 9 beyond anything higher
        assertEquals(90.0, p[p.length - 1]);
        assertEquals(90.0, s.latenciesUs()[p.length - 1], 0.1);
        assertEquals(100.0, s.maxUs(), 0.1);
        assertEquals(99.0, s.maxPercentile(), 1e-9);
        // 20 samples: 10 beyond the median, the least that draws a line (19 round to 10 beyond); 18 do not
        assertTrue(Spectrum.drawable(uniformMicros(20)));
        assertFalse(Spectrum.drawable(uniformMicros(18)));
        assertEquals("spectrum 'three': the histogram holds 3 sample(s), none above 0 up to its last percentile with"
                + " 10 beyond it", assertThrows(IllegalArgumentException.class,
                () -> Spectrum.fromHistogram("three", uniformMicros(3))).getMessage());
    }

    @Test
    void aSpectrumWhoseLowPercentilesAreZeroStartsAtItsFirstAboveZero() {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(0, 80); // a clock in whole ms: 80 of 100 read 0
        for (int ms = 1; ms <= 20; ms++) {
            h.recordValue(ms * 1_000_000L);
        }
        Spectrum s = Spectrum.fromHistogram("whole ms", h);
        assertTrue(s.firstPercentile() > 80, "first point at p" + s.firstPercentile());
        assertEquals(20_000.0, s.maxUs(), 20);
    }

    @Test
    void aSpectrumChartMarksEachLinesMaxBeyondItsLastPointAndItsLimit() {
        LineChart chart = Charts.spectrumChart("spectrum", "Uniform",
                List.of(Spectrum.fromHistogram("uniform", uniformMicros(1_000))), 2_000, "pass: p99.9 < 2ms");
        List<double[]> maxima = chart.maxima(0);
        assertEquals(1, maxima.size());
        assertEquals(3.0, maxima.get(0)[0], 1e-9); // the top of 1,000 samples lies at 99.9%
        assertEquals(chart.yAxis().of(1_000.0), maxima.get(0)[1], chart.yAxis().of(1.0)); // to HdrHistogram's 3 digits
        assertEquals(chart.yAxis().of(2_000.0), chart.level(), 1e-9);
        assertTrue(chart.yAxis().max >= chart.level(), "the limit is inside the axis");
        assertTrue(chart.yAxis().title().endsWith("(log scale)"), chart.yAxis().title());
    }

    @Test
    void spectrumPointsLandAtTheirNinesOnTheChart() throws Exception {
        LineChart chart = Charts.spectrumChart("spectrum", "Uniform",
                List.of(Spectrum.fromHistogram("uniform", uniformMicros(1_000))));
        assertEquals(List.of("50%", "90%", "99%", "99.9%"), chart.xTickLabels());
        List<double[]> points = SvgDom.path(SvgDom.parse(chart.svg()), "uniform");
        for (double percentile : new double[] {50, 90, 99}) {
            double x = chart.pixelX(Charts.nines(percentile));
            double y = chart.pixelY(percentile * 10);
            assertTrue(points.stream().anyMatch(p -> Math.abs(p[0] - x) < 0.1 && Math.abs(p[1] - y) < 2),
                    "line passes (" + x + ", " + y + ") at p" + percentile);
        }
        // ticks 90% and 99% one nine apart; the axis starts at the first point, the lowest sample (p0)
        double nine = chart.pixelX(2) - chart.pixelX(1);
        assertEquals(Math.log10(5) * nine, chart.pixelX(1) - chart.pixelX(Charts.nines(50)), 1e-6);
        assertEquals(0, chart.xMin(), 1e-9);
    }

    // ---- bars ----

    @Test
    void barsSvgHasABarPerValueInItsSeriesColourAsHighAsItsValue() throws Exception {
        ChartFiles files = Charts.bars(dir, "median", "Median latency per JVM x GC, p50 < p99 & more", "median latency",
                CELLS, List.of(new Bars("chronicle", 1.2, 3.4, 5.6), new Bars("baseline", 0.8, 2.9, 4.1)));
        assertEquals(dir.resolve("median.svg"), files.svg());
        Element root = SvgDom.parse(Files.readString(files.svg()));
        assertEquals("Median latency per JVM x GC, p50 < p99 & more", text(root, "title"));
        assertEquals("chronicle, baseline", text(root, "desc"));
        List<double[]> blue = SvgDom.rects(root, BLUE);
        List<double[]> orange = SvgDom.rects(root, ORANGE);
        assertEquals(3, blue.size());
        assertEquals(3, orange.size());
        assertEquals(5.6 / 1.2, blue.get(2)[3] / blue.get(0)[3], 0.01, "heights in proportion: linear from 0");
        assertTrue(Files.readString(files.svg()).contains(">median latency (µs)</text>"), "the unit as tables spell it");
    }

    @Test
    void aNaNValueDrawsNoBar() throws Exception {
        BarChart chart = Charts.barChart("median", "Median", "median latency", CELLS,
                List.of(new Bars("chronicle", Double.NaN, 3.4, 5.6)));
        assertEquals(2, SvgDom.rects(SvgDom.parse(chart.svg()), BLUE).size());
    }

    @Test
    void barValuesGivenInNanosAreShownInMicros() {
        assertArrayEquals(new double[] {1.5, Double.NaN, 2_000}, Bars.ofNanos("x", 1_500, Double.NaN, 2e6).valuesUs());
    }

    @Test
    void aSeriesKeepsItsPaletteSlotWhenAnotherIsMissing() throws Exception {
        ChartFiles files = Charts.bars(dir, "baseline-only", "Median", "median latency", CELLS,
                List.of(new Bars("baseline", 0.8, 2.9, 4.1).inColour(1)));
        Element root = SvgDom.parse(Files.readString(files.svg()));
        assertEquals(0, SvgDom.rects(root, BLUE).size());
        assertEquals(3, SvgDom.rects(root, ORANGE).size());
    }

    @Test
    void emptyOrUnusableBarInputIsRefusedWithTheReason() {
        List<Bars> one = List.of(new Bars("chronicle", 1, 2, 3));
        assertRefused("bar chart 'median': no categories",
                () -> Charts.bars(dir, "median", "Median", "us", List.of(), one));
        assertRefused("bar chart 'median': no series",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of()));
        assertRefused("bar chart 'median': every value is NaN; nothing to draw",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS,
                        List.of(new Bars("chronicle", Double.NaN, Double.NaN, Double.NaN))));
        assertRefused("bar chart 'median': series 'chronicle' has 2 values for 3 categories",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of(new Bars("chronicle", 1, 2))));
        assertRefused("bar chart 'median': series 'chronicle' is given twice",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of(one.get(0), one.get(0))));
        assertRefused("bar chart 'median': title is blank",
                () -> Charts.bars(dir, "median", " ", "us", CELLS, one));
        assertRefused("chart base name '../median' must start with a letter or digit and hold only letters, digits,"
                + " '.', '_' and '-'", () -> Charts.bars(dir, "../median", "Median", "us", CELLS, one));
        assertRefused("bar series 'chronicle': value 1 is -1.0 us; a latency is a finite number >= 0, or NaN for none",
                () -> new Bars("chronicle", 1, -1));
    }

    // ---- percentile spectrum ----

    @Test
    void spectrumSvgHasALinePerSpectrumAndNamesThem() throws Exception {
        ChartFiles files = Charts.percentileSpectrum(dir, "spectrum", "Percentile spectrum, chronicle",
                List.of(Spectrum.fromHistogram("openjdk-17.0.15 g1", uniformMicros(10_000)),
                        Spectrum.fromHistogram("openjdk-17.0.15 zgc", uniformMicros(2_000))));
        Element root = SvgDom.parse(Files.readString(files.svg()));
        assertEquals("Percentile spectrum, chronicle", text(root, "title"));
        assertEquals("openjdk-17.0.15 g1, openjdk-17.0.15 zgc", text(root, "desc"));
        assertTrue(SvgDom.path(root, "openjdk-17.0.15 g1").size() > 20);
        assertTrue(SvgDom.path(root, "openjdk-17.0.15 zgc").size() > 20);
    }

    @Test
    void theNinesAxisEndsWhereTheLongestLineEnds() {
        LineChart chart = Charts.spectrumChart("spectrum", "Spectrum",
                List.of(Spectrum.fromHistogram("a", uniformMicros(100)),
                        Spectrum.fromHistogram("b", uniformMicros(20_000))));
        // the top of 20,000 samples lies at 99.995%: the axis ends just past its max dot, not at 99.999%
        assertEquals(List.of("50%", "90%", "99%", "99.9%", "99.99%"), chart.xTickLabels());
        assertEquals(Charts.nines(99.995) + SpectrumLayout.MAX_DOT_ROOM_NINES, chart.xMax(), 1e-9);
    }

    @Test
    void emptyOrUnusableSpectrumInputIsRefusedWithTheReason() {
        assertRefused("percentile spectrum 'spectrum': no lines",
                () -> Charts.percentileSpectrum(dir, "spectrum", "Spectrum", List.of()));
        assertRefused("percentile spectrum 'spectrum': line 'zero' is at 0.0 us at p0.0; a log axis shows only"
                + " latencies above 0", () -> Charts.percentileSpectrum(dir, "spectrum", "Spectrum",
                        List.of(new Spectrum("zero", new double[] {0, 50}, new double[] {0, 1}))));
        assertRefused("spectrum 'bad': percentile 1 is 100.0; percentiles rise strictly and lie in [0, 100)",
                () -> new Spectrum("bad", new double[] {50, 100}, new double[] {1, 2}));
    }

    // ---- timeline ----

    @Test
    void aTimelineDrawsEachLineAsOnePathBrokenWhereAnIntervalHasNoSamples() throws Exception {
        int n = 2_000;
        double[] sec = new double[n];
        double[] max = new double[n];
        double[] p99 = new double[n];
        for (int i = 0; i < n; i++) {
            sec[i] = (i + 1) * 0.1;
            p99[i] = 20 + i % 7;
            max[i] = i % 100 == 0 ? 5_000 : 60 + i % 13;
        }
        max[700] = Double.NaN; // an interval without samples
        p99[700] = Double.NaN;
        ChartFiles files = Charts.timeline(dir, "timeline", "Per-interval max and p99",
                List.of(new TimeSeries("openjdk-17.0.15 g1 max", sec, max).inColour(0),
                        new TimeSeries("openjdk-17.0.15 g1 p99", sec, p99).inColour(0),
                        new TimeSeries("openjdk-17.0.15 zgc max", sec, max).inColour(1)));
        String svg = Files.readString(files.svg());
        Element root = SvgDom.parse(svg);
        assertEquals("Per-interval max and p99", text(root, "title"));
        assertEquals("openjdk-17.0.15 g1 max, openjdk-17.0.15 g1 p99, openjdk-17.0.15 zgc max", text(root, "desc"));
        assertEquals(n - 1, SvgDom.path(root, "openjdk-17.0.15 g1 max").size());
        assertTrue(svg.contains("stroke-dasharray=\"7 4\"><title>openjdk-17.0.15 g1 p99</title>"),
                "the second line of a colour is dashed");
        assertTrue(root.getElementsByTagName("line").getLength() < 100, "each line one path, not a segment each");
    }

    @Test
    void timelineTicksAreRoundSeconds() {
        LineChart chart = Charts.timelineChart("timeline", "Timeline",
                List.of(new TimeSeries("max", new double[] {1, 2, 137}, new double[] {5, 6, 7})));
        assertEquals(List.of("0", "20", "40", "60", "80", "100", "120"), chart.xTickLabels());
    }

    @Test
    void emptyOrUnusableTimelineInputIsRefusedWithTheReason() {
        assertRefused("timeline 'timeline': no lines", () -> Charts.timeline(dir, "timeline", "Timeline", List.of()));
        assertRefused("timeline 'timeline': every latency is NaN; nothing to draw",
                () -> Charts.timeline(dir, "timeline", "Timeline", List.of(
                        new TimeSeries("max", new double[] {1, 2}, new double[] {Double.NaN, Double.NaN}))));
        assertRefused("time series 'max': time 1 is 0.5 s; times are finite, >= 0 and never go back",
                () -> new TimeSeries("max", new double[] {1, 0.5}, new double[] {1, 2}));
        assertRefused("time series 'max': 2 times but 1 latencies",
                () -> new TimeSeries("max", new double[] {1, 2}, new double[] {1}));
    }

    // ---- output ----

    @Test
    void theSameInputGivesTheSameBytes() throws IOException {
        Path again = Files.createDirectories(dir.resolve("again"));
        List<Spectrum> lines = List.of(Spectrum.fromHistogram("uniform", uniformMicros(1_000)));
        ChartFiles first = Charts.percentileSpectrum(dir, "spectrum", "Spectrum", lines);
        ChartFiles second = Charts.percentileSpectrum(again, "spectrum", "Spectrum", lines);
        assertEquals(Files.readString(first.svg()), Files.readString(second.svg()));
    }

    @Test
    void svgCoordinatesHaveOneDecimalAtMost() throws IOException {
        ChartFiles files = Charts.percentileSpectrum(dir, "spectrum", "Spectrum",
                List.of(Spectrum.fromHistogram("uniform", uniformMicros(1_000))));
        String svg = Files.readString(files.svg());
        Matcher m = Pattern.compile("\\b(d|transform|x|y|x1|y1|cx|cy|width|height)=\"([^\"]*)\"").matcher(svg);
        int coordinates = 0;
        while (m.find()) {
            coordinates++;
            assertFalse(Pattern.compile("\\d\\.\\d\\d").matcher(m.group(2)).find(), m.group());
        }
        assertTrue(coordinates > 20, "coordinates: " + coordinates);
    }

    // ---- helpers ----

    /** {@code count} samples of 1, 2, ..., count microseconds, recorded in nanoseconds. */
    private static Histogram uniformMicros(int count) {
        Histogram h = new Histogram(3);
        for (int us = 1; us <= count; us++) {
            h.recordValue(us * 1_000L);
        }
        return h;
    }

    private static int indexOf(double[] values, double value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static String text(Element root, String tag) {
        return SvgDom.child(root, tag);
    }

    private void assertRefused(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
        assertFalse(Files.exists(dir.resolve("median.svg")), "nothing written for refused input");
    }
}
