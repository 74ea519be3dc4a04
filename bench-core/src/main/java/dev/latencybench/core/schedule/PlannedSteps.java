package dev.latencybench.core.schedule;

import java.util.List;

/** A schedule whose steps are all known before the first runs. Answers no question. Immutable. */
abstract class PlannedSteps implements Schedule {
    private final List<String> variants;
    private final List<Step> steps;

    PlannedSteps(List<String> variants, List<Step> steps) {
        this.variants = List.copyOf(variants);
        this.steps = List.copyOf(steps);
    }

    @Override
    public Step next(List<StepOutcome> done) {
        Replay.check(this::planned, done);
        return Replay.interrupted(done) ? null : planned(done);
    }

    private Step planned(List<StepOutcome> done) {
        return done.size() < steps.size() ? steps.get(done.size()) : null;
    }

    /** Always null: the steps' own results are the answer. */
    @Override
    public Decision decision(List<StepOutcome> done) {
        return null;
    }

    @Override
    public List<String> variants() {
        return variants;
    }

    /** Every step, in order. Unmodifiable. */
    public List<Step> steps() {
        return steps;
    }

    @Override
    public int maxSteps() {
        return steps.size();
    }

    @Override
    public String toString() {
        return describe();
    }
}
