package dev.latencybench.core.schedule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Each variant once, in the order given, named by the variant; only an interrupted step stops it. Immutable. */
public final class FixedList extends PlannedSteps {
    /** @throws IllegalArgumentException when the list is empty, or a variant is not a folder name or repeats */
    public FixedList(List<String> variants) {
        super(variants, stepsOf(variants));
    }

    private static List<Step> stepsOf(List<String> variants) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("a fixed list needs at least one variant");
        }
        Set<String> seen = new HashSet<>();
        List<Step> list = new ArrayList<>();
        for (String v : variants) {
            Step.checkName("variant", v);
            if (!seen.add(v)) {
                throw new IllegalArgumentException("variant '" + v + "' is listed twice");
            }
            list.add(Step.of(v));
        }
        return list;
    }

    public static FixedList of(String... variants) {
        return new FixedList(List.of(variants));
    }

    /** {@code chronicle, reference, baseline}. */
    @Override
    public String describe() {
        return String.join(", ", variants());
    }
}
