package dev.latencybench.core.schedule;

import java.util.List;

/**
 * Which steps a study runs: the launcher asks for the next {@link Step} given the outcomes of the steps done so
 * far, runs it, hands the outcome back, and asks again until the answer is null.
 *
 * <p>The contract every schedule keeps:
 * <ul>
 *   <li>{@code done} holds the outcomes of the steps this schedule returned, in order; a list it could not
 *       have produced is an {@link IllegalArgumentException}.</li>
 *   <li>An {@link StepOutcome.Status#INTERRUPTED INTERRUPTED} step ends the schedule: {@code next} returns null.</li>
 *   <li>A schedule holds no progress: every answer is computed from {@code done}, so a run can be resumed
 *       from its results and one schedule shared between threads.</li>
 * </ul>
 */
public interface Schedule {

    /** The step to run after {@code done}; null when the schedule is complete (or was interrupted). */
    Step next(List<StepOutcome> done);

    /** The answer the steps done give: final once {@code next} returns null, a lower bound before; null for none. */
    Decision decision(List<StepOutcome> done);

    /** The answer with deciding steps' merged outcomes in {@code confirmed}; default: {@link #decision(List)}. */
    default Decision decision(List<StepOutcome> done, java.util.Map<String, StepOutcome> confirmed) {
        return decision(done);
    }

    /** For the run header, e.g. {@code chronicle, reference, baseline}. */
    String describe();

    /** The variants it may run, in order, for headers and {@code run.json}. */
    List<String> variants();

    /** The most steps it can ask for, whatever their outcomes, for the run's time estimate; default one per variant. */
    default int maxSteps() {
        return variants().size();
    }

    /** The most deciding steps its answer can name, which the launcher runs again; 0 for no question. */
    default int maxDecidingSteps() {
        return 0;
    }
}
