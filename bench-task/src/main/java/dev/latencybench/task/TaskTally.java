package dev.latencybench.task;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.study.Accounting;
import dev.latencybench.core.time.Pacer;

/**
 * The counts of a task's measured periods, adding up across periods and forks, one shape for {@code fork.json} and
 * {@code result.json}; the cell's {@link Accounting} in the launcher. Not thread-safe; filled once per period.
 */
final class TaskTally implements Accounting {
    /** The task's whole class name: its variant may be a shortened one. */
    String taskClass;
    long periods;
    long runs;
    long samples;
    long missing;
    long extra;
    /** Of {@link #extra}: samples whose intendedNs no run() of their period was handed. */
    long unknown;
    long outOfRange;
    long strays;
    long maxLagNs;
    long maxFinalLagNs;
    double minAchievedRatePerSec = Double.MAX_VALUE;

    /**
     * One period's tally: {@code runs} calls, {@code samples} of them sampled, {@code twice} samples of a call
     * already sampled and {@code unknown} of an intendedNs no call was handed.
     */
    static TaskTally period(long runs, long samples, long twice, long unknown, long outOfRange, Pacer pacer) {
        TaskTally t = new TaskTally();
        t.periods = 1;
        t.runs = runs;
        t.samples = samples;
        t.missing = Math.max(0, runs - samples);
        t.extra = Math.max(0, samples - runs) + twice + unknown;
        t.unknown = unknown;
        t.outOfRange = outOfRange;
        t.maxLagNs = pacer.maxLagNs();
        t.maxFinalLagNs = pacer.lastLagNs();
        t.minAchievedRatePerSec = pacer.achievedRatePerSec();
        return t;
    }

    TaskTally add(TaskTally o) {
        if (taskClass == null) {
            taskClass = o.taskClass;
        }
        periods += o.periods;
        runs += o.runs;
        samples += o.samples;
        missing += o.missing;
        extra += o.extra;
        unknown += o.unknown;
        outOfRange += o.outOfRange;
        strays += o.strays;
        maxLagNs = Math.max(maxLagNs, o.maxLagNs);
        maxFinalLagNs = Math.max(maxFinalLagNs, o.maxFinalLagNs);
        minAchievedRatePerSec = Math.min(minAchievedRatePerSec, o.minAchievedRatePerSec);
        return this;
    }

    /**
     * Why these counts fail a run: samples missing or extra, latencies out of range, the rate not held.
     * @param complete false for a period cut short: then missing samples and the rate are not judged
     */
    List<String> failures(long askedRatePerSec, long periodNs, boolean complete) {
        List<String> reasons = new ArrayList<>();
        if (complete && missing > 0) {
            reasons.add(String.format(Locale.ROOT, "samples missing: %,d of %,d runs had no sample (every run() must"
                    + " be matched by one TaskContext.sample)", missing, runs));
        }
        if (extra > 0) {
            reasons.add(String.format(Locale.ROOT, "samples extra: %,d more samples than the %,d runs: %,d of a run"
                    + " already sampled, %,d of an intendedNs no run() was handed (one sample per run(), of the"
                    + " intendedNs it was handed; a probe records what else the task measures)", extra, runs,
                    extra - unknown, unknown));
        }
        if (outOfRange > 0) {
            reasons.add(String.format(Locale.ROOT, "latencies outside the histogram range (0 to %s): %,d",
                    Units.formatNs(LatencyRecorder.HIGHEST_TRACKABLE_NS), outOfRange));
        }
        long allowedBehindNs = Pacer.allowedBehindNs(periodNs);
        if (complete && periods > 0 && maxFinalLagNs > allowedBehindNs) {
            reasons.add(String.format(Locale.ROOT, "rate not held: run() ended %s behind schedule (more than %s"
                    + " allowed), achieving %,.0f calls/s of %,d asked", Units.formatNs(maxFinalLagNs),
                    Units.formatNs(allowedBehindNs), minAchievedRatePerSec, askedRatePerSec));
        }
        return reasons;
    }

    @Override
    public void writeTo(JsonObject o) {
        TaskResult.PART.write(new TaskResult(taskClass, periods, runs, samples, missing, extra, unknown, outOfRange, strays, maxLagNs,
                maxFinalLagNs, periods > 0 ? Math.round(minAchievedRatePerSec) : null), o);
    }

    /** The tally {@link #writeTo} wrote, read back from a part that has one ({@code runs} not null). */
    static TaskTally of(TaskResult r) {
        TaskTally t = new TaskTally();
        t.taskClass = r.taskClass;
        t.periods = r.periods;
        t.runs = r.runs;
        t.samples = r.samples;
        t.missing = r.samplesMissing;
        t.extra = r.samplesExtra;
        t.unknown = r.samplesUnknown;
        t.outOfRange = r.outOfRange;
        t.strays = r.strays;
        t.maxLagNs = r.maxLagNs;
        t.maxFinalLagNs = r.maxFinalLagNs;
        if (r.minAchievedRatePerSec != null) {
            t.minAchievedRatePerSec = r.minAchievedRatePerSec;
        }
        return t;
    }

    /** The launcher's accounting of a cell: adds one fork's tally (none from a fork that died before it wrote one). */
    @Override
    public void add(JsonObject fork) {
        TaskResult r = TaskResult.PART.read(fork);
        if (r.runs != null) {
            add(of(r));
        }
    }

    @Override
    public List<String> flags() {
        return strays > 0 ? List.of(String.format(Locale.ROOT, "%,d sample(s) arrived while no period ran (late, or"
                + " without a run): not recorded", strays)) : List.of();
    }

    @Override
    public long expectedSamples() {
        return periods > 0 ? samples - outOfRange : -1;
    }
}
