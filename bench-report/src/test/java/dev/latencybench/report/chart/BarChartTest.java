package dev.latencybench.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import com.google.gson.Gson;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import dev.latencybench.core.config.Units;

/** The bar charts' scales, units, labels and whiskers, and the charts' text as SVG {@code <text>}. */
class BarChartTest {
    private static final List<String> CELLS = List.of("jdk17 g1", "jdk17 zgc", "jdk25 g1");
    private static final int WHISKER = 0x222222;

    @TempDir
    Path dir;

    // ---- scale ----

    @Test
    void theValueAxisEndsAboutTenPercentAboveTheHighestBar() {
        LabelledBarChart chart = Charts.barChart("median", "Median", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", 1_350, 1_190, 1_020), Bars.ofNanos("baseline", 372, 441, 343)),
                false);
        ChartOutput.png(chart);
        double max = 1.35; // us, the axis' unit
        double top = valueAtPlotTop(chart);
        assertTrue(top >= max * 1.08 && top <= max * 1.15, "axis top " + top + " us for a highest bar of 1.35 us");
        assertEquals(0.0, chart.getStyler().getYAxisMin());
    }

    @Test
    void theHeadroomCountsTheWhiskerTop() {
        LabelledBarChart chart = Charts.barChart("p9999", "p99.99", "p99.99 latency", List.of("jdk17 g1"),
                List.of(Bars.ofNanos("chronicle", 1.46e6).withForkRangeNs(new double[] {0.48e6},
                        new double[] {3.25e6})), false);
        ChartOutput.png(chart);
        double top = valueAtPlotTop(chart);
        assertTrue(top >= 3.25 && top <= 3.25 * 1.15, "axis top " + top + " ms for a whisker up to 3.25 ms");
    }

    @Test
    void theUnitIsTheOneTheHighestBarReadsBetweenOneAndAThousandIn() throws Exception {
        assertEquals("ns", Charts.barChart("a", "A", "latency", CELLS,
                List.of(Bars.ofNanos("x", 120, 450, 980)), false).unit().name());
        assertEquals("us", Charts.barChart("a", "A", "latency", CELLS,
                List.of(Bars.ofNanos("x", 120, 450, 1_000)), false).unit().name());
        assertEquals("ms", Charts.barChart("a", "A", "latency", CELLS,
                List.of(Bars.ofNanos("x", 89_000, 221_000, 2.42e6)), false).unit().name());
        // the unit is the one the tables print
        assertEquals(Units.formatNs(1e6).replaceAll("^[0-9.]+", ""),
                AxisUnit.of(2.42e6).name());

        Element svg = svg(Charts.bars(dir, "tail", "p99.99", "p99.99 latency", CELLS,
                List.of(Bars.ofNanos("x", 89_000, 221_000, 2.42e6)), false).svg());
        assertTrue(texts(svg).contains("p99.99 latency (ms)"), texts(svg).toString());
        // ticks in ms: 0, 0.5, 1, ... not 0, 500,000, ...
        assertTrue(texts(svg).containsAll(List.of("0", "1", "2")), texts(svg).toString());
        assertFalse(texts(svg).contains("1,000"), texts(svg).toString());
    }

    @Test
    void eachBarIsLabelledAsTheTablesPrintItsValue() throws Exception {
        double[] chronicle = {1_350, 1_190, 1_020};
        double[] baseline = {372, 441, Double.NaN};
        LabelledBarChart chart = Charts.barChart("median", "Median", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", chronicle), Bars.ofNanos("baseline", baseline)), false);
        List<String> expected = new ArrayList<>();
        for (double ns : chronicle) {
            expected.add(Units.formatNs(ns));
        }
        expected.add(Units.formatNs(372));
        expected.add(Units.formatNs(441));
        assertEquals(List.of("1.35us", "1.19us", "1.02us", "372ns", "441ns"), expected);
        assertEquals("1.35us", chart.valueLabel(0, 0));

        Element svg = svg(Charts.bars(dir, "median", "Median", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", chronicle), Bars.ofNanos("baseline", baseline)), false).svg());
        assertEquals(expected, textsInFontSize(svg, "11"));
    }

    // ---- whiskers ----

    @Test
    void aCellOfSeveralForksHasAWhiskerFromItsLowestToItsHighestFork() throws Exception {
        Bars forks = Bars.ofNanos("chronicle", 1_070, 1_020, 1_000)
                .withForkRangeNs(new double[] {1_010, 1_000, Double.NaN}, new double[] {1_110, 1_040, Double.NaN});
        LabelledBarChart chart = Charts.barChart("median", "Median", "median latency", CELLS, List.of(forks), false);
        BufferedImage png = ChartOutput.png(chart);
        int x = (int) Math.round(chart.barCentreX(0, 0));
        // above the bar (1.07 us) the whisker runs on to 1.11 us; the third cell has one fork and no whisker
        int aboveBar = (int) Math.round((chart.screenY(1_070) + chart.screenY(1_110)) / 2);
        assertTrue(near(png, x, aboveBar, 1, WHISKER), "whisker over the first bar");
        int third = (int) Math.round(chart.barCentreX(0, 2));
        int overThird = (int) Math.round(chart.screenY(1_150)); // above its label too
        assertFalse(near(png, third, overThird, 1, WHISKER), "no whisker over a one-fork bar");
        // the whisker's caps at the lowest and highest fork
        int cap = (int) Math.round(chart.screenY(1_110));
        assertTrue(near(png, x + 3, cap, 1, WHISKER) && near(png, x - 3, cap, 1, WHISKER), "cap at 1.11 us");
        Element svg = svg(Charts.bars(dir, "median", "Median", "median latency", CELLS, List.of(forks), false).svg());
        assertTrue(texts(svg).contains(LabelledBarChart.WHISKER_LEGEND), "the legend says what a whisker is");
    }

    /** The chart's JSON, as report-charts.js reads it: a series' fork range where it has one, null where not. */
    @Test
    void itsDataIsTheBarsFormatWithEachRange() {
        Bars forks = Bars.ofNanos("chronicle", 1_070, 1_020, 1_000)
                .withForkRangeNs(new double[] {1_010, 1_000, Double.NaN}, new double[] {1_110, 1_040, Double.NaN});
        LabelledBarChart chart = Charts.barChart("median", "Median", "median latency", CELLS, List.of(forks), false);
        assertEquals("{'type':'bars','title':'Median','y':{'title':'median latency (us)','unit':'us','min':0,"
                + "'max':1.23333,'log':false},'categories':['jdk17 g1','jdk17 zgc','jdk25 g1'],'series':["
                + "{'name':'chronicle','colour':'#0072b2','values':[1.07,1.02,1],"
                + "'low':[1.01,1,null],'high':[1.11,1.04,null]}]}",
                new Gson().toJson(chart.data()).replace('"', '\''));
    }

    @Test
    void withoutForksThereIsNoWhiskerAndNoLegendForOneSeries() throws Exception {
        Element svg = svg(Charts.bars(dir, "median", "Median", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", 1_070, 1_020, 1_000)), false).svg());
        assertFalse(texts(svg).contains(LabelledBarChart.WHISKER_LEGEND));
        assertFalse(texts(svg).contains("chronicle"));
    }

    // ---- category names ----

    @Test
    void longCategoryNamesAreWrappedNotTurned() throws Exception {
        List<String> cells = List.of("openjdk-17.0.15 g1", "openjdk-17.0.15 zgc", "temurin-25.0.3 g1",
                "temurin-25.0.3 zgc", "openjdk-17.0.15+graal g1", "openjdk-17.0.15+graal zgc",
                "temurin-25.0.3+graal g1", "temurin-25.0.3+graal zgc");
        double[] ns = {414, 1_100, 1_080, 1_180, 1_190, 1_090, 1_280, 1_210};
        LabelledBarChart chart = Charts.barChart("median", "Median", "median latency", cells,
                List.of(Bars.ofNanos("chronicle", ns), Bars.ofNanos("baseline", ns)), false);
        ChartOutput.png(chart);
        double categoryPx = chart.plotBounds().getWidth() / cells.size();
        for (List<String> lines : chart.categoryLines()) {
            assertTrue(lines.size() <= LabelledBarChart.MAX_CATEGORY_LINES, lines.toString());
            for (String line : lines) {
                assertTrue(ChartStyle.textWidth(line, ChartStyle.TICK_FONT) < categoryPx, line + " fits");
            }
        }
        assertEquals(List.of("openjdk-17.0.15", "+graal zgc"), chart.categoryLines().get(5));

        Element svg = svg(Charts.bars(dir, "median", "Median", "median latency", cells,
                List.of(Bars.ofNanos("chronicle", ns), Bars.ofNanos("baseline", ns)), false).svg());
        NodeList texts = svg.getElementsByTagName("text");
        int categoryLines = 0;
        for (int i = 0; i < texts.getLength(); i++) {
            Element t = (Element) texts.item(i);
            if (t.getTextContent().equals("+graal zgc") || t.getTextContent().startsWith("openjdk-")) {
                categoryLines++;
                assertEquals("", t.getAttribute("transform"), "category line '" + t.getTextContent() + "' turned");
            }
        }
        assertEquals(6, categoryLines);
    }

    @Test
    void wrapBreaksAtSpacesBeforeAJitAndAfterHyphens() {
        assertEquals(List.of("openjdk-17.0.15+graal", "zgc"),
                BarLayout.wrap("openjdk-17.0.15+graal zgc", ChartStyle.TICK_FONT, 150));
        assertEquals(List.of("openjdk-17.0.15", "+graal zgc"),
                BarLayout.wrap("openjdk-17.0.15+graal zgc", ChartStyle.TICK_FONT, 110));
        assertEquals(List.of("jdk17 g1"), BarLayout.wrap("jdk17 g1", ChartStyle.TICK_FONT, 150));
    }

    // ---- text ----

    @Test
    void theSvgHoldsItsTextAsTextElements() throws Exception {
        Element svg = svg(Charts.bars(dir, "median", "Median latency per JVM x GC", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", 1_200, 3_400, 5_600), Bars.ofNanos("baseline", 800, 2_900, 4_100)),
                false).svg());
        List<String> texts = texts(svg);
        assertTrue(texts.contains("Median latency per JVM x GC"), texts.toString());
        assertTrue(texts.contains("median latency (us)"), texts.toString());
        assertTrue(texts.containsAll(List.of("0", "1", "2", "3", "4", "5", "6")), "tick labels " + texts);
        assertTrue(texts.containsAll(CELLS), "category names " + texts);
        assertTrue(texts.containsAll(List.of("chronicle", "baseline")), "legend " + texts);
        // turned: only the value axis' title, reading upwards
        NodeList all = svg.getElementsByTagName("text");
        for (int i = 0; i < all.getLength(); i++) {
            Element t = (Element) all.item(i);
            String transform = ((Element) t.getParentNode()).getAttribute("transform");
            assertTrue(transform.startsWith("matrix("), t.getTextContent() + " is placed by its group: " + transform);
            boolean turned = transform.matches("matrix\\(-?0,-1,1,-?0,.*");
            assertEquals(t.getTextContent().equals("median latency (us)"), turned, t.getTextContent() + " " + transform);
            assertTrue(t.getAttribute("style").contains("font-family: " + ChartOutput.FONT_FAMILIES + ";"),
                    t.getAttribute("style"));
        }
        // no text drawn as glyph outlines: the only paths drawn are the 6 bars (the plot frame is a rect)
        NodeList paths = svg.getElementsByTagName("path");
        int drawn = 0;
        for (int i = 0; i < paths.getLength(); i++) {
            drawn += paths.item(i).getParentNode().getNodeName().equals("clipPath") ? 0 : 1;
        }
        assertEquals(6, drawn);
    }

    @Test
    void theSameBarsGiveTheSameBytes() throws Exception {
        Path again = Files.createDirectories(dir.resolve("again"));
        List<Bars> bars = List.of(Bars.ofNanos("chronicle", 1_070, 1_020, 1_000)
                .withForkRangeNs(new double[] {1_010, 1_000, 990}, new double[] {1_110, 1_040, 1_020}));
        ChartFiles first = Charts.bars(dir, "median", "Median", "median latency", CELLS, bars, false);
        ChartFiles second = Charts.bars(again, "median", "Median", "median latency", CELLS, bars, false);
        assertArrayEquals(Files.readAllBytes(first.png()), Files.readAllBytes(second.png()));
        assertEquals(Files.readString(first.svg()), Files.readString(second.svg()));
    }

    // ---- colours ----

    @Test
    void everyPaletteColourStandsOutOnWhite() {
        for (int slot = 0; slot < Palette.COLOURS; slot++) {
            double ratio = Palette.contrastOnWhite(Palette.rgb(slot));
            assertTrue(ratio >= Palette.MIN_CONTRAST_ON_WHITE,
                    String.format("slot %d, #%06x: contrast %.2f:1 on white", slot, Palette.rgb(slot), ratio));
        }
        assertEquals(21.0, Palette.contrastOnWhite(0x000000), 1e-9);
        assertEquals(1.0, Palette.contrastOnWhite(0xFFFFFF), 1e-9);
        assertTrue(Palette.contrastOnWhite(0xE69F00) < 3, "Okabe-Ito's own orange is too pale, hence the darker one");
    }

    // ---- helpers ----

    /** The axis value at the top edge of the plot, in the axis' unit. */
    private static double valueAtPlotTop(LabelledBarChart chart) {
        Rectangle2D plot = chart.plotBounds();
        double y0 = chart.screenY(0);
        double y1 = chart.screenY(chart.unit().nsPerUnit());
        return (y0 - plot.getMinY()) / (y0 - y1);
    }

    private static Element svg(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(Files.readString(file))))
                .getDocumentElement();
    }

    private static List<String> texts(Element svg) {
        List<String> out = new ArrayList<>();
        NodeList all = svg.getElementsByTagName("text");
        for (int i = 0; i < all.getLength(); i++) {
            out.add(all.item(i).getTextContent());
        }
        return out;
    }

    private static List<String> textsInFontSize(Element svg, String size) {
        List<String> out = new ArrayList<>();
        NodeList all = svg.getElementsByTagName("text");
        for (int i = 0; i < all.getLength(); i++) {
            Element t = (Element) all.item(i);
            if (t.getAttribute("style").contains("font-size: " + size + "px;")) {
                out.add(t.getTextContent());
            }
        }
        return out;
    }

    /** A pixel within {@code radius} of (x, y) is {@code rgb}, or as dark, anti-aliased, as a line of it. */
    private static boolean near(BufferedImage image, int x, int y, int radius, int rgb) {
        for (int dy = -radius; dy <= radius; dy++) {
            for (int dx = -radius; dx <= radius; dx++) {
                int p = image.getRGB(x + dx, y + dy);
                if ((p & 0xFFFFFF) == rgb || ((p >> 16) & 0xFF) < 0x60 && ((p >> 8) & 0xFF) < 0x60 && (p & 0xFF) < 0x60) {
                    return true;
                }
            }
        }
        return false;
    }
}
