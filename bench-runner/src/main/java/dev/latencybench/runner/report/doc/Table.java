package dev.latencybench.runner.report.doc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A table of the report built column by column, so that every table prints latencies alike: a
 * time column takes its cells in nanoseconds ({@link Time}), picks one {@link LatencyUnit} from them,
 * names it in the header and prints every cell in it; in a {@link #lowest ranked} column the lowest
 * of the cells that take part in the ranking is set in bold, which Markdown and HTML both show.
 * Text and number columns take their cells as they are. Not thread-safe; one per table.
 */
public final class Table {
    /**
     * A latency cell: {@code ns}, or the range {@code ns} to {@code toNs} (NaN when one value), then
     * {@code suffix} (a mark, such as the one for a percentile resting on few samples); {@code ranked}
     * when it takes part in its column's ranking (a cell that ended OK, not the floor).
     */
    public record Time(double ns, double toNs, String suffix, boolean ranked) {
        public static Time of(double ns) {
            return new Time(ns, Double.NaN, "", true);
        }

        public static Time range(double fromNs, double toNs) {
            return fromNs == toNs ? of(fromNs) : new Time(fromNs, toNs, "", true);
        }

        public Time suffix(String s) {
            return new Time(ns, toNs, suffix + s, ranked);
        }

        public Time ranked(boolean r) {
            return new Time(ns, toNs, suffix, r);
        }
    }

    private enum Kind { TEXT, NUMBER, TIME, LOWEST }

    private final List<String> names = new ArrayList<>();
    private final List<Kind> kinds = new ArrayList<>();
    private final List<List<Object>> rows = new ArrayList<>();

    public Table text(String name) {
        return column(name, Kind.TEXT);
    }

    /** Right-aligned, as given: counts, ratios. */
    public Table number(String name) {
        return column(name, Kind.NUMBER);
    }

    /** Latencies in one unit. */
    public Table time(String name) {
        return column(name, Kind.TIME);
    }

    /** Latencies in one unit, the lowest ranked cell in bold. */
    public Table lowest(String name) {
        return column(name, Kind.LOWEST);
    }

    private Table column(String name, Kind kind) {
        names.add(name);
        kinds.add(kind);
        return this;
    }

    /** A row: a {@link Time} or a {@link String} (such as {@code -}) per time column, a String per other. */
    public Table row(List<?> cells) {
        if (cells.size() != names.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + names.size() + " columns: " + cells);
        }
        rows.add(new ArrayList<>(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public void writeTo(Doc doc) {
        List<String> header = new ArrayList<>();
        List<Boolean> numeric = new ArrayList<>();
        List<List<String>> out = new ArrayList<>();
        rows.forEach(r -> out.add(new ArrayList<>()));
        for (int c = 0; c < names.size(); c++) {
            Kind kind = kinds.get(c);
            numeric.add(kind != Kind.TEXT);
            if (kind == Kind.TEXT || kind == Kind.NUMBER) {
                header.add(names.get(c));
                for (int r = 0; r < rows.size(); r++) {
                    out.get(r).add(String.valueOf(rows.get(r).get(c)));
                }
                continue;
            }
            List<Double> values = new ArrayList<>();
            for (List<Object> row : rows) {
                if (row.get(c) instanceof Time t) {
                    values.add(t.ns());
                    values.add(t.toNs());
                }
            }
            LatencyUnit unit = LatencyUnit.forColumn(values);
            header.add(values.isEmpty() ? names.get(c) : unit.header(names.get(c))); // no figures, no unit
            String best = kind == Kind.LOWEST ? lowest(c, unit) : null;
            for (int r = 0; r < rows.size(); r++) {
                Object cell = rows.get(r).get(c);
                if (cell instanceof Time t) {
                    String v = value(t, unit);
                    out.get(r).add((t.ranked() && v.equals(best) ? "**" + v + "**" : v) + t.suffix());
                } else {
                    out.get(r).add(String.valueOf(cell));
                }
            }
        }
        doc.table(header, out, numeric);
    }

    /**
     * The printed lowest ranked value of column {@code c}; null when no two ranked cells print
     * differently (one cell, or all alike, is no ranking).
     */
    private String lowest(int c, LatencyUnit unit) {
        Time min = null;
        Set<String> printed = new HashSet<>();
        for (List<Object> row : rows) {
            if (row.get(c) instanceof Time t && t.ranked() && Double.isNaN(t.toNs())) {
                printed.add(value(t, unit));
                if (min == null || t.ns() < min.ns()) {
                    min = t;
                }
            }
        }
        return printed.size() < 2 ? null : value(min, unit);
    }

    private static String value(Time t, LatencyUnit unit) {
        return Double.isNaN(t.toNs()) ? unit.format(t.ns()) : unit.format(t.ns()) + " - " + unit.format(t.toNs());
    }
}
