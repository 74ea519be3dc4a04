package dev.latencybench.report.doc;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;

/**
 * The unit a table column of latencies is printed in: chosen once from the column's values, named in the header
 * ({@code p50 (µs)}), and every cell printed in it with the rounding of {@link Units#formatNs}. Stateless.
 */
public enum LatencyUnit {
    NS("ns", 1), US("µs", 1e3), MS("ms", 1e6), S("s", 1e9);

    /** A column's smallest value reads at least this in its unit: {@code 0.123}, three decimals at most. */
    static final double SMALLEST = 0.1;
    /** A column's largest value reads below this in its unit: {@code 99,700} µs, not {@code 99,700,000} ns. */
    static final double LARGEST = 100_000;

    final String symbol;
    private final double ns;

    LatencyUnit(String symbol, double ns) {
        this.symbol = symbol;
        this.ns = ns;
    }

    /** The unit {@link Units#formatNs} prints this value in. */
    static LatencyUnit of(double ns) {
        double a = Math.abs(ns);
        return a < 1e3 ? NS : a < 1e6 ? US : a < 1e9 ? MS : S;
    }

    /**
     * The unit of a column: of the units that let the smallest value read {@value #SMALLEST} or more and the largest
     * below {@value #LARGEST}, the nearest to the one {@link Units#formatNs} gives the middle value; else the largest
     * value's limit wins. ns for a column without values; NaN and zero are left out.
     */
    static LatencyUnit forColumn(Collection<Double> valuesNs) {
        List<Double> a = new ArrayList<>();
        for (double v : valuesNs) {
            if (!Double.isNaN(v) && v != 0) {
                a.add(Math.abs(v));
            }
        }
        if (a.isEmpty()) {
            return NS;
        }
        a.sort(null);
        double min = a.get(0);
        double max = a.get(a.size() - 1);
        LatencyUnit natural = of(a.get(a.size() / 2));
        LatencyUnit best = null;
        for (LatencyUnit u : values()) {
            boolean fits = min / u.ns >= SMALLEST && max / u.ns < LARGEST;
            if (fits && (best == null || Math.abs(u.ordinal() - natural.ordinal())
                    < Math.abs(best.ordinal() - natural.ordinal()))) {
                best = u;
            }
        }
        if (best != null) {
            return best;
        }
        LatencyUnit u = natural;
        while (u != S && max / u.ns >= LARGEST) {
            u = values()[u.ordinal() + 1];
        }
        return u;
    }

    /** {@code p50 (µs)}. */
    String header(String name) {
        return name + " (" + symbol + ")";
    }

    /** The value in this unit, without the unit: {@code 1.35}, {@code 0.343}, {@code 1,070}. */
    String format(double valueNs) {
        if (valueNs < 0) {
            return "-" + format(-valueNs); // a difference of two latencies
        }
        double v = valueNs / ns;
        if (v >= 100 || this == NS) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 1 || v == 0) {
            return v == 0 ? "0" : String.format(Locale.ROOT, "%.2f", v);
        }
        int decimals = 2 - (int) Math.floor(Math.log10(v)); // three significant figures
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (s.startsWith("1.")) { // rounded up to the next power of ten: 0.9996 prints 1.00
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return s;
    }
}
