package dev.latencybench.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Stacked bars of shares ({@link Charts#shares}): one bar per category from 0 to 100%, cut into parts in a fixed order
 * and colour, its total above it; a category without a bar has its reason written in its place. Immutable.
 */
public final class ShareBarChart implements PaintableChart {
    private static final double PLOT_PX = 300;
    private static final double BAR_FILL = 0.6;
    private static final String MISSING_TEXT = "#57606a";

    private final String title;
    private final String yTitle;
    private final List<String> parts;
    private final List<String> colours;
    private final List<ShareBars> bars;
    private double height;

    ShareBarChart(String title, String yTitle, List<String> parts, List<Integer> slots, List<ShareBars> bars) {
        this.title = title;
        this.yTitle = yTitle;
        this.parts = List.copyOf(parts);
        List<String> c = new ArrayList<>();
        slots.forEach(s -> c.add(Palette.hex(Palette.requireSlot(s))));
        this.colours = List.copyOf(c);
        this.bars = List.copyOf(bars);
    }

    List<ShareBars> bars() {
        return bars;
    }

    /** {@code 90%}, {@code 4.5%}, {@code 0.1%}: a share as the chart and its table print it. */
    public static String percent(double share) {
        double p = share * 100;
        return p >= 10 || p == 0 ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
    }

    @Override
    public String getTitle() {
        return title;
    }

    @Override
    public Svg draw() {
        Svg svg = new Svg();
        double top = Plot.title(svg, title) + 18; // room for the totals over full bars
        double left = Plot.PAD + 20 + Plot.widest(List.of("100%")) + 10;
        Plot plot = new Plot(left, top, Svg.WIDTH - Plot.PAD - left, PLOT_PX, 0, bars.size(), 0, 100, false);
        List<Double> ticks = List.of(0.0, 25.0, 50.0, 75.0, 100.0);
        List<String> labels = new ArrayList<>();
        ticks.forEach(t -> labels.add(Plot.tick(t) + "%"));
        plot.yTicks(svg, ticks, labels);
        svg.upright(Plot.PAD + 10, top + PLOT_PX / 2, yTitle, Plot.AXIS_TITLE_SIZE);
        plot.frame(svg);
        double slotPx = plot.width / bars.size();
        double barPx = slotPx * BAR_FILL;
        for (int c = 0; c < bars.size(); c++) {
            ShareBars b = bars.get(c);
            double centre = plot.left + slotPx * (c + 0.5);
            if (b.missing() != null) {
                List<String> lines = Plot.wrap(b.missing(), BarChart.VALUE_SIZE, slotPx - 8);
                double y = plot.top + plot.height / 2 - lines.size() * 7;
                for (String line : lines) {
                    svg.text(centre, y += 14, Plot.fit(line, BarChart.VALUE_SIZE, slotPx - 8), BarChart.VALUE_SIZE,
                            "middle", "fill=\"" + MISSING_TEXT + "\"");
                }
                continue;
            }
            double below = 0;
            for (int i = 0; i < parts.size(); i++) {
                double share = b.share(i);
                if (share <= 0) {
                    continue;
                }
                double y0 = plot.y(100 * (below + share));
                double y1 = plot.y(100 * below);
                svg.rect(centre - barPx / 2, y0, barPx, y1 - y0, colours.get(i),
                        b.category() + ": " + parts.get(i) + " " + b.counts()[i] + " of " + b.total() + " ("
                                + percent(share) + ")");
                String label = percent(share);
                if (y1 - y0 >= 16 && Svg.width(label, BarChart.VALUE_SIZE) + 4 <= barPx) {
                    svg.text(centre, (y0 + y1) / 2 + 4, label, BarChart.VALUE_SIZE, "middle", "fill=\"white\"");
                }
                below += share;
            }
            svg.text(centre, plot.top - 5, String.format(Locale.ROOT, "%,d", b.total()), BarChart.VALUE_SIZE,
                    "middle", "");
        }
        List<String> names = new ArrayList<>();
        bars.forEach(b -> names.add(b.category()));
        double under = BarChart.drawCategories(svg, plot, names);
        Legend legend = new Legend();
        for (int i = 0; i < parts.size(); i++) {
            legend.add(Legend.Kind.BAR, colours.get(i), null, parts.get(i), -1);
        }
        legend.draw(svg, under);
        height = under + legend.heightPx() + Plot.PAD;
        return svg;
    }

    @Override
    public String svg() {
        Svg svg = draw();
        return svg.document(height, title, String.join(", ", parts));
    }
}
