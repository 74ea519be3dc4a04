package dev.latencybench.core.schedule;

import java.util.List;

/**
 * Which steps a study runs: the launcher asks for the next {@link Step} given the outcomes of the steps
 * done so far, runs it (its own folder, its own result), hands the outcome back, and asks again until
 * the answer is null. A fixed list of variants is one schedule ({@link FixedList}), a parameter sweep
 * another ({@link Sweep}), a search for the largest load that passes a third ({@link CapacitySearch}).
 *
 * <p>The contract every schedule keeps:
 * <ul>
 *   <li>{@code done} holds the outcomes of the steps this schedule returned, in the order it returned
 *       them; a list it could not have produced is an {@link IllegalArgumentException}.</li>
 *   <li>An {@link StepOutcome.Status#INTERRUPTED INTERRUPTED} step ends the schedule: {@code next}
 *       returns null. Someone stopped the run; running on would ignore them.</li>
 *   <li>A schedule holds no progress of its own: every answer is computed from {@code done}, so the
 *       same list gives the same step, a run can be resumed from its results, and one schedule may be
 *       shared between threads.</li>
 * </ul>
 * Not for hot paths: it is asked once per step, and a step is a whole JMH run.
 */
public interface Schedule {

    /** The step to run after {@code done}; null when the schedule is complete (or was interrupted). */
    Step next(List<StepOutcome> done);

    /**
     * The answer the steps done give: final once {@code next} returns null, a lower bound before;
     * null for a schedule that answers no question, such as a fixed list.
     */
    Decision decision(List<StepOutcome> done);

    /**
     * The answer once its deciding steps ({@link Decision#decidedBy()}) were run again with more forks:
     * {@code confirmed} holds each such step's outcome on all its forks merged, by step name; {@code done} is as the
     * steps first ran. Default: {@link #decision(List)}, for a schedule whose answer no single step decides.
     */
    default Decision decision(List<StepOutcome> done, java.util.Map<String, StepOutcome> confirmed) {
        return decision(done);
    }

    /**
     * For the run header, e.g. {@code chronicle, reference, baseline} or {@code capacity search of
     * chronicle: 1, 2, 4, ... up to 4,096 instances, then bisect; pass: p99.9 < 100ms}.
     */
    String describe();

    /** The variants it may run, in order, for headers and {@code run.json}. */
    List<String> variants();

    /**
     * The most steps it can ask for, whatever their outcomes, for the run's time estimate: one per
     * variant unless the schedule says otherwise (a search's worst case).
     */
    default int maxSteps() {
        return variants().size();
    }

    /**
     * The most deciding steps its answer can name once it has decided ({@link Decision#decidedBy()}: a search's
     * last pass and first fail), which the launcher runs again with more forks, for the time estimate; 0 for a
     * schedule that answers no question.
     */
    default int maxDecidingSteps() {
        return 0;
    }
}
