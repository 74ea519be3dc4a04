package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.font.LineMetrics;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.json.JsonCodec;

/**
 * A grouped {@link CategoryChart} with each bar's value written above it, a whisker over the bars of several forks
 * (lowest to highest fork), and the categories' names under the plot on up to {@value #MAX_CATEGORY_LINES} lines,
 * never turned. Not thread-safe, like any XChart chart.
 *
 * <p>XChart draws the plot frame and the bars, into the chart less the title's band at the top, the value axis'
 * strip at the left ({@link ValueAxis}, which draws the title and that axis as text) and a strip at the bottom; this
 * class draws the rest at the bar positions XChart's bar layout gives (category band, then one slot per series,
 * {@link CategoryStyler#getAvailableSpaceFill()} of the band filled):
 * <ul>
 * <li>the value labels, because XChart's sit inside the bar, centred, and spill out of short bars; they read as the
 * report's tables do ({@link Units#formatNs}), turned a quarter only when wider than the bar;</li>
 * <li>the whiskers, which XChart's bar chart does not draw;</li>
 * <li>the category names, because XChart can only turn a long one, which squashes the plot, and cannot wrap it;</li>
 * <li>the legend, under the names.</li>
 * </ul>
 */
public final class LabelledBarChart extends CategoryChart implements PaintableChart, ChartData {
    /** Pixels between a bar's (or whisker's) top and its label. */
    static final int LABEL_GAP_PX = 3;

    /** A category name is wrapped onto at most this many lines. */
    static final int MAX_CATEGORY_LINES = 2;

    private static final float WHISKER_PX = 1.5f;
    private static final double WHISKER_CAP_PX = 7;
    static final Color WHISKER = new Color(0x222222);
    static final String WHISKER_LEGEND = "lowest to highest fork";

    private static final int LEGEND_BOX_PX = 12;
    private static final int LEGEND_TEXT_GAP_PX = 6;
    private static final int LEGEND_ENTRY_GAP_PX = 18;
    private static final int LEGEND_PADDING_PX = 6;
    private static final int LEGEND_GAP_PX = 8;

    private final List<Bars> series;
    private final List<Color> colours;
    private final int categories;
    private final AxisUnit unit;
    private final boolean labelsTurned;
    private final List<List<String>> categoryLines;
    private final Font categoryFont;
    private final List<String> categoryNames;
    /** Where the last paint put XChart's drawing: its origin in the chart, in px. */
    private int insetLeftPx;
    private int insetTopPx;

    /**
     * @param categoryLines each category's name as the lines it is written on
     * @param categoryFont  the font those lines fit in
     */
    LabelledBarChart(List<Bars> series, List<Color> colours, AxisUnit unit, boolean labelsTurned,
            List<String> categoryNames, List<List<String>> categoryLines, Font categoryFont) {
        super(ChartStyle.WIDTH_PX, ChartStyle.HEIGHT_PX);
        this.series = List.copyOf(series);
        this.colours = List.copyOf(colours);
        this.categories = categoryLines.size();
        this.unit = unit;
        this.labelsTurned = labelsTurned;
        this.categoryLines = List.copyOf(categoryLines);
        this.categoryFont = categoryFont;
        this.categoryNames = List.copyOf(categoryNames);
    }

    @Override
    public JsonObject data() {
        CategoryStyler s = getStyler();
        BarChartJson.BarsData o = new BarChartJson.BarsData();
        o.title = getTitle();
        o.y = new BarChartJson.BarsAxis();
        o.y.title = getYAxisTitle();
        o.y.unit = unit.name();
        o.y.min = ChartData.number(s.getYAxisMin());
        o.y.max = ChartData.number(s.getYAxisMax());
        o.y.log = s.isYAxisLogarithmic();
        o.categories = ChartData.strings(categoryNames);
        o.series = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            Bars b = series.get(i);
            BarChartJson.BarSeries so = new BarChartJson.BarSeries();
            so.name = b.name();
            so.colour = ChartData.hex(colours.get(i));
            double[] values = new double[categories];
            double[] low = new double[categories];
            double[] high = new double[categories];
            boolean ranges = false;
            for (int c = 0; c < categories; c++) {
                values[c] = b.valueNs(c) / unit.nsPerUnit();
                low[c] = b.hasRange(c) ? b.lowNs(c) / unit.nsPerUnit() : Double.NaN;
                high[c] = b.hasRange(c) ? b.highNs(c) / unit.nsPerUnit() : Double.NaN;
                ranges |= b.hasRange(c);
            }
            so.values = ChartData.numbers(values);
            if (ranges) {
                so.low = ChartData.numbers(low);
                so.high = ChartData.numbers(high);
            }
            o.series.add(so);
        }
        return JsonCodec.toJsonObject(o);
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        int legendPx = hasLegend() ? legendRowPx() + 2 * LEGEND_PADDING_PX + LEGEND_GAP_PX : 0;
        int belowXChartPx = categoryBandPx() + legendPx;
        CategoryStyler s = getStyler();
        ValueAxis axis = new ValueAxis(getYAxisTitle(), s.getYAxisMin(), s.getYAxisMax(), s.isYAxisLogarithmic());
        insetLeftPx = axis.widthPx();
        insetTopPx = ValueAxis.titleBandPx(getTitle());
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, width, height));
        Graphics2D xg = (Graphics2D) g.create();
        try {
            xg.translate(insetLeftPx, insetTopPx);
            int xchartWidth = width - insetLeftPx;
            int xchartHeight = height - insetTopPx - belowXChartPx;
            // XChart lays its parts out as it paints them: once on a scratch image, to draw the grid under the bars
            Graphics2D scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
            super.paint(scratch, xchartWidth, xchartHeight);
            scratch.dispose();
            Rectangle2D xchartPlot = plot.getBounds();
            axis.paintGrid(xg, xchartPlot, this::getScreenYFromChart);
            super.paint(xg, xchartWidth, xchartHeight);
            axis.paintLabels(xg, xchartPlot, this::getScreenYFromChart);
            ValueAxis.paintTitle(xg, getTitle(), ChartStyle.TITLE_FONT, ValueAxis.TITLE_PADDING_PX, xchartPlot,
                    xchartPlot.getMinY() - insetTopPx);
        } finally {
            xg.dispose();
        }
        // XChart keeps the size it last painted at, and the image is made at the chart's size
        setWidth(width);
        setHeight(height);
        Rectangle2D plot = plotBounds();
        paintWhiskers(g);
        paintValueLabels(g);
        paintCategoryNames(g, plot);
        if (hasLegend()) {
            paintLegend(g, width, plot.getMaxY() + categoryBandPx() + LEGEND_GAP_PX);
        }
    }

    /** A legend names the series where there are several, and says what a whisker is where there is one. */
    private boolean hasLegend() {
        return series.size() > 1 || hasWhiskers();
    }

    boolean hasWhiskers() {
        for (Bars b : series) {
            for (int c = 0; c < categories; c++) {
                if (b.hasRange(c)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Plot bounds of the last paint, in the chart; the value labels and the tests place things by them. */
    Rectangle2D plotBounds() {
        Rectangle2D b = plot.getBounds();
        return new Rectangle2D.Double(b.getX() + insetLeftPx, b.getY() + insetTopPx, b.getWidth(), b.getHeight());
    }

    AxisUnit unit() {
        return unit;
    }

    List<List<String>> categoryLines() {
        return categoryLines;
    }

    /** The text written over bar {@code c} of series {@code s}, as the tables print it; null where there is none. */
    String valueLabel(int s, int c) {
        double ns = series.get(s).valueNs(c);
        return Double.isNaN(ns) ? null : Units.formatNs(ns);
    }

    /** Centre x of the bar of series {@code s} in category {@code c}, as XChart lays bars out. */
    double barCentreX(int s, int c) {
        CategoryStyler styler = getStyler();
        Rectangle2D plotBounds = plotBounds();
        double barsPx = styler.getPlotContentSize() * plotBounds.getWidth();
        double left = plotBounds.getX() + (plotBounds.getWidth() - barsPx) / 2;
        double categoryPx = barsPx / categories;
        double barPx = categoryPx / series.size() * styler.getAvailableSpaceFill();
        double categoryMarginPx = categoryPx * (1 - styler.getAvailableSpaceFill()) / 2;
        return left + categoryPx * c + categoryMarginPx + barPx * s + barPx / 2;
    }

    /** Screen y of a latency in nanoseconds, in the chart. */
    double screenY(double ns) {
        return insetTopPx + getScreenYFromChart(ns / unit.nsPerUnit());
    }

    /** Height of the names under the plot: tick mark, padding, the lines, padding. */
    int categoryBandPx() {
        int lines = 1;
        for (List<String> l : categoryLines) {
            lines = Math.max(lines, l.size());
        }
        return (int) Math.ceil(ChartStyle.TICK_MARK_PX + 2 * ChartStyle.TICK_PADDING_PX + lines * lineHeight(categoryFont));
    }

    private void paintWhiskers(Graphics2D g) {
        double yAxisMin = getStyler().getYAxisMin();
        g.setColor(WHISKER);
        g.setStroke(new BasicStroke(WHISKER_PX));
        for (int s = 0; s < series.size(); s++) {
            Bars bars = series.get(s);
            for (int c = 0; c < categories; c++) {
                if (!bars.hasRange(c) || bars.lowNs(c) / unit.nsPerUnit() < yAxisMin) {
                    continue;
                }
                double x = barCentreX(s, c);
                double low = screenY(bars.lowNs(c));
                double high = screenY(bars.highNs(c));
                g.draw(new Line2D.Double(x, low, x, high));
                g.draw(new Line2D.Double(x - WHISKER_CAP_PX / 2, low, x + WHISKER_CAP_PX / 2, low));
                g.draw(new Line2D.Double(x - WHISKER_CAP_PX / 2, high, x + WHISKER_CAP_PX / 2, high));
            }
        }
    }

    private void paintValueLabels(Graphics2D g) {
        double yAxisMin = getStyler().getYAxisMin();
        for (int s = 0; s < series.size(); s++) {
            Bars bars = series.get(s);
            for (int c = 0; c < categories; c++) {
                String label = valueLabel(s, c);
                if (label == null || bars.valueNs(c) / unit.nsPerUnit() < yAxisMin) {
                    continue; // no bar, or one XChart leaves out below a log axis' floor
                }
                Rectangle2D box = ChartStyle.textBounds(label, ChartStyle.VALUE_LABEL_FONT);
                double x = barCentreX(s, c);
                double top = screenY(bars.topNs(c)) - LABEL_GAP_PX;
                if (labelsTurned) {
                    // turned a quarter anticlockwise, the glyphs lie left of the baseline: shift it by half their height
                    ChartStyle.drawText(g, label, ChartStyle.VALUE_LABEL_FONT, ChartStyle.TEXT,
                            x + box.getHeight() / 2, top, 1);
                } else {
                    ChartStyle.drawText(g, label, ChartStyle.VALUE_LABEL_FONT, ChartStyle.TEXT,
                            x - box.getWidth() / 2 - box.getX(), top, 0);
                }
            }
        }
    }

    private void paintCategoryNames(Graphics2D g, Rectangle2D plot) {
        paintCategoryNames(g, plot, categoryFont, categoryLines,
                c -> (barCentreX(0, c) + barCentreX(series.size() - 1, c)) / 2);
    }

    /**
     * Each category's name under the plot, centred on {@code centreX} of its index with a tick mark there, in its
     * wrapped lines ({@code lines}, one list per category): the bar charts' shared axis.
     */
    static void paintCategoryNames(Graphics2D g, Rectangle2D plot, Font font, List<List<String>> lines,
                                   IntToDoubleFunction centreX) {
        LineMetrics m = font.getLineMetrics("Ag", ChartStyle.FRC);
        double firstBaseline = plot.getMaxY() + ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX + m.getAscent();
        g.setStroke(new BasicStroke(1f));
        for (int c = 0; c < lines.size(); c++) {
            double x = centreX.applyAsDouble(c);
            g.setColor(ChartStyle.AXIS_LINE);
            g.draw(new Line2D.Double(x, plot.getMaxY(), x, plot.getMaxY() + ChartStyle.TICK_MARK_PX));
            List<String> name = lines.get(c);
            for (int i = 0; i < name.size(); i++) {
                double w = ChartStyle.textWidth(name.get(i), font);
                ChartStyle.drawText(g, name.get(i), font, ChartStyle.TEXT, x - w / 2,
                        firstBaseline + i * lineHeight(font), 0);
            }
        }
    }

    /**
     * One row, centred, in a light frame: a colour box and the series' name per series (where there are several), then
     * a whisker and {@value #WHISKER_LEGEND} (where there is one).
     */
    private void paintLegend(Graphics2D g, int width, double top) {
        List<String> texts = new ArrayList<>();
        if (series.size() > 1) {
            series.forEach(b -> texts.add(b.name()));
        }
        if (hasWhiskers()) {
            texts.add(WHISKER_LEGEND);
        }
        List<Double> entryPx = new ArrayList<>();
        double rowPx = -LEGEND_ENTRY_GAP_PX;
        for (String text : texts) {
            double px = LEGEND_BOX_PX + LEGEND_TEXT_GAP_PX + ChartStyle.textWidth(text, ChartStyle.LEGEND_FONT);
            entryPx.add(px);
            rowPx += px + LEGEND_ENTRY_GAP_PX;
        }
        double boxWidth = rowPx + 2 * LEGEND_PADDING_PX;
        Rectangle2D frame = new Rectangle2D.Double(Math.round((width - boxWidth) / 2) + 0.5, Math.round(top) + 0.5,
                Math.round(boxWidth), legendRowPx() + 2 * LEGEND_PADDING_PX);
        g.setStroke(new BasicStroke(1f));
        g.setColor(ChartStyle.GRID_LINE);
        g.draw(frame);
        LineMetrics m = ChartStyle.LEGEND_FONT.getLineMetrics("Ag", ChartStyle.FRC);
        double rowTop = frame.getY() + LEGEND_PADDING_PX;
        double baseline = rowTop + (legendRowPx() - m.getAscent() - m.getDescent()) / 2 + m.getAscent();
        double boxTop = baseline - m.getAscent() * 0.5 - LEGEND_BOX_PX / 2.0;
        double x = (width - rowPx) / 2;
        for (int i = 0; i < texts.size(); i++) {
            if (i < colours.size() && series.size() > 1) {
                g.setColor(colours.get(i));
                g.fill(new Rectangle2D.Double(x, boxTop, LEGEND_BOX_PX, LEGEND_BOX_PX));
            } else {
                double centre = x + LEGEND_BOX_PX / 2.0;
                double capPx = WHISKER_CAP_PX / 2;
                g.setColor(WHISKER);
                g.setStroke(new BasicStroke(WHISKER_PX));
                g.draw(new Line2D.Double(centre, boxTop - 1, centre, boxTop + LEGEND_BOX_PX + 1));
                g.draw(new Line2D.Double(centre - capPx, boxTop - 1, centre + capPx, boxTop - 1));
                g.draw(new Line2D.Double(centre - capPx, boxTop + LEGEND_BOX_PX + 1, centre + capPx,
                        boxTop + LEGEND_BOX_PX + 1));
            }
            ChartStyle.drawText(g, texts.get(i), ChartStyle.LEGEND_FONT, ChartStyle.TEXT,
                    x + LEGEND_BOX_PX + LEGEND_TEXT_GAP_PX, baseline, 0);
            x += entryPx.get(i) + LEGEND_ENTRY_GAP_PX;
        }
    }

    private static int legendRowPx() {
        return (int) Math.ceil(lineHeight(ChartStyle.LEGEND_FONT)) + 4;
    }

    static double lineHeight(Font font) {
        LineMetrics m = font.getLineMetrics("Ag", ChartStyle.FRC);
        return m.getAscent() + m.getDescent() + 1;
    }
}
