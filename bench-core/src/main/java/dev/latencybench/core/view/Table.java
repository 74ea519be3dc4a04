package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A report table built column by column as plain data that the runner lays out, so every table prints latencies
 * alike: a time column takes nanoseconds and the runner picks and names one unit for it. Not thread-safe while being
 * built; one per table.
 */
public final class Table {
    /**
     * A latency cell: {@code ns} or a range to {@code toNs}, a suffix, whether it takes part in the column's ranking,
     * and for a percentile how many samples lie beyond it (-1 otherwise), so the runner can hide or mark a thin one.
     */
    public static final class Time {
        public final double ns;
        /** The range's end; NaN for one value. */
        public final double toNs;
        public final String suffix;
        public final boolean ranked;
        /** Samples beyond this percentile; -1 for a value that is no percentile. */
        public final long beyond;

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

        /** The {@code pct} percentile of {@code count} samples, with the samples beyond it counted. */
        public static Time percentile(double ns, long count, double pct) {
            return new Time(ns, Double.NaN, "", true, Math.round(count * (100 - pct) / 100));
        }

        public Time suffix(String s) {
            return new Time(ns, toNs, suffix + s, ranked, beyond);
        }

        public Time ranked(boolean r) {
            return new Time(ns, toNs, suffix, r, beyond);
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

    /** A percentile in a number column in a unit of its own ({@code 106.9 MiB}), treated like a {@link Time}. */
    public static final class Figure {
        public final String text;
        /** Samples beyond this percentile. */
        public final long beyond;

        private Figure(String text, long beyond) {
            this.text = text;
            this.beyond = beyond;
        }

        public static Figure percentile(String text, long count, double pct) {
            return new Figure(text, Math.round(count * (100 - pct) / 100));
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

    /** What a column holds; a {@code LOWEST} column sets its lowest ranked cell in bold. */
    public enum Kind { TEXT, NUMBER, TIME, LOWEST }

    private final List<String> names = new ArrayList<>();
    private final List<Kind> kinds = new ArrayList<>();
    /** Per column, the column whose unit it prints in (itself unless {@link #sameUnitAs} said otherwise). */
    private final List<Integer> unitOf = new ArrayList<>();
    private final List<List<Object>> rows = new ArrayList<>();

    public Table text(String name) {
        return column(name, Kind.TEXT);
    }

    /** Right-aligned, as given; a {@link Figure} is a percentile in a unit of its own. */
    public Table number(String name) {
        return column(name, Kind.NUMBER);
    }

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

    /** The last column added prints in time column {@code name}'s unit, so a value and its yardstick read alike. */
    public Table sameUnitAs(String name) {
        int other = names.indexOf(name);
        if (other < 0 || other == names.size() - 1) {
            throw new IllegalArgumentException("no earlier column " + name + " in " + names);
        }
        unitOf.set(names.size() - 1, unitOf.get(other));
        return this;
    }

    /** The column whose unit {@code column} prints in. */
    public int unitColumn(int column) {
        return unitOf.get(column);
    }

    /** A row: per time column a {@link Time} or String, per number column a {@link Figure} or String, else a String. */
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

    public List<String> names() {
        return Collections.unmodifiableList(names);
    }

    public Kind kind(int column) {
        return kinds.get(column);
    }

    /** The rows, each a cell per column: a {@link Time} or a {@link String}. */
    public List<List<Object>> rows() {
        return Collections.unmodifiableList(rows);
    }
}
