package dev.latencybench.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One plot's frame in an {@link Svg}: where it lies, how values map to it, and its axes. Each axis ends at the data, a
 * latency axis is in one unit spelled as the tables spell it, and a tick label that would overprint another is left
 * out. Immutable.
 */
final class Plot {
    static final double PAD = 12;
    static final double TITLE_SIZE = 16;
    static final double PANEL_TITLE_SIZE = 13;
    static final double TICK_SIZE = 12;
    static final double AXIS_TITLE_SIZE = 13;
    /** Under the plot: tick marks, their labels and the axis' title. */
    static final double X_AXIS_PX = 44;

    private static final DecimalFormat TICK = new DecimalFormat("#,##0.###",
            DecimalFormatSymbols.getInstance(Locale.ROOT));

    final double left;
    final double top;
    final double width;
    final double height;
    private final double xMin;
    private final double xMax;
    private final double yMin;
    private final double yMax;
    private final boolean yLog;

    Plot(double left, double top, double width, double height, double xMin, double xMax, double yMin, double yMax,
            boolean yLog) {
        this.left = left;
        this.top = top;
        this.width = width;
        this.height = height;
        this.xMin = xMin;
        this.xMax = xMax;
        this.yMin = yMin;
        this.yMax = yMax;
        this.yLog = yLog;
    }

    double x(double v) {
        return xMax == xMin ? left + width / 2 : left + (v - xMin) / (xMax - xMin) * width;
    }

    double y(double v) {
        if (yMax == yMin) {
            return top + height / 2;
        }
        double share = yLog ? Math.log(v / yMin) / Math.log(yMax / yMin) : (v - yMin) / (yMax - yMin);
        return top + height - share * height;
    }

    double bottom() {
        return top + height;
    }

    double right() {
        return left + width;
    }

    /** The frame's left and bottom edges. */
    void frame(Svg svg) {
        svg.line(left, top, left, bottom(), Svg.AXIS, 1, null);
        svg.line(left, bottom(), right(), bottom(), Svg.AXIS, 1, null);
    }

    /** Ticks under the plot at {@code ticks}, each labelled where the label overprints none, and a grid rule. */
    void xTicks(Svg svg, double[] ticks, List<String> labels, String title) {
        for (int i = 0; i < ticks.length; i++) {
            double px = x(ticks[i]);
            svg.line(px, top, px, bottom(), Svg.GRID, 1, null);
            svg.line(px, bottom(), px, bottom() + 5, Svg.AXIS, 1, null);
            String label = labels.get(i);
            double lx = Math.min(Math.max(px, left + Svg.width(label, TICK_SIZE) / 2 - 8),
                    right() - Svg.width(label, TICK_SIZE) / 2 + 8);
            if (svg.free(label, lx, bottom() + 19, TICK_SIZE, "middle")) {
                svg.text(lx, bottom() + 19, label, TICK_SIZE, "middle", "");
            }
        }
        svg.text(left + width / 2, bottom() + 38, title, AXIS_TITLE_SIZE, "middle", "");
    }

    /** Ticks left of the plot at {@code values}, labelled; the first labels given win where two would meet. */
    void yTicks(Svg svg, List<Double> values, List<String> labels) {
        for (int i = 0; i < values.size(); i++) {
            double py = y(values.get(i));
            String label = labels.get(i);
            if (svg.free(label, left - 8, py + 4, TICK_SIZE, "end")) {
                svg.text(left - 8, py + 4, label, TICK_SIZE, "end", "");
                svg.line(left - 5, py, left, py, Svg.AXIS, 1, null);
                svg.line(left, py, right(), py, Svg.GRID, 1, null);
            }
        }
    }

    /** A log latency axis's labels: its two ends first, then each power of ten between them. */
    static List<Double> logTicks(double min, double max) {
        List<Double> v = new ArrayList<>(List.of(min, max));
        for (double d = Math.pow(10, Math.ceil(Math.log10(min) - 1e-9)); d <= max * (1 + 1e-9); d *= 10) {
            v.add(d);
        }
        return v;
    }

    /** Round steps of 1, 2 or 5 times a power of ten from 0 to at most {@code max}, about five of them. */
    static List<Double> linearTicks(double max) {
        if (!(max > 0) || Double.isInfinite(max)) {
            throw new IllegalArgumentException("a linear axis up to " + max + "; it needs a finite top above 0");
        }
        double step = Charts.niceStep(max / 5);
        List<Double> v = new ArrayList<>();
        for (int k = 0; k * step <= max * (1 + 1e-9); k++) {
            v.add(k * step);
        }
        return v;
    }

    /** A tick's value as the axis prints it: whole numbers with thousands marks, three significant figures at most. */
    static String tick(double v) {
        if (v == 0) {
            return "0";
        }
        double digits = Math.floor(Math.log10(Math.abs(v)));
        double scale = Math.pow(10, digits - 2);
        double rounded = Math.round(v / scale) * scale;
        return TICK.format(rounded);
    }

    static List<String> ticks(List<Double> values) {
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(tick(v)));
        return out;
    }

    static double widest(List<String> labels) {
        double w = 0;
        for (String l : labels) {
            w = Math.max(w, Svg.width(l, TICK_SIZE));
        }
        return w;
    }

    /** {@code text} broken at spaces into lines no wider than {@code maxPx}; a word wider than that stays whole. */
    static List<String> wrap(String text, double size, double maxPx) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && Svg.width(line + " " + word, size) > maxPx) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** {@code text} cut with an ellipsis to fit {@code maxPx}. */
    static String fit(String text, double size, double maxPx) {
        if (Svg.width(text, size) <= maxPx) {
            return text;
        }
        String t = text;
        while (t.length() > 1 && Svg.width(t + "…", size) > maxPx) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "…";
    }

    /** The chart's title, centred and wrapped at the top; returns where the content below it starts. */
    static double title(Svg svg, String title) {
        double y = PAD;
        for (String line : wrap(title, TITLE_SIZE, Svg.WIDTH - 2 * PAD)) {
            y += TITLE_SIZE * 1.3;
            svg.text(Svg.WIDTH / 2.0, y, line, TITLE_SIZE, "middle", "font-weight=\"bold\"");
        }
        return y + 12;
    }
}
