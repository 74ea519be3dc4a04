package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;

/**
 * The marks a {@link LineChart} draws over its lines, the same in the plot and in the legend: a pause's triangle, a
 * failed step's cross, a line's maximum, an outlier's diamond, and the styles of the fork and level rules. Stateless.
 */
final class LineMarks {
    /** A pause's triangle: half its width in px. */
    private static final double PAUSE_HALF_PX = 4.5;
    /** A failure's cross: half its width in px. */
    private static final double FAILURE_HALF_PX = 5;
    /** An outlier's diamond: half its width in px. */
    private static final double OUTLIER_HALF_PX = 4;
    /** A maximum's dot: radius in px. */
    static final double MAX_RADIUS_PX = 4.5;

    /** Where a fork begins: a dashed grey rule. */
    static final Color FORK_RULE = new Color(0x666666);
    static final BasicStroke FORK_STROKE = new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
            10f, new float[] {5f, 4f}, 0f);
    /** A level the lines must stay under: a red dashed rule. */
    static final Color LEVEL_RULE = new Color(0xB00020);
    static final BasicStroke LEVEL_STROKE = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
            10f, new float[] {9f, 5f}, 0f);

    private LineMarks() {
    }

    /** A triangle pointing down at the pause's length, outlined in white to stand out on a line of its colour. */
    static void paintPause(Graphics2D g, double x, double y, Color colour) {
        Path2D.Double t = new Path2D.Double();
        t.moveTo(x - PAUSE_HALF_PX, y - 2 * PAUSE_HALF_PX);
        t.lineTo(x + PAUSE_HALF_PX, y - 2 * PAUSE_HALF_PX);
        t.lineTo(x, y);
        t.closePath();
        fillRinged(g, t, colour, 0.8f);
    }

    /** An outlier's diamond, in its cause's colour, outlined in white. */
    static void paintOutlier(Graphics2D g, double x, double y, Color colour) {
        Path2D.Double d = new Path2D.Double();
        d.moveTo(x, y - OUTLIER_HALF_PX);
        d.lineTo(x + OUTLIER_HALF_PX, y);
        d.lineTo(x, y + OUTLIER_HALF_PX);
        d.lineTo(x - OUTLIER_HALF_PX, y);
        d.closePath();
        fillRinged(g, d, colour, 0.8f);
    }

    /** A filled dot ringed in white, so that it shows at the end of a line of its colour. */
    static void paintMaximum(Graphics2D g, double x, double y, Color colour) {
        Ellipse2D.Double dot = new Ellipse2D.Double(x - MAX_RADIUS_PX, y - MAX_RADIUS_PX, 2 * MAX_RADIUS_PX,
                2 * MAX_RADIUS_PX);
        fillRinged(g, dot, colour, 1.2f);
    }

    /** Fills {@code mark} in {@code colour} and rings it in white, {@code ringPx} wide. */
    private static void fillRinged(Graphics2D g, Shape mark, Color colour, float ringPx) {
        g.setColor(colour);
        g.fill(mark);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(ringPx));
        g.draw(mark);
    }

    /** A cross over a white one, so that it shows on a line of its colour. */
    static void paintFailure(Graphics2D g, double x, double y, Color colour) {
        Path2D.Double cross = new Path2D.Double();
        cross.moveTo(x - FAILURE_HALF_PX, y - FAILURE_HALF_PX);
        cross.lineTo(x + FAILURE_HALF_PX, y + FAILURE_HALF_PX);
        cross.moveTo(x - FAILURE_HALF_PX, y + FAILURE_HALF_PX);
        cross.lineTo(x + FAILURE_HALF_PX, y - FAILURE_HALF_PX);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(4.5f));
        g.draw(cross);
        g.setColor(colour);
        g.setStroke(new BasicStroke(2.2f));
        g.draw(cross);
    }
}
