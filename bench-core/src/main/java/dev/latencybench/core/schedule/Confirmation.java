package dev.latencybench.core.schedule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Confirms a decided answer: its deciding steps run again with more forks and the answer follows them. Stateless. */
public final class Confirmation {
    private Confirmation() {
    }

    /** True for a boundary, the limit reached, or the first step failed; other answers are left as they are. */
    public static boolean confirmable(Decision d) {
        return d != null && (d.kind == Decision.Kind.BOUNDARY || d.kind == Decision.Kind.AT_LIMIT
                || d.kind == Decision.Kind.NONE_PASSED);
    }

    /** The steps {@code d} names as deciding, in the order they ran; none where it is not {@link #confirmable}. */
    public static List<Step> deciding(Decision d, List<StepOutcome> done) {
        List<Step> steps = new ArrayList<>();
        if (!confirmable(d)) {
            return steps;
        }
        Set<String> names = new HashSet<>(d.decidedBy);
        for (StepOutcome o : done) {
            if (names.remove(o.step.name())) {
                steps.add(o.step);
            }
        }
        return steps;
    }

    /** {@code done} with each step in {@code confirmed} given its confirmed outcome instead, in the same order. */
    public static List<StepOutcome> replaced(List<StepOutcome> done, Map<String, StepOutcome> confirmed) {
        List<StepOutcome> now = new ArrayList<>(done.size());
        for (StepOutcome o : done) {
            now.add(confirmed.getOrDefault(o.step.name(), o));
        }
        return now;
    }

    /**
     * The schedule's answer judged on the confirmed outcomes, saying which steps ran again and whether it held.
     *
     * @param confirmed each confirmed step's outcome on all its forks, by step name, in the order they ran
     * @return the first answer where none was confirmed; null for a schedule without one
     */
    public static Decision rejudge(Schedule schedule, List<StepOutcome> done, Map<String, StepOutcome> confirmed,
                                   int forks) {
        Decision before = schedule.decision(done);
        if (before == null || confirmed.isEmpty()) {
            return before;
        }
        Decision after = schedule.decision(done, confirmed);
        boolean held = after.kind == before.kind && after.value == before.value
                && after.answer.equals(before.answer);
        return after.withConfirmed(new Decision.Confirmed(forks, new ArrayList<>(confirmed.keySet()),
                held ? null : before.answer));
    }
}
