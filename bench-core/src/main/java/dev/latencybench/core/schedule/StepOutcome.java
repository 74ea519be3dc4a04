package dev.latencybench.core.schedule;

import java.util.List;
import java.util.Objects;

import dev.latencybench.core.record.LatencySummary;

/** How one {@link Step} ended, as the launcher hands it back to its {@link Schedule}. Immutable. */
public final class StepOutcome {
    /** The cell statuses of {@code result.json}: the names are written as they are. */
    public enum Status {
        /** Measured and every check passed. */
        OK,
        /** Ran but failed: a check, a crashed or killed JVM, nothing measured. */
        FAILED,
        /** Stopped from outside (Ctrl-C, a signal) before it ended; what was measured is partial. */
        INTERRUPTED
    }

    public final Step step;
    public final Status status;
    /** Unmodifiable. */
    public final List<String> reasons;
    /** The primary metric's summary; null when nothing was measured. */
    public final LatencySummary summary;

    /** @param summary the primary metric's percentiles; null when nothing was measured */
    public StepOutcome(Step step, Status status, List<String> reasons, LatencySummary summary) {
        this.step = Objects.requireNonNull(step, "step");
        this.status = Objects.requireNonNull(status, "status");
        this.reasons = List.copyOf(reasons);
        this.summary = summary;
    }

    /** An OK step that measured {@code summary}. */
    public static StepOutcome ok(Step step, LatencySummary summary) {
        return new StepOutcome(step, Status.OK, List.of(), summary);
    }

    /** A FAILED step, e.g. one whose JVM crashed; {@code summary} may be null. */
    public static StepOutcome failed(Step step, LatencySummary summary, String... reasons) {
        return new StepOutcome(step, Status.FAILED, List.of(reasons), summary);
    }

    /** An INTERRUPTED step; {@code summary} (partial) may be null. */
    public static StepOutcome interrupted(Step step, LatencySummary summary, String... reasons) {
        return new StepOutcome(step, Status.INTERRUPTED, List.of(reasons), summary);
    }

    /** True when something was measured: a summary with at least one sample. */
    public boolean measured() {
        return summary != null && summary.count > 0;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof StepOutcome)) {
            return false;
        }
        StepOutcome o = (StepOutcome) other;
        return step.equals(o.step) && status == o.status && reasons.equals(o.reasons)
                && Objects.equals(summary, o.summary);
    }

    @Override
    public int hashCode() {
        return Objects.hash(step, status, reasons, summary);
    }

    @Override
    public String toString() {
        return step.name() + " " + status + (reasons.isEmpty() ? "" : " " + reasons)
                + (summary == null ? "" : " " + summary);
    }
}
