package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A table of the report built column by column, as plain data that the runner lays out, so that every
 * table prints latencies alike: a time column takes its cells in nanoseconds ({@link Time}), and the
 * runner picks one unit from them, names it in the header and prints every cell in it; in a
 * {@link #lowest ranked} column the lowest of the cells that take part in the ranking is set in bold.
 * Text and number columns take their cells as they are. A study's view returns it, and the runner's
 * own sections build it the same way. Not thread-safe while being built; one per table.
 */
public final class Table {
    /**
     * A latency cell: {@code ns}, or the range {@code ns} to {@code toNs} (NaN when one value), then
     * {@code suffix} (a mark, such as the one for a percentile resting on few samples); {@code ranked}
     * when it takes part in its column's ranking (a cell that ended OK, not the floor).
     */
    public static final class Time {
        private final double ns;
        private final double toNs;
        private final String suffix;
        private final boolean ranked;

        private Time(double ns, double toNs, String suffix, boolean ranked) {
            this.ns = ns;
            this.toNs = toNs;
            this.suffix = suffix;
            this.ranked = ranked;
        }

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

        public double ns() {
            return ns;
        }

        /** The range's end; NaN for one value. */
        public double toNs() {
            return toNs;
        }

        public String suffix() {
            return suffix;
        }

        public boolean ranked() {
            return ranked;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Time)) {
                return false;
            }
            Time t = (Time) o;
            return Double.compare(ns, t.ns) == 0 && Double.compare(toNs, t.toNs) == 0 && suffix.equals(t.suffix)
                    && ranked == t.ranked;
        }

        @Override
        public int hashCode() {
            return Objects.hash(ns, toNs, suffix, ranked);
        }

        @Override
        public String toString() {
            return "Time[" + ns + (Double.isNaN(toNs) ? "" : " - " + toNs) + suffix + (ranked ? "" : ", unranked") + "]";
        }
    }

    /** What a column holds: text, a number as given, latencies, latencies whose lowest ranked cell is set in bold. */
    public enum Kind { TEXT, NUMBER, TIME, LOWEST }

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

    /** The columns' names, in order. */
    public List<String> names() {
        return Collections.unmodifiableList(names);
    }

    /** The column's kind. */
    public Kind kind(int column) {
        return kinds.get(column);
    }

    /** The rows, each a cell per column: a {@link Time} or a {@link String}. */
    public List<List<Object>> rows() {
        return Collections.unmodifiableList(rows);
    }
}
