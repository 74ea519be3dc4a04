package dev.latencybench.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class ChartsTest {
    private static final List<String> CELLS = List.of("openjdk-17.0.15 g1", "openjdk-17.0.15 zgc",
            "temurin-25.0.3+graal zgc");
    private static final int BLUE = 0x0072B2; // palette slot 0
    private static final int ORANGE = 0xC17F00; // palette slot 1
    private static final int WHITE = 0xFFFFFF;

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
    void spectrumPointsLandAtTheirNinesOnTheChart() {
        LineChart chart = Charts.spectrumChart("spectrum", "Uniform",
                List.of(Spectrum.fromHistogram("uniform", uniformMicros(1_000))));
        BufferedImage png = ChartOutput.png(chart);
        assertEquals(List.of("50%", "90%", "99%", "99.9%"), chart.xTickLabels());
        for (double percentile : new double[] {50, 90, 99}) {
            int x = (int) Math.round(chart.pixelX(Charts.nines(percentile)));
            int y = (int) Math.round(chart.pixelY(percentile * 10));
            assertTrue(near(png, x, y, 2, BLUE), "line passes (" + x + ", " + y + ") at p" + percentile);
        }
        // ticks 90% and 99% one nine apart, 50% at log10(2) of a nine right of 0%
        double zero = chart.pixelX(0);
        double nine = chart.pixelX(1) - zero;
        assertEquals(nine, chart.pixelX(2) - chart.pixelX(1), 1e-6);
        assertEquals(Math.log10(2) * nine, chart.pixelX(Charts.nines(50)) - zero, 1e-6);
    }

    // ---- bars ----

    @Test
    void barsPngHasTheChartSizeAndABarPerValueInItsSeriesColour() throws IOException {
        ChartFiles files = Charts.bars(dir, "median", "Median latency per JVM x GC, p50 < p99 & more", "median latency (us)",
                CELLS, List.of(new Bars("chronicle", 1.2, 3.4, 5.6), new Bars("baseline", 0.8, 2.9, 4.1)), false);
        assertEquals(dir.resolve("median.png"), files.png());
        assertEquals(dir.resolve("median.svg"), files.svg());
        BufferedImage png = ImageIO.read(files.png().toFile());
        assertEquals(1000, png.getWidth());
        assertEquals(560, png.getHeight());
        assertEquals(WHITE, png.getRGB(0, 0) & WHITE);
        assertTrue(distinctColours(png) > 50, "anti-aliased text and bars, not a blank image");
        // three bars of each series, the tallest about 300 px of the plot
        assertTrue(count(png, BLUE) > 3_000, "chronicle bars");
        assertTrue(count(png, ORANGE) > 3_000, "baseline bars");
    }

    @Test
    void aNaNValueDrawsNoBar() {
        LabelledBarChart chart = Charts.barChart("median", "Median", "median latency (us)", CELLS,
                List.of(new Bars("chronicle", Double.NaN, 3.4, 5.6)), false);
        BufferedImage png = ChartOutput.png(chart);
        Rectangle2D plot = chart.plotBounds();
        int[] columnBlue = new int[CELLS.size()];
        for (int c = 0; c < CELLS.size(); c++) {
            int x = (int) Math.round(chart.barCentreX(0, c));
            for (int y = (int) plot.getMinY(); y < plot.getMaxY(); y++) {
                columnBlue[c] += (png.getRGB(x, y) & WHITE) == BLUE ? 1 : 0;
            }
        }
        assertEquals(0, columnBlue[0]);
        assertTrue(columnBlue[1] > 50 && columnBlue[2] > columnBlue[1], "bars 3.4 and 5.6 us high");
    }

    @Test
    void barValuesGivenInNanosAreShownInMicros() {
        assertArrayEquals(new double[] {1.5, Double.NaN, 2_000}, Bars.ofNanos("x", 1_500, Double.NaN, 2e6).valuesUs());
    }

    @Test
    void barsOnALogAxisSpanDecades() throws IOException {
        ChartFiles files = Charts.bars(dir, "p9999", "p99.99 latency per JVM x GC", "p99.99 latency (us)", CELLS,
                List.of(new Bars("chronicle", 35.2, 2_480, Double.NaN), new Bars("baseline", 12.4, 1_950, 58.3)),
                true);
        BufferedImage png = ImageIO.read(files.png().toFile());
        assertTrue(count(png, BLUE) > 1_000 && count(png, ORANGE) > 1_000);
    }

    @Test
    void aSeriesKeepsItsPaletteSlotWhenAnotherIsMissing() throws IOException {
        ChartFiles files = Charts.bars(dir, "baseline-only", "Median", "median latency (us)", CELLS,
                List.of(new Bars("baseline", 0.8, 2.9, 4.1).inColour(1)), false);
        BufferedImage png = ImageIO.read(files.png().toFile());
        assertEquals(0, count(png, BLUE));
        assertTrue(count(png, ORANGE) > 1_000);
    }

    @Test
    void barsSvgIsAStandaloneSvgElementWithTitleAndSeriesNames() throws Exception {
        ChartFiles files = Charts.bars(dir, "median", "Median latency per JVM x GC, p50 < p99 & more", "median latency (us)",
                CELLS, List.of(new Bars("chronicle", 1.2, 3.4, 5.6), new Bars("baseline", 0.8, 2.9, 4.1)), false);
        String svg = Files.readString(files.svg());
        assertTrue(svg.startsWith("<svg "), "no XML prolog or DOCTYPE before the element");
        assertFalse(svg.contains("<!DOCTYPE"));
        Element root = parse(svg).getDocumentElement();
        assertEquals("svg", root.getTagName());
        assertEquals("0 0 1000 560", root.getAttribute("viewBox"));
        assertEquals("Median latency per JVM x GC, p50 < p99 & more", text(root, "title"));
        assertEquals("chronicle, baseline", text(root, "desc"));
        assertIdsArePrefixed(root, "chart-median-");
    }

    @Test
    void emptyOrUnusableBarInputIsRefusedWithTheReason() {
        List<Bars> one = List.of(new Bars("chronicle", 1, 2, 3));
        assertRefused("bar chart 'median': no categories",
                () -> Charts.bars(dir, "median", "Median", "us", List.of(), one, false));
        assertRefused("bar chart 'median': no series",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of(), false));
        assertRefused("bar chart 'median': every value is NaN; nothing to draw",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS,
                        List.of(new Bars("chronicle", Double.NaN, Double.NaN, Double.NaN)), false));
        assertRefused("bar chart 'median': series 'chronicle' has 2 values for 3 categories",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of(new Bars("chronicle", 1, 2)), false));
        assertRefused("bar chart 'median': series 'chronicle' has 0.0 us for 'openjdk-17.0.15 g1'; a log axis shows"
                + " only latencies above 0",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of(new Bars("chronicle", 0, 2, 3)), true));
        assertRefused("bar chart 'median': series 'chronicle' is given twice",
                () -> Charts.bars(dir, "median", "Median", "us", CELLS, List.of(one.get(0), one.get(0)), false));
        assertRefused("bar chart 'median': title is blank",
                () -> Charts.bars(dir, "median", " ", "us", CELLS, one, false));
        assertRefused("chart base name '../median' must start with a letter or digit and hold only letters, digits,"
                + " '.', '_' and '-'", () -> Charts.bars(dir, "../median", "Median", "us", CELLS, one, false));
        assertRefused("bar series 'chronicle': value 1 is -1.0 us; a latency is a finite number >= 0, or NaN for none",
                () -> new Bars("chronicle", 1, -1));
    }

    // ---- percentile spectrum ----

    @Test
    void spectrumPngAndSvg() throws Exception {
        ChartFiles files = Charts.percentileSpectrum(dir, "spectrum", "Percentile spectrum, chronicle",
                List.of(Spectrum.fromHistogram("openjdk-17.0.15 g1", uniformMicros(10_000)),
                        Spectrum.fromHistogram("openjdk-17.0.15 zgc", uniformMicros(2_000))));
        BufferedImage png = ImageIO.read(files.png().toFile());
        assertEquals(1000, png.getWidth());
        assertEquals(560, png.getHeight());
        assertTrue(distinctColours(png) > 50);
        assertTrue(count(png, BLUE) > 500 && count(png, ORANGE) > 500, "both lines drawn");
        Element root = parse(Files.readString(files.svg())).getDocumentElement();
        assertEquals("svg", root.getTagName());
        assertEquals("Percentile spectrum, chronicle", text(root, "title"));
        assertEquals("openjdk-17.0.15 g1, openjdk-17.0.15 zgc", text(root, "desc"));
        assertIdsArePrefixed(root, "chart-spectrum-");
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
    void timelinePngAndSvg() throws Exception {
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
        BufferedImage png = ImageIO.read(files.png().toFile());
        assertEquals(1000, png.getWidth());
        assertEquals(560, png.getHeight());
        assertTrue(count(png, BLUE) > 500 && count(png, ORANGE) > 500, "lines drawn");
        Element root = parse(Files.readString(files.svg())).getDocumentElement();
        assertEquals("Per-interval max and p99", text(root, "title"));
        assertEquals("openjdk-17.0.15 g1 max, openjdk-17.0.15 g1 p99, openjdk-17.0.15 zgc max", text(root, "desc"));
        // each line is one path, not one element per segment
        assertTrue(root.getElementsByTagName("line").getLength() < 100);
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
        assertArrayEquals(Files.readAllBytes(first.png()), Files.readAllBytes(second.png()));
        assertEquals(Files.readString(first.svg()), Files.readString(second.svg()));
    }

    @Test
    void svgCoordinatesHaveOneDecimalAtMost() throws IOException {
        ChartFiles files = Charts.percentileSpectrum(dir, "spectrum", "Spectrum",
                List.of(Spectrum.fromHistogram("uniform", uniformMicros(1_000))));
        String svg = Files.readString(files.svg());
        Matcher m = Pattern.compile("\\b(d|transform|x|y|width|height)='([^']*)'").matcher(svg);
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

    private static int count(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += (image.getRGB(x, y) & WHITE) == rgb ? 1 : 0;
            }
        }
        return n;
    }

    private static boolean near(BufferedImage image, int x, int y, int radius, int rgb) {
        for (int dy = -radius; dy <= radius; dy++) {
            for (int dx = -radius; dx <= radius; dx++) {
                if ((image.getRGB(x + dx, y + dy) & WHITE) == rgb) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int distinctColours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }

    private static String text(Element root, String tag) {
        NodeList nodes = root.getElementsByTagName(tag);
        assertEquals(1, nodes.getLength(), "one <" + tag + ">");
        return nodes.item(0).getTextContent();
    }

    private static void assertIdsArePrefixed(Element root, String prefix) {
        NodeList all = root.getElementsByTagName("*");
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < all.getLength(); i++) {
            String id = ((Element) all.item(i)).getAttribute("id");
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        assertFalse(ids.isEmpty(), "clip paths have ids");
        for (String id : ids) {
            assertTrue(id.startsWith(prefix), id);
        }
    }

    private void assertRefused(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
        assertFalse(Files.exists(dir.resolve("median.png")), "nothing written for refused input");
    }
}
