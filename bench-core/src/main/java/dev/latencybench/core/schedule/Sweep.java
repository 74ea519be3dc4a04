package dev.latencybench.core.schedule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each variant with each value of one {@code bench.*} property, in order; only an interrupted step stops it.
 * Answers no question unless {@linkplain #judgedBy judged} by a {@link PassRule}. Immutable.
 */
public final class Sweep extends PlannedSteps {
    private final String property;
    private final List<String> values;
    /** Null: the sweep answers no question. */
    private final PassRule rule;
    private final List<String> judged;

    /** @throws IllegalArgumentException when a list is empty or repeats itself, or a name is not a folder name */
    public Sweep(List<String> variants, String property, List<String> values) {
        this(variants, property, values, null, List.of());
    }

    private Sweep(List<String> variants, String property, List<String> values, PassRule rule, List<String> judged) {
        super(variants, stepsOf(variants, property, values));
        this.property = property;
        this.values = List.copyOf(values);
        this.rule = rule;
        this.judged = List.copyOf(judged);
    }

    /**
     * This sweep, answering per variant of {@code variants} the highest value that passed {@code rule} and the lowest
     * above it that failed; other variants are run but not judged.
     *
     * @throws IllegalArgumentException for a variant not run, none at all, or a value that is not a whole number
     */
    public Sweep judgedBy(PassRule rule, List<String> variants) {
        if (variants.isEmpty() || !variants().containsAll(variants)) {
            throw new IllegalArgumentException("judged variants " + variants + " must be some of " + variants());
        }
        for (String v : values) {
            if (!v.matches("\\d{1,18}")) {
                throw new IllegalArgumentException("value '" + v + "' of " + property + " is not a whole number: a"
                        + " judged sweep compares its values");
            }
        }
        return new Sweep(variants(), property, values, java.util.Objects.requireNonNull(rule, "rule"), variants);
    }

    /** Null for a sweep not judged; else, per judged variant (combined where several), how far it held. */
    @Override
    public Decision decision(List<StepOutcome> done) {
        if (rule == null) {
            return null;
        }
        boolean unfinished = next(done) != null || Replay.interrupted(done);
        Map<String, Decision> parts = new java.util.LinkedHashMap<>();
        for (String variant : judged) {
            List<StepOutcome> own = new ArrayList<>();
            done.stream().filter(o -> o.step.variant().equals(variant)).forEach(own::add);
            parts.put(variant, decide(own, unfinished && own.size() < values.size()
                    || own.stream().anyMatch(o -> o.status == StepOutcome.Status.INTERRUPTED)));
        }
        return parts.size() == 1 ? parts.values().iterator().next() : Decision.combine(parts);
    }

    /** As {@link #decision(List)}, each confirmed step judged on its merged forks in place of its first outcome. */
    @Override
    public Decision decision(List<StepOutcome> done, Map<String, StepOutcome> confirmed) {
        return decision(Confirmation.replaced(done, confirmed));
    }

    /** Two deciding steps per judged variant at most: its highest pass and the first fail above it. */
    @Override
    public int maxDecidingSteps() {
        return rule == null ? 0 : 2 * judged.size();
    }

    /** One variant's answer from its own outcomes, in the order run. */
    private Decision decide(List<StepOutcome> own, boolean unfinished) {
        String label = Step.propertyLabel(property);
        Map<StepOutcome, PassRule.Verdict> judgedSteps = new java.util.LinkedHashMap<>();
        StepOutcome pass = null;
        List<String> cannotTell = new ArrayList<>();
        for (StepOutcome o : own) {
            if (o.status == StepOutcome.Status.INTERRUPTED) {
                continue;
            }
            PassRule.Verdict v = rule.judge(o);
            if (v.error()) {
                return new Decision(Decision.Kind.FAILED, 0, "no answer", List.of(o.step.name()),
                        o.step.name() + " ended for a reason outside " + rule.describe() + ": " + v.text());
            }
            if (v.cannotTellAtThisLength()) {
                cannotTell.add(o.step.name() + ": " + v.text());
                continue;
            }
            judgedSteps.put(o, v);
            if (v.passed() && (pass == null || value(o) > value(pass))) {
                pass = o;
            }
        }
        StepOutcome fail = null;
        for (Map.Entry<StepOutcome, PassRule.Verdict> e : judgedSteps.entrySet()) {
            StepOutcome o = e.getKey();
            if (!e.getValue().passed() && (pass == null || value(o) > value(pass))
                    && (fail == null || value(o) < value(fail))) {
                fail = o;
            }
        }
        PassRule.Verdict passVerdict = judgedSteps.get(pass);
        PassRule.Verdict failVerdict = judgedSteps.get(fail);
        if (unfinished) {
            return new Decision(Decision.Kind.UNFINISHED, pass == null ? 0 : value(pass), pass == null ? "unknown"
                    : "at least " + count(value(pass), label), pass == null ? List.of() : List.of(pass.step.name()),
                    "the sweep is not finished");
        }
        if (pass == null && fail == null) {
            return new Decision(Decision.Kind.CANNOT_TELL, 0, "cannot tell", List.of(), String.join("; ", cannotTell));
        }
        if (pass == null) {
            return new Decision(Decision.Kind.NONE_PASSED, 0, "none", List.of(fail.step.name()),
                    count(value(fail), label) + ", the lowest that failed, failed: " + failVerdict.text());
        }
        String held = count(value(pass), label) + " passed (" + passVerdict.text() + ")";
        if (fail == null) {
            return new Decision(Decision.Kind.AT_LIMIT, value(pass), "at least " + count(value(pass), label),
                    List.of(pass.step.name()), held + ", the highest run");
        }
        return new Decision(Decision.Kind.BOUNDARY, value(pass), count(value(pass), label),
                List.of(pass.step.name(), fail.step.name()), held + ", " + count(value(fail), label)
                + " failed: " + failVerdict.text());
    }

    private long value(StepOutcome o) {
        return Long.parseLong(o.step.properties().get(property));
    }

    private static String count(long value, String label) {
        return String.format(java.util.Locale.ROOT, "%,d %s", value, label);
    }

    private static List<Step> stepsOf(List<String> variants, String property, List<String> values) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one variant");
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a sweep of " + property + " needs at least one value");
        }
        String label = Step.propertyLabel(property);
        Set<String> names = new HashSet<>();
        Set<String> seenVariants = new HashSet<>();
        Set<String> seenValues = new HashSet<>();
        for (String v : values) {
            if (!Step.isName(v)) {
                throw new IllegalArgumentException("value '" + v + "' of " + property + " is not a folder name: "
                        + Step.NAME_RULE);
            }
            if (!seenValues.add(v)) {
                throw new IllegalArgumentException("value '" + v + "' of " + property + " is listed twice");
            }
        }
        List<Step> list = new ArrayList<>();
        for (String variant : variants) {
            Step.checkName("variant", variant);
            if (!seenVariants.add(variant)) {
                throw new IllegalArgumentException("variant '" + variant + "' is listed twice");
            }
            for (String value : values) {
                String name = variant + "-" + label + "-" + value;
                if (!names.add(name)) {
                    throw new IllegalArgumentException("two steps would share the folder " + name);
                }
                list.add(new Step(name, variant, Map.of(property, value), label + "=" + value));
            }
        }
        return list;
    }

    /** {@code sweep of bench.jet.keys: 1000, 10000, 100000 for jet}; a judged one adds its rule. */
    @Override
    public String describe() {
        return "sweep of " + property + ": " + String.join(", ", values)
                + (variants().size() == 1 ? " for " : " for each of ") + String.join(", ", variants())
                + (rule == null ? "" : "; pass: " + rule.describe() + ", judged for " + String.join(", ", judged));
    }

    public String property() {
        return property;
    }

    /** Unmodifiable. */
    public List<String> values() {
        return values;
    }
}
