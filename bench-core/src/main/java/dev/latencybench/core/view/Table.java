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
     * {@code suffix} (a mark of its own); {@code ranked} when it takes part in its column's ranking (a
     * cell that ended OK, unflagged, not the floor). A percentile also carries how many samples lie
     * beyond it ({@code beyond}, -1 for a value that is no percentile: a max, a mean, a sum): the
     * runner does not show one with too few (it prints a dash and the count) and marks one with few.
     */
    public static final class Time {
        private final double ns;
        private final double toNs;
        private final String suffix;
        private final boolean ranked;
        private final long beyond;

        private Time(double ns, double toNs, String suffix, boolean ranked, long beyond) {
            this.ns = ns;
            this.toNs = toNs;
            this.suffix = suffix;
            this.ranked = ranked;
            this.beyond = beyond;
        }

        public static Time of(double ns) {
            return new Time(ns, Double.NaN, "", true, -1);
        }

        public static Time range(double fromNs, double toNs) {
            return fromNs == toNs ? of(fromNs) : new Time(fromNs, toNs, "", true, -1);
        }

        /**
         * The {@code pct} percentile ({@code ns}) of {@code count} samples: it knows how many samples lie
         * beyond it, {@code round(count * (100 - pct) / 100)}.
         */
        public static Time percentile(double ns, long count, double pct) {
            return new Time(ns, Double.NaN, "", true, Math.round(count * (100 - pct) / 100));
        }

        public Time suffix(String s) {
            return new Time(ns, toNs, suffix + s, ranked, beyond);
        }

        public Time ranked(boolean r) {
            return new Time(ns, toNs, suffix, r, beyond);
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

        /** Samples beyond this percentile; -1 for a value that is no percentile. */
        public long beyond() {
            return beyond;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Time)) {
                return false;
            }
            Time t = (Time) o;
            return Double.compare(ns, t.ns) == 0 && Double.compare(toNs, t.toNs) == 0 && suffix.equals(t.suffix)
                    && ranked == t.ranked && beyond == t.beyond;
        }

        @Override
        public int hashCode() {
            return Objects.hash(ns, toNs, suffix, ranked, beyond);
        }

        @Override
        public String toString() {
            return "Time[" + ns + (Double.isNaN(toNs) ? "" : " - " + toNs) + suffix + (ranked ? "" : ", unranked")
                    + (beyond < 0 ? "" : ", " + beyond + " beyond") + "]";
        }
    }

    /**
     * A percentile in a number column, in a unit of its own ({@code 106.9 MiB}): {@code text} as printed,
     * and how many samples lie beyond it, so that the runner treats it as it treats a {@link Time}: a
     * dash and the count where too few lie beyond it, a mark where few do.
     */
    public static final class Figure {
        private final String text;
        private final long beyond;

        private Figure(String text, long beyond) {
            this.text = text;
            this.beyond = beyond;
        }

        /** The {@code pct} percentile of {@code count} samples, printed as {@code text}. */
        public static Figure percentile(String text, long count, double pct) {
            return new Figure(text, Math.round(count * (100 - pct) / 100));
        }

        public String text() {
            return text;
        }

        /** Samples beyond this percentile. */
        public long beyond() {
            return beyond;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Figure && ((Figure) o).text.equals(text) && ((Figure) o).beyond == beyond;
        }

        @Override
        public int hashCode() {
            return Objects.hash(text, beyond);
        }

        @Override
        public String toString() {
            return "Figure[" + text + ", " + beyond + " beyond]";
        }
    }

    /** What a column holds: text, a number as given, latencies, latencies whose lowest ranked cell is set in bold. */
    public enum Kind { TEXT, NUMBER, TIME, LOWEST }

    private final List<String> names = new ArrayList<>();
    private final List<Kind> kinds = new ArrayList<>();
    /** Per column, the column whose unit it prints in (itself unless {@link #sameUnitAs} said otherwise). */
    private final List<Integer> unitOf = new ArrayList<>();
    private final List<List<Object>> rows = new ArrayList<>();

    public Table text(String name) {
        return column(name, Kind.TEXT);
    }

    /** Right-aligned, as given: counts, ratios; a {@link Figure} is a percentile in a unit of its own. */
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
        unitOf.add(names.size() - 1);
        return this;
    }

    /**
     * The last column added prints in the same unit as the time column {@code name}, chosen from both
     * columns' cells: a value and the yardstick it is set against read alike ({@code p50 (µs)},
     * {@code baseline p50 (µs)}).
     */
    public Table sameUnitAs(String name) {
        int other = names.indexOf(name);
        if (other < 0 || other == names.size() - 1) {
            throw new IllegalArgumentException("no earlier column " + name + " in " + names);
        }
        unitOf.set(names.size() - 1, unitOf.get(other));
        return this;
    }

    /** The column whose unit column {@code column} prints in: itself, or the one {@link #sameUnitAs} named. */
    public int unitColumn(int column) {
        return unitOf.get(column);
    }

    /**
     * A row: a {@link Time} or a {@link String} (such as {@code -}) per time column, a {@link Figure} or a
     * String per number column, a String per text column.
     */
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
