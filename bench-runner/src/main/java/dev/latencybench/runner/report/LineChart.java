package dev.latencybench.runner.report;

import java.awt.BasicStroke;
import java.awt.Color;
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
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart on a log latency axis whose x ticks are given, not chosen: the nines of a percentile spectrum, the
 * seconds of a timeline. Not thread-safe, like any XChart chart.
 *
 * <p>XChart draws the title, the latency axis with its grid, the plot frame and the legend. This class draws the rest,
 * at the positions XChart maps values to:
 * <ul>
 * <li>the x axis (tick marks, labels, title) into a band under XChart's drawing, because XChart puts ticks only at
 * round steps of its own choosing (50% lies at log10(2)), and at the data's x values when those are evenly spaced;</li>
 * <li>the vertical grid lines and the data lines, each line as one path, because XChart draws a line as one
 * {@code Line2D} per segment: 2,000 points made 2,000 SVG elements per line, took most of a second, and a dash
 * pattern restarted at every segment, so dashed lines looked solid;</li>
 * <li>the legend once more, over the lines, for a legend inside the plot.</li>
 * </ul>
 * Each line also goes to XChart as a one-point series, which draws nothing but its legend entry.
 */
final class LineChart extends XYChart {
    private final String xAxisTitle;
    private final double[] xTicks;
    private final List<String> xTickLabels;
    private final List<double[]> xs = new ArrayList<>();
    private final List<double[]> ys = new ArrayList<>();
    private final List<XYSeries> series = new ArrayList<>();
    private final Map<Integer, Integer> linesPerColour = new HashMap<>();
    private final double xMin;
    private final double yMin;

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
        this.xMin = xMin;
        this.yMin = yMinUs;
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
    }

    /**
     * A line through {@code (x[i], yUs[i])}, broken where y is NaN, in palette slot {@code slot}; the second, third,
     * ... line of one colour is dashed, dotted, ...
     */
    void addLine(String name, double[] x, double[] yUs, int slot, float widthPx) {
        int earlierOfColour = linesPerColour.merge(slot % Palette.COLOURS, 1, Integer::sum) - 1;
        XYSeries legendEntry = addSeries(name, new double[] {xMin}, new double[] {yMin});
        legendEntry.setMarker(SeriesMarkers.NONE);
        legendEntry.setLineColor(ChartStyle.colour(slot));
        legendEntry.setLineStyle(ChartStyle.line(widthPx, earlierOfColour));
        xs.add(x);
        ys.add(yUs);
        series.add(legendEntry);
    }

    List<String> xTickLabels() {
        return xTickLabels;
    }

    /** Plot bounds of the last paint. */
    Rectangle2D plotBounds() {
        return plot.getBounds();
    }

    /** Height of the band under XChart's drawing: tick marks, tick labels, the axis title. */
    static int xAxisBandPx() {
        return (int) Math.ceil(ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX
                + lineHeight(ChartStyle.TICK_FONT) + 2 * ChartStyle.TICK_PADDING_PX
                + lineHeight(ChartStyle.AXIS_TITLE_FONT));
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        super.paint(g, width, height - xAxisBandPx());
        // XChart keeps the height it last painted at, and the SVG encoder reads it back as the page height
        setHeight(height);
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, height - xAxisBandPx(), width, xAxisBandPx()));
        Rectangle2D plotBounds = plot.getBounds();
        paintXAxis(g, plotBounds);
        Shape clip = g.getClip();
        g.clip(plotBounds);
        paintVerticalGrid(g, plotBounds);
        for (int i = 0; i < series.size(); i++) {
            g.setColor(series.get(i).getLineColor());
            g.setStroke(series.get(i).getLineStyle());
            g.draw(path(xs.get(i), ys.get(i)));
        }
        g.setClip(clip);
        legend.paint(g);
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

    private static double lineHeight(java.awt.Font font) {
        LineMetrics m = font.getLineMetrics("0%", ChartStyle.FRC);
        return m.getAscent() + m.getDescent();
    }
}
