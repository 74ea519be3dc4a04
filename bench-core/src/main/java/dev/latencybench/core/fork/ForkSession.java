package dev.latencybench.core.fork;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.affinity.OpenHftAffinityService;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.jmh.LatencyProfiler;
import dev.latencybench.core.os.ParentWatch;
import dev.latencybench.core.os.ProcessTree;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ForkResult;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.time.Clocks;
import dev.latencybench.core.time.SystemClock;

/**
 * Everything one forked benchmark JVM does around a study's {@link Workload}, the same for every study:
 *
 * <pre>
 *   [benchmark thread]  runPeriod -> workload.runPeriod(context) -> records into the context's metrics
 *   [lb-monitor]        every second: each metric's interval -> .hlog + totals; progress; the deadline
 *   at the end          verdict, machine load, pinning -> fork.json; the period's figures -> JMH
 * </pre>
 *
 * <p>Threading: {@link #runPeriod} is called by one thread; {@link #interrupt} may come from a
 * shutdown hook; everything else is guarded by this object's lock.
 */
public final class ForkSession implements AutoCloseable {
    /** How often interval histograms are taken. */
    public static final long SAMPLE_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long a signal's shutdown hook waits for the period in progress to end. */
    static final long HOOK_WAIT_NS = TimeUnit.SECONDS.toNanos(8);
    /** Why a period fails when JMH interrupts the benchmark thread (its iteration time-out). */
    public static final String BENCHMARK_THREAD_INTERRUPTED = "the benchmark thread was interrupted (the JMH"
            + " iteration time-out?) before the period ended";
    /** How long the workload may go on after its period's schedule ended, before it is stopped. */
    public static final long GRACE_NS = TimeUnit.SECONDS.toNanos(5);

    private final Workload workload;
    private final Metrics metrics;
    private final Periods periods;
    private final CpuPlan cpus;
    private final Clocks clocks;
    private final AffinityService affinity;
    private final String label;
    /** When the launcher's schedule ends at most (epoch ms), for progress lines; 0: not said. */
    private volatile long endsByMillis;
    private final PrintStream progress;
    private final Path forkDir;
    private final CpuLoadProbe loadProbe;

    /** What the fork measured so far, for fork.json; guarded by this session's lock. */
    private final ForkTally tally;
    private IntervalLog log;

    private volatile boolean stopRequested;
    private volatile String interruptedBecause;
    private volatile CountDownLatch periodEnded = new CountDownLatch(0);
    /** The period running now; null between periods. */
    private volatile Period live;
    /** A signal is ending this JVM: the workload's close is bounded short. */
    private volatile boolean signalled;
    private boolean closed;
    private Thread hook;
    /** Ends this JVM when the workload is stuck ({@link ForkEnd}); tests replace it. */
    private IntConsumer halt = status -> Runtime.getRuntime().halt(status);
    /** This session is its JVM's: processes the workload left running are ended so none outlives the fork. */
    private boolean ownsJvm;
    /** While the workload starts: the reason fork.json gives if the JVM ends there; guarded by this. */
    private String provisionalReason;
    /** Whether fork.json was written with what the fork measured; guarded by this. */
    private boolean wroteForkFiles;
    /** The primary metric's outliers: threshold from the warm-up, kept by the measured periods. */
    private ForkTail tail;

    /** A session without a shutdown hook; {@code forkDir} null writes no files. */
    public ForkSession(Workload workload, Periods periods, CpuPlan cpus, Clocks clocks, AffinityService affinity,
                       String label, PrintStream progress, Path forkDir, CpuLoadProbe loadProbe) {
        this.workload = workload;
        this.metrics = workload.metrics();
        this.periods = periods;
        this.cpus = cpus;
        this.clocks = clocks;
        this.affinity = affinity;
        this.label = label;
        this.progress = progress;
        this.forkDir = forkDir;
        this.loadProbe = loadProbe;
        this.tally = new ForkTally(metrics, cpus, workload.cpuRoles());
        this.tail = new ForkTail(0, periods.measureNs);
    }

    /** The session of this benchmark JVM, with the real affinity service and clocks and a shutdown hook. */
    public static ForkSession open(String study, String variant, RunSettings run, Periods periods, CpuPlan cpus,
                                   Workload workload) {
        Path cell = ResultLayout.cellDir(run.resultsDir, run.runId, study, run.stepOr(variant),
                JvmIdentity.current().named(run.jvmName).cellName());
        Path forkDir = ResultLayout.forkDir(cell, ProcessHandle.current().pid());
        try {
            Files.createDirectories(forkDir);
            ResultFiles.writeJson(forkDir.resolve(ResultLayout.ENV_JSON), Environment.system().capture());
        } catch (IOException e) {
            workload.close();
            throw new IllegalStateException("cannot write to " + forkDir + ": " + e.getMessage(), e);
        }
        // JMH's forks outlive a host killed with SIGKILL until their iteration ends
        ParentWatch.start("the launcher that started this benchmark JVM", 1, System.err);
        BitSet releaseTo = CpuTopology.system().affinity();
        AffinityService affinity = cpus.pins() ? new OpenHftAffinityService(releaseTo) : AffinityService.NONE;
        ForkSession session = new ForkSession(workload, periods, cpus, Clocks.system(), affinity,
                study + "/" + run.stepOr(variant), System.out, forkDir, CpuLoadProbe.system());
        session.endsByMillis = run.endsByMillis;
        session.tail = ForkTail.withProbe(run.tailAboveNs, periods.measureNs, session.clocks.monotonic());
        session.ownsJvm = true;
        session.installShutdownHook();
        session.start();
        return session;
    }

    /** How a start that left the provisional reason ended: in the user's code without a word. */
    public static final String ENDED_HOW_UNKNOWN = " (the code's own System.exit or Runtime.halt, or a crash: see the"
            + " exit code)";
    /** What {@link #ENDED_HOW_UNKNOWN} reads once the launcher knows the JVM ended with exit code 0. */
    public static final String ENDED_WITH_0 = " (the JVM ended with exit code 0: the code's own System.exit(0) or"
            + " Runtime.halt(0))";

    /** Starts the workload within {@link Workload#startBoundNs}; a throw is recorded FAILED and thrown on. */
    public void start() {
        String phase = workload.startPhase();
        if (!phase.isEmpty()) {
            // what stays if the JVM ends in the user's code without a word (Runtime.halt)
            synchronized (this) {
                provisionalReason = "the benchmark JVM ended while starting the workload, " + phase + ", before"
                        + " anything was measured" + ENDED_HOW_UNKNOWN;
            }
            writeProvisionalForkJson();
        }
        try {
            startWithin();
        } finally {
            synchronized (this) {
                provisionalReason = null;
            }
            removeProvisionalForkJson();
        }
    }

    /** fork.json alone, with {@link #provisionalReason}. */
    private synchronized void writeProvisionalForkJson() {
        if (forkDir == null) {
            return;
        }
        try {
            Files.createDirectories(forkDir);
            ResultFiles.writeJson(forkDir.resolve(ResultLayout.FORK_JSON), forkJson());
        } catch (IOException e) {
            progress.println("[" + label + "] cannot write " + forkDir.resolve(ResultLayout.FORK_JSON) + ": " + e);
        }
    }

    /** Removes the provisional fork.json unless a real one replaced it. */
    private synchronized void removeProvisionalForkJson() {
        if (forkDir == null || wroteForkFiles) {
            return;
        }
        try {
            Files.deleteIfExists(forkDir.resolve(ResultLayout.FORK_JSON));
        } catch (IOException e) {
            progress.println("[" + label + "] cannot remove " + forkDir.resolve(ResultLayout.FORK_JSON) + ": " + e);
        }
    }

    private void startWithin() {
        long boundNs = workload.startBoundNs();
        RuntimeException[] failed = new RuntimeException[1];
        Runnable start = () -> {
            try {
                workload.start();
            } catch (RuntimeException e) {
                failed[0] = e;
            }
        };
        Thread stuck = null;
        if (boundNs <= 0) {
            start.run();
        } else {
            // not a daemon: the threads a user's set-up starts inherit that, as they did from JMH's thread
            Thread t = new Thread(start, "lb-start");
            t.start();
            try {
                t.join(TimeUnit.NANOSECONDS.toMillis(boundNs));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stuck = t.isAlive() ? t : null;
        }
        if (stuck != null) {
            stuck("starting the workload did not end within " + Units.formatDuration(boundNs), stuck);
            return; // a test's halt returns
        }
        if (failed[0] != null) {
            synchronized (this) {
                provisionalReason = null; // the reason is known
                tally.addReason(failed[0].getMessage() == null ? failed[0].toString() : failed[0].getMessage());
            }
            writeForkFilesQuietly();
            throw failed[0];
        }
    }

    /** On a signal, writes what was measured, INTERRUPTED; on the measured code's {@code System.exit}, FAILED. */
    void installShutdownHook() {
        hook = new Thread(() -> onShutdown(ForkEnd.exitCaller(Thread.getAllStackTraces())), "lb-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** @param caller the measured code's frame that called {@code System.exit}; null for a signal or the harness */
    void onShutdown(String caller) {
        synchronized (this) {
            if (caller != null) { // its thread is most likely the period's, which never ends: wait briefly
                tally.addReason("the measured code ended its JVM: System.exit called at " + caller);
            }
        }
        signalled = caller == null;
        interrupt(signalled ? "the benchmark JVM was stopped (signal or exit) before the run ended" : null,
                signalled ? HOOK_WAIT_NS : ForkEnd.EXIT_WAIT_NS);
    }

    /** Replaces halting the JVM when the workload is stuck (tests). */
    public ForkSession haltingWith(IntConsumer halt) {
        this.halt = halt;
        return this;
    }

    /** Runs one period, warm-up (discarded) or measured; returns when it ended or the run was interrupted. */
    public LatencySummary runPeriod(boolean measured) {
        LatencySummary none = LatencySummary.of(LatencyRecorder.newHistogram());
        long durationNs = periods.durationNs(measured);
        if (stopRequested || durationNs == 0) {
            return none;
        }
        periodEnded = new CountDownLatch(1);
        try {
            if (stopRequested) { // an interrupt between the check above and the new latch
                return none;
            }
            Period period = new Period(measured, durationNs);
            live = period;
            return period.run();
        } finally {
            live = null;
            periodEnded.countDown();
        }
    }

    /** Stops the period in progress, waits up to {@code waitNs} for it, and writes what was measured, INTERRUPTED. */
    public void interrupt(String why, long waitNs) {
        if (why != null) { // null: the session stops for a reason it already recorded
            interruptedBecause = why;
        }
        stopRequested = true;
        try {
            periodEnded.await(waitNs, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Period period = live; // null once the period ended: its own last interval is taken
        if (period != null && period.measured) {
            period.sample(); // a period slow to stop (a queue still draining) keeps what it recorded so far
        }
        closeFiles();
    }

    /** Writes the fork's result files and closes the workload (removing its files). Idempotent. */
    @Override
    public void close() {
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException alreadyShuttingDown) {
                return; // the hook is running and closes the session itself
            }
        }
        closeFiles();
    }

    private synchronized void closeFiles() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writeForkFiles();
        } finally {
            if (log != null) {
                log.close();
            }
            closeWorkload();
            endLeftProcesses();
        }
    }

    /** Ends what the workload left running in a JVM of its own; says what it ended and what would not end. */
    private void endLeftProcesses() {
        if (!ownsJvm) {
            return;
        }
        List<String> left = ProcessTree.endDescendantsOfThisJvm();
        if (!left.isEmpty()) {
            System.err.println("latency-bench: [" + label + "] still running after SIGKILL: " + left);
        }
    }

    /** Closes the workload; one that does not end within its bound ({@link Workload#closeBoundNs}) ends the JVM. */
    private void closeWorkload() {
        long boundNs = signalled ? ForkEnd.afterSignal(workload.closeBoundNs()) : workload.closeBoundNs();
        Thread stuck = ForkEnd.runWithin(workload::close, boundNs, "lb-close");
        if (stuck != null && signalled) { // the launcher's clean-up removes what is left
            ForkEnd.leftClosing(stuck, System.err);
        } else if (stuck != null) {
            stuck("closing the workload did not end within " + Units.formatDuration(boundNs), stuck);
        }
    }

    /** A thread of the workload does not come back: writes what was measured and why, and ends the JVM. */
    private synchronized void stuck(String what, Thread thread) {
        provisionalReason = null; // the reason is known
        String reason = ForkEnd.logStuck(what, workload.doing(), thread, System.err);
        tally.addReason(reason);
        writeForkFilesQuietly();
        progress.println("[" + label + "] " + reason + "; this benchmark JVM ends itself (exit status "
                + ForkEnd.STUCK_EXIT + ")");
        progress.flush();
        endLeftProcesses();
        halt.accept(ForkEnd.STUCK_EXIT);
    }

    /** {@code OK}, {@code FAILED} (with reasons) or {@code INTERRUPTED}. */
    public synchronized String status() {
        if (interruptedBecause != null) {
            return "INTERRUPTED";
        }
        return tally.reasons().isEmpty() ? "OK" : "FAILED";
    }

    /** Why this fork failed so far; empty when it did not. */
    public synchronized List<String> reasons() {
        return new ArrayList<>(tally.reasons());
    }

    /** How long a period may take before it is stopped: twice its duration, the grace time and a minute. */
    public static long deadlineNs(long durationNs) {
        return 2 * durationNs + GRACE_NS + TimeUnit.MINUTES.toNanos(1);
    }

    /** One period: the workload on the calling thread, the monitor beside it. */
    private final class Period {
        final boolean measured;
        final long durationNs;
        final PeriodStop stop = new PeriodStop(() -> stopRequested, () -> interruptedBecause != null);
        final PeriodContext context;
        final List<MetricRecorder> recorders;
        final List<Histogram> periodHistograms = new ArrayList<>();
        final Histogram window = LatencyRecorder.newHistogram();
        long startNs; // set before the monitor starts
        volatile boolean ended;
        boolean progressPrinted;

        Period(boolean measured, long durationNs) {
            this.measured = measured;
            this.durationNs = durationNs;
            this.context = new PeriodContext(measured, durationNs, clocks, metrics, cpus, workload.cpuRoles(),
                    affinity, stop, measured ? tail : null);
            this.recorders = context.recorders();
            for (int i = 0; i < metrics.size(); i++) {
                periodHistograms.add(LatencyRecorder.newHistogram());
            }
        }

        LatencySummary run() {
            CpuLoadProbe.Snapshot before = loadProbe.snapshot();
            startNs = clocks.monotonic().nanoTime();
            Thread periodThread = Thread.currentThread();
            Thread monitor = new Thread(() -> monitor(startNs, periodThread), "lb-monitor");
            monitor.setDaemon(true);
            monitor.start();
            boolean interrupted = false;
            try {
                workload.runPeriod(context);
            } catch (InterruptedException e) {
                // JMH interrupts the benchmark thread when an iteration runs past its time-out
                interrupted = true;
                context.fail(BENCHMARK_THREAD_INTERRUPTED);
            } catch (Throwable t) {
                context.fail("the workload failed: " + t);
            } finally {
                ended = true;
                LockSupport.unpark(monitor);
                interrupted |= ForkEnd.joinUninterruptibly(monitor);
            }
            sample(); // after the monitor's last interval
            context.wholeIntervals().forEach(this::take);
            CpuLoadProbe.Load load = before.until(loadProbe.snapshot());
            finish(load);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return LatencySummary.of(periodHistograms.get(0));
        }

        /** The monitor thread: intervals, progress, and the period's deadline. */
        private void monitor(long startNs, Thread periodThread) {
            long nextSample = startNs + SAMPLE_INTERVAL_NS;
            long midpoint = startNs + durationNs / 2; // ForkTail samples the warm-up's second half
            boolean split = measured;
            long nextProgress = startNs + periods.progressIntervalNs;
            long stuckAfterNs = workload.stuckAfterNs(durationNs);
            long graceNs = Math.min(ForkEnd.STOP_GRACE_NS, (stuckAfterNs - durationNs) / 2);
            long deadlineAfterNs = Math.min(deadlineNs(durationNs), stuckAfterNs - graceNs);
            long deadline = startNs + deadlineAfterNs;
            String deadlineReason = "the period did not end within " + Units.formatDuration(deadlineAfterNs)
                    + " (the workload stopped making progress?)";
            boolean told = false;
            long realStartNs = SystemClock.INSTANCE.nanoTime(); // real time: a fake clock ends no JVM
            while (!ended) {
                long now = clocks.monotonic().nanoTime();
                if (now - deadline > 0 && !told) {
                    told = true; // once: again would only repeat the reason
                    if (!stop.requested()) {
                        context.abort(deadlineReason);
                    }
                }
                if (SystemClock.INSTANCE.nanoTime() - (realStartNs + stuckAfterNs) > 0 && interruptedBecause == null) {
                    sample(); // what was measured until now, kept
                    synchronized (ForkSession.this) {
                        context.failures().stream().filter(r -> !r.equals(deadlineReason)).forEach(tally::addReason);
                    }
                    stuck((measured ? "the measured" : "the warm-up") + " period did not end within "
                            + Units.formatDuration(stuckAfterNs), periodThread);
                    return;
                }
                if (now - nextSample >= 0 || (!split && now - midpoint >= 0)) {
                    split |= now - midpoint >= 0;
                    sample();
                    nextSample += now - nextSample >= 0 ? SAMPLE_INTERVAL_NS : 0;
                }
                if (now - nextProgress >= 0) {
                    printProgress(now - startNs);
                    nextProgress += periods.progressIntervalNs;
                }
                long wait = Math.min(split ? nextSample : Math.min(nextSample, midpoint),
                        Math.min(nextProgress, told ? Long.MAX_VALUE : deadline)) - clocks.monotonic().nanoTime();
                wait = told ? Math.min(wait, ForkEnd.STUCK_CHECK_NS) : wait;
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
        }

        /** Takes one interval of every metric; one thread at a time. */
        private synchronized void sample() {
            List<Histogram> interval = new ArrayList<>(recorders.size());
            for (MetricRecorder r : recorders) {
                interval.add(r.sampleInterval());
            }
            if (!measured) {
                tail.warmupInterval(interval.get(0), clocks.monotonic().nanoTime() - startNs, durationNs);
            }
            take(interval);
        }

        private synchronized void take(List<Histogram> interval) {
            window.add(interval.get(0));
            for (int i = 0; i < interval.size(); i++) {
                periodHistograms.get(i).add(interval.get(i));
            }
            if (measured) {
                synchronized (ForkSession.this) {
                    tally.addInterval(interval);
                    appendToLog(interval);
                }
            }
        }

        private synchronized void printProgress(long elapsedNs) {
            if (!progressPrinted) {
                progress.println(); // JMH's "Iteration 1:" waits on this line
                progressPrinted = true;
            }
            String counters = workload.progress();
            progress.printf(Locale.ROOT, "[%s] %s %s/%s  %s%s p99 %s (last %s)%s%n", label,
                    measured ? "measure" : "warm-up", Units.formatDuration(elapsedNs), Units.formatDuration(durationNs),
                    counters, counters.isEmpty() ? "" : " ", window.getTotalCount() == 0 ? "-"
                            : Units.formatNs(window.getValueAtPercentile(99)),
                    Units.formatDuration(periods.progressIntervalNs),
                    TimeLeft.text(endsByMillis, clocks.toEpochMillis(clocks.monotonic().nanoTime())));
            progress.flush();
            window.reset();
        }

        private void finish(CpuLoadProbe.Load load) {
            synchronized (ForkSession.this) {
                context.failures().forEach(tally::addReason);
                tally.recordPinning(context);
                if (measured) {
                    tally.addMeasuredPeriod(durationNs, load);
                    LatencyProfiler.publish(metrics, periodHistograms, context.counts(), context.countUnits());
                } else {
                    tail.warmedUp(durationNs);
                }
            }
            if (measured) {
                writeForkFilesQuietly();
            }
        }
    }

    private void appendToLog(List<Histogram> interval) {
        if (forkDir == null) {
            return;
        }
        try {
            if (log == null) {
                Files.createDirectories(forkDir);
                log = new IntervalLog(forkDir.resolve(ResultLayout.LATENCY_HLOG), metrics, "latency-bench " + label);
            }
            log.append(interval);
            log.flush();
        } catch (IOException e) {
            tally.addReason(ResultFiles.cannotWrite(forkDir.resolve(ResultLayout.LATENCY_HLOG), e).getMessage());
        }
    }

    private void writeForkFilesQuietly() {
        try {
            writeForkFiles();
        } catch (RuntimeException e) {
            progress.println("[" + label + "] cannot write fork results: " + e.getMessage());
        }
    }

    private synchronized void writeForkFiles() {
        if (forkDir == null) {
            return;
        }
        try {
            Files.createDirectories(forkDir);
            ResultFiles.writeJson(forkDir.resolve(ResultLayout.FORK_JSON), forkJson());
            wroteForkFiles |= provisionalReason == null;
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + forkDir.resolve(ResultLayout.FORK_JSON) + ": " + e, e);
        }
        tail.write(forkDir); // an IllegalStateException naming the file
    }

    /** What this fork measured so far, as written to {@code fork.json}. */
    public synchronized JsonObject forkJson() {
        ForkResult o = new ForkResult();
        o.status = provisionalReason != null ? "FAILED" : status();
        o.reasons.addAll(tally.reasons());
        if (provisionalReason != null) {
            o.reasons.add(provisionalReason);
        }
        if (interruptedBecause != null) {
            o.reasons.add("interrupted: " + interruptedBecause);
        }
        o.pid = ProcessHandle.current().pid();
        workload.describe(o.described);
        o.metrics = metrics;
        tally.writeTo(o);
        return o.toJson();
    }
}
