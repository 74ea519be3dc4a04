package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.font.LineMetrics;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * A chart's title and its value (y) axis: title, tick labels, tick marks and horizontal grid lines, drawn as ordinary
 * text and lines ({@link ChartStyle#drawText}), so that the SVG writes the text as {@code <text>}. XChart draws its own
 * as glyph outlines; the bar chart hides XChart's title and y axis and paints XChart into the room this class
 * leaves, and the line charts paint their plots into it ({@link LinePainter}).
 * Immutable; thread-safe.
 *
 * <p>A log axis gets a grid line at 1, 2, ... 9 times each power of ten, labelled at the powers of ten (or at 1, 2
 * and 5 times them where the axis spans less than two whole decades); a linear axis gets grid lines and labels at
 * steps of 1, 2 or 5 times a power of ten, at most {@value #MAX_LINEAR_STEPS} steps.
 */
final class ValueAxis {
    private static final int MAX_LINEAR_STEPS = 8;
    private static final int AXIS_TITLE_PADDING_PX = 10;
    static final int TITLE_PADDING_PX = 12;

    private final String title;
    private final List<Double> gridValues = new ArrayList<>();
    private final List<Double> labelValues = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();

    ValueAxis(String title, double min, double max, boolean log) {
        this.title = title;
        if (log) {
            boolean decadesOnly = Math.floor(Math.log10(max)) - Math.ceil(Math.log10(min)) >= 1;
            for (int k = (int) Math.floor(Math.log10(min)); k <= (int) Math.ceil(Math.log10(max)); k++) {
                for (int m = 1; m <= 9; m++) {
                    double v = Double.parseDouble(m + "E" + k); // exact, unlike m * 10^k
                    if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) {
                        gridValues.add(v);
                        if (m == 1 || !decadesOnly && (m == 2 || m == 5)) {
                            labelValues.add(v);
                        }
                    }
                }
            }
        } else {
            double step = linearStep(max - min);
            for (long i = (long) Math.ceil(min / step - 1e-9); i * step <= max * (1 + 1e-9); i++) {
                double v = Double.parseDouble(i * stepMantissa(step) + "E" + stepExponent(step));
                gridValues.add(v);
                labelValues.add(v);
            }
        }
        DecimalFormat format = new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
        labelValues.forEach(v -> labels.add(format.format(v)));
    }

    /** The smallest step of 1, 2 or 5 times a power of ten that cuts {@code span} into at most 8 steps. */
    static double linearStep(double span) {
        double decade = Math.pow(10, Math.floor(Math.log10(span / MAX_LINEAR_STEPS)));
        for (int m : new int[] {1, 2, 5, 10}) {
            if (span / (m * decade) <= MAX_LINEAR_STEPS + 1e-9) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    private static int stepExponent(double step) {
        return (int) Math.floor(Math.log10(step) + 1e-9);
    }

    private static long stepMantissa(double step) {
        return Math.round(step / Math.pow(10, stepExponent(step)));
    }

    List<String> labels() {
        return List.copyOf(labels);
    }

    List<Double> labelValues() {
        return List.copyOf(labelValues);
    }

    /** Room the axis takes left of the plot: the turned title, its padding, the widest label, padding, tick mark. */
    int widthPx() {
        double widest = 0;
        for (String l : labels) {
            widest = Math.max(widest, ChartStyle.textWidth(l, ChartStyle.TICK_FONT));
        }
        return (int) Math.ceil(ChartStyle.lineHeight(ChartStyle.AXIS_TITLE_FONT) + AXIS_TITLE_PADDING_PX + widest
                + ChartStyle.TICK_PADDING_PX + ChartStyle.TICK_MARK_PX);
    }

    /** Room a chart title in {@code font} takes above the plot, padding above and below; 0 for no title. */
    static int titleBandPx(String title, Font font, int paddingPx) {
        return title == null || title.isEmpty() ? 0
                : (int) Math.ceil(ChartStyle.textBounds(title, font).getHeight()) + 2 * paddingPx;
    }

    static int titleBandPx(String title) {
        return titleBandPx(title, ChartStyle.TITLE_FONT, TITLE_PADDING_PX);
    }

    /**
     * The grid lines across {@code plot} and the tick marks left of it, {@code screenY} mapping a value to its pixel
     * row: before XChart paints its plot, so that the grid lies under the bars.
     */
    void paintGrid(Graphics2D g, Rectangle2D plot, DoubleUnaryOperator screenY) {
        g.setStroke(new BasicStroke(1f));
        for (double v : gridValues) {
            double y = screenY.applyAsDouble(v);
            g.setColor(ChartStyle.GRID_LINE);
            g.draw(new Line2D.Double(plot.getMinX() + 1, y, plot.getMaxX() - 1, y));
            g.setColor(ChartStyle.AXIS_LINE);
            g.draw(new Line2D.Double(plot.getMinX() - ChartStyle.TICK_MARK_PX, y, plot.getMinX(), y));
        }
    }

    /** The tick labels left of {@code plot}, and the turned title left of those. */
    void paintLabels(Graphics2D g, Rectangle2D plot, DoubleUnaryOperator screenY) {
        LineMetrics tick = ChartStyle.TICK_FONT.getLineMetrics("0", ChartStyle.FRC);
        double labelsRight = plot.getMinX() - ChartStyle.TICK_MARK_PX - ChartStyle.TICK_PADDING_PX;
        double widest = 0;
        for (int i = 0; i < labels.size(); i++) {
            double w = ChartStyle.textWidth(labels.get(i), ChartStyle.TICK_FONT);
            widest = Math.max(widest, w);
            double y = screenY.applyAsDouble(labelValues.get(i));
            // centred on the grid line by the digits' height
            ChartStyle.drawText(g, labels.get(i), ChartStyle.TICK_FONT, ChartStyle.TEXT, labelsRight - w,
                    y + (tick.getAscent() - tick.getDescent()) / 2, 0);
        }
        LineMetrics t = ChartStyle.AXIS_TITLE_FONT.getLineMetrics(title, ChartStyle.FRC);
        double titleWidth = ChartStyle.textWidth(title, ChartStyle.AXIS_TITLE_FONT);
        ChartStyle.drawText(g, title, ChartStyle.AXIS_TITLE_FONT, ChartStyle.TEXT,
                labelsRight - widest - AXIS_TITLE_PADDING_PX - t.getDescent(), plot.getCenterY() + titleWidth / 2, 1);
    }

    /** A title centred over {@code plot}, its glyphs' tops {@code paddingPx} under {@code bandTop}. */
    static void paintTitle(Graphics2D g, String title, Font font, int paddingPx, Rectangle2D plot, double bandTop) {
        if (title == null || title.isEmpty()) {
            return;
        }
        Rectangle2D bounds = ChartStyle.textBounds(title, font);
        ChartStyle.drawText(g, title, font, ChartStyle.TEXT, plot.getCenterX() - bounds.getWidth() / 2 - bounds.getX(),
                bandTop + paddingPx - bounds.getY(), 0);
    }
}
