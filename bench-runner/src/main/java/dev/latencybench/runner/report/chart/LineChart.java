package dev.latencybench.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.LineMetrics;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.knowm.xchart.XYChart;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.knowm.xchart.style.XYStyler;

/**
 * A line chart on a log latency axis whose x ticks are given, not chosen: the nines of a percentile spectrum, the
 * seconds of a timeline. Not thread-safe, like any XChart chart.
 *
 * <p>XChart draws the plot frame, into the chart less the title's band at the top, the latency axis' strip at the
 * left ({@link ValueAxis}, which draws the title and that axis as text) and a strip at the bottom. This class draws
 * the rest, at the positions XChart maps values to:
 * <ul>
 * <li>the x axis (tick marks, labels, title) right under the plot, because XChart puts ticks only at round steps of
 * its own choosing (50% lies at log10(2)), and at the data's x values when those are evenly spaced;</li>
 * <li>the vertical grid lines and the data lines, each line as one path, because XChart draws a line as one
 * {@code Line2D} per segment: 2,000 points made 2,000 SVG elements per line, took most of a second, and a dash
 * pattern restarted at every segment, so dashed lines looked solid;</li>
 * <li>the legend, under the x axis, in as many rows as it needs: XChart's own legend goes either one row below, where
 * it would sit between the plot and this x axis, or in a column that takes plot width;</li>
 * <li>a timeline's marks: a dashed grey rule where a fork begins, a triangle per stop-the-world pause.</li>
 * </ul>
 *
 * <p>Small multiples: a chart made with {@code panels > 1} paints one small plot per panel, two to a row, all with the
 * same axes, each titled with its lines' names, under one title. Many lines in one plot are a tangle in which no line
 * can be followed; side by side on shared axes each reads alone and they still compare.
 */
public final class LineChart extends XYChart implements ChartData {
    /**
     * What an x value is, for the interactive chart to name a point: a number as it is, the log2 or log10 of one
     * (a log axis drawn as a linear one), or a percentile's nines ({@link Charts#nines}).
     */
    public enum XScale {
        LINEAR, LOG2, LOG10, NINES
    }

    /** Legend geometry in px: the stretch of line, the gaps after it and between entries, the box's padding. */
    private static final int LEGEND_LINE_PX = 28;
    private static final int LEGEND_TEXT_GAP_PX = 6;
    private static final int LEGEND_ENTRY_GAP_PX = 18;
    private static final int LEGEND_PADDING_PX = 6;
    private static final int LEGEND_GAP_PX = 6;

    /** Small multiples: panels per row, one panel's height, the gap between panels, the overall title's band. */
    static final int PANEL_COLUMNS = 2;
    public static final int PANEL_HEIGHT_PX = 270;
    private static final int PANEL_GAP_PX = 8;
    private static final int TITLE_BAND_PX = 40;
    private static final Font PANEL_TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 14);
    private static final int PANEL_TITLE_PADDING_PX = 6;

    /** A pause's triangle: half its width in px. */
    private static final double PAUSE_HALF_PX = 4.5;
    private static final Color FORK_RULE = new Color(0x666666);
    private static final BasicStroke FORK_STROKE = new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
            10f, new float[] {5f, 4f}, 0f);

    private final String title;
    private final String xAxisTitle;
    private final double[] xTicks;
    private final List<String> xTickLabels;
    private final LatencyAxis yAxis;
    private final List<String> names = new ArrayList<>();
    private final List<double[]> xs = new ArrayList<>();
    private final List<double[]> ys = new ArrayList<>();
    private final List<Color> colours = new ArrayList<>();
    private final List<BasicStroke> strokes = new ArrayList<>();
    private final Map<Integer, Integer> linesPerColour = new HashMap<>();
    private final List<Panel> panels = new ArrayList<>();
    private final double xMin;
    private final double xMax;
    private XScale xScale = XScale.LINEAR;
    private final ValueAxis valueAxis;
    /** Where the last paint put XChart's drawing: its origin in the chart (or panel), in px. */
    private int insetLeftPx;
    private int insetTopPx;

    /** One plot: its lines, the forks' starts and the pauses drawn in it. */
    private static final class Panel {
        final List<Integer> lines = new ArrayList<>();
        final List<Double> forkStarts = new ArrayList<>();
        final List<double[]> pauses = new ArrayList<>(); // {x, y}
        final List<Color> pauseColours = new ArrayList<>();
        final List<double[]> failures = new ArrayList<>(); // {x, y}
        String title; // null: its lines' names
        final List<Color> failureColours = new ArrayList<>();
        final List<double[]> maxima = new ArrayList<>(); // {x, y}
        final List<Color> maximumColours = new ArrayList<>();
    }

    /** A horizontal rule across every plot, e.g. a bound the lines must stay under; NaN for none. */
    private double levelY = Double.NaN;
    private String levelName;
    private static final Color LEVEL_RULE = new Color(0xB00020);
    private static final BasicStroke LEVEL_STROKE = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
            10f, new float[] {9f, 5f}, 0f);
    /** A failure's cross: half its width in px. */
    private static final double FAILURE_HALF_PX = 5;

    /**
     * @param xTicks       x of each tick, rising, within [xMin, xMax]
     * @param xTickLabels  the label of each tick
     * @param yAxis        the latency axis; lines and pauses are given in its unit
     * @param panels       1 for one plot, more for small multiples
     */
    public LineChart(String title, String xAxisTitle, double xMin, double xMax, double[] xTicks, List<String> xTickLabels,
            LatencyAxis yAxis, int panels) {
        super(ChartStyle.WIDTH_PX, panels <= 1 ? ChartStyle.HEIGHT_PX : heightOf(panels));
        this.title = title;
        this.xAxisTitle = xAxisTitle;
        this.xTicks = xTicks.clone();
        this.xTickLabels = List.copyOf(xTickLabels);
        this.yAxis = yAxis;
        this.xMin = xMin;
        this.xMax = xMax;
        for (int i = 0; i < Math.max(1, panels); i++) {
            this.panels.add(new Panel());
        }
        XYStyler s = getStyler();
        ChartStyle.apply(s);
        s.setXAxisTicksVisible(false);
        s.setXAxisTitleVisible(false);
        s.setXAxisMin(xMin);
        s.setXAxisMax(xMax);
        s.setYAxisLogarithmic(true);
        s.setYAxisMin(yAxis.min);
        s.setYAxisMax(yAxis.max);
        this.valueAxis = new ValueAxis(yAxis.title(), yAxis.min, yAxis.max, true);
        setTitle(title); // not drawn by XChart: ValueAxis and paint draw these
        setYAxisTitle(yAxis.title());
    }

    /** The height of a chart of {@code panels} small plots and no legend; {@link #fitHeight} adds the legend's. */
    private static int heightOf(int panels) {
        int rows = (panels + PANEL_COLUMNS - 1) / PANEL_COLUMNS;
        return TITLE_BAND_PX + rows * PANEL_HEIGHT_PX + (rows - 1) * PANEL_GAP_PX;
    }

    /** Small multiples: makes the chart as high as its plots and its legend, once every line is added. */
    public void fitHeight() {
        if (panels.size() == 1) {
            return;
        }
        List<Entry> legend = legendEntries();
        int legendPx = legend.isEmpty() ? 0
                : LEGEND_GAP_PX + legendRows(legend, getWidth()).size() * legendRowPx() + 2 * LEGEND_PADDING_PX;
        setHeight(heightOf(panels.size()) + legendPx + getStyler().getChartPadding());
    }

    /**
     * A line through {@code (x[i], y[i])}, y in the latency axis' unit, broken where y is NaN, in palette slot
     * {@code slot}, in panel {@code panel}; the second, third, ... line of one colour is dashed, dotted, ...
     */
    public void addLine(String name, double[] x, double[] y, int slot, float widthPx, int panel) {
        // counted per plot: in small multiples each plot's first line of a colour is solid
        int earlierOfColour = linesPerColour.merge(panel * Palette.COLOURS + slot % Palette.COLOURS, 1, Integer::sum) - 1;
        panels.get(panel).lines.add(names.size());
        names.add(name);
        xs.add(x);
        ys.add(y);
        colours.add(ChartStyle.colour(slot));
        strokes.add(ChartStyle.line(widthPx, earlierOfColour));
    }

    public void addLine(String name, double[] x, double[] y, int slot, float widthPx) {
        addLine(name, x, y, slot, widthPx, 0);
    }

    /** A dashed rule at {@code x} in panel {@code panel}: a fork begins there. */
    void addForkStart(double x, int panel) {
        if (!panels.get(panel).forkStarts.contains(x)) {
            panels.get(panel).forkStarts.add(x);
        }
    }

    /** A pause's triangle at {@code (x, y)}, y its length in the latency axis' unit, in palette slot {@code slot}. */
    void addPause(double x, double y, int slot, int panel) {
        panels.get(panel).pauses.add(new double[] {x, y});
        panels.get(panel).pauseColours.add(ChartStyle.colour(slot));
    }

    /** A red dashed rule at {@code y} (in the latency axis' unit) across every plot, named in the legend. */
    public void addLevel(double y, String name) {
        this.levelY = y;
        this.levelName = name;
    }

    /** A cross at {@code (x, y)}, y in the latency axis' unit, in palette slot {@code slot}: a step that failed. */
    public void addFailure(double x, double y, int slot, int panel) {
        panels.get(panel).failures.add(new double[] {x, y});
        panels.get(panel).failureColours.add(ChartStyle.colour(slot));
    }

    /**
     * A line's maximum, beyond its last drawn point: a filled dot with a white ring at {@code (x, y)}, y in the
     * latency axis' unit, labelled "max", in palette slot {@code slot}.
     */
    public void addMaximum(double x, double y, int slot, int panel) {
        panels.get(panel).maxima.add(new double[] {x, y});
        panels.get(panel).maximumColours.add(ChartStyle.colour(slot));
    }

    /** The maxima of panel {@code panel}: {x, y} each. */
    public List<double[]> maxima(int panel) {
        return List.copyOf(panels.get(panel).maxima);
    }

    /** Titles small plot {@code panel} (else it is titled with its lines' names). */
    public void panelTitle(int panel, String title) {
        panels.get(panel).title = title;
    }

    /** Says what the x values are (linear numbers unless told). */
    public LineChart xScale(XScale scale) {
        this.xScale = scale;
        return this;
    }

    @Override
    public JsonObject data() {
        JsonObject o = new JsonObject();
        o.addProperty("type", "lines");
        o.addProperty("title", title);
        JsonObject x = new JsonObject();
        x.addProperty("title", xAxisTitle);
        x.add("min", ChartData.number(xMin));
        x.add("max", ChartData.number(xMax));
        x.add("ticks", ChartData.numbers(xTicks));
        x.add("labels", ChartData.strings(xTickLabels));
        x.addProperty("scale", xScale.name().toLowerCase(Locale.ROOT));
        o.add("x", x);
        JsonObject y = new JsonObject();
        y.addProperty("title", yAxis.title());
        y.addProperty("unit", yAxis.unit);
        y.add("min", ChartData.number(yAxis.min));
        y.add("max", ChartData.number(yAxis.max));
        o.add("y", y);
        if (!Double.isNaN(levelY)) {
            JsonObject level = new JsonObject();
            level.add("y", ChartData.number(levelY));
            level.addProperty("name", levelName);
            o.add("level", level);
        }
        JsonArray ps = new JsonArray();
        for (int p = 0; p < panels.size(); p++) {
            Panel panel = panels.get(p);
            JsonObject po = new JsonObject();
            po.addProperty("title", panels.size() == 1 ? "" : panel.title != null ? panel.title
                    : String.join(", ", panelLines(p)));
            JsonArray lines = new JsonArray();
            for (int i : panel.lines) {
                JsonObject line = new JsonObject();
                line.addProperty("name", names.get(i));
                line.addProperty("colour", ChartData.hex(colours.get(i)));
                line.add("width", ChartData.number(strokes.get(i).getLineWidth()));
                line.add("dash", ChartData.dash(strokes.get(i)));
                line.add("x", ChartData.numbers(xs.get(i)));
                line.add("y", ChartData.numbers(ys.get(i)));
                lines.add(line);
            }
            po.add("lines", lines);
            po.add("forkStarts", ChartData.numbers(panel.forkStarts.stream().mapToDouble(Double::doubleValue)
                    .toArray()));
            po.add("pauses", points(panel.pauses, panel.pauseColours));
            po.add("failures", points(panel.failures, panel.failureColours));
            po.add("maxima", points(panel.maxima, panel.maximumColours));
            ps.add(po);
        }
        o.add("panels", ps);
        return o;
    }

    private static JsonArray points(List<double[]> points, List<Color> colours) {
        JsonArray a = new JsonArray();
        for (int k = 0; k < points.size(); k++) {
            JsonArray p = ChartData.numbers(points.get(k));
            p.add(ChartData.hex(colours.get(k)));
            a.add(p);
        }
        return a;
    }

    /** The level's y; NaN when there is none. */
    public double level() {
        return levelY;
    }

    /** The failures of panel {@code panel}: {x, y} each. */
    public List<double[]> failures(int panel) {
        return List.copyOf(panels.get(panel).failures);
    }

    /** The image column of {@code x} in a one-plot chart, after a paint. */
    public double pixelX(double x) {
        return insetLeftPx + getScreenXFromChart(x);
    }

    /** The image row of {@code y} (in the latency axis' unit) in a one-plot chart, after a paint. */
    public double pixelY(double y) {
        return insetTopPx + getScreenYFromChart(y);
    }

    /** The x of each tick. */
    double[] xTicks() {
        return xTicks.clone();
    }

    /** The points of line {@code name}: {x, y} arrays; null when there is no such line. */
    public double[][] line(String name) {
        int i = names.indexOf(name);
        return i < 0 ? null : new double[][] {xs.get(i).clone(), ys.get(i).clone()};
    }

    public List<String> xTickLabels() {
        return xTickLabels;
    }

    public LatencyAxis yAxis() {
        return yAxis;
    }

    public int panelCount() {
        return panels.size();
    }

    /** The names of panel {@code panel}'s lines. */
    public List<String> panelLines(int panel) {
        List<String> l = new ArrayList<>();
        panels.get(panel).lines.forEach(i -> l.add(names.get(i)));
        return l;
    }

    /** The fork rules of panel {@code panel}, in x. */
    public List<Double> forkStarts(int panel) {
        return List.copyOf(panels.get(panel).forkStarts);
    }

    /** The pauses of panel {@code panel}: {x, y} each. */
    public List<double[]> pauses(int panel) {
        return List.copyOf(panels.get(panel).pauses);
    }

    /** Height of the x axis under the plot: tick marks, tick labels, the axis title. */
    static int xAxisBandPx() {
        return (int) Math.ceil(ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX
                + lineHeight(ChartStyle.TICK_FONT) + 2 * ChartStyle.TICK_PADDING_PX
                + lineHeight(ChartStyle.AXIS_TITLE_FONT));
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        List<Entry> legend = legendEntries();
        List<List<Integer>> legendRows = legendRows(legend, width);
        int legendPx = legend.isEmpty() ? 0 : legendRows.size() * legendRowPx() + 2 * LEGEND_PADDING_PX;
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, width, height));
        if (panels.size() == 1) {
            int belowXChartPx = xAxisBandPx() + LEGEND_GAP_PX + legendPx;
            Graphics2D pg = paintPlot(g, title, ChartStyle.TITLE_FONT, ValueAxis.TITLE_PADDING_PX, width,
                    height - belowXChartPx);
            Rectangle2D plotBounds = plot.getBounds();
            try {
                paintPanel(pg, panels.get(0), plotBounds);
            } finally {
                pg.dispose();
            }
            if (!legend.isEmpty()) {
                paintLegend(g, legend, legendRows, width,
                        insetTopPx + plotBounds.getMaxY() + xAxisBandPx() + LEGEND_GAP_PX, legendPx);
            }
        } else {
            LineMetrics tm = ChartStyle.TITLE_FONT.getLineMetrics(title, ChartStyle.FRC);
            ChartStyle.drawText(g, title, ChartStyle.TITLE_FONT, ChartStyle.TEXT,
                    (width - ChartStyle.textWidth(title, ChartStyle.TITLE_FONT)) / 2,
                    getStyler().getChartPadding() + tm.getAscent(), 0);
            int panelWidth = (width - (PANEL_COLUMNS - 1) * PANEL_GAP_PX) / PANEL_COLUMNS;
            double bottom = 0;
            for (int p = 0; p < panels.size(); p++) {
                Panel panel = panels.get(p);
                int x0 = (p % PANEL_COLUMNS) * (panelWidth + PANEL_GAP_PX);
                int y0 = TITLE_BAND_PX + (p / PANEL_COLUMNS) * (PANEL_HEIGHT_PX + PANEL_GAP_PX);
                Graphics2D panelGraphics = (Graphics2D) g.create();
                panelGraphics.translate(x0, y0);
                Graphics2D pg = paintPlot(panelGraphics, panel.title != null ? panel.title
                        : String.join(", ", panelLines(p)), PANEL_TITLE_FONT, PANEL_TITLE_PADDING_PX, panelWidth,
                        PANEL_HEIGHT_PX - xAxisBandPx());
                try {
                    paintPanel(pg, panel, plot.getBounds());
                } finally {
                    pg.dispose();
                    panelGraphics.dispose();
                }
                bottom = Math.max(bottom, y0 + PANEL_HEIGHT_PX);
            }
            if (!legend.isEmpty()) {
                paintLegend(g, legend, legendRows, width, bottom + LEGEND_GAP_PX, legendPx);
            }
        }
        // XChart keeps the size it last painted at, and the image is made at the chart's size
        setWidth(width);
        setHeight(height);
    }

    /**
     * Paints XChart's part (plot frame) of one plot into the {@code width} x {@code height} px at the origin of
     * {@code g}, right of the value axis and under the title, which this draws as text; returns a graphics whose
     * origin is XChart's, in which {@link #plot} and {@code getScreen...FromChart} hold. The caller disposes it.
     */
    private Graphics2D paintPlot(Graphics2D g, String plotTitle, Font titleFont, int titlePaddingPx, int width,
            int height) {
        insetLeftPx = valueAxis.widthPx();
        insetTopPx = ValueAxis.titleBandPx(plotTitle, titleFont, titlePaddingPx);
        Graphics2D pg = (Graphics2D) g.create();
        pg.translate(insetLeftPx, insetTopPx);
        super.paint(pg, width - insetLeftPx, height - insetTopPx);
        Rectangle2D plotBounds = plot.getBounds();
        valueAxis.paintGrid(pg, plotBounds, this::getScreenYFromChart);
        valueAxis.paintLabels(pg, plotBounds, this::getScreenYFromChart);
        ValueAxis.paintTitle(pg, plotTitle, titleFont, titlePaddingPx, plotBounds, plotBounds.getMinY() - insetTopPx);
        return pg;
    }

    /** The x axis, the grid, the lines and the marks of one plot, whose bounds XChart has just laid out. */
    private void paintPanel(Graphics2D g, Panel panel, Rectangle2D plotBounds) {
        paintXAxis(g, plotBounds);
        Shape clip = g.getClip();
        g.clip(plotBounds);
        paintVerticalGrid(g, plotBounds);
        g.setColor(FORK_RULE);
        g.setStroke(FORK_STROKE);
        for (double x : panel.forkStarts) {
            double px = getScreenXFromChart(x);
            g.draw(new Line2D.Double(px, plotBounds.getMinY() + 1, px, plotBounds.getMaxY() - 1));
        }
        for (int i : panel.lines) {
            g.setColor(colours.get(i));
            g.setStroke(strokes.get(i));
            g.draw(path(xs.get(i), ys.get(i)));
            if (xs.get(i).length == 1 && !Double.isNaN(ys.get(i)[0])) { // a line of one point: a dot, or nothing shows
                double r = strokes.get(i).getLineWidth() + 2;
                g.fill(new java.awt.geom.Ellipse2D.Double(getScreenXFromChart(xs.get(i)[0]) - r,
                        getScreenYFromChart(ys.get(i)[0]) - r, 2 * r, 2 * r));
            }
        }
        // pauses over the lines, so that a pause under a spike still shows
        for (int k = 0; k < panel.pauses.size(); k++) {
            double[] p = panel.pauses.get(k);
            paintPauseMark(g, getScreenXFromChart(p[0]), getScreenYFromChart(p[1]), panel.pauseColours.get(k));
        }
        if (!Double.isNaN(levelY)) {
            g.setColor(LEVEL_RULE);
            g.setStroke(LEVEL_STROKE);
            double py = getScreenYFromChart(levelY);
            g.draw(new Line2D.Double(plotBounds.getMinX() + 1, py, plotBounds.getMaxX() - 1, py));
        }
        for (int k = 0; k < panel.failures.size(); k++) {
            double[] p = panel.failures.get(k);
            paintFailureMark(g, getScreenXFromChart(p[0]), getScreenYFromChart(p[1]), panel.failureColours.get(k));
        }
        for (int k = 0; k < panel.maxima.size(); k++) {
            double[] p = panel.maxima.get(k);
            double px = getScreenXFromChart(p[0]);
            double py = getScreenYFromChart(p[1]);
            paintMaximumMark(g, px, py, panel.maximumColours.get(k));
            ChartStyle.drawText(g, "max", ChartStyle.LEGEND_FONT, panel.maximumColours.get(k), px - 2 * MAX_RADIUS_PX
                    - ChartStyle.textWidth("max", ChartStyle.LEGEND_FONT), py + 4, 0);
        }
        g.setClip(clip);
    }

    /** A triangle pointing down at the pause's length, outlined in white to stand out on a line of its colour. */
    private static void paintPauseMark(Graphics2D g, double x, double y, Color colour) {
        Path2D.Double t = new Path2D.Double();
        t.moveTo(x - PAUSE_HALF_PX, y - 2 * PAUSE_HALF_PX);
        t.lineTo(x + PAUSE_HALF_PX, y - 2 * PAUSE_HALF_PX);
        t.lineTo(x, y);
        t.closePath();
        g.setColor(colour);
        g.fill(t);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(0.8f));
        g.draw(t);
    }

    /** A maximum's dot: radius in px. */
    private static final double MAX_RADIUS_PX = 4.5;

    /** A filled dot ringed in white, so that it shows at the end of a line of its colour. */
    private static void paintMaximumMark(Graphics2D g, double x, double y, Color colour) {
        java.awt.geom.Ellipse2D.Double dot = new java.awt.geom.Ellipse2D.Double(x - MAX_RADIUS_PX, y - MAX_RADIUS_PX,
                2 * MAX_RADIUS_PX, 2 * MAX_RADIUS_PX);
        g.setColor(colour);
        g.fill(dot);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(1.2f));
        g.draw(dot);
    }

    /** A cross over a white one, so that it shows on a line of its colour. */
    private static void paintFailureMark(Graphics2D g, double x, double y, Color colour) {
        Path2D.Double cross = new Path2D.Double();
        cross.moveTo(x - FAILURE_HALF_PX, y - FAILURE_HALF_PX);
        cross.lineTo(x + FAILURE_HALF_PX, y + FAILURE_HALF_PX);
        cross.moveTo(x - FAILURE_HALF_PX, y + FAILURE_HALF_PX);
        cross.lineTo(x + FAILURE_HALF_PX, y - FAILURE_HALF_PX);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(4.5f));
        g.draw(cross);
        g.setColor(colour);
        g.setStroke(new BasicStroke(2.2f));
        g.draw(cross);
    }

    /** A legend entry: a line (index >= 0), or the fork rule, the pause mark, the level or the failure mark. */
    private record Entry(int line, String text) {
        static final int FORK = -1;
        static final int PAUSE = -2;
        static final int LEVEL = -3;
        static final int FAILURE = -4;
        static final int MAXIMUM = -5;
    }

    /**
     * The legend: every line, unless each small plot holds one line and is titled with it; then the marks, if any
     * plot has them.
     */
    private List<Entry> legendEntries() {
        List<Entry> entries = new ArrayList<>();
        boolean linesNamedByPanels = panels.size() > 1 && panels.stream().allMatch(p -> p.lines.size() <= 1);
        if (!linesNamedByPanels) {
            List<String> named = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if (!named.contains(names.get(i))) { // a line of the same name in another small plot looks alike
                    named.add(names.get(i));
                    entries.add(new Entry(i, names.get(i)));
                }
            }
        }
        if (panels.stream().anyMatch(p -> !p.forkStarts.isEmpty())) {
            entries.add(new Entry(Entry.FORK, "a fork begins"));
        }
        if (panels.stream().anyMatch(p -> !p.pauses.isEmpty())) {
            entries.add(new Entry(Entry.PAUSE, "stop-the-world pause, at its start, as high as it was long"));
        }
        if (!Double.isNaN(levelY)) {
            entries.add(new Entry(Entry.LEVEL, levelName));
        }
        if (panels.stream().anyMatch(p -> !p.failures.isEmpty())) {
            entries.add(new Entry(Entry.FAILURE, "step failed"));
        }
        if (panels.stream().anyMatch(p -> !p.maxima.isEmpty())) {
            entries.add(new Entry(Entry.MAXIMUM, "max: the line's highest sample"));
        }
        return entries;
    }

    /** The entries' indices, row by row, each row as wide as fits the chart. */
    private List<List<Integer>> legendRows(List<Entry> entries, int width) {
        double rowRoomPx = width - 2 * getStyler().getChartPadding() - 2 * LEGEND_PADDING_PX;
        List<List<Integer>> rows = new ArrayList<>();
        List<Integer> row = new ArrayList<>();
        double rowPx = 0;
        for (int i = 0; i < entries.size(); i++) {
            double entryPx = legendEntryPx(entries.get(i));
            if (!row.isEmpty() && rowPx + LEGEND_ENTRY_GAP_PX + entryPx > rowRoomPx) {
                rows.add(row);
                row = new ArrayList<>();
                rowPx = 0;
            }
            rowPx += (row.isEmpty() ? 0 : LEGEND_ENTRY_GAP_PX) + entryPx;
            row.add(i);
        }
        rows.add(row);
        return rows;
    }

    private static double legendEntryPx(Entry e) {
        return LEGEND_LINE_PX + LEGEND_TEXT_GAP_PX + ChartStyle.textWidth(e.text(), ChartStyle.LEGEND_FONT);
    }

    private static int legendRowPx() {
        return (int) Math.ceil(lineHeight(ChartStyle.LEGEND_FONT)) + 4;
    }

    /** A box centred under the x axis, its rows centred in it, each entry a stretch of the line and its name. */
    private void paintLegend(Graphics2D g, List<Entry> entries, List<List<Integer>> rows, int width, double top,
            int heightPx) {
        double widestPx = 0;
        for (List<Integer> row : rows) {
            widestPx = Math.max(widestPx, rowPx(entries, row));
        }
        double boxWidth = widestPx + 2 * LEGEND_PADDING_PX;
        Rectangle2D box = new Rectangle2D.Double(Math.round((width - boxWidth) / 2) + 0.5, Math.round(top) + 0.5,
                Math.round(boxWidth), heightPx);
        g.setStroke(new BasicStroke(1f));
        g.setColor(ChartStyle.GRID_LINE);
        g.draw(box);
        LineMetrics m = ChartStyle.LEGEND_FONT.getLineMetrics("Ag", ChartStyle.FRC);
        double rowTop = box.getY() + LEGEND_PADDING_PX;
        for (List<Integer> row : rows) {
            double x = (width - rowPx(entries, row)) / 2;
            double baseline = rowTop + (legendRowPx() - m.getAscent() - m.getDescent()) / 2 + m.getAscent();
            double lineY = baseline - m.getAscent() * 0.35;
            for (int k : row) {
                Entry e = entries.get(k);
                if (e.line() == Entry.FORK) {
                    g.setColor(FORK_RULE);
                    g.setStroke(FORK_STROKE);
                    double mid = x + LEGEND_LINE_PX / 2.0;
                    g.draw(new Line2D.Double(mid, baseline - m.getAscent(), mid, baseline + m.getDescent()));
                } else if (e.line() == Entry.PAUSE) {
                    paintPauseMark(g, x + LEGEND_LINE_PX / 2.0, baseline, ChartStyle.TEXT);
                } else if (e.line() == Entry.LEVEL) {
                    g.setColor(LEVEL_RULE);
                    g.setStroke(LEVEL_STROKE);
                    g.draw(new Line2D.Double(x, lineY, x + LEGEND_LINE_PX, lineY));
                } else if (e.line() == Entry.FAILURE) {
                    paintFailureMark(g, x + LEGEND_LINE_PX / 2.0, lineY, ChartStyle.TEXT);
                } else if (e.line() == Entry.MAXIMUM) {
                    paintMaximumMark(g, x + LEGEND_LINE_PX / 2.0, lineY, ChartStyle.TEXT);
                } else {
                    g.setColor(colours.get(e.line()));
                    g.setStroke(strokes.get(e.line()));
                    g.draw(new Line2D.Double(x, lineY, x + LEGEND_LINE_PX, lineY));
                }
                ChartStyle.drawText(g, e.text(), ChartStyle.LEGEND_FONT, ChartStyle.TEXT,
                        x + LEGEND_LINE_PX + LEGEND_TEXT_GAP_PX, baseline, 0);
                x += legendEntryPx(e) + LEGEND_ENTRY_GAP_PX;
            }
            rowTop += legendRowPx();
        }
    }

    private static double rowPx(List<Entry> entries, List<Integer> row) {
        double px = (row.size() - 1) * LEGEND_ENTRY_GAP_PX;
        for (int k : row) {
            px += legendEntryPx(entries.get(k));
        }
        return px;
    }

    private Path2D path(double[] x, double[] y) {
        Path2D.Double path = new Path2D.Double(Path2D.WIND_NON_ZERO, x.length);
        boolean penDown = false;
        for (int i = 0; i < x.length; i++) {
            if (Double.isNaN(y[i])) {
                penDown = false;
                continue;
            }
            double px = getScreenXFromChart(x[i]);
            double py = getScreenYFromChart(y[i]);
            if (penDown) {
                path.lineTo(px, py);
            } else {
                path.moveTo(px, py);
                penDown = true;
            }
        }
        return path;
    }

    private void paintVerticalGrid(Graphics2D g, Rectangle2D plotBounds) {
        g.setColor(ChartStyle.GRID_LINE);
        g.setStroke(new BasicStroke(1f));
        for (double tick : xTicks) {
            double x = getScreenXFromChart(tick);
            g.draw(new Line2D.Double(x, plotBounds.getMinY() + 1, x, plotBounds.getMaxY() - 1));
        }
    }

    private void paintXAxis(Graphics2D g, Rectangle2D plotBounds) {
        double axisY = plotBounds.getMaxY();
        LineMetrics tick = ChartStyle.TICK_FONT.getLineMetrics("0%", ChartStyle.FRC);
        double labelBaseline = axisY + ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX + tick.getAscent();
        g.setStroke(new BasicStroke(1f));
        for (int i = 0; i < xTicks.length; i++) {
            double x = getScreenXFromChart(xTicks[i]);
            g.setColor(ChartStyle.AXIS_LINE);
            g.draw(new Line2D.Double(x, axisY, x, axisY + ChartStyle.TICK_MARK_PX));
            String label = xTickLabels.get(i);
            double labelWidth = ChartStyle.textWidth(label, ChartStyle.TICK_FONT);
            ChartStyle.drawText(g, label, ChartStyle.TICK_FONT, ChartStyle.TEXT, x - labelWidth / 2, labelBaseline, 0);
        }
        LineMetrics title = ChartStyle.AXIS_TITLE_FONT.getLineMetrics(xAxisTitle, ChartStyle.FRC);
        double titleBaseline = labelBaseline + tick.getDescent() + 2 * ChartStyle.TICK_PADDING_PX + title.getAscent();
        double titleWidth = ChartStyle.textWidth(xAxisTitle, ChartStyle.AXIS_TITLE_FONT);
        ChartStyle.drawText(g, xAxisTitle, ChartStyle.AXIS_TITLE_FONT, ChartStyle.TEXT,
                plotBounds.getCenterX() - titleWidth / 2, titleBaseline, 0);
    }

    private static double lineHeight(Font font) {
        LineMetrics m = font.getLineMetrics("0%", ChartStyle.FRC);
        return m.getAscent() + m.getDescent();
    }
}
