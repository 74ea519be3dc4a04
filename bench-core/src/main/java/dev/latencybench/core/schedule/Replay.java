package dev.latencybench.core.schedule;

import java.util.List;
import java.util.function.Function;

/** Checks that the steps done are the ones a schedule would have asked for. Stateless. */
final class Replay {
    private Replay() {
    }

    /** @throws IllegalArgumentException when a step is not the one {@code planned} gives, or follows an interruption */
    static void check(Function<List<StepOutcome>, Step> planned, List<StepOutcome> done) {
        for (int i = 0; i < done.size(); i++) {
            Step actual = done.get(i).step;
            if (i > 0 && done.get(i - 1).status == StepOutcome.Status.INTERRUPTED) {
                throw new IllegalArgumentException("step " + (i + 1) + " (" + actual.name()
                        + ") follows an interrupted step: an interrupted step ends the schedule");
            }
            Step expected = planned.apply(done.subList(0, i));
            if (!actual.equals(expected)) {
                throw new IllegalArgumentException("step " + (i + 1) + " done is " + actual
                        + ", but this schedule's step " + (i + 1) + " is "
                        + (expected == null ? "none (it was complete)" : expected));
            }
        }
    }

    /** True when the last step done was interrupted: the schedule asks for nothing more. */
    static boolean interrupted(List<StepOutcome> done) {
        return !done.isEmpty() && done.get(done.size() - 1).status == StepOutcome.Status.INTERRUPTED;
    }
}
