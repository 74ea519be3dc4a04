package dev.latencybench.chart;

import dev.latencybench.core.config.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * A grouped bar chart ({@link Charts#bars}) on a linear value axis from 0, in the one unit in which its top reads
 * between 1 and 1,000. A value label too wide for its bar is turned upright; a category name too wide for its group
 * is wrapped, then set smaller, then cut.
 */
public final class BarChart implements PaintableChart {
    static final double PLOT_PX = 340;
    static final double VALUE_SIZE = 11;
    static final int MAX_CATEGORY_LINES = 2;
    /** Share of the value axis kept free above the highest bar or whisker when the labels lie flat. */
    static final double HEADROOM = 0.10;
    static final String WHISKER_LEGEND = "lowest to highest fork";

    private final String title;
    private final String yLabel;
    private final List<String> categories;
    private final List<Bars> series;
    private final AxisUnit unit;
    private final double topNs;
    private final boolean turned;
    private double height;

    BarChart(String title, String yLabel, List<String> categories, List<Bars> series) {
        this.title = title;
        this.yLabel = yLabel;
        this.categories = List.copyOf(categories);
        this.series = List.copyOf(series);
        double top = 0;
        double widest = 0;
        for (Bars b : series) {
            for (int c = 0; c < b.size(); c++) {
                if (!Double.isNaN(b.valueNs(c))) {
                    top = Math.max(top, b.topNs(c));
                    widest = Math.max(widest, Svg.width(label(b.valueNs(c)), VALUE_SIZE));
                }
            }
        }
        top = top > 0 ? top : 1; // every bar 0: an axis of 1 ns, so that the bars of no height and their labels show
        this.unit = AxisUnit.of(top);
        this.turned = widest + 2 > barPx();
        // the axis ends where the highest label ends: flat, a tenth above; upright, as high as its label is long
        double need = top / (1 - HEADROOM);
        for (Bars b : series) {
            for (int c = 0; c < b.size(); c++) {
                if (turned && !Double.isNaN(b.valueNs(c))) {
                    double labelPx = Svg.width(label(b.valueNs(c)), VALUE_SIZE) + 6;
                    need = Math.max(need, b.topNs(c) * PLOT_PX / Math.max(PLOT_PX - labelPx, 1));
                }
            }
        }
        this.topNs = need;
    }

    static String label(double ns) {
        return Svg.micros(Units.formatNs(ns));
    }

    private double groupPx() {
        return (Svg.WIDTH - left() - Plot.PAD) / categories.size();
    }

    private double barPx() {
        return groupPx() * 0.8 / series.size();
    }

    /** Left of the plot: the axis' title and its widest tick, which reads at most {@code 1,100} in its unit. */
    private double left() {
        return Plot.PAD + 20 + Svg.width("1,100", Plot.TICK_SIZE) + 10;
    }

    private List<Double> ticks() {
        return Plot.linearTicks(topNs / unit.nsPerUnit());
    }

    /** Where the value axis ends, in ns. */
    double axisTopNs() {
        return topNs;
    }

    boolean labelsTurned() {
        return turned;
    }

    /** The unit of the value axis, as the tables spell it. */
    String unit() {
        return Svg.micros("1" + unit.name()).substring(1);
    }

    @Override
    public String getTitle() {
        return title;
    }

    @Override
    public Svg draw() {
        Svg svg = new Svg();
        double top = Plot.title(svg, title) + 8;
        Plot plot = new Plot(left(), top, Svg.WIDTH - Plot.PAD - left(), PLOT_PX, 0, categories.size(), 0,
                topNs / unit.nsPerUnit(), false);
        List<Double> ticks = ticks();
        plot.yTicks(svg, ticks, Plot.ticks(ticks));
        svg.upright(Plot.PAD + 10, top + PLOT_PX / 2, yLabel + " (" + unit() + ")", Plot.AXIS_TITLE_SIZE);
        plot.frame(svg);
        for (int s = 0; s < series.size(); s++) {
            Bars b = series.get(s);
            String colour = Palette.hex(Palette.slotOf(b.paletteSlot(), s));
            svg.open("data-s=\"" + s + "\"");
            for (int c = 0; c < categories.size(); c++) {
                double ns = b.valueNs(c);
                if (Double.isNaN(ns)) {
                    continue;
                }
                double x = plot.left + groupPx() * (c + 0.1) + barPx() * s;
                double y = plot.y(ns / unit.nsPerUnit());
                String what = b.name() + ", " + categories.get(c) + ": " + label(ns)
                        + (b.hasRange(c) ? " (forks " + label(b.lowNs(c)) + " to " + label(b.highNs(c)) + ")" : "");
                svg.rect(x + 1, y, barPx() - 2, plot.bottom() - y, colour, what);
                double labelY = y;
                if (b.hasRange(c)) {
                    double lo = plot.y(b.lowNs(c) / unit.nsPerUnit());
                    double hi = plot.y(b.highNs(c) / unit.nsPerUnit());
                    double mid = x + barPx() / 2;
                    svg.line(mid, lo, mid, hi, Svg.TEXT, 1.2, null);
                    svg.line(mid - 4, hi, mid + 4, hi, Svg.TEXT, 1.2, null);
                    svg.line(mid - 4, lo, mid + 4, lo, Svg.TEXT, 1.2, null);
                    labelY = Math.min(y, hi);
                }
                if (turned) {
                    svg.uprightFrom(x + barPx() / 2 + 4, labelY - 4, label(ns), VALUE_SIZE, "");
                } else {
                    svg.text(x + barPx() / 2, labelY - 4, label(ns), VALUE_SIZE, "middle", "");
                }
            }
            svg.close();
        }
        double under = drawCategories(svg, plot, categories);
        Legend legend = new Legend();
        if (series.size() > 1) {
            for (int s = 0; s < series.size(); s++) {
                legend.add(Legend.Kind.BAR, Palette.hex(Palette.slotOf(series.get(s).paletteSlot(), s)), null,
                        series.get(s).name(), s);
            }
        }
        if (series.stream().anyMatch(b -> java.util.stream.IntStream.range(0, b.size()).anyMatch(b::hasRange))) {
            legend.add(Legend.Kind.WHISKER, Svg.TEXT, null, WHISKER_LEGEND, -1);
        }
        legend.draw(svg, under);
        height = under + legend.heightPx() + Plot.PAD;
        return svg;
    }

    /**
     * Each name under its slot of the plot: wrapped onto two lines, else set smaller, else cut with an ellipsis;
     * returns where the space under them ends.
     */
    static double drawCategories(Svg svg, Plot plot, List<String> names) {
        double slot = plot.width / names.size();
        double size = Plot.TICK_SIZE;
        List<List<String>> lines = wrapAll(names, size, slot - 6);
        if (lines == null) {
            size = 10;
            lines = wrapAll(names, size, slot - 6);
        }
        double y = plot.bottom() + 6;
        for (int c = 0; c < names.size(); c++) {
            List<String> l = lines != null ? lines.get(c) : List.of(Plot.fit(names.get(c), size, slot - 6));
            for (int k = 0; k < l.size(); k++) {
                svg.text(plot.left + slot * (c + 0.5), y + size * 1.25 * (k + 1), l.get(k), size, "middle", "");
            }
        }
        return y + size * 1.25 * MAX_CATEGORY_LINES + 10;
    }

    /** Each name's lines when all fit {@code widthPx} in two lines; null when one does not. */
    private static List<List<String>> wrapAll(List<String> names, double size, double widthPx) {
        List<List<String>> all = new ArrayList<>();
        for (String name : names) {
            List<String> lines = wrap(name, size, widthPx);
            if (lines.size() > MAX_CATEGORY_LINES || lines.stream().anyMatch(l -> Svg.width(l, size) > widthPx)) {
                return null;
            }
            all.add(lines);
        }
        return all;
    }

    /** {@code text} broken into lines no wider than {@code widthPx} at a space, before a '+' or after a '-'. */
    static List<String> wrap(String text, double size, double widthPx) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == ' ' || ch == '+' || text.charAt(i - 1) == '-') {
                pieces.add(text.substring(from, i));
                from = ch == ' ' ? i + 1 : i;
            }
        }
        pieces.add(text.substring(from));
        List<String> lines = new ArrayList<>();
        String line = "";
        for (String piece : pieces) {
            if (piece.isEmpty()) {
                continue;
            }
            String joined = line.isEmpty() ? piece
                    : line.endsWith("-") || piece.startsWith("+") ? line + piece : line + " " + piece;
            if (line.isEmpty() || Svg.width(joined, size) <= widthPx) {
                line = joined;
            } else {
                lines.add(line);
                line = piece;
            }
        }
        lines.add(line);
        return lines;
    }

    @Override
    public String svg() {
        Svg svg = draw();
        List<String> names = new ArrayList<>();
        series.forEach(b -> names.add(b.name()));
        return svg.document(height, title, String.join(", ", names));
    }
}
