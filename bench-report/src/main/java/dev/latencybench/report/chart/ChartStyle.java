package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;

import org.jfree.svg.SVGGraphics2D;
import org.knowm.xchart.style.AxesChartStyler;

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
    /** White, fully clear: the fills XChart painted, which show in the SVG only. */
    static final Color CLEAR = new Color(0xFFFFFF, true);

    /** Pixels between the chart's edges and what it draws: its plot, legend, title. */
    static final int CHART_PADDING_PX = 14;

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

    /**
     * What the bar chart, drawn with XChart, shares with the line charts ({@link PlotFrame}): white ground, grey plot
     * frame; no title, y axis, grid or legend from XChart, which draws text as glyph outlines: {@link ValueAxis} and
     * the charts draw those themselves, the text as text.
     */
    static void apply(AxesChartStyler s) {
        s.setChartTitleVisible(false);
        s.setYAxisTitleVisible(false);
        s.setYAxisTicksVisible(false);
        s.setPlotGridLinesVisible(false);
        // clear: the charts paint the white ground, and the grid under XChart's bars (ValueAxis)
        s.setChartBackgroundColor(CLEAR);
        s.setPlotBackgroundColor(CLEAR);
        s.setPlotBorderVisible(true);
        s.setPlotBorderColor(AXIS_LINE);
        s.setPlotTicksMarksVisible(false);
        s.setChartPadding(CHART_PADDING_PX);
        s.setLegendVisible(false);
        s.setToolTipsEnabled(false);
        s.setAntiAlias(true);
    }

    /** A line of {@code font}'s text, ascent and descent, as the line charts space their rows. */
    static double lineHeight(Font font) {
        LineMetrics m = font.getLineMetrics("0%", FRC);
        return m.getAscent() + m.getDescent();
    }

    static double textWidth(String text, Font font) {
        return textBounds(text, font).getWidth();
    }

    /** The glyphs' bounds, relative to the start of the baseline. */
    static Rectangle2D textBounds(String text, Font font) {
        return new TextLayout(text, font, FRC).getBounds();
    }

    /**
     * Draws {@code text}: in the PNG as glyph outlines, as XChart draws text; in the SVG ({@link SVGGraphics2D}) as a
     * {@code <text>}. {@code (x, baselineY)} is where the text starts, before the rotation of
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
        g.setColor(colour);
        if (g instanceof SVGGraphics2D) {
            AffineTransform saved = g.getTransform();
            g.transform(at);
            g.setFont(font);
            g.drawString(text, 0, 0);
            g.setTransform(saved);
        } else {
            g.fill(outline);
        }
        return outline.getBounds2D();
    }
}
