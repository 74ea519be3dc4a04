package dev.latencybench.runner.report;

import java.awt.Graphics2D;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.CategoryStyler;

/**
 * A grouped {@link CategoryChart} with each bar's value written above it, turned a quarter when it is wider than the
 * bar. Not thread-safe, like any XChart chart.
 *
 * <p>XChart's own value labels sit inside the bar, centred, and spill out of short bars; so XChart draws the bars and
 * this class writes the labels, at the bar positions XChart's bar layout gives (category band, then one slot per
 * series, {@link CategoryStyler#getAvailableSpaceFill()} of the band filled).
 */
final class LabelledBarChart extends CategoryChart {
    /** Pixels between a bar's top and its label. */
    static final int LABEL_GAP_PX = 3;

    private final List<Bars> series;
    private final int categories;
    private final boolean labelsTurned;

    LabelledBarChart(List<Bars> series, int categories, boolean labelsTurned) {
        super(ChartStyle.WIDTH_PX, ChartStyle.HEIGHT_PX);
        this.series = List.copyOf(series);
        this.categories = categories;
        this.labelsTurned = labelsTurned;
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        super.paint(g, width, height);
        paintValueLabels(g);
    }

    /** Plot bounds of the last paint; the value labels and the tests place things by them. */
    Rectangle2D plotBounds() {
        return plot.getBounds();
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

    private void paintValueLabels(Graphics2D g) {
        double yAxisMin = getStyler().getYAxisMin();
        for (int s = 0; s < series.size(); s++) {
            Bars bars = series.get(s);
            for (int c = 0; c < categories; c++) {
                double us = bars.valueUs(c);
                if (Double.isNaN(us) || us < yAxisMin) {
                    continue; // no bar, or one XChart leaves out below a log axis' floor
                }
                String label = ChartStyle.formatUs(us);
                Rectangle2D box = new TextLayout(label, ChartStyle.VALUE_LABEL_FONT, ChartStyle.FRC)
                        .getBounds();
                double x = barCentreX(s, c);
                double top = getScreenYFromChart(us) - LABEL_GAP_PX;
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
}
