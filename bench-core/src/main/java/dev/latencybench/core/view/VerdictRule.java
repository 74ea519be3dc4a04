package dev.latencybench.core.view;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.LongFunction;

/**
 * The one rule by which every study says whether one thing beats another. Each side is a {@link Range}: its figure
 * and the spread known around it; an optional floor range says how far the machine moves the plainest code by itself.
 *
 * <pre>
 *   better:          a |----|            b |------|          the ranges lie apart
 *   tie (overlap):   a |--------|
 *                    b      |--------|                      some of each lies inside the other's range
 *   tie (floor):     |a.value - b.value| &lt;= floor.high - floor.low
 *   cannot tell:     a *   b |----|                          a is one sample: it has no range
 * </pre>
 *
 * Stateless and thread-safe; off the hot path (it builds strings).
 */
public final class VerdictRule {
    /** Which way is better: a lower latency or start-up time, a higher capacity or rate. */
    public enum Better {
        LOWER,
        HIGHER
    }

    /** How the first thing compares with the second. */
    public enum Outcome {
        /** The ranges lie apart, and the first is on the better side. */
        BETTER,
        /** The ranges lie apart, and the first is on the worse side. */
        WORSE,
        TIE_OVERLAP,
        /** The difference is no larger than the floor moves across cells by itself. */
        TIE_FLOOR,
        /** One or both is a single sample: no spread to tell a difference from noise. */
        CANNOT_TELL;

        public boolean tie() {
            return this == TIE_OVERLAP || this == TIE_FLOOR;
        }
    }

    /**
     * One compared thing: its figure and either the samples' range (both ends included) or a search's bracket (last
     * pass included, first fail excluded, unbounded when nothing failed). Immutable.
     */
    public static final class Range {
        public final long value;
        /** The lowest sample, or the last load that passed. */
        public final long low;
        /** The highest sample, or the first load that failed ({@link Long#MAX_VALUE} when none did). */
        public final long high;
        /** How many samples the range holds; 2 for a bracket, which always has a spread. */
        public final int samples;
        /** What one sample is, plural, for the words: {@code forks}, {@code launches}. */
        public final String noun;
        private final boolean bracket;

        private Range(long value, long low, long high, int samples, String noun, boolean bracket) {
            this.value = value;
            this.low = low;
            this.high = high;
            this.samples = samples;
            this.noun = Objects.requireNonNull(noun, "noun");
            this.bracket = bracket;
        }

        /** The range of some samples in any order, with the figure that stands for them. */
        public static Range of(long value, String noun, Collection<Long> samples) {
            long lo = value;
            long hi = value;
            boolean first = true;
            for (long s : samples) {
                lo = first ? s : Math.min(lo, s);
                hi = first ? s : Math.max(hi, s);
                first = false;
            }
            return new Range(value, lo, hi, samples.size(), noun, false);
        }

        /** As {@link #of(long, String, Collection)}, the samples given one by one. */
        public static Range of(long value, String noun, long... samples) {
            List<Long> list = new ArrayList<>(samples.length);
            for (long s : samples) {
                list.add(s);
            }
            return of(value, noun, list);
        }

        /** A floor's values across cells: only its spread counts; its {@link #value} is the lowest. */
        public static Range across(String noun, Collection<Long> values) {
            long lowest = values.isEmpty() ? 0 : values.stream().mapToLong(Long::longValue).min().getAsLong();
            return of(lowest, noun, values);
        }

        /**
         * A search's bracket from {@code lastPass} (passed; 0 for none) up to, not including, {@code firstFail}.
         *
         * @throws IllegalArgumentException when {@code firstFail} is not above {@code lastPass}
         */
        public static Range bracket(long lastPass, long firstFail) {
            if (firstFail <= lastPass) {
                throw new IllegalArgumentException("the first failing load (" + firstFail + ") must be above the last"
                        + " passing one (" + lastPass + ")");
            }
            return new Range(lastPass, lastPass, firstFail, 2, "loads", true);
        }

        /** A within-run confidence interval around {@code value}: a spread, though not what a rerun moves. */
        public static Range interval(long value, long low, long high, String noun) {
            if (low > value || high < value) {
                throw new IllegalArgumentException("the interval " + low + " to " + high + " does not hold its value "
                        + value);
            }
            return new Range(value, low, high, 2, noun, false);
        }

        /** A search's answer that is only a lower bound: {@code lastPass} held, and nothing above it failed. */
        public static Range atLeast(long lastPass) {
            return new Range(lastPass, lastPass, Long.MAX_VALUE, 2, "loads", true);
        }

        /** Two samples or more, or a bracket: something to tell a difference from noise by. */
        public boolean hasSpread() {
            return samples >= 2;
        }

        public boolean isBracket() {
            return bracket;
        }

        private boolean reaches(long v) {
            return bracket ? v < high : v <= high;
        }

        /** The range in words, figures through {@code format}: {@code 153ms to 179ms}, {@code one launch, 150ms}. */
        public String describe(LongFunction<String> format) {
            if (bracket) {
                if (high == Long.MAX_VALUE) {
                    return "at least " + format.apply(low) + " with none failing";
                }
                return low == 0 ? "none passing and " + format.apply(high) + " failing"
                        : "between " + format.apply(low) + " passing and " + format.apply(high) + " failing";
            }
            if (samples == 0) {
                return "no " + noun + ", " + format.apply(value);
            }
            if (samples == 1) {
                return "one " + singular(noun) + ", " + format.apply(value);
            }
            return low == high ? "every " + singular(noun) + " " + format.apply(low)
                    : format.apply(low) + " to " + format.apply(high);
        }

        @Override
        public String toString() {
            return describe(Long::toString);
        }
    }

    /** How the first thing compares with the second, and why in words. Immutable. */
    public static final class Ruling {
        public final Outcome outcome;
        /** Why, with the figures, lower case and without a closing full stop. */
        public final String reason;

        Ruling(Outcome outcome, String reason) {
            this.outcome = outcome;
            this.reason = reason;
        }

        public boolean tie() {
            return outcome.tie();
        }

        @Override
        public String toString() {
            return outcome + ": " + reason;
        }
    }

    private VerdictRule() {
    }

    /** {@link #compare(Range, Range, Range, Better, LongFunction)} without a floor. */
    public static Ruling compare(Range a, Range b, Better better, LongFunction<String> format) {
        return compare(a, b, null, better, format);
    }

    /**
     * How {@code a} compares with {@code b}.
     *
     * @param floor  the floor's values across cells; null, or fewer than two samples, for none
     * @param format a figure in words with its unit: {@code Units::formatNs}
     */
    public static Ruling compare(Range a, Range b, Range floor, Better better, LongFunction<String> format) {
        long difference = Math.abs(a.value - b.value);
        if (floor != null && floor.hasSpread() && difference <= floor.high - floor.low) {
            return new Ruling(Outcome.TIE_FLOOR, "they differ by " + format.apply(difference) + ", no more than"
                    + " the floor moves across " + floor.noun + " by itself (" + floor.describe(format) + ")");
        }
        String ranges = a.describe(format) + " against " + b.describe(format);
        boolean same = a.noun.equals(b.noun);
        if (a.hasSpread() && b.hasSpread() && a.reaches(b.low) && b.reaches(a.low)) {
            if (a.bracket || b.bracket) {
                return new Ruling(Outcome.TIE_OVERLAP, "each is known only as far as its search went, and the"
                        + " two overlap (" + ranges + ")");
            }
            return new Ruling(Outcome.TIE_OVERLAP, (same ? "their " + a.noun : "their ranges") + " overlap ("
                    + ranges + ")");
        }
        if (!a.hasSpread() || !b.hasSpread()) {
            Range single = a.hasSpread() ? b : a;
            String which = !a.hasSpread() && !b.hasSpread() && same ? "a single " + singular(a.noun) + " each"
                    : "a single " + singular(single.noun) + " on one side";
            return new Ruling(Outcome.CANNOT_TELL, which + ", no spread to tell a difference of "
                    + format.apply(difference) + " from run-to-run noise (" + ranges + ")");
        }
        boolean aHigher = !b.reaches(a.low);
        Outcome outcome = aHigher == (better == Better.HIGHER) ? Outcome.BETTER : Outcome.WORSE;
        String floorNote = floor == null || !floor.hasSpread() ? "" : ", and they differ by " + format.apply(difference)
                + ", more than the floor moves across " + floor.noun + " by itself (" + floor.describe(format) + ")";
        if (a.bracket && b.bracket) {
            Range hi = aHigher ? a : b;
            Range lo = aHigher ? b : a;
            return new Ruling(outcome, "the higher passed " + format.apply(hi.low) + " where the lower had failed"
                    + " at " + format.apply(lo.high) + ", so the searches lie apart (" + ranges + ")" + floorNote);
        }
        return new Ruling(outcome, (same ? "their " + a.noun : "their ranges") + " lie apart (" + ranges + ")"
                + floorNote);
    }

    private static String singular(String noun) {
        if (noun.endsWith("ches") || noun.endsWith("shes") || noun.endsWith("sses")) {
            return noun.substring(0, noun.length() - 2);
        }
        return noun.endsWith("s") ? noun.substring(0, noun.length() - 1) : noun;
    }
}
