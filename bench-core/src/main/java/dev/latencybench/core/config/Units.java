package dev.latencybench.core.config;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** Parses and prints the human units the suite accepts: counts such as {@code 100K}, durations such as {@code 10s}. */
public final class Units {
    private Units() {
    }

    /** A well-formed count or duration too large for a long, so the caller names the range, not the form. */
    public static final class TooLarge extends NumberFormatException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }

    /**
     * Parses a count: digits (underscores allowed) with an optional suffix K, M or G (10^3, 10^6, 10^9), any case.
     *
     * @throws NumberFormatException when the text is not such a count; {@link TooLarge} when it overflows a long
     */
    public static long parseCount(String text) {
        String t = text.trim().replace("_", "");
        long multiplier = 1;
        if (!t.isEmpty()) {
            char last = Character.toUpperCase(t.charAt(t.length() - 1));
            if (last == 'K') {
                multiplier = 1_000L;
            } else if (last == 'M') {
                multiplier = 1_000_000L;
            } else if (last == 'G') {
                multiplier = 1_000_000_000L;
            }
            if (multiplier != 1) {
                t = t.substring(0, t.length() - 1);
            }
        }
        if (t.isEmpty() || !t.chars().allMatch(Character::isDigit)) {
            throw new NumberFormatException("not a count: " + text);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t), multiplier);
        } catch (ArithmeticException | NumberFormatException e) { // digits only: too many for a long
            throw new TooLarge("count too large: " + text);
        }
    }

    /**
     * Parses a duration with a mandatory unit (ns, us, ms, s, m, h) into nanoseconds; a bare {@code 0} is allowed as
     * the documented way to turn a duration setting off.
     *
     * @throws NumberFormatException when the text is not such a duration; {@link TooLarge} when it overflows
     */
    public static long parseDurationNs(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return 0;
        }
        int digits = 0;
        while (digits < t.length() && Character.isDigit(t.charAt(digits))) {
            digits++;
        }
        if (digits == 0) {
            throw new NumberFormatException("not a duration: " + text);
        }
        long amount;
        try {
            amount = Long.parseLong(t.substring(0, digits));
        } catch (NumberFormatException e) { // digits only: too many for a long
            throw new TooLarge("duration too long: " + text);
        }
        TimeUnit unit;
        switch (t.substring(digits)) {
            case "ns": unit = TimeUnit.NANOSECONDS; break;
            case "us": unit = TimeUnit.MICROSECONDS; break;
            case "ms": unit = TimeUnit.MILLISECONDS; break;
            case "s": unit = TimeUnit.SECONDS; break;
            case "m": unit = TimeUnit.MINUTES; break;
            case "h": unit = TimeUnit.HOURS; break;
            default: throw new NumberFormatException("not a duration: " + text);
        }
        long ns = unit.toNanos(amount);
        if (ns == Long.MAX_VALUE) {
            throw new TooLarge("duration too long: " + text);
        }
        return ns;
    }

    /**
     * Prints a latency with three significant figures: {@code 812ns}, {@code 4.21us}. ASCII {@code us}, because a
     * console under {@code LC_ALL=C} prints {@code µ} as {@code ?}; the report substitutes {@code µs}.
     */
    public static String formatNs(double ns) {
        if (ns < 0) {
            return "-" + formatNs(-ns); // a difference of two latencies
        }
        if (ns < 1_000) {
            return String.format(Locale.ROOT, "%.0fns", ns);
        }
        if (ns < 1_000_000) {
            return threeFigures(ns / 1_000) + "us";
        }
        if (ns < 1_000_000_000) {
            return threeFigures(ns / 1_000_000) + "ms";
        }
        return threeFigures(ns / 1_000_000_000) + "s";
    }

    /** Prints a duration for people: {@code 500ms}, {@code 30s}, {@code 1m40s}. */
    public static String formatDuration(long ns) {
        long ms = TimeUnit.NANOSECONDS.toMillis(ns);
        if (ms < 1_000) {
            return ms + "ms";
        }
        long s = ms / 1_000;
        if (s < 60 || ms % 1_000 != 0 && s < 600) {
            return ms % 1_000 == 0 ? s + "s" : String.format(Locale.ROOT, "%.1fs", ms / 1_000.0);
        }
        return (s % 60 == 0) ? (s / 60) + "m" : (s / 60) + "m" + (s % 60) + "s";
    }

    private static String threeFigures(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
