package dev.latencybench.core.schedule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each variant with each value of one {@code bench.*} property, variant by variant, values in the
 * order given: e.g. Jet with {@code bench.jet.keys} = 1000, 10000, 100000. A step is named
 * {@code <variant>-<last part of the property>-<value>}, e.g. {@code jet-keys-10000}. A failed step does
 * not stop the sweep; an interrupted one does. Answers no question. Immutable; shareable.
 */
public final class Sweep extends PlannedSteps {
    private final String property;
    private final List<String> values;

    /**
     * @param property e.g. {@code bench.jet.keys}
     * @param values   e.g. {@code 1000, 10000, 100000}: each goes into a folder name, so letters,
     *                 digits, '.', '_' or '-'
     * @throws IllegalArgumentException when a list is empty or repeats itself, or a variant, the
     *                                  property's last part or a value cannot go into a folder name
     */
    public Sweep(List<String> variants, String property, List<String> values) {
        super(variants, stepsOf(variants, property, values));
        this.property = property;
        this.values = List.copyOf(values);
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

    /** {@code sweep of bench.jet.keys: 1000, 10000, 100000 for jet}, or {@code ... for each of jet, hazelcast}. */
    @Override
    public String describe() {
        return "sweep of " + property + ": " + String.join(", ", values)
                + (variants().size() == 1 ? " for " : " for each of ") + String.join(", ", variants());
    }

    public String property() {
        return property;
    }

    /** Unmodifiable. */
    public List<String> values() {
        return values;
    }
}
