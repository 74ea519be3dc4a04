package dev.latencybench.core.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.latencybench.core.record.LatencySummary;

/** Drives a schedule with fake steps, as the launcher would with JMH runs. */
final class FakeSteps {
    static final long MS = 1_000_000L;

    private FakeSteps() {
    }

    /** Runs the schedule to the end; fails the test if it asks for more than 1,000 steps. */
    static List<StepOutcome> drive(Schedule schedule, Function<Step, StepOutcome> run) {
        List<StepOutcome> done = new ArrayList<>();
        for (Step step = schedule.next(done); step != null; step = schedule.next(done)) {
            if (done.size() == 1_000) {
                throw new AssertionError("the schedule does not end: " + done.subList(0, 10) + " ...");
            }
            done.add(run.apply(step));
        }
        return done;
    }

    /** A summary whose p99.9 is {@code p999Ns}; the other percentiles follow from it. */
    static LatencySummary summary(long p999Ns) {
        return new LatencySummary(p999Ns / 10, p999Ns / 5, p999Ns / 2, p999Ns, p999Ns * 2, p999Ns * 3, 1_000_000);
    }

    static StepOutcome ok(Step step, long p999Ns) {
        return StepOutcome.ok(step, summary(p999Ns));
    }
}
