package dev.latencybench.runner.report;

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
import java.util.Map;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.XYStyler;

/**
 * A line chart on a log latency axis whose x ticks are given, not chosen: the nines of a percentile spectrum, the
 * seconds of a timeline. Not thread-safe, like any XChart chart.
 *
 * <p>XChart draws the title, the latency axis with its grid and the plot frame, into the chart less a strip at the
 * bottom. This class draws the rest, at the positions XChart maps values to:
 * <ul>
 * <li>the x axis (tick marks, labels, title) right under the plot, because XChart puts ticks only at round steps of
 * its own choosing (50% lies at log10(2)), and at the data's x values when those are evenly spaced;</li>
 * <li>the vertical grid lines and the data lines, each line as one path, because XChart draws a line as one
 * {@code Line2D} per segment: 2,000 points made 2,000 SVG elements per line, took most of a second, and a dash
 * pattern restarted at every segment, so dashed lines looked solid;</li>
 * <li>the legend, under the x axis, in as many rows as it needs: XChart's own legend goes either one row below, where
 * it would sit between the plot and this x axis, or in a column that takes plot width.</li>
 * </ul>
 */
final class LineChart extends XYChart {
    /** Legend geometry in px: the stretch of line, the gaps after it and between entries, the box's padding. */
    private static final int LEGEND_LINE_PX = 28;
    private static final int LEGEND_TEXT_GAP_PX = 6;
    private static final int LEGEND_ENTRY_GAP_PX = 18;
    private static final int LEGEND_PADDING_PX = 6;
    private static final int LEGEND_GAP_PX = 6;

    private final String xAxisTitle;
    private final double[] xTicks;
    private final List<String> xTickLabels;
    private final List<String> names = new ArrayList<>();
    private final List<double[]> xs = new ArrayList<>();
    private final List<double[]> ys = new ArrayList<>();
    private final List<Color> colours = new ArrayList<>();
    private final List<BasicStroke> strokes = new ArrayList<>();
    private final Map<Integer, Integer> linesPerColour = new HashMap<>();

    /**
     * @param xTicks       x of each tick, rising, within [xMin, xMax]
     * @param xTickLabels  the label of each tick
     * @param yMinUs       bottom of the log latency axis, a power of ten
     * @param yMaxUs       top of the log latency axis, a power of ten
     */
    LineChart(String title, String xAxisTitle, double xMin, double xMax, double[] xTicks, List<String> xTickLabels,
            double yMinUs, double yMaxUs) {
        super(ChartStyle.WIDTH_PX, ChartStyle.HEIGHT_PX);
        this.xAxisTitle = xAxisTitle;
        this.xTicks = xTicks.clone();
        this.xTickLabels = List.copyOf(xTickLabels);
        setTitle(title);
        setYAxisTitle("latency (us)");
        XYStyler s = getStyler();
        ChartStyle.apply(s);
        s.setXAxisTicksVisible(false);
        s.setXAxisTitleVisible(false);
        s.setPlotGridVerticalLinesVisible(false);
        s.setXAxisMin(xMin);
        s.setXAxisMax(xMax);
        s.setYAxisLogarithmic(true);
        s.setYAxisMin(yMinUs);
        s.setYAxisMax(yMaxUs);
        s.setLegendVisible(false);
    }

    /**
     * A line through {@code (x[i], yUs[i])}, broken where y is NaN, in palette slot {@code slot}; the second, third,
     * ... line of one colour is dashed, dotted, ...
     */
    void addLine(String name, double[] x, double[] yUs, int slot, float widthPx) {
        int earlierOfColour = linesPerColour.merge(slot % Palette.COLOURS, 1, Integer::sum) - 1;
        names.add(name);
        xs.add(x);
        ys.add(yUs);
        colours.add(ChartStyle.colour(slot));
        strokes.add(ChartStyle.line(widthPx, earlierOfColour));
    }

    List<String> xTickLabels() {
        return xTickLabels;
    }

    /** Height of the x axis under the plot: tick marks, tick labels, the axis title. */
    static int xAxisBandPx() {
        return (int) Math.ceil(ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX
                + lineHeight(ChartStyle.TICK_FONT) + 2 * ChartStyle.TICK_PADDING_PX
                + lineHeight(ChartStyle.AXIS_TITLE_FONT));
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        List<List<Integer>> legendRows = legendRows(width);
        int legendPx = legendRows.size() * legendRowPx() + 2 * LEGEND_PADDING_PX;
        int belowXChartPx = xAxisBandPx() + LEGEND_GAP_PX + legendPx;
        super.paint(g, width, height - belowXChartPx);
        // XChart keeps the height it last painted at, and the SVG encoder reads it back as the page height
        setHeight(height);
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, height - belowXChartPx, width, belowXChartPx));
        Rectangle2D plotBounds = plot.getBounds();
        paintXAxis(g, plotBounds);
        Shape clip = g.getClip();
        g.clip(plotBounds);
        paintVerticalGrid(g, plotBounds);
        for (int i = 0; i < xs.size(); i++) {
            g.setColor(colours.get(i));
            g.setStroke(strokes.get(i));
            g.draw(path(xs.get(i), ys.get(i)));
        }
        g.setClip(clip);
        paintLegend(g, legendRows, width, plotBounds.getMaxY() + xAxisBandPx() + LEGEND_GAP_PX, legendPx);
    }

    /** The lines' indices, row by row, each row as wide as fits the chart. */
    private List<List<Integer>> legendRows(int width) {
        double rowRoomPx = width - 2 * getStyler().getChartPadding() - 2 * LEGEND_PADDING_PX;
        List<List<Integer>> rows = new ArrayList<>();
        List<Integer> row = new ArrayList<>();
        double rowPx = 0;
        for (int i = 0; i < names.size(); i++) {
            double entryPx = legendEntryPx(i);
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

    private double legendEntryPx(int line) {
        return LEGEND_LINE_PX + LEGEND_TEXT_GAP_PX + ChartStyle.textWidth(names.get(line), ChartStyle.LEGEND_FONT);
    }

    private static int legendRowPx() {
        return (int) Math.ceil(lineHeight(ChartStyle.LEGEND_FONT)) + 4;
    }

    /** A box centred under the x axis, its rows centred in it, each entry a stretch of the line and its name. */
    private void paintLegend(Graphics2D g, List<List<Integer>> rows, int width, double top, int heightPx) {
        double widestPx = 0;
        for (List<Integer> row : rows) {
            widestPx = Math.max(widestPx, rowPx(row));
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
            double x = (width - rowPx(row)) / 2;
            double baseline = rowTop + (legendRowPx() - m.getAscent() - m.getDescent()) / 2 + m.getAscent();
            double lineY = baseline - m.getAscent() * 0.35;
            for (int i : row) {
                g.setColor(colours.get(i));
                g.setStroke(strokes.get(i));
                g.draw(new Line2D.Double(x, lineY, x + LEGEND_LINE_PX, lineY));
                ChartStyle.drawText(g, names.get(i), ChartStyle.LEGEND_FONT, ChartStyle.TEXT,
                        x + LEGEND_LINE_PX + LEGEND_TEXT_GAP_PX, baseline, 0);
                x += legendEntryPx(i) + LEGEND_ENTRY_GAP_PX;
            }
            rowTop += legendRowPx();
        }
    }

    private double rowPx(List<Integer> row) {
        double px = (row.size() - 1) * LEGEND_ENTRY_GAP_PX;
        for (int i : row) {
            px += legendEntryPx(i);
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
