package dev.latencybench.task;

import dev.latencybench.core.result.ResultPart;

/**
 * The task study's own members of {@code fork.json} and {@code result.json}, written and read by {@link TaskTally};
 * a member an older file lacks reads as 0 (or null). Immutable.
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
