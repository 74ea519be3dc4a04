package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

/**
 * A line chart on a log latency axis whose x ticks are given, not chosen: the nines of a percentile spectrum, the
 * seconds of a timeline. This class is the chart's model: its axes, its lines and the marks in each plot. Both
 * pictures are drawn from it: the static one, PNG and SVG, by {@link LinePainter} (through {@link ChartOutput}), and
 * the interactive one of report.html from the JSON {@link LineChartJson} writes; so the two cannot disagree. Not
 * thread-safe: one thread builds it, then draws it.
 *
 * <p>Nothing of it is drawn by a charting library: XChart puts x ticks only at round steps of its own choosing (50%
 * lies at log10(2)), draws a line as one {@code Line2D} per segment (2,000 points made 2,000 SVG elements per line,
 * and a dash pattern restarted at every segment, so dashed lines looked solid), and has no legend that fits under
 * an x axis of our own. {@link PlotFrame} keeps the plot's geometry as XChart laid it out, so the images are the
 * same.
 *
 * <p>Small multiples: a chart made with {@code panels > 1} paints one small plot per panel, two to a row, all with the
 * same axes, each titled with its lines' names, under one title. Many lines in one plot are a tangle in which no line
 * can be followed; side by side on shared axes each reads alone and they still compare.
 */
public final class LineChart implements PaintableChart, ChartData {
    /**
     * What an x value is, for the interactive chart to name a point: a number as it is, the log2 or log10 of one
     * (a log axis drawn as a linear one), or a percentile's nines ({@link Charts#nines}).
     */
    public enum XScale {
        LINEAR, LOG2, LOG10, NINES
    }

    /** Small multiples: panels per row, one panel's height, the gap between panels, the overall title's band. */
    static final int PANEL_COLUMNS = 2;
    public static final int PANEL_HEIGHT_PX = 270;
    static final int PANEL_GAP_PX = 8;
    static final int TITLE_BAND_PX = 40;

    /** One line: y in the latency axis' unit, broken where y is NaN. */
    record Line(String name, double[] x, double[] y, Color colour, BasicStroke stroke) {
    }

    /** A mark at {@code (x, y)}, y in the latency axis' unit: a pause, a failed step, a line's maximum. */
    record Mark(double x, double y, Color colour) {
        double[] point() {
            return new double[] {x, y};
        }
    }

    /** A sample kept as an outlier at {@code (x, y)}, y its latency in the axis' unit, and the cause it was put down to. */
    record Outlier(double x, double y, Color colour, String cause) {
    }

    /** One plot: its lines (indices into the chart's), the forks' starts and the marks drawn in it. */
    static final class Panel {
        final List<Integer> lines = new ArrayList<>();
        final List<Double> forkStarts = new ArrayList<>();
        final List<Mark> pauses = new ArrayList<>();
        final List<Mark> failures = new ArrayList<>();
        final List<Mark> maxima = new ArrayList<>();
        final List<Outlier> outliers = new ArrayList<>();
        String title; // null: its lines' names
    }

    private final String title;
    private final String xAxisTitle;
    private final double[] xTicks;
    private final List<String> xTickLabels;
    private final LatencyAxis yAxis;
    private final double xMin;
    private final double xMax;
    private final List<Line> lines = new ArrayList<>();
    private final Map<Integer, Integer> linesPerColour = new HashMap<>();
    private final List<Panel> panels = new ArrayList<>();
    private XScale xScale = XScale.LINEAR;
    /** A horizontal rule across every plot, e.g. a bound the lines must stay under; NaN for none. */
    private double levelY = Double.NaN;
    private String levelName;
    private final int width = ChartStyle.WIDTH_PX;
    private int height;

    /**
     * @param xTicks       x of each tick, rising, within [xMin, xMax]
     * @param xTickLabels  the label of each tick
     * @param yAxis        the latency axis; lines and pauses are given in its unit
     * @param panels       1 for one plot, more for small multiples
     */
    public LineChart(String title, String xAxisTitle, double xMin, double xMax, double[] xTicks, List<String> xTickLabels,
            LatencyAxis yAxis, int panels) {
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
        this.height = panels <= 1 ? ChartStyle.HEIGHT_PX : heightOf(panels);
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
        LineLegend legend = new LineLegend(this);
        int legendPx = legend.isEmpty() ? 0 : LineLegend.GAP_PX + legend.heightPx(legend.rows(width));
        height = heightOf(panels.size()) + legendPx + ChartStyle.CHART_PADDING_PX;
    }

    /**
     * A line through {@code (x[i], y[i])}, y in the latency axis' unit, broken where y is NaN, in palette slot
     * {@code slot}, in panel {@code panel}; the second, third, ... line of one colour is dashed, dotted, ...
     */
    public void addLine(String name, double[] x, double[] y, int slot, float widthPx, int panel) {
        // counted per plot: in small multiples each plot's first line of a colour is solid
        int earlierOfColour = linesPerColour.merge(panel * Palette.COLOURS + slot % Palette.COLOURS, 1, Integer::sum) - 1;
        panels.get(panel).lines.add(lines.size());
        lines.add(new Line(name, x, y, ChartStyle.colour(slot), ChartStyle.line(widthPx, earlierOfColour)));
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
        panels.get(panel).pauses.add(new Mark(x, y, ChartStyle.colour(slot)));
    }

    /**
     * An outlier's diamond at {@code (x, y)}, y its latency in the latency axis' unit, in palette slot {@code slot}:
     * the colour of its {@code cause}, named in the legend.
     */
    void addOutlier(double x, double y, int slot, String cause, int panel) {
        panels.get(panel).outliers.add(new Outlier(x, y, ChartStyle.colour(slot), cause));
    }

    /** A red dashed rule at {@code y} (in the latency axis' unit) across every plot, named in the legend. */
    public void addLevel(double y, String name) {
        this.levelY = y;
        this.levelName = name;
    }

    /** A cross at {@code (x, y)}, y in the latency axis' unit, in palette slot {@code slot}: a step that failed. */
    public void addFailure(double x, double y, int slot, int panel) {
        panels.get(panel).failures.add(new Mark(x, y, ChartStyle.colour(slot)));
    }

    /**
     * A line's maximum, beyond its last drawn point: a filled dot with a white ring at {@code (x, y)}, y in the
     * latency axis' unit, labelled "max", in palette slot {@code slot}.
     */
    public void addMaximum(double x, double y, int slot, int panel) {
        panels.get(panel).maxima.add(new Mark(x, y, ChartStyle.colour(slot)));
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
        return LineChartJson.of(this);
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        new LinePainter(this).paint(g, width, height);
    }

    @Override
    public int getWidth() {
        return width;
    }

    @Override
    public int getHeight() {
        return height;
    }

    public String getTitle() {
        return title;
    }

    String xAxisTitle() {
        return xAxisTitle;
    }

    double xMin() {
        return xMin;
    }

    /** Where the x axis ends. */
    public double xMax() {
        return xMax;
    }

    XScale xScale() {
        return xScale;
    }

    /** The level's y; NaN when there is none. */
    public double level() {
        return levelY;
    }

    /** The level's name in the legend; null when there is none. */
    String levelName() {
        return levelName;
    }

    /** The x of each tick. */
    double[] xTicks() {
        return xTicks.clone();
    }

    public List<String> xTickLabels() {
        return xTickLabels;
    }

    public LatencyAxis yAxis() {
        return yAxis;
    }

    /** Every line, in the order added; a panel names its lines by their index here. */
    List<Line> lines() {
        return List.copyOf(lines);
    }

    /** The points of line {@code name}: {x, y} arrays; null when there is no such line. */
    public double[][] line(String name) {
        for (Line l : lines) {
            if (l.name().equals(name)) {
                return new double[][] {l.x().clone(), l.y().clone()};
            }
        }
        return null;
    }

    /** The plots, one for a plain chart, one per small multiple. */
    List<Panel> panels() {
        return List.copyOf(panels);
    }

    public int panelCount() {
        return panels.size();
    }

    /** The names of panel {@code panel}'s lines. */
    public List<String> panelLines(int panel) {
        List<String> l = new ArrayList<>();
        panels.get(panel).lines.forEach(i -> l.add(lines.get(i).name()));
        return l;
    }

    /** The title of small plot {@code panel}: the one given, else its lines' names. */
    String panelTitle(int panel) {
        Panel p = panels.get(panel);
        return p.title != null ? p.title : String.join(", ", panelLines(panel));
    }

    /** The fork rules of panel {@code panel}, in x. */
    public List<Double> forkStarts(int panel) {
        return List.copyOf(panels.get(panel).forkStarts);
    }

    /** The pauses of panel {@code panel}: {x, y} each. */
    public List<double[]> pauses(int panel) {
        return points(panels.get(panel).pauses);
    }

    /** The failures of panel {@code panel}: {x, y} each. */
    public List<double[]> failures(int panel) {
        return points(panels.get(panel).failures);
    }

    /** The maxima of panel {@code panel}: {x, y} each. */
    public List<double[]> maxima(int panel) {
        return points(panels.get(panel).maxima);
    }

    /** The outliers of panel {@code panel}. */
    List<Outlier> outliers(int panel) {
        return List.copyOf(panels.get(panel).outliers);
    }

    private static List<double[]> points(List<Mark> marks) {
        return marks.stream().map(Mark::point).toList();
    }

    /** The image column of {@code x} in a one-plot chart (the first plot of small multiples). */
    public double pixelX(double x) {
        return new LinePainter(this).firstFrame(width, height).imageX(x);
    }

    /** The image row of {@code y} (in the latency axis' unit) in a one-plot chart (the first of small multiples). */
    public double pixelY(double y) {
        return new LinePainter(this).firstFrame(width, height).imageY(y);
    }
}
