package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;

/**
 * Where one plot of a {@link LineChart} lies and how its values map to pixels: the frame, in a box of the chart left
 * of which the value axis takes {@code insetLeftPx} and above which the plot's title takes {@code insetTopPx}.
 * Immutable.
 *
 * <p>The arithmetic is XChart's (3.8), which laid these plots out before the line charts were drawn from their own
 * model, kept to the last rounding so that every image stays the same: the frame sits {@value #PADDING_PX} px inside
 * the box, {@value #MARGIN_BELOW_PX} px more at the bottom; the axes' ranges fill the middle
 * {@value #CONTENT_SHARE} of it, leaving a margin at each end so a point at an axis' end is not cut by the frame; the
 * latency axis is log10.
 */
final class PlotFrame {
    /** Between the box's edges and the frame. */
    static final int PADDING_PX = ChartStyle.CHART_PADDING_PX;
    /** Between the frame and the box's bottom edge, on top of the padding. */
    static final int MARGIN_BELOW_PX = 4;
    /** The share of the frame's width and height the axes' ranges take, centred. */
    static final double CONTENT_SHARE = .92;
    /** A frame with less room for the ranges than this puts every value in its middle. */
    private static final int MIN_CONTENT_PX = 74;

    /** A solid 1 px line, written as XChart's "solid" dash of 3 px on, 0 off. */
    private static final BasicStroke BORDER = new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_BEVEL, 10.0f,
            new float[] {3.0f, 0.0f}, 0.0f);

    /** Where the plot's graphics has its origin: right of the value axis, under the title. */
    final int insetLeftPx;
    final int insetTopPx;
    /** That origin in the image: the box's origin plus the insets. */
    private final int imageLeftPx;
    private final int imageTopPx;
    /** The box less the insets, in px. */
    private final int widthPx;
    private final int heightPx;
    /** The frame, in the plot's graphics. */
    final Rectangle2D bounds;
    private final double xMin;
    private final double xMax;
    private final double yMin;
    private final double yMax;
    /** The log of each end of the latency axis, taken once for every point drawn. */
    private final double logYMin;
    private final double logYMax;

    /**
     * @param boxLeftPx  the box's left edge in the image
     * @param boxTopPx   the box's top edge in the image
     * @param boxWidthPx the box's width, value axis included
     * @param boxHeightPx the box's height, title included
     */
    PlotFrame(int boxLeftPx, int boxTopPx, int boxWidthPx, int boxHeightPx, int insetLeftPx, int insetTopPx,
            double xMin, double xMax, LatencyAxis y) {
        this.insetLeftPx = insetLeftPx;
        this.insetTopPx = insetTopPx;
        this.imageLeftPx = boxLeftPx + insetLeftPx;
        this.imageTopPx = boxTopPx + insetTopPx;
        this.widthPx = boxWidthPx - insetLeftPx;
        this.heightPx = boxHeightPx - insetTopPx;
        this.bounds = new Rectangle2D.Double(PADDING_PX, PADDING_PX, widthPx - 2 * PADDING_PX,
                heightPx - 2 * PADDING_PX - MARGIN_BELOW_PX);
        this.xMin = xMin;
        this.xMax = xMax;
        this.yMin = y.min;
        this.yMax = y.max;
        this.logYMin = Math.log10(y.min);
        this.logYMax = Math.log10(y.max);
    }

    /** The column of {@code x} in the plot's graphics. */
    double screenX(double x) {
        double workingPx = bounds.getWidth();
        if (xMin == xMax) {
            return workingPx / 2;
        }
        double contentPx = CONTENT_SHARE * workingPx;
        if (contentPx < MIN_CONTENT_PX) {
            return workingPx / 2;
        }
        double marginPx = (workingPx - contentPx) / 2.0;
        return bounds.getX() + marginPx + ((x - xMin) / (xMax - xMin) * contentPx);
    }

    /** The row of {@code y}, in the latency axis' unit, in the plot's graphics. */
    double screenY(double y) {
        double workingPx = bounds.getHeight();
        if (yMin == yMax) {
            return workingPx / 2;
        }
        double contentPx = CONTENT_SHARE * workingPx;
        if (contentPx < MIN_CONTENT_PX) {
            return workingPx / 2;
        }
        double marginPx = (workingPx - contentPx) / 2.0;
        double fromBottomPx = marginPx + ((Math.log10(y) - logYMin) / (logYMax - logYMin) * contentPx);
        return bounds.getHeight() - fromBottomPx + bounds.getY();
    }

    /** The column of {@code x} in the image. */
    double imageX(double x) {
        return imageLeftPx + screenX(x);
    }

    /** The row of {@code y} in the image. */
    double imageY(double y) {
        return imageTopPx + screenY(y);
    }

    /**
     * Paints the frame into {@code g}, the plot's graphics: the clear fills of the box and the frame, which leave
     * nothing in the PNG but two {@code <rect>}s in the SVG, kept so that the SVG stays the same, then the border.
     */
    void paint(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(ChartStyle.CLEAR); // the frame's own fills: clear, as XChart painted them
        g.fill(new Rectangle2D.Double(0, 0, widthPx, heightPx));
        Rectangle2D frame = new Rectangle2D.Double(bounds.getX(), bounds.getY(), bounds.getWidth(),
                bounds.getHeight());
        g.fill(frame);
        g.setColor(ChartStyle.AXIS_LINE);
        g.setStroke(BORDER);
        g.draw(frame);
    }
}
