package dev.latencybench.runner.report.doc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.latencybench.core.view.Table;

/**
 * The report as a list of blocks, written once and rendered twice: as Markdown (REPORT.md) and as
 * HTML with the charts inlined (report.html). Text may hold {@code `code`} spans; renderers escape
 * everything else.
 */
public final class Doc {
    interface Block {
    }

    record Heading(int level, String text) implements Block {
    }

    record Para(String text) implements Block {
    }

    /** {@code numeric} columns are right-aligned. */
    public record Grid(List<String> header, List<List<String>> rows, List<Boolean> numeric) implements Block {
    }

    /** A chart's files: {@code charts/<base>.png} and {@code .svg}. */
    record Chart(String base, String alt) implements Block {
    }

    record Bullets(List<String> items) implements Block {
    }

    record Code(String text) implements Block {
    }

    /**
     * Opens a part that only report.html shows; REPORT.md gives {@code instead} in its place (where to find it), so
     * the Markdown stays a short read. Closed by {@link EndHtmlOnly}.
     */
    record HtmlOnly(String instead) implements Block {
    }

    record EndHtmlOnly() implements Block {
    }

    /** Where the HTML page puts its contents list (folded); nothing in Markdown. */
    record Contents() implements Block {
    }

    public final List<Block> blocks = new ArrayList<>();

    public Doc h(int level, String text) {
        blocks.add(new Heading(level, text));
        return this;
    }

    public Doc p(String text) {
        blocks.add(new Para(text));
        return this;
    }

    public Doc table(List<String> header, List<List<String>> rows, List<Boolean> numeric) {
        blocks.add(new Grid(header, rows, numeric));
        return this;
    }

    /**
     * Lays out a table built column by column: a time column's unit is chosen once from its cells
     * ({@link LatencyUnit}), named in the header and used for every cell; in a lowest column the lowest
     * of the ranked cells is set in bold (when at least two ranked cells print differently).
     */
    public Doc table(Table t) {
        List<String> header = new ArrayList<>();
        List<Boolean> numeric = new ArrayList<>();
        List<List<String>> out = new ArrayList<>();
        t.rows().forEach(r -> out.add(new ArrayList<>()));
        for (int c = 0; c < t.names().size(); c++) {
            Table.Kind kind = t.kind(c);
            String name = t.names().get(c);
            numeric.add(kind != Table.Kind.TEXT);
            if (kind == Table.Kind.TEXT || kind == Table.Kind.NUMBER) {
                header.add(name);
                for (int r = 0; r < t.rows().size(); r++) {
                    out.get(r).add(String.valueOf(t.rows().get(r).get(c)));
                }
                continue;
            }
            List<Double> values = new ArrayList<>();
            for (List<Object> row : t.rows()) {
                if (row.get(c) instanceof Table.Time time) {
                    values.add(time.ns());
                    values.add(time.toNs());
                }
            }
            LatencyUnit unit = LatencyUnit.forColumn(values);
            header.add(values.isEmpty() ? name : unit.header(name)); // no figures, no unit
            String best = kind == Table.Kind.LOWEST ? lowest(t, c, unit) : null;
            for (int r = 0; r < t.rows().size(); r++) {
                Object cell = t.rows().get(r).get(c);
                if (cell instanceof Table.Time time) {
                    String v = value(time, unit);
                    out.get(r).add((time.ranked() && v.equals(best) ? "**" + v + "**" : v) + time.suffix());
                } else {
                    out.get(r).add(String.valueOf(cell));
                }
            }
        }
        return table(header, out, numeric);
    }

    /**
     * The printed lowest ranked value of column {@code c}; null when no two ranked cells print
     * differently (one cell, or all alike, is no ranking).
     */
    private static String lowest(Table t, int c, LatencyUnit unit) {
        Table.Time min = null;
        Set<String> printed = new HashSet<>();
        for (List<Object> row : t.rows()) {
            if (row.get(c) instanceof Table.Time time && time.ranked() && Double.isNaN(time.toNs())) {
                printed.add(value(time, unit));
                if (min == null || time.ns() < min.ns()) {
                    min = time;
                }
            }
        }
        return printed.size() < 2 ? null : value(min, unit);
    }

    private static String value(Table.Time t, LatencyUnit unit) {
        return Double.isNaN(t.toNs()) ? unit.format(t.ns()) : unit.format(t.ns()) + " - " + unit.format(t.toNs());
    }

    public Doc chart(String base, String alt) {
        blocks.add(new Chart(base, alt));
        return this;
    }

    public Doc bullets(List<String> items) {
        if (!items.isEmpty()) {
            blocks.add(new Bullets(items));
        }
        return this;
    }

    /**
     * What follows, up to {@link #endHtmlOnly}, is shown in report.html only; REPORT.md says {@code instead} (where
     * the part is: report.html, summary.csv) in its place.
     */
    public Doc htmlOnly(String instead) {
        blocks.add(new HtmlOnly(instead));
        return this;
    }

    public Doc endHtmlOnly() {
        blocks.add(new EndHtmlOnly());
        return this;
    }

    /** Marks where report.html lists its sections (folded, a click opens it); Markdown has no contents list. */
    public Doc contents() {
        blocks.add(new Contents());
        return this;
    }

    public Doc code(String text) {
        blocks.add(new Code(text));
        return this;
    }

    /** A table's alignment: columns {@code from} on (of {@code size}) are numeric. */
    public static List<Boolean> numericFrom(int from, int size) {
        List<Boolean> n = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            n.add(i >= from);
        }
        return n;
    }
}
