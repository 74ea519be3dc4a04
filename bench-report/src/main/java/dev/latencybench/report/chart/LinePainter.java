package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.LineMetrics;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import dev.latencybench.report.chart.LineChart.Line;
import dev.latencybench.report.chart.LineChart.Mark;
import dev.latencybench.report.chart.LineChart.Panel;

/**
 * Paints a {@link LineChart} from its model into any {@link Graphics2D}, the PNG's or the SVG's: per plot the title,
 * the value axis ({@link ValueAxis}, its text as text), the frame ({@link PlotFrame}), the x axis with a tick at each
 * of the chart's x ticks, the vertical grid, the data lines (each as one path, so a dash pattern runs on across its
 * points), and the marks over them ({@link LineMarks}); then the legend under it all ({@link LineLegend}). Small
 * multiples get one such plot per panel, two to a row, under one title. Made for one paint; not thread-safe.
 */
final class LinePainter {
    private static final Font PANEL_TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 14);
    private static final int PANEL_TITLE_PADDING_PX = 6;

    private final LineChart chart;
    private final List<Line> lines;
    private final List<Panel> panels;
    private final double[] xTicks;
    private final List<String> xTickLabels;
    private final ValueAxis valueAxis;

    LinePainter(LineChart chart) {
        this.chart = chart;
        this.lines = chart.lines();
        this.panels = chart.panels();
        this.xTicks = chart.xTicks();
        this.xTickLabels = chart.xTickLabels();
        LatencyAxis y = chart.yAxis();
        this.valueAxis = new ValueAxis(y.title(), y.min, y.max, true);
    }

    /** Height of the x axis under the plot: tick marks, tick labels, the axis title. */
    static int xAxisBandPx() {
        return (int) Math.ceil(ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX
                + ChartStyle.lineHeight(ChartStyle.TICK_FONT) + 2 * ChartStyle.TICK_PADDING_PX
                + ChartStyle.lineHeight(ChartStyle.AXIS_TITLE_FONT));
    }

    void paint(Graphics2D g, int width, int height) {
        LineLegend legend = new LineLegend(chart);
        List<List<Integer>> legendRows = legend.rows(width);
        int legendPx = legend.isEmpty() ? 0 : legend.heightPx(legendRows);
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, width, height));
        if (panels.size() == 1) {
            PlotFrame frame = onlyFrame(width, height, legendPx);
            Graphics2D pg = paintPlot(g, frame, chart.getTitle(), ChartStyle.TITLE_FONT, ValueAxis.TITLE_PADDING_PX);
            try {
                paintPanel(pg, frame, panels.get(0));
            } finally {
                pg.dispose();
            }
            if (!legend.isEmpty()) {
                legend.paint(g, legendRows, width,
                        frame.insetTopPx + frame.bounds.getMaxY() + xAxisBandPx() + LineLegend.GAP_PX, legendPx);
            }
        } else {
            String title = chart.getTitle();
            LineMetrics tm = ChartStyle.TITLE_FONT.getLineMetrics(title, ChartStyle.FRC);
            ChartStyle.drawText(g, title, ChartStyle.TITLE_FONT, ChartStyle.TEXT,
                    (width - ChartStyle.textWidth(title, ChartStyle.TITLE_FONT)) / 2,
                    ChartStyle.CHART_PADDING_PX + tm.getAscent(), 0);
            double bottom = 0;
            for (int p = 0; p < panels.size(); p++) {
                PlotFrame frame = panelFrame(p, width);
                Graphics2D panelGraphics = (Graphics2D) g.create();
                panelGraphics.translate(panelLeftPx(p, width), panelTopPx(p));
                Graphics2D pg = paintPlot(panelGraphics, frame, chart.panelTitle(p), PANEL_TITLE_FONT,
                        PANEL_TITLE_PADDING_PX);
                try {
                    paintPanel(pg, frame, panels.get(p));
                } finally {
                    pg.dispose();
                    panelGraphics.dispose();
                }
                bottom = Math.max(bottom, panelTopPx(p) + LineChart.PANEL_HEIGHT_PX);
            }
            if (!legend.isEmpty()) {
                legend.paint(g, legendRows, width, bottom + LineLegend.GAP_PX, legendPx);
            }
        }
    }

    /** The frame of the one plot, or of the first small plot, in a chart {@code width} x {@code height} px. */
    PlotFrame firstFrame(int width, int height) {
        if (panels.size() > 1) {
            return panelFrame(0, width);
        }
        LineLegend legend = new LineLegend(chart);
        return onlyFrame(width, height, legend.isEmpty() ? 0 : legend.heightPx(legend.rows(width)));
    }

    /** A one-plot chart's frame: the chart less the x axis and the legend under the plot. */
    private PlotFrame onlyFrame(int width, int height, int legendPx) {
        int belowPlotPx = xAxisBandPx() + LineLegend.GAP_PX + legendPx;
        String title = chart.getTitle();
        return new PlotFrame(0, 0, width, height - belowPlotPx, valueAxis.widthPx(),
                ValueAxis.titleBandPx(title, ChartStyle.TITLE_FONT, ValueAxis.TITLE_PADDING_PX), chart.xMin(),
                chart.xMax(), chart.yAxis());
    }

    /** Small plot {@code p}'s frame: its cell of the grid less the x axis under it. */
    private PlotFrame panelFrame(int p, int width) {
        return new PlotFrame(panelLeftPx(p, width), panelTopPx(p), panelWidthPx(width),
                LineChart.PANEL_HEIGHT_PX - xAxisBandPx(), valueAxis.widthPx(),
                ValueAxis.titleBandPx(chart.panelTitle(p), PANEL_TITLE_FONT, PANEL_TITLE_PADDING_PX), chart.xMin(),
                chart.xMax(), chart.yAxis());
    }

    private static int panelWidthPx(int width) {
        return (width - (LineChart.PANEL_COLUMNS - 1) * LineChart.PANEL_GAP_PX) / LineChart.PANEL_COLUMNS;
    }

    private static int panelLeftPx(int p, int width) {
        return (p % LineChart.PANEL_COLUMNS) * (panelWidthPx(width) + LineChart.PANEL_GAP_PX);
    }

    private static int panelTopPx(int p) {
        return LineChart.TITLE_BAND_PX + (p / LineChart.PANEL_COLUMNS) * (LineChart.PANEL_HEIGHT_PX
                + LineChart.PANEL_GAP_PX);
    }

    /**
     * Paints one plot's title, value axis and frame into {@code g}, whose origin is the plot's box; returns a
     * graphics whose origin is the frame's ({@link PlotFrame#insetLeftPx}, {@link PlotFrame#insetTopPx}), in which
     * {@code frame} maps values. The caller disposes it.
     */
    private Graphics2D paintPlot(Graphics2D g, PlotFrame frame, String plotTitle, Font titleFont, int titlePaddingPx) {
        Graphics2D pg = (Graphics2D) g.create();
        pg.translate(frame.insetLeftPx, frame.insetTopPx);
        frame.paint(pg);
        Rectangle2D plotBounds = frame.bounds;
        valueAxis.paintGrid(pg, plotBounds, frame::screenY);
        valueAxis.paintLabels(pg, plotBounds, frame::screenY);
        ValueAxis.paintTitle(pg, plotTitle, titleFont, titlePaddingPx, plotBounds,
                plotBounds.getMinY() - frame.insetTopPx);
        return pg;
    }

    /** The x axis, the grid, the lines and the marks of one plot. */
    private void paintPanel(Graphics2D g, PlotFrame frame, Panel panel) {
        Rectangle2D plotBounds = frame.bounds;
        paintXAxis(g, frame);
        Shape clip = g.getClip();
        g.clip(plotBounds);
        paintVerticalGrid(g, frame);
        g.setColor(LineMarks.FORK_RULE);
        g.setStroke(LineMarks.FORK_STROKE);
        for (double x : panel.forkStarts) {
            double px = frame.screenX(x);
            g.draw(new Line2D.Double(px, plotBounds.getMinY() + 1, px, plotBounds.getMaxY() - 1));
        }
        for (int i : panel.lines) {
            Line line = lines.get(i);
            g.setColor(line.colour());
            g.setStroke(line.stroke());
            g.draw(path(frame, line.x(), line.y()));
            if (line.x().length == 1 && !Double.isNaN(line.y()[0])) { // a line of one point: a dot, or nothing shows
                double r = line.stroke().getLineWidth() + 2;
                g.fill(new Ellipse2D.Double(frame.screenX(line.x()[0]) - r, frame.screenY(line.y()[0]) - r, 2 * r,
                        2 * r));
            }
        }
        // pauses over the lines, so that a pause under a spike still shows
        for (Mark pause : panel.pauses) {
            LineMarks.paintPause(g, frame.screenX(pause.x()), frame.screenY(pause.y()), pause.colour());
        }
        for (LineChart.Outlier o : panel.outliers) {
            LineMarks.paintOutlier(g, frame.screenX(o.x()), frame.screenY(o.y()), o.colour());
        }
        if (!Double.isNaN(chart.level())) {
            g.setColor(LineMarks.LEVEL_RULE);
            g.setStroke(LineMarks.LEVEL_STROKE);
            double py = frame.screenY(chart.level());
            g.draw(new Line2D.Double(plotBounds.getMinX() + 1, py, plotBounds.getMaxX() - 1, py));
        }
        for (Mark failure : panel.failures) {
            LineMarks.paintFailure(g, frame.screenX(failure.x()), frame.screenY(failure.y()), failure.colour());
        }
        // every maximum's dot; its label only where it does not overprint one already drawn (maxima that lie
        // close together share the first label: the dots, ringed alike, say the rest)
        java.util.List<java.awt.geom.Rectangle2D> labels = new java.util.ArrayList<>();
        double labelWidth = ChartStyle.textWidth("max", ChartStyle.LEGEND_FONT);
        for (Mark max : panel.maxima) {
            double px = frame.screenX(max.x());
            double py = frame.screenY(max.y());
            LineMarks.paintMaximum(g, px, py, max.colour());
            double lx = px - 2 * LineMarks.MAX_RADIUS_PX - labelWidth;
            java.awt.geom.Rectangle2D box = new java.awt.geom.Rectangle2D.Double(lx - 2, py - 8, labelWidth + 4, 14);
            if (labels.stream().noneMatch(box::intersects)) {
                labels.add(box);
                ChartStyle.drawText(g, "max", ChartStyle.LEGEND_FONT, max.colour(), lx, py + 4, 0);
            }
        }
        g.setClip(clip);
    }

    /** One path through the points, lifting the pen over NaN. */
    private static Path2D path(PlotFrame frame, double[] x, double[] y) {
        Path2D.Double path = new Path2D.Double(Path2D.WIND_NON_ZERO, x.length);
        boolean penDown = false;
        for (int i = 0; i < x.length; i++) {
            if (Double.isNaN(y[i])) {
                penDown = false;
                continue;
            }
            double px = frame.screenX(x[i]);
            double py = frame.screenY(y[i]);
            if (penDown) {
                path.lineTo(px, py);
            } else {
                path.moveTo(px, py);
                penDown = true;
            }
        }
        return path;
    }

    private void paintVerticalGrid(Graphics2D g, PlotFrame frame) {
        g.setColor(ChartStyle.GRID_LINE);
        g.setStroke(new BasicStroke(1f));
        for (double tick : xTicks) {
            double x = frame.screenX(tick);
            g.draw(new Line2D.Double(x, frame.bounds.getMinY() + 1, x, frame.bounds.getMaxY() - 1));
        }
    }

    private void paintXAxis(Graphics2D g, PlotFrame frame) {
        double axisY = frame.bounds.getMaxY();
        LineMetrics tick = ChartStyle.TICK_FONT.getLineMetrics("0%", ChartStyle.FRC);
        double labelBaseline = axisY + ChartStyle.TICK_MARK_PX + ChartStyle.TICK_PADDING_PX + tick.getAscent();
        g.setStroke(new BasicStroke(1f));
        for (int i = 0; i < xTicks.length; i++) {
            double x = frame.screenX(xTicks[i]);
            g.setColor(ChartStyle.AXIS_LINE);
            g.draw(new Line2D.Double(x, axisY, x, axisY + ChartStyle.TICK_MARK_PX));
            String label = xTickLabels.get(i);
            double labelWidth = ChartStyle.textWidth(label, ChartStyle.TICK_FONT);
            ChartStyle.drawText(g, label, ChartStyle.TICK_FONT, ChartStyle.TEXT, x - labelWidth / 2, labelBaseline, 0);
        }
        String xAxisTitle = chart.xAxisTitle();
        LineMetrics title = ChartStyle.AXIS_TITLE_FONT.getLineMetrics(xAxisTitle, ChartStyle.FRC);
        double titleBaseline = labelBaseline + tick.getDescent() + 2 * ChartStyle.TICK_PADDING_PX + title.getAscent();
        double titleWidth = ChartStyle.textWidth(xAxisTitle, ChartStyle.AXIS_TITLE_FONT);
        ChartStyle.drawText(g, xAxisTitle, ChartStyle.AXIS_TITLE_FONT, ChartStyle.TEXT,
                frame.bounds.getCenterX() - titleWidth / 2, titleBaseline, 0);
    }
}
