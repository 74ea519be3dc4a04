package dev.latencybench.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.latencybench.core.config.Units;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class BarChartTest {
    private static final List<String> CELLS = List.of("jdk17 g1", "jdk17 zgc", "jdk25 g1");

    @TempDir
    Path dir;

    @Test
    void theValueAxisEndsAboutTenPercentAboveTheHighestBar() {
        BarChart chart = Charts.barChart("median", "Median", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", 1_350, 1_190, 1_020), Bars.ofNanos("baseline", 372, 441, 343)));
        double top = chart.axisTopNs();
        assertTrue(top >= 1_350 * 1.08 && top <= 1_350 * 1.15, "axis top " + top + " ns for a highest bar of 1.35 us");
        assertFalse(chart.labelsTurned());
    }

    @Test
    void theHeadroomCountsTheWhiskerTop() {
        BarChart chart = Charts.barChart("p9999", "p99.99", "p99.99 latency", List.of("jdk17 g1"),
                List.of(Bars.ofNanos("chronicle", 1.46e6).withForkRangeNs(new double[] {0.48e6},
                        new double[] {3.25e6})));
        assertTrue(chart.axisTopNs() >= 3.25e6 && chart.axisTopNs() <= 3.25e6 * 1.15, "axis top " + chart.axisTopNs());
    }

    @Test
    void theUnitIsTheOneTheHighestBarReadsBetweenOneAndAThousandIn() throws Exception {
        assertEquals("ns", bar(120, 450, 980).unit());
        assertEquals("µs", bar(120, 450, 1_000).unit());
        assertEquals("ms", bar(89_000, 221_000, 2.42e6).unit());
        List<String> texts = texts(SvgDom.parse(bar(89_000, 221_000, 2.42e6).svg()));
        assertTrue(texts.contains("latency (ms)"), texts.toString());
        assertTrue(texts.containsAll(List.of("0", "1", "2")), "ticks in ms " + texts);
        assertFalse(texts.contains("1,000"), texts.toString());
    }

    @Test
    void eachBarIsLabelledAsTheTablesPrintItsValueWithMicrosAsTheTablesSpellThem() throws Exception {
        BarChart chart = Charts.barChart("median", "Median", "median latency", CELLS,
                List.of(Bars.ofNanos("chronicle", 1_350, 1_190, 1_020), Bars.ofNanos("baseline", 372, 441, Double.NaN)));
        List<String> texts = texts(SvgDom.parse(chart.svg()));
        assertEquals("1.35us", Units.formatNs(1_350));
        assertTrue(texts.containsAll(List.of("1.35µs", "1.19µs", "1.02µs", "372ns", "441ns")), texts.toString());
        assertFalse(texts.stream().anyMatch(t -> t.matches(".*[0-9]us\\b.*")), "no ASCII us: " + texts);
    }

    @Test
    void aCellOfSeveralForksHasAWhiskerFromItsLowestToItsHighestForkAndTheLegendSaysSo() throws Exception {
        Bars forks = Bars.ofNanos("chronicle", 1_070, 1_020, 1_000)
                .withForkRangeNs(new double[] {1_010, 1_000, Double.NaN}, new double[] {1_110, 1_040, Double.NaN});
        String svg = Charts.barChart("median", "Median", "median latency", CELLS, List.of(forks)).svg();
        Element root = SvgDom.parse(svg);
        List<String> bars = new ArrayList<>();
        NodeList rects = root.getElementsByTagName("rect");
        for (int i = 0; i < rects.getLength(); i++) {
            String t = SvgDom.child((Element) rects.item(i), "title");
            if (t != null) {
                bars.add(t);
            }
        }
        assertEquals(List.of("chronicle, jdk17 g1: 1.07µs (forks 1.01µs to 1.11µs)",
                "chronicle, jdk17 zgc: 1.02µs (forks 1.00µs to 1.04µs)", "chronicle, jdk25 g1: 1.00µs"), bars);
        assertEquals(6 + 3, root.getElementsByTagName("line").getLength() - lines(Charts.barChart("median", "Median",
                "median latency", CELLS, List.of(Bars.ofNanos("chronicle", 1_070, 1_020, 1_000))).svg()),
                "two whiskers of three strokes each, and the legend's");
        assertTrue(texts(root).contains(BarChart.WHISKER_LEGEND));
    }

    @Test
    void withoutForksThereIsNoWhiskerAndNoLegendForOneSeries() throws Exception {
        List<String> texts = texts(SvgDom.parse(bar(1_070, 1_020, 1_000).svg()));
        assertFalse(texts.contains(BarChart.WHISKER_LEGEND));
        assertFalse(texts.contains("x"));
    }

    @Test
    void longCategoryNamesAreWrappedNotTurnedAndNarrowBarsTurnTheirLabelsWithoutOverprinting() {
        List<String> cells = List.of("openjdk-17.0.15 g1", "openjdk-17.0.15 zgc", "temurin-25.0.3 g1",
                "temurin-25.0.3 zgc", "openjdk-17.0.15+graal g1", "openjdk-17.0.15+graal zgc",
                "temurin-25.0.3+graal g1", "temurin-25.0.3+graal zgc");
        double[] ns = {414, 1_100, 1_080, 1_180, 1_190, 1_090, 1_280, 1_210};
        BarChart chart = Charts.barChart("median", "Median", "median latency", cells,
                List.of(Bars.ofNanos("chronicle", ns), Bars.ofNanos("baseline", ns), Bars.ofNanos("reference", ns)));
        String svg = chart.svg();
        assertTrue(chart.labelsTurned(), "three bars in an eighth of the plot: too narrow for a flat label");
        assertTrue(svg.contains(">openjdk-17.0.15</text>") && svg.contains(">+graal zgc</text>"), svg);
        assertEquals(24, svg.split("rotate\\(-90\\)\" font-size=\"11\"", -1).length - 1, "every value label, upright");
        ChartRulesTest.assertNoTextOverprintsAnother(chart.draw());
    }

    @Test
    void wrapBreaksAtSpacesBeforeAJitAndAfterHyphens() {
        assertEquals(List.of("openjdk-17.0.15+graal", "zgc"), BarChart.wrap("openjdk-17.0.15+graal zgc", 12, 160));
        assertEquals(List.of("openjdk-17.0.15", "+graal zgc"), BarChart.wrap("openjdk-17.0.15+graal zgc", 12, 120));
        assertEquals(List.of("jdk17 g1"), BarChart.wrap("jdk17 g1", 12, 150));
    }

    @Test
    void theSameBarsGiveTheSameBytes() throws Exception {
        Path again = Files.createDirectories(dir.resolve("again"));
        List<Bars> bars = List.of(Bars.ofNanos("chronicle", 1_070, 1_020, 1_000)
                .withForkRangeNs(new double[] {1_010, 1_000, 990}, new double[] {1_110, 1_040, 1_020}));
        ChartFiles first = Charts.bars(dir, "median", "Median", "median latency", CELLS, bars);
        ChartFiles second = Charts.bars(again, "median", "Median", "median latency", CELLS, bars);
        assertEquals(Files.readString(first.svg()), Files.readString(second.svg()));
    }

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

    private static BarChart bar(double... ns) {
        return Charts.barChart("a", "A", "latency", CELLS, List.of(Bars.ofNanos("x", ns)));
    }

    private static int lines(String svg) {
        return svg.split("<line ", -1).length - 1;
    }

    static List<String> texts(Element svg) {
        List<String> out = new ArrayList<>();
        NodeList all = svg.getElementsByTagName("text");
        for (int i = 0; i < all.getLength(); i++) {
            out.add(all.item(i).getTextContent());
        }
        return out;
    }
}
