package dev.latencybench.core.schedule;

import java.util.Locale;
import java.util.Objects;
import java.util.function.ToLongFunction;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;

/** Whether one step passed, for a search such as {@link CapacitySearch}, and which figure says so. Immutable. */
public interface PassRule {

    /** Judges one outcome: passed or not, and the figure that says so. */
    Verdict judge(StepOutcome outcome);

    /** The rule for people, e.g. {@code p99.9 < 100ms}. */
    String describe();

    default boolean passes(StepOutcome outcome) {
        return judge(outcome).passed();
    }

    /**
     * Passes when the step is OK, measured something, and the named percentile is below {@code boundNs}. A
     * percentile with fewer than {@link LatencySummary#SHOWN_BEYOND} samples beyond it passes when the max does,
     * fails when {@link #overForCertain} says so, and otherwise is {@link Verdict#cannotTell}.
     *
     * @param percentile one of {@code p50}, {@code p90}, {@code p99}, {@code p99.9}, {@code p99.99}, {@code max}
     *                   (or the {@code result.json} names {@code p99_9}, {@code p99_99})
     * @param boundNs    the first latency that fails, in nanoseconds; above zero
     * @throws IllegalArgumentException for another percentile or a bound not above zero
     */
    static PassRule percentileBelow(String percentile, long boundNs) {
        String label;
        ToLongFunction<LatencySummary> figure;
        double pct;
        switch (String.valueOf(percentile).toLowerCase(Locale.ROOT)) {
            case "p50": label = "p50"; figure = s -> s.p50; pct = 50; break;
            case "p90": label = "p90"; figure = s -> s.p90; pct = 90; break;
            case "p99": label = "p99"; figure = s -> s.p99; pct = 99; break;
            case "p99.9": case "p99_9": label = "p99.9"; figure = s -> s.p99_9; pct = 99.9; break;
            case "p99.99": case "p99_99": label = "p99.99"; figure = s -> s.p99_99; pct = 99.99; break;
            case "max": label = "max"; figure = s -> s.max; pct = 100; break;
            default: throw new IllegalArgumentException("unknown percentile '" + percentile
                    + "': use p50, p90, p99, p99.9, p99.99 or max");
        }
        if (boundNs <= 0) {
            throw new IllegalArgumentException("the bound of " + label + " must be above 0 ns, was " + boundNs);
        }
        String bound = Units.formatNs(boundNs);
        return new PassRule() {
            @Override
            public Verdict judge(StepOutcome outcome) {
                Verdict unmeasured = Verdict.unlessMeasuredOk(outcome);
                if (unmeasured != null) {
                    return unmeasured;
                }
                long value = figure.applyAsLong(outcome.summary);
                String text = label + " " + Units.formatNs(value);
                long count = outcome.summary.count;
                if (TooShort.applies(count, pct)) {
                    long max = outcome.summary.max;
                    if (max < boundNs) { // so is any percentile
                        return Verdict.pass(String.format(Locale.ROOT, "every one of %,d samples under %s (max %s;"
                                + " %s itself rests on %,d beyond it)", count, bound, Units.formatNs(max), label,
                                LatencySummary.beyond(count, pct)));
                    }
                    String over = overForCertain(outcome.summary, label, pct, boundNs);
                    if (over != null) {
                        return Verdict.fail(over);
                    }
                    return Verdict.cannotTell(TooShort.text(count, label, pct, "sample", 0, "", 1) + " (" + text
                            + ", against < " + bound + ")");
                }
                return value < boundNs ? Verdict.pass(text) : Verdict.fail(text + " >= " + bound);
            }

            @Override
            public String describe() {
                return label + " < " + bound;
            }

            @Override
            public String toString() {
                return describe();
            }
        };
    }

    /** Why percentile {@code pct} is over {@code boundNs} for certain though too few samples lie beyond it; or null. */
    static String overForCertain(LatencySummary s, String label, double pct, long boundNs) {
        double[] pcts = LatencySummary.PCTS;
        for (int i = 0; i < pcts.length && pcts[i] < pct; i++) {
            if (s.percentile(i) >= boundNs && LatencySummary.shown(s.count, pcts[i])) {
                return String.format(Locale.ROOT, "%s %s >= %s: %,d of %,d samples at or over it, where %s allows %,d"
                        + " beyond it", LatencySummary.NAMES[i], Units.formatNs(s.percentile(i)),
                        Units.formatNs(boundNs), LatencySummary.beyond(s.count, pcts[i]), s.count, label,
                        LatencySummary.beyond(s.count, pct));
            }
        }
        return null;
    }

    /** A rule's answer for one outcome. Immutable. */
    final class Verdict {
        private final boolean passed;
        private final boolean error;
        private final boolean cannotTell;
        private final String text;

        private Verdict(boolean passed, boolean error, String text) {
            this(passed, error, false, text);
        }

        private Verdict(boolean passed, boolean error, boolean cannotTell, String text) {
            this.passed = passed;
            this.error = error;
            this.cannotTell = cannotTell;
            this.text = Objects.requireNonNull(text, "text");
        }

        /** @param figure what passed, e.g. {@code p99.9 61.0ms} */
        public static Verdict pass(String figure) {
            return new Verdict(true, false, figure);
        }

        /** @param why which figure broke the rule, e.g. {@code p99.9 140ms >= 100ms} */
        public static Verdict fail(String why) {
            return new Verdict(false, false, why);
        }

        /** A step that ended outside the rule: neither passes nor bounds; {@code why} gives its status and reasons. */
        public static Verdict error(String why) {
            return new Verdict(false, true, why);
        }

        /** A step too short to judge: neither passes nor bounds; {@code why} from {@link TooShort#text}. */
        public static Verdict cannotTell(String why) {
            return new Verdict(false, false, true, why);
        }

        /** The failing verdict for a step that is not OK or measured nothing; null when it is OK and measured. */
        public static Verdict unlessMeasuredOk(StepOutcome outcome) {
            if (outcome.status != StepOutcome.Status.OK) {
                return fail(outcome.status + (outcome.reasons.isEmpty() ? ""
                        : ": " + String.join("; ", outcome.reasons)));
            }
            if (!outcome.measured()) {
                return fail("nothing was measured");
            }
            return null;
        }

        public boolean passed() {
            return passed;
        }

        /** True for {@link #error}: the step says nothing about the rule. */
        public boolean error() {
            return error;
        }

        /** True for {@link #cannotTell}: the step is too short to say anything about the rule. */
        public boolean cannotTellAtThisLength() {
            return cannotTell;
        }

        /** The figure that passed, or why it failed. */
        public String text() {
            return text;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Verdict && passed == ((Verdict) other).passed
                    && error == ((Verdict) other).error && cannotTell == ((Verdict) other).cannotTell
                    && text.equals(((Verdict) other).text);
        }

        @Override
        public int hashCode() {
            return Boolean.hashCode(passed) * 31 + text.hashCode();
        }

        @Override
        public String toString() {
            return (passed ? "passed: " : error ? "error: " : cannotTell ? "cannot tell: " : "failed: ") + text;
        }
    }
}
