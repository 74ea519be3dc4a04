package dev.latencybench.core.schedule;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The largest value of one {@code bench.*} property at which one variant still passes a {@link PassRule}: grow
 * the value from {@code start} by {@code growth} while steps pass, up to {@code limit}; after the first failure,
 * bisect until the last pass and the first fail are {@code resolution} apart.
 *
 * <pre>
 *   grow:    1 -> 2 -> 4 -> ... -> 256 (pass) -> 512 (fail)
 *   bisect:  384 (pass) -> 448 (pass) -> 480 (pass) -> 496 (pass) -> 504 (fail) -> ... -> 500 | 501
 * </pre>
 *
 * <p>A FAILED step or one that measured nothing never passes. A rule's {@link PassRule.Verdict#error} or
 * {@link PassRule.Verdict#cannotTell} stops the search without bounding the value; an INTERRUPTED step ends it
 * {@link Decision.Kind#UNFINISHED}. No value is run twice, and passing is assumed monotonic in the value.
 *
 * <p>Steps are named {@code <variant>-<last part of the property>-<value>}, e.g.
 * {@code chronicle-instances-64}. Immutable; holds no progress (see {@link Schedule}).
 */
public final class CapacitySearch implements Schedule {
    private final String variant;
    private final String property;
    private final String label;
    private final long start;
    private final long limit;
    private final double growth;
    private final double resolution;
    private final String unit;
    private final PassRule passRule;

    private CapacitySearch(Builder b) {
        this.variant = Step.checkName("variant", b.variant);
        this.property = b.property;
        this.label = Step.propertyLabel(b.property);
        if (b.start < 1) {
            throw new IllegalArgumentException("start must be at least 1, was " + b.start);
        }
        if (b.limit == null) {
            throw new IllegalArgumentException("a capacity search needs a limit");
        }
        if (b.limit < b.start) {
            throw new IllegalArgumentException("limit " + b.limit + " is below start " + b.start);
        }
        if (!(b.growth > 1) || Double.isInfinite(b.growth)) {
            throw new IllegalArgumentException("growth must be above 1 (2 doubles the value each step), was "
                    + b.growth);
        }
        if (!(b.resolution >= 0 && b.resolution < 1)) {
            throw new IllegalArgumentException("resolution must be 0 (exact) or a fraction below 1 "
                    + "(0.05 for 5%), was " + b.resolution);
        }
        if (b.unit == null || b.unit.isBlank()) {
            throw new IllegalArgumentException("unit must not be empty");
        }
        if (b.passRule == null) {
            throw new IllegalArgumentException("a capacity search needs a pass rule");
        }
        this.start = b.start;
        this.limit = b.limit;
        this.growth = b.growth;
        this.resolution = b.resolution;
        this.unit = b.unit;
        this.passRule = b.passRule;
    }

    /** Starts a search of {@code property} for {@code variant}: start 1, growth 2, exact; no default limit or rule. */
    public static Builder of(String variant, String property) {
        return new Builder(variant, property);
    }

    /** Collects a search's settings; {@link #build()} checks them. Not thread-safe. */
    public static final class Builder {
        private final String variant;
        private final String property;
        private long start = 1;
        private Long limit;
        private double growth = 2;
        private double resolution;
        private String unit;
        private PassRule passRule;

        private Builder(String variant, String property) {
            this.variant = variant;
            this.property = property;
            int dot = property == null ? -1 : property.lastIndexOf('.');
            this.unit = dot < 0 ? null : property.substring(dot + 1);
        }

        /** The first value run; at least 1. */
        public Builder start(long start) {
            this.start = start;
            return this;
        }

        /** The largest value run; when it passes, the answer is {@code at least} it. */
        public Builder limit(long limit) {
            this.limit = limit;
            return this;
        }

        /** The factor between growing steps, above 1 (rounded up, at least +1 a step). */
        public Builder growth(double growth) {
            this.growth = growth;
            return this;
        }

        /** How close the bisection gets: 0 for the exact boundary, or a fraction such as 0.05 (within 5%). */
        public Builder resolution(double resolution) {
            this.resolution = resolution;
            return this;
        }

        /** What the value counts, plural, for people: {@code instances}. */
        public Builder unit(String unit) {
            this.unit = unit;
            return this;
        }

        public Builder passRule(PassRule passRule) {
            this.passRule = passRule;
            return this;
        }

        /** @throws IllegalArgumentException naming the setting that is wrong, its value and what is allowed */
        public CapacitySearch build() {
            return new CapacitySearch(this);
        }
    }

    @Override
    public Step next(List<StepOutcome> done) {
        Replay.check(this::planned, done);
        return Replay.interrupted(done) ? null : planned(done);
    }

    /** The search's rule, interruptions aside: grow, then bisect, then nothing. */
    private Step planned(List<StepOutcome> done) {
        Walk w = new Walk(done);
        if (done.isEmpty()) {
            return step(start);
        }
        if (w.error != null || w.tooShort != null) {
            return null;
        }
        if (w.fail == null) {
            return w.passValue == limit ? null : step(grown(w.passValue));
        }
        if (w.pass == null || closeEnough(w.passValue, w.failValue)) {
            return null;
        }
        return step(w.passValue + (w.failValue - w.passValue) / 2);
    }

    @Override
    public Decision decision(List<StepOutcome> done) {
        Replay.check(this::planned, done);
        return decide(new Walk(done), planned(done) != null);
    }

    /**
     * The answer once the deciding steps were run again with more forks, judged on merged forks; no step is added.
     * A search that had not decided is not re-judged.
     */
    @Override
    public Decision decision(List<StepOutcome> done, Map<String, StepOutcome> confirmed) {
        Decision before = decision(done);
        if (confirmed.isEmpty() || !Confirmation.confirmable(before)) {
            return before;
        }
        List<StepOutcome> now = Confirmation.replaced(done, confirmed);
        Walk w = new Walk(now);
        Decision after = decide(w, false);
        if (w.fail == null && w.pass != null && w.passValue < limit) { // the first failure passed in its forks
            after = new Decision(Decision.Kind.UNFINISHED, w.passValue, "at least " + count(w.passValue),
                    List.of(w.pass.step.name()), count(w.passValue) + " passed (" + w.passVerdict.text()
                    + "); nothing above it was run");
        } else if (after.kind == Decision.Kind.BOUNDARY && !closeEnough(w.passValue, w.failValue)) {
            after = new Decision(after.kind, after.value, after.answer, after.decidedBy, after.why
                    + "; nothing between them was run");
        }
        return after;
    }

    /** The answer from the steps walked; {@code unfinished}: the search would ask for another step. */
    private Decision decide(Walk w, boolean unfinished) {
        if (w.error != null) {
            return failed(w);
        }
        if (w.tooShort != null) {
            return cannotTell(w);
        }
        if (w.interrupted != null || unfinished) {
            return unfinished(w);
        }
        if (w.fail == null) {
            return new Decision(Decision.Kind.AT_LIMIT, limit, "at least " + count(limit),
                    List.of(w.pass.step.name()),
                    count(limit) + ", the search limit, passed (" + w.passVerdict.text() + ")");
        }
        if (w.pass == null) {
            return new Decision(Decision.Kind.NONE_PASSED, 0, start == 1 ? "none" : "fewer than " + count(start),
                    List.of(w.fail.step.name()),
                    "the first step, " + count(start) + ", failed: " + w.failVerdict.text());
        }
        String why = passedThenFailed(w);
        if (w.failValue - w.passValue > 1) {
            why += "; resolution " + percent(resolution);
        }
        return new Decision(Decision.Kind.BOUNDARY, w.passValue, count(w.passValue),
                List.of(w.pass.step.name(), w.fail.step.name()), why);
    }

    private Decision unfinished(Walk w) {
        List<String> steps = new ArrayList<>();
        List<String> why = new ArrayList<>();
        if (w.interrupted != null) {
            StepOutcome i = w.interrupted;
            why.add("interrupted at " + count(value(i.step))
                    + (i.reasons.isEmpty() ? "" : ": " + String.join("; ", i.reasons)));
        } else {
            why.add("the search is not finished");
        }
        if (w.pass != null && w.fail != null) {
            why.add(passedThenFailed(w));
            steps.add(w.pass.step.name());
            steps.add(w.fail.step.name());
        } else if (w.pass != null) {
            why.add(count(w.passValue) + " passed (" + w.passVerdict.text() + ")");
            steps.add(w.pass.step.name());
        }
        if (w.interrupted != null) {
            steps.add(w.interrupted.step.name());
        }
        long value = w.pass == null ? 0 : w.passValue;
        return new Decision(Decision.Kind.UNFINISHED, value, w.pass == null ? "unknown" : "at least " + count(value),
                steps, String.join("; ", why));
    }

    /** A step ended outside the rule: no answer, the step and why, and what passed before it. */
    private Decision failed(Walk w) {
        long at = value(w.error.step);
        List<String> steps = new ArrayList<>();
        String why = w.error.step.name() + " (" + count(at) + ") failed for a reason that is not a capacity bound,"
                + " so the search stopped there: " + w.errorVerdict.text();
        if (w.pass != null) {
            steps.add(w.pass.step.name());
            why += "; before it " + count(w.passValue) + " passed (" + w.passVerdict.text() + ")";
        }
        steps.add(w.error.step.name());
        return new Decision(Decision.Kind.FAILED, 0, "no answer: the step of " + count(at) + " failed", steps, why);
    }

    /** A step too short to judge: no answer at this length, and how long a step would need to be. */
    private Decision cannotTell(Walk w) {
        long at = value(w.tooShort.step);
        List<String> steps = new ArrayList<>();
        String why = w.tooShort.step.name() + " (" + count(at) + ") was too short to judge, so the search stopped"
                + " there";
        if (w.pass != null) {
            steps.add(w.pass.step.name());
            why += "; before it " + count(w.passValue) + " passed (" + w.passVerdict.text() + ")";
        }
        steps.add(w.tooShort.step.name());
        return new Decision(Decision.Kind.CANNOT_TELL, 0, TooShort.ANSWER + " (" + w.tooShortVerdict.text() + ")",
                steps, why);
    }

    private String passedThenFailed(Walk w) {
        return count(w.passValue) + " passed (" + w.passVerdict.text() + "), " + count(w.failValue) + " failed: "
                + w.failVerdict.text();
    }

    /** The steps done, read in order up to a stop: the smallest value that failed and the largest pass below it. */
    private final class Walk {
        StepOutcome pass;
        long passValue;
        PassRule.Verdict passVerdict;
        StepOutcome fail;
        long failValue;
        PassRule.Verdict failVerdict;
        StepOutcome interrupted;
        StepOutcome error;
        PassRule.Verdict errorVerdict;
        StepOutcome tooShort;
        PassRule.Verdict tooShortVerdict;

        Walk(List<StepOutcome> done) {
            List<StepOutcome> passes = new ArrayList<>();
            List<PassRule.Verdict> passVerdicts = new ArrayList<>();
            for (StepOutcome o : done) {
                if (o.status == StepOutcome.Status.INTERRUPTED) {
                    interrupted = o;
                    break;
                }
                long v = value(o.step);
                PassRule.Verdict verdict = judge(o);
                if (verdict.error()) {
                    error = o;
                    errorVerdict = verdict;
                    break;
                }
                if (verdict.cannotTellAtThisLength()) {
                    tooShort = o;
                    tooShortVerdict = verdict;
                    break;
                }
                if (verdict.passed()) {
                    passes.add(o);
                    passVerdicts.add(verdict);
                } else if (fail == null || v < failValue) {
                    fail = o;
                    failValue = v;
                    failVerdict = verdict;
                }
            }
            for (int i = 0; i < passes.size(); i++) {
                long v = value(passes.get(i).step);
                if ((fail == null || v < failValue) && (pass == null || v > passValue)) {
                    pass = passes.get(i);
                    passValue = v;
                    passVerdict = passVerdicts.get(i);
                }
            }
        }
    }

    /** The rule's verdict; a step that is not OK or measured nothing never passes. */
    private PassRule.Verdict judge(StepOutcome o) {
        PassRule.Verdict v = passRule.judge(o);
        PassRule.Verdict unmeasured = PassRule.Verdict.unlessMeasuredOk(o);
        return v.passed() && unmeasured != null ? unmeasured : v;
    }

    private long grown(long value) {
        double next = Math.ceil(value * growth);
        return next >= limit ? limit : Math.max(value + 1, (long) next);
    }

    private boolean closeEnough(long pass, long fail) {
        return fail - pass <= Math.max(1, (long) (pass * resolution));
    }

    private long value(Step step) {
        return Long.parseLong(step.properties().get(property));
    }

    private Step step(long value) {
        return new Step(variant + "-" + label + "-" + value, variant, Map.of(property, Long.toString(value)),
                count(value));
    }

    /** {@code 4,096 instances}; {@code 1 instance}. */
    private String count(long value) {
        String u = value == 1 && unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
        return String.format(Locale.ROOT, "%,d %s", value, u);
    }

    private static String percent(double fraction) {
        return new BigDecimal(Double.toString(fraction * 100)).stripTrailingZeros().toPlainString() + "%";
    }

    /** The most steps the search can take: every growing step, then bisecting the widest gap between two of them. */
    @Override
    public int maxSteps() {
        int steps = 1;
        long widestGap = 0;
        for (long v = start; v < limit; steps++) {
            long next = grown(v);
            widestGap = Math.max(widestGap, next - v);
            v = next;
        }
        return steps + (64 - Long.numberOfLeadingZeros(Math.max(0, widestGap - 1)));
    }

    /** The last value that passed and the first that failed. */
    @Override
    public int maxDecidingSteps() {
        return 2;
    }

    /** {@code capacity search of chronicle: 1, 2, 4, ... up to 4,096 instances, then bisect; pass: p99.9 < 100ms}. */
    @Override
    public String describe() {
        List<String> first = new ArrayList<>();
        long v = start;
        first.add(String.format(Locale.ROOT, "%,d", v));
        while (v < limit && first.size() < 3) {
            v = grown(v);
            first.add(String.format(Locale.ROOT, "%,d", v));
        }
        String values = v < limit
                ? String.join(", ", first) + ", ... up to " + count(limit)
                : String.join(", ", first.subList(0, first.size() - 1))
                        + (first.size() > 1 ? ", " : "") + count(limit);
        return "capacity search of " + variant + ": " + values + ", then bisect"
                + (resolution > 0 ? " to within " + percent(resolution) : "") + "; pass: " + passRule.describe();
    }

    @Override
    public List<String> variants() {
        return List.of(variant);
    }

    public String variant() {
        return variant;
    }

    public String property() {
        return property;
    }

    public long start() {
        return start;
    }

    public long limit() {
        return limit;
    }

    public double growth() {
        return growth;
    }

    /** 0 for exact, else the fraction, e.g. 0.05. */
    public double resolution() {
        return resolution;
    }

    public PassRule passRule() {
        return passRule;
    }

    @Override
    public String toString() {
        return describe();
    }
}
