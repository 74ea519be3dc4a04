package dev.latencybench.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

import dev.latencybench.core.config.Units;

/**
 * Fits a grouped bar chart to its data and builds it ({@link Charts#bars} writes it): the value axis' unit
 * ({@link AxisUnit}) and range, with room above the bars for their labels; whether those labels must be turned; the
 * category names wrapped to their group's width, or set smaller. The bars themselves XChart lays out and draws
 * ({@link LabelledBarChart}). Stateless.
 */
final class BarLayout {
    /** Share of the value axis kept free above the highest bar or whisker: enough for a flat label. */
    static final double HEADROOM = 0.10;

    /** About the plot's height in a bar chart, to turn a label's pixels into a share of the axis. */
    private static final double BAR_PLOT_PX = 360;

    private BarLayout() {
    }

    /** The chart {@link Charts#bars} writes: arguments as there. */
    static LabelledBarChart chart(String baseName, String title, String yLabel, List<String> categories,
            List<Bars> series, boolean logScale) {
        String chart = "bar chart '" + Charts.requireBaseName(baseName) + "'";
        Charts.requireText(title, chart + ": title");
        Charts.requireText(yLabel, chart + ": value axis title");
        if (categories.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no categories");
        }
        if (series.isEmpty()) {
            throw new IllegalArgumentException(chart + ": no series");
        }
        Charts.requireUnique(categories, chart, "category");
        List<String> names = new ArrayList<>();
        for (Bars b : series) {
            names.add(b.name());
        }
        Charts.requireUnique(names, chart, "series");
        double minNs = Double.POSITIVE_INFINITY;
        double maxNs = Double.NEGATIVE_INFINITY;
        double topNs = Double.NEGATIVE_INFINITY;
        for (Bars b : series) {
            if (b.size() != categories.size()) {
                throw new IllegalArgumentException(chart + ": series '" + b.name() + "' has " + b.size()
                        + " values for " + categories.size() + " categories");
            }
            for (int c = 0; c < b.size(); c++) {
                double ns = b.valueNs(c);
                if (Double.isNaN(ns)) {
                    continue;
                }
                if (logScale && ns <= 0) {
                    throw new IllegalArgumentException(chart + ": series '" + b.name() + "' has "
                            + b.valueUs(c) + " us for '" + categories.get(c)
                            + "'; a log axis shows only latencies above 0");
                }
                minNs = Math.min(minNs, b.hasRange(c) && b.lowNs(c) > 0 ? Math.min(ns, b.lowNs(c)) : ns);
                maxNs = Math.max(maxNs, ns);
                topNs = Math.max(topNs, b.topNs(c));
            }
        }
        if (maxNs < minNs) {
            throw new IllegalArgumentException(chart + ": every value is NaN; nothing to draw");
        }

        if (topNs <= 0) { // every bar 0: an axis of 1 ns, so that the bars of no height and their labels 0 show
            topNs = 1;
        }
        AxisUnit unit = AxisUnit.of(topNs);
        List<Color> colours = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            colours.add(ChartStyle.colour(Palette.slotOf(series.get(i).paletteSlot(), i)));
        }
        double categoryPx = (ChartStyle.WIDTH_PX - 110.0) / categories.size();
        Font categoryFont = ChartStyle.TICK_FONT;
        List<List<String>> lines = wrapAll(categories, categoryFont, categoryPx);
        if (lines == null) {
            categoryFont = ChartStyle.SMALL_TICK_FONT;
            lines = wrapAll(categories, categoryFont, categoryPx);
            if (lines == null) { // too long even so: let it overlap its neighbours, the tables name it in full
                lines = new ArrayList<>();
                for (String category : categories) {
                    lines.add(wrap(category, categoryFont, Double.MAX_VALUE));
                }
            }
        }
        boolean labelsTurned = labelsTurned(series, categories.size());
        LabelledBarChart c = new LabelledBarChart(series, colours, unit, labelsTurned, categories, lines,
                categoryFont);
        c.setTitle(title);
        c.setYAxisTitle(yLabel + " (" + unit.name() + ")" + (logScale ? " (log scale)" : ""));
        CategoryStyler s = c.getStyler();
        ChartStyle.apply(s);
        s.setAvailableSpaceFill(0.8);
        // the axis' range (nearly) fills the plot: XChart's default 92% adds its own 4% above the headroom and lifts
        // 0 off the frame; at 100% XChart leaves out the tick at 0
        s.setPlotContentSize(0.99);
        s.setOverlapped(false);
        s.setLabelsVisible(false);
        s.setLegendVisible(false);
        s.setXAxisTitleVisible(false);
        s.setXAxisTicksVisible(false);
        s.setPlotGridVerticalLinesVisible(false);
        s.setYAxisLogarithmic(logScale);
        double headroom = Math.max(HEADROOM, labelShareOfPlot(series, labelsTurned));
        double top = topNs / unit.nsPerUnit();
        if (logScale) {
            double floor = Charts.decadeFloor(minNs / unit.nsPerUnit());
            s.setYAxisMin(floor);
            s.setYAxisMax(Math.pow(10, Math.log10(floor) + Math.log10(top / floor) / (1 - headroom)));
        } else {
            s.setYAxisMin(0.0);
            s.setYAxisMax(top / (1 - headroom));
        }
        for (int i = 0; i < series.size(); i++) {
            Bars b = series.get(i);
            List<Double> values = new ArrayList<>(categories.size());
            for (int k = 0; k < b.size(); k++) {
                double ns = b.valueNs(k);
                values.add(Double.isNaN(ns) ? null : ns / unit.nsPerUnit()); // XChart skips null, but would draw NaN
            }
            CategorySeries cs = c.addSeries(b.name(), categories, values);
            cs.setFillColor(colours.get(i));
            cs.setLineColor(colours.get(i));
        }
        return c;
    }

    /** Each category's lines when all fit {@code widthPx}; null when one does not. */
    private static List<List<String>> wrapAll(List<String> categories, Font font, double widthPx) {
        List<List<String>> all = new ArrayList<>();
        for (String category : categories) {
            List<String> lines = wrap(category, font, widthPx - 6);
            if (lines.size() > LabelledBarChart.MAX_CATEGORY_LINES) {
                return null;
            }
            for (String line : lines) {
                if (ChartStyle.textWidth(line, font) > widthPx - 6) {
                    return null;
                }
            }
            all.add(lines);
        }
        return all;
    }

    /**
     * {@code text} broken into lines no wider than {@code widthPx} where it can be: at a space, before a '+' (a JIT,
     * as in {@code openjdk-17.0.15+graal}) or after a '-'. A piece wider than that is a line of its own.
     */
    static List<String> wrap(String text, Font font, double widthPx) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == ' ' || ch == '+' || text.charAt(i - 1) == '-') {
                pieces.add(text.substring(from, i));
                from = ch == ' ' ? i + 1 : i;
            }
        }
        pieces.add(text.substring(from));
        List<String> lines = new ArrayList<>();
        String line = "";
        for (String piece : pieces) {
            if (piece.isEmpty()) {
                continue;
            }
            String joined = line.isEmpty() ? piece
                    : line.endsWith("-") || piece.startsWith("+") ? line + piece : line + " " + piece;
            if (line.isEmpty() || ChartStyle.textWidth(joined, font) <= widthPx) {
                line = joined;
            } else {
                lines.add(line);
                line = piece;
            }
        }
        lines.add(line);
        return lines;
    }

    private static boolean labelsTurned(List<Bars> series, int categories) {
        // the plot is the chart less the value axis and paddings: about 110 px
        double barPx = (ChartStyle.WIDTH_PX - 110.0) / categories / series.size() * 0.8;
        double widestPx = 0;
        for (Bars b : series) {
            for (int c = 0; c < b.size(); c++) {
                if (!Double.isNaN(b.valueNs(c))) {
                    widestPx = Math.max(widestPx, labelPx(b.valueNs(c)));
                }
            }
        }
        return widestPx + 2 > barPx;
    }

    private static double labelPx(double ns) {
        return ChartStyle.textWidth(Units.formatNs(ns), ChartStyle.VALUE_LABEL_FONT);
    }

    /** The share of the plot's height the labels above the bars need, gap included. */
    private static double labelShareOfPlot(List<Bars> series, boolean labelsTurned) {
        double labelPx = ChartStyle.textBounds("0", ChartStyle.VALUE_LABEL_FONT).getHeight();
        if (labelsTurned) {
            for (Bars b : series) {
                for (int c = 0; c < b.size(); c++) {
                    if (!Double.isNaN(b.valueNs(c))) {
                        labelPx = Math.max(labelPx, labelPx(b.valueNs(c)));
                    }
                }
            }
        }
        return (labelPx + LabelledBarChart.LABEL_GAP_PX + 2) / BAR_PLOT_PX;
    }
}
