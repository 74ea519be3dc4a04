package dev.latencybench.chart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A line chart on a log latency axis whose x ticks are given, not chosen (nines, seconds, search steps); draws itself
 * as SVG. With {@code panels > 1} it draws small multiples on shared axes, so each line reads alone and still compares.
 * Not thread-safe: one thread builds it, then draws it.
 */
public final class LineChart implements PaintableChart {
    /** What an x value is: a number, the log2 or log10 of one, or a percentile's nines ({@link Charts#nines}). */
    public enum XScale {
        LINEAR, LOG2, LOG10, NINES
    }

    static final int PANEL_COLUMNS = 2;
    static final double PLOT_PX = 360;
    public static final double PANEL_PLOT_PX = 190;
    private static final double PANEL_GAP_PX = 24;
    private static final String[] DASHES = {null, "7 4", "1.5 3", "8 3 1.5 3"};
    static final String LEVEL_COLOUR = "#b00020";
    static final String FORK_COLOUR = "#666";
    private static final String RULE_DASH = "4 3";

    /** One line: y in the latency axis' unit, broken where y is NaN. */
    record Line(String name, double[] x, double[] y, String colour, double width, String dash) {
    }

    /** A mark at {@code (x, y)}, y in the latency axis' unit: a pause, a failed step, a line's maximum. */
    record Mark(double x, double y, String colour) {
        double[] point() {
            return new double[] {x, y};
        }
    }

    /** A sample kept as an outlier at {@code (x, y)}, y its latency in the axis' unit, and the cause it was put down to. */
    record Outlier(double x, double y, String colour, String cause) {
    }

    /** A named vertical rule at {@code x}: a change found in a series, say. */
    record Rule(double x, String colour, String name) {
    }

    /** One plot: its lines (indices into the chart's), the forks' starts and the marks drawn in it. */
    static final class Panel {
        final List<Integer> lines = new ArrayList<>();
        final List<Double> forkStarts = new ArrayList<>();
        final List<Rule> rules = new ArrayList<>();
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
    /** The height of the last drawing, in px. */
    private double height;

    /**
     * @param xMin         where the x axis starts: the data's first x
     * @param xMax         where it ends: the data's last x (a mark's room beyond it at most)
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
    }


    /** Adds a line in palette slot {@code slot}, broken at NaN; a colour's later lines in a panel are dashed. */
    public void addLine(String name, double[] x, double[] y, int slot, float widthPx, int panel) {
        // counted per plot: in small multiples each plot's first line of a colour is solid
        int earlierOfColour = linesPerColour.merge(panel * Palette.COLOURS + slot % Palette.COLOURS, 1, Integer::sum) - 1;
        panels.get(panel).lines.add(lines.size());
        lines.add(new Line(name, x.clone(), y.clone(), Palette.hex(slot), widthPx,
                DASHES[earlierOfColour % DASHES.length]));
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

    /** A dashed vertical rule at {@code x} across the one plot, in palette slot {@code slot}, named in the legend. */
    public void addRule(double x, int slot, String name) {
        panels.get(0).rules.add(new Rule(x, Palette.hex(slot), name));
    }

    /** A pause's triangle at {@code (x, y)}, y its length in the latency axis' unit, in palette slot {@code slot}. */
    void addPause(double x, double y, int slot, int panel) {
        panels.get(panel).pauses.add(new Mark(x, y, Palette.hex(slot)));
    }

    /** An outlier's diamond at {@code (x, y)}, in the colour of palette slot {@code slot}: its {@code cause}'s. */
    void addOutlier(double x, double y, int slot, String cause, int panel) {
        panels.get(panel).outliers.add(new Outlier(x, y, Palette.hex(slot), cause));
    }

    /** A red dashed rule at {@code y} (in the latency axis' unit) across every plot, named in the legend. */
    public void addLevel(double y, String name) {
        this.levelY = y;
        this.levelName = name;
    }

    /** A cross at {@code (x, y)}, y in the latency axis' unit, in palette slot {@code slot}: a step that failed. */
    public void addFailure(double x, double y, int slot, int panel) {
        panels.get(panel).failures.add(new Mark(x, y, Palette.hex(slot)));
    }

    /** A line's maximum beyond its last point: a dot ringed in white, labelled "max", in palette slot {@code slot}. */
    public void addMaximum(double x, double y, int slot, int panel) {
        panels.get(panel).maxima.add(new Mark(x, y, Palette.hex(slot)));
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
    public String getTitle() {
        return title;
    }

    public double xMin() {
        return xMin;
    }

    public double xMax() {
        return xMax;
    }

    /** The level's y; NaN when there is none. */
    public double level() {
        return levelY;
    }

    public List<String> xTickLabels() {
        return xTickLabels;
    }

    public LatencyAxis yAxis() {
        return yAxis;
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

    public int panelCount() {
        return panels.size();
    }

    public List<String> panelLines(int panel) {
        List<String> l = new ArrayList<>();
        panels.get(panel).lines.forEach(i -> l.add(lines.get(i).name()));
        return l;
    }

    private String panelTitle(int panel) {
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

    List<Outlier> outliers(int panel) {
        return List.copyOf(panels.get(panel).outliers);
    }

    private static List<double[]> points(List<Mark> marks) {
        return marks.stream().map(Mark::point).toList();
    }

    /** The column of {@code x} in the first plot. */
    public double pixelX(double x) {
        return plot(0, Plot.title(new Svg(), title)).x(x);
    }

    /** The row of {@code y} (in the latency axis' unit) in the first plot. */
    public double pixelY(double y) {
        return plot(0, Plot.title(new Svg(), title)).y(y);
    }

    private List<String> yLabels() {
        return Plot.ticks(Plot.logTicks(yAxis.min, yAxis.max));
    }

    /** Plot {@code p}'s frame, the chart's content starting at {@code top}. */
    private Plot plot(int p, double top) {
        double left = Plot.PAD + 20 + Plot.widest(yLabels()) + 10;
        if (panels.size() == 1) {
            return new Plot(left, top + 6, Svg.WIDTH - Plot.PAD - 10 - left, PLOT_PX, xMin, xMax, yAxis.min,
                    yAxis.max, true);
        }
        double boxPx = (Svg.WIDTH - 2 * Plot.PAD - PANEL_GAP_PX) / PANEL_COLUMNS;
        double boxLeft = Plot.PAD + (p % PANEL_COLUMNS) * (boxPx + PANEL_GAP_PX);
        double boxTop = top + (p / PANEL_COLUMNS) * panelPx();
        return new Plot(boxLeft + left - Plot.PAD, boxTop + 26, boxPx - (left - Plot.PAD) - 10, PANEL_PLOT_PX, xMin,
                xMax, yAxis.min, yAxis.max, true);
    }

    private static double panelPx() {
        return 26 + PANEL_PLOT_PX + Plot.X_AXIS_PX + 16;
    }

    @Override
    public Svg draw() {
        Svg svg = new Svg();
        double top = Plot.title(svg, title);
        double bottom = top;
        for (int p = 0; p < panels.size(); p++) {
            Plot plot = plot(p, top);
            if (panels.size() > 1) {
                svg.text(plot.left + plot.width / 2, plot.top - 10,
                        Plot.fit(panelTitle(p), Plot.PANEL_TITLE_SIZE, plot.width), Plot.PANEL_TITLE_SIZE, "middle",
                        "font-weight=\"bold\"");
            }
            drawPanel(svg, plot, panels.get(p));
            bottom = Math.max(bottom, plot.bottom() + Plot.X_AXIS_PX);
        }
        Legend legend = legend();
        legend.draw(svg, bottom + 4);
        height = bottom + 4 + legend.heightPx() + Plot.PAD;
        return svg;
    }


    @Override
    public String svg() {
        Svg svg = draw();
        List<String> names = new ArrayList<>();
        lines.forEach(l -> names.add(l.name()));
        return svg.document(height, title, String.join(", ", names));
    }

    private void drawPanel(Svg svg, Plot plot, Panel panel) {
        List<Double> yValues = Plot.logTicks(yAxis.min, yAxis.max);
        plot.yTicks(svg, yValues, Plot.ticks(yValues));
        svg.upright(plot.left - Plot.widest(yLabels()) - 20, plot.top + plot.height / 2, yAxis.title(),
                Plot.AXIS_TITLE_SIZE);
        plot.xTicks(svg, xTicks, xTickLabels, xAxisTitle);
        plot.frame(svg);
        for (double x : panel.forkStarts) {
            svg.line(plot.x(x), plot.top, plot.x(x), plot.bottom(), FORK_COLOUR, 1.2, "5 4");
        }
        for (Rule r : panel.rules) {
            svg.shape("line x1=\"" + Svg.num(plot.x(r.x())) + "\" y1=\"" + Svg.num(plot.top) + "\" x2=\""
                    + Svg.num(plot.x(r.x())) + "\" y2=\"" + Svg.num(plot.bottom()) + "\" stroke=\"" + r.colour()
                    + "\" stroke-width=\"1.5\" stroke-dasharray=\"" + RULE_DASH + "\"", r.name());
        }
        for (int i : panel.lines) {
            Line line = lines.get(i);
            svg.open("data-s=\"" + i + "\"");
            svg.shape("path d=\"" + path(plot, line) + "\" fill=\"none\" stroke=\"" + line.colour()
                    + "\" stroke-width=\"" + Svg.num(line.width()) + "\" stroke-linejoin=\"round\""
                    + (line.dash() == null ? "" : " stroke-dasharray=\"" + line.dash() + "\""), line.name());
            for (int k = 0; k < line.x().length; k++) {
                String at = pointName(line.x()[k]);
                if (!Double.isNaN(line.y()[k]) && (at != null || line.x().length == 1)) {
                    svg.shape("circle cx=\"" + Svg.num(plot.x(line.x()[k])) + "\" cy=\""
                            + Svg.num(plot.y(line.y()[k])) + "\" r=\"" + (line.x().length == 1 ? 4 : 2.5)
                            + "\" fill=\"" + line.colour() + "\"", line.name() + ": " + (at == null ? "" : at + " ")
                            + value(line.y()[k]));
                }
            }
            svg.close();
        }
        for (Mark m : panel.pauses) {
            Marks.draw(svg, Legend.Kind.PAUSE, plot.x(m.x()), plot.y(m.y()), m.colour(),
                    "stop-the-world pause of " + value(m.y()) + " at " + Plot.tick(m.x()) + " s");
        }
        for (Outlier o : panel.outliers) {
            Marks.draw(svg, Legend.Kind.OUTLIER, plot.x(o.x()), plot.y(o.y()), o.colour(),
                    "outlier: " + o.cause() + ", " + value(o.y()) + " at " + Plot.tick(o.x()) + " s");
        }
        if (!Double.isNaN(levelY)) {
            svg.shape("line x1=\"" + Svg.num(plot.left) + "\" y1=\"" + Svg.num(plot.y(levelY)) + "\" x2=\""
                    + Svg.num(plot.right()) + "\" y2=\"" + Svg.num(plot.y(levelY)) + "\" stroke=\"" + LEVEL_COLOUR
                    + "\" stroke-width=\"1.6\" stroke-dasharray=\"9 5\"", levelName);
        }
        for (Mark m : panel.failures) {
            Marks.draw(svg, Legend.Kind.CROSS, plot.x(m.x()), plot.y(m.y()), m.colour(), "step failed");
        }
        for (Mark m : panel.maxima) {
            double px = plot.x(m.x());
            double py = plot.y(m.y());
            Marks.draw(svg, Legend.Kind.DOT, px, py, m.colour(), "max " + value(m.y()));
            if (svg.free("max", px - 8, py + 4, Legend.SIZE, "end")) {
                svg.text(px - 8, py + 4, "max", Legend.SIZE, "end", "fill=\"" + m.colour() + "\"");
            }
        }
    }

    /** A value of the latency axis as a pointer shows it: {@code 1.23 µs}. */
    private String value(double y) {
        return Plot.tick(y) + " " + yAxis.unit;
    }

    /** The name of a point a pointer can ask for: a whole nine or the median on a nines axis; null elsewhere. */
    private String pointName(double x) {
        if (xScale != XScale.NINES) {
            return null;
        }
        if (Math.abs(x - Charts.nines(50)) < 1e-9) {
            return "p50";
        }
        long k = Math.round(x);
        return k >= 1 && Math.abs(x - k) < 1e-9 ? "p" + Charts.percentileLabel((int) k).replace("%", "") : null;
    }

    /** One path through the points, lifting the pen over NaN. */
    private static String path(Plot plot, Line line) {
        StringBuilder d = new StringBuilder();
        boolean penDown = false;
        for (int i = 0; i < line.x().length; i++) {
            if (Double.isNaN(line.y()[i])) {
                penDown = false;
                continue;
            }
            d.append(penDown ? "L" : "M").append(Svg.num(plot.x(line.x()[i]))).append(',')
                    .append(Svg.num(plot.y(line.y()[i])));
            penDown = true;
        }
        return d.toString();
    }

    private Legend legend() {
        Legend legend = new Legend();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            legend.add(Legend.Kind.LINE, l.colour(), l.dash(), l.name(), i);
        }
        List<Outlier> outliers = new ArrayList<>();
        panels.forEach(p -> outliers.addAll(p.outliers));
        if (panels.stream().anyMatch(p -> !p.forkStarts.isEmpty())) {
            legend.add(Legend.Kind.RULE, FORK_COLOUR, "5 4", "a fork begins", -1);
        }
        panels.forEach(p -> p.rules.forEach(r -> legend.add(Legend.Kind.RULE, r.colour(), RULE_DASH, r.name(), -1)));
        if (panels.stream().anyMatch(p -> !p.pauses.isEmpty())) {
            legend.add(Legend.Kind.PAUSE, Svg.AXIS, null, "stop-the-world pause, at its start, as high as it was long",
                    -1);
        }
        outliers.forEach(o -> legend.add(Legend.Kind.OUTLIER, o.colour(), null, "outlier: " + o.cause(), -1));
        if (panels.stream().anyMatch(p -> !p.failures.isEmpty())) {
            legend.add(Legend.Kind.CROSS, Svg.AXIS, null, "step failed", -1);
        }
        if (panels.stream().anyMatch(p -> !p.maxima.isEmpty())) {
            legend.add(Legend.Kind.DOT, Svg.AXIS, null, "max: the line's highest sample", -1);
        }
        if (!Double.isNaN(levelY)) {
            legend.add(Legend.Kind.RULE, LEVEL_COLOUR, "9 5", levelName, -1);
        }
        return legend;
    }
}
