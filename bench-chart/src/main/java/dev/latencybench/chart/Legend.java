package dev.latencybench.chart;

import java.util.ArrayList;
import java.util.List;

/** A chart's legend under its plots, flowed into rows; in report.html a click on an entry hides or shows its series. */
final class Legend {
    static final double SIZE = 12;
    private static final double ROW_PX = 20;
    private static final double SWATCH_PX = 26;

    /** What the swatch shows. */
    enum Kind {
        LINE, BAR, WHISKER, DOT, PAUSE, OUTLIER, CROSS, RULE
    }

    /** An entry: its swatch, colour and dash (null: solid), its name, and the series it stands for (-1: none). */
    record Entry(Kind kind, String colour, String dash, String name, int series) {
    }

    private final List<Entry> entries = new ArrayList<>();

    Legend add(Kind kind, String colour, String dash, String name, int series) {
        if (entries.stream().noneMatch(e -> e.name().equals(name) && e.kind() == kind)) {
            entries.add(new Entry(kind, colour, dash, name, series));
        }
        return this;
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    private static double entryPx(Entry e) {
        return SWATCH_PX + 6 + Svg.width(e.name(), SIZE) + 18;
    }

    private List<List<Entry>> rows() {
        List<List<Entry>> rows = new ArrayList<>();
        double x = Double.MAX_VALUE;
        for (Entry e : entries) {
            if (x + entryPx(e) > Svg.WIDTH - 2 * Plot.PAD) {
                rows.add(new ArrayList<>());
                x = 0;
            }
            rows.get(rows.size() - 1).add(e);
            x += entryPx(e);
        }
        return rows;
    }

    double heightPx() {
        return entries.isEmpty() ? 0 : rows().size() * ROW_PX + 8;
    }

    /** Draws the legend from {@code top}; each row is centred. */
    void draw(Svg svg, double top) {
        double y = top + 14;
        for (List<Entry> row : rows()) {
            double rowPx = 0;
            for (Entry e : row) {
                rowPx += entryPx(e);
            }
            double x = (Svg.WIDTH - rowPx + 18) / 2;
            for (Entry e : row) {
                if (e.series() >= 0) {
                    svg.open("data-l=\"" + e.series() + "\" style=\"cursor:pointer\"");
                }
                swatch(svg, e, x, y - 4);
                svg.text(x + SWATCH_PX + 6, y, e.name(), SIZE, "start", "");
                if (e.series() >= 0) {
                    svg.close();
                }
                x += entryPx(e);
            }
            y += ROW_PX;
        }
    }

    private static void swatch(Svg svg, Entry e, double x, double y) {
        double mid = x + SWATCH_PX / 2;
        switch (e.kind()) {
            case LINE -> svg.line(x, y, x + SWATCH_PX, y, e.colour(), 2.2, e.dash());
            case RULE -> svg.line(x, y, x + SWATCH_PX, y, e.colour(), 1.6, e.dash());
            case BAR -> svg.rect(x + 4, y - 6, SWATCH_PX - 8, 12, e.colour(), null);
            case WHISKER -> svg.line(mid, y - 7, mid, y + 7, e.colour(), 1.2, null).line(mid - 4, y - 7, mid + 4, y - 7,
                    e.colour(), 1.2, null).line(mid - 4, y + 7, mid + 4, y + 7, e.colour(), 1.2, null);
            default -> Marks.draw(svg, e.kind(), mid, e.kind() == Kind.PAUSE ? y + 4.5 : y, e.colour(), null);
        }
    }
}
