package dev.latencybench.task;

import dev.latencybench.core.result.ResultPart;

/**
 * The task study's own members of {@code fork.json} and {@code result.json}, named once, here: what
 * {@link TaskTally} writes of a fork's periods and of a cell's forks added up, and reads back to add the forks
 * up. A member an older file lacks reads as 0 (or null). Immutable. Its members: the task's whole class name
 * ({@code taskClass}, which its variant may only begin with); the measured {@code periods};
 * the {@code runs} (calls of {@code run}) and the {@code samples} taken, with the runs that had none
 * ({@code samplesMissing}) and the samples beyond one per run ({@code samplesExtra}: a second sample of a run, or one of an {@code intendedNs} no
 * run was handed, of which {@code samplesUnknown} are the latter); the latencies beyond the
 * histogram ({@code outOfRange}); the samples that came while no period ran ({@code strays}); how far the
 * calls fell behind their schedule at worst and at a period's end ({@code maxLagNs}, {@code maxFinalLagNs});
 * and the lowest rate a period achieved, in calls a second ({@code minAchievedRatePerSec}, null with no period).
 */
final class TaskResult {
    static final ResultPart<TaskResult> PART = ResultPart.of(TaskResult.class);

    /** Null in a file written before it was kept here. */
    final String taskClass;
    final long periods;
    /** Null in a fork's file that has no tally (the fork died before it wrote one). */
    final Long runs;
    final long samples;
    final long samplesMissing;
    final long samplesExtra;
    final long samplesUnknown;
    final long outOfRange;
    final long strays;
    final long maxLagNs;
    final long maxFinalLagNs;
    final Long minAchievedRatePerSec;

    TaskResult(String taskClass, long periods, Long runs, long samples, long samplesMissing, long samplesExtra, long samplesUnknown,
            long outOfRange, long strays, long maxLagNs, long maxFinalLagNs, Long minAchievedRatePerSec) {
        this.taskClass = taskClass;
        this.periods = periods;
        this.runs = runs;
        this.samples = samples;
        this.samplesMissing = samplesMissing;
        this.samplesExtra = samplesExtra;
        this.samplesUnknown = samplesUnknown;
        this.outOfRange = outOfRange;
        this.strays = strays;
        this.maxLagNs = maxLagNs;
        this.maxFinalLagNs = maxFinalLagNs;
        this.minAchievedRatePerSec = minAchievedRatePerSec;
    }
}
