package dev.latencybench.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;

import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * The one look of every chart: sizes, fonts, greys, palette colours, dashes, number formats. Stateless; the
 * {@code Font}, {@code Color} and {@code Stroke} constants are immutable and shared.
 */
public final class ChartStyle {
    static final int WIDTH_PX = 1000;
    public static final int HEIGHT_PX = 560;

    static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 17);
    static final Font AXIS_TITLE_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font LEGEND_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font VALUE_LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** Category labels where {@link #TICK_FONT} does not fit the category's width. */
    static final Font SMALL_TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 10);

    static final Color TEXT = new Color(0x222222);
    static final Color AXIS_LINE = new Color(0x8C8C8C);
    static final Color GRID_LINE = new Color(0xE3E3E3);

    /** Pixels between a tick mark's end and its label, and the tick mark's length. */
    static final int TICK_PADDING_PX = 5;
    static final int TICK_MARK_PX = 4;

    /** The one text measuring context: anti-aliased, integer metrics, as XChart measures its own text. */
    static final FontRenderContext FRC = new FontRenderContext(null, true, false);

    /** Solid, dashed, dotted, dash-dot: the k-th line of one colour in a chart gets pattern k (mod 4). */
    private static final float[][] DASHES = {null, {7f, 4f}, {1.5f, 3f}, {8f, 3f, 1.5f, 3f}};

    private ChartStyle() {
    }

    static Color colour(int slot) {
        return new Color(Palette.rgb(slot));
    }

    static BasicStroke line(float widthPx, int dashIndex) {
        float[] dash = DASHES[dashIndex % DASHES.length];
        return dash == null
                ? new BasicStroke(widthPx, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND)
                : new BasicStroke(widthPx, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    /** What every chart shares: white ground, light solid grid, the fonts, the legend below the plot. */
    static void apply(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(true);
        s.setPlotBorderColor(AXIS_LINE);
        s.setPlotGridLinesVisible(true);
        s.setPlotGridLinesColor(GRID_LINE);
        // XChart's default grid is dashed, which its SVG export writes out dash by dash: 10x the bytes
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setPlotTicksMarksVisible(false);
        s.setChartFontColor(TEXT);
        s.setChartTitleFont(TITLE_FONT);
        s.setChartTitleBoxVisible(false);
        s.setChartTitlePadding(12);
        s.setChartPadding(14);
        s.setAxisTitleFont(AXIS_TITLE_FONT);
        s.setAxisTitlePadding(10);
        s.setAxisTickLabelsFont(TICK_FONT);
        s.setAxisTickLabelsColor(TEXT);
        s.setAxisTickMarksColor(AXIS_LINE);
        s.setAxisTicksLineVisible(false);
        s.setAxisTickMarkLength(TICK_MARK_PX);
        s.setAxisTickPadding(TICK_PADDING_PX);
        s.setLegendFont(LEGEND_FONT);
        s.setLegendBorderColor(GRID_LINE);
        s.setLegendBackgroundColor(Color.WHITE);
        s.setLegendPadding(8);
        s.setLegendPosition(LegendPosition.OutsideS);
        s.setLegendLayout(LegendLayout.Horizontal);
        s.setYAxisDecimalPattern("#,##0.###");
        s.setYAxisLogarithmicDecadeOnly(true);
        s.setToolTipsEnabled(false);
        s.setAntiAlias(true);
    }

    static double textWidth(String text, Font font) {
        return textBounds(text, font).getWidth();
    }

    /** The glyphs' bounds, relative to the start of the baseline. */
    static Rectangle2D textBounds(String text, Font font) {
        return new TextLayout(text, font, FRC).getBounds();
    }

    /**
     * Draws {@code text}: in the PNG as XChart draws its own, as glyph outlines; in the SVG as a {@code <text>}
     * ({@link ChartOutput.SvgGraphics}). {@code (x, baselineY)} is where the text starts, before the rotation of
     * {@code quarterTurnsCounterClockwise} quarter turns about that point.
     *
     * @return the bounds of the glyphs as drawn in the PNG
     */
    static Rectangle2D drawText(Graphics2D g, String text, Font font, Color colour, double x, double baselineY,
            int quarterTurnsCounterClockwise) {
        TextLayout layout = new TextLayout(text, font, FRC);
        AffineTransform at = AffineTransform.getTranslateInstance(x, baselineY);
        at.quadrantRotate(-quarterTurnsCounterClockwise);
        Shape outline = at.createTransformedShape(layout.getOutline(null));
        if (g instanceof ChartOutput.SvgGraphics svg) {
            svg.label(text, font, colour, at);
        } else {
            g.setColor(colour);
            g.fill(outline);
        }
        return outline.getBounds2D();
    }
}
