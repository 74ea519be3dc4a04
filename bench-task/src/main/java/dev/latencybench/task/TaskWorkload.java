package dev.latencybench.task;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.google.gson.JsonObject;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Pacer;

/**
 * A user's {@link LatencyTask} as a workload: its {@code run} called on the pacer's schedule on the pacing thread,
 * every run matched by one sample the task gives its {@link SampleContext}; a sample missing or extra fails the period.
 * {@link #runPeriod} runs on the session's benchmark thread, {@link #progress} on its monitor; the pacing loop
 * allocates, locks and logs nothing of the harness's own.
 */
final class TaskWorkload implements Workload {
    /** How long a period waits after its last call for the samples still due. */
    static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);
    /** How long no sample may come before a period that has all its samples ends. */
    static final long SETTLE_NS = TimeUnit.MILLISECONDS.toNanos(2);
    /** How long a period may run past its length before it is taken as stuck; the fork then ends FAILED. */
    static final long STUCK_AFTER_PERIOD_NS = TimeUnit.SECONDS.toNanos(10);
    /** How long tearDown() may take before the fork ends FAILED the same way. */
    static final long TEAR_DOWN_BOUND_NS = TimeUnit.SECONDS.toNanos(10);
    /** How long setUp() may take in a fork: the check's whole time limit ({@code TaskCheck.TIME_LIMIT_SEC}). */
    static final long SET_UP_BOUND_NS = TimeUnit.SECONDS.toNanos(30);

    private final TaskConfig config;
    private final String variant;
    private final LatencyTask task;
    private final ClassLoader loader;
    private final SampleContext context;
    private final Metrics metrics;
    private final TaskTally tally = new TaskTally();
    private volatile long runsNow;
    private volatile SampleContext.Period current;
    /** What the task's calls are in, for {@link #doing}: written at each change of phase, never per call. */
    private volatile String phase = "";
    private long stuckAfterPeriodNs = STUCK_AFTER_PERIOD_NS;
    private long tearDownBoundNs = TEAR_DOWN_BOUND_NS;
    private long setUpBoundNs = SET_UP_BOUND_NS;

    /** The workload of a task made, not set up yet ({@link #start}). */
    TaskWorkload(TaskConfig config, String variant, LatencyTask task, ClassLoader loader, AffinityService affinity) {
        this.config = config;
        this.variant = variant;
        this.task = task;
        this.loader = loader;
        this.metrics = config.metrics();
        this.context = new SampleContext(config, affinity);
        tally.taskClass = task.getClass().getName();
    }

    /**
     * Runs the task's set-up; in a fork, within {@link #startBoundNs}.
     * @throws IllegalStateException when the set-up threw, with its message
     */
    @Override
    public void start() {
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        // for libraries of the task that load by name; threads the task starts inherit it
        Thread.currentThread().setContextClassLoader(loader);
        phase = startPhase();
        try {
            task.setUp(context);
        } catch (Exception | LinkageError e) {
            context.close();
            throw new IllegalStateException("setUp of " + task.getClass().getName() + " failed: " + e, e);
        } finally {
            phase = "";
            Thread.currentThread().setContextClassLoader(before);
        }
    }

    @Override
    public long startBoundNs() {
        return setUpBoundNs;
    }

    @Override
    public String startPhase() {
        return "in setUp() of " + task.getClass().getName();
    }

    @Override
    public Metrics metrics() {
        return metrics;
    }

    @Override
    public List<String> cpuRoles() {
        return List.of(TaskConfig.CPU_ROLES.get(0));
    }

    @Override
    public void runPeriod(PeriodContext period) throws InterruptedException {
        long calls = Pacer.messagesIn(config.ratePerSec, period.durationNs());
        if (calls == 0) {
            return;
        }
        MetricRecorder[] probes = new MetricRecorder[config.probes.size()];
        for (int i = 0; i < probes.length; i++) {
            probes[i] = period.recorder(config.probes.get(i));
        }
        MetricRecorder call = period.recorder(TaskConfig.TaskMetrics.CALL);
        Pacer pacer = period.pacer(config.ratePerSec);
        Clock clock = period.clock();
        period.pin(TaskConfig.CPU_ROLES.get(0));
        // the schedule's start is known before the first sample can come
        SampleContext.Period p = new SampleContext.Period(period, period.recorder(TaskConfig.TaskMetrics.LATENCY),
                probes, clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1), config.ratePerSec);
        current = p;
        context.begin(p, calls);
        long runs = 0;
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            runsNow = 0;
            phase = "in run() of " + task.getClass().getName();
            runs = pace(period, p, pacer, clock, call, calls);
        } finally {
            Thread.currentThread().setContextClassLoader(before);
            phase = "";
            long samples = drain(period, p, runs);
            current = null;
            period.unpin();
            account(period, p, runs, samples, pacer, calls);
        }
    }

    /** The pacing loop: {@code calls} calls of run() on the schedule; returns how many were made. */
    private long pace(PeriodContext period, SampleContext.Period p, Pacer pacer, Clock clock, MetricRecorder call,
                      long calls) {
        final LatencyTask task = this.task;
        pacer.start(p.startNs);
        long runs = 0;
        try {
            while (runs < calls && !period.stopping()) {
                final long intendedNs = pacer.awaitNext();
                p.handed = runs + 1; // before the call: its sample may come before run() returns
                final long startNs = clock.nanoTime();
                task.run(intendedNs);
                call.record(clock.nanoTime() - startNs);
                runsNow = ++runs;
            }
        } catch (Exception | Error e) {
            // an Error too: named with its call, the calls before it counted, instead of the period cut short with none
            runs = p.handed; // the call that threw was made
            period.abort(String.format(Locale.ROOT, "run() of %s threw %s at call %,d", task.getClass().getName(), e,
                    runs));
        }
        return runs;
    }

    /** Waits for the samples due after the last call, then until none came for {@link #SETTLE_NS}; returns them. */
    private long drain(PeriodContext period, SampleContext.Period p, long runs) {
        long deadline = System.nanoTime() + DRAIN_TIMEOUT_NS;
        long seen = -1;
        long quietSinceNs = 0;
        while (System.nanoTime() < deadline && !period.interrupted()) {
            long samples = p.samples.get();
            long now = System.nanoTime();
            if (samples != seen) {
                seen = samples;
                quietSinceNs = now;
            } else if (samples >= runs && now - quietSinceNs >= SETTLE_NS) {
                break;
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
        }
        return context.end(p);
    }

    /** Adds a measured period to the fork's tally and fails the period for what its counts show. */
    private void account(PeriodContext period, SampleContext.Period p, long runs, long samples, Pacer pacer,
                         long calls) {
        if (!period.measured()) {
            long unmatched = p.twice.get() + p.unknown.get();
            if (runs == calls && (samples != runs || unmatched > 0) && !period.interrupted()) {
                // a broken task fails before it is measured
                period.fail(String.format(Locale.ROOT, "warm-up: %,d runs but %,d samples%s (every run() must be"
                        + " matched by one TaskContext.sample of its intendedNs)", runs, samples,
                        unmatched > 0 ? String.format(Locale.ROOT, " and %,d more of no run or of one already"
                                + " sampled", unmatched) : ""));
            }
            return;
        }
        TaskTally t = TaskTally.period(runs, samples, p.twice.get(), p.unknown.get(), p.latency.outOfRange(), pacer);
        boolean complete = runs == calls && !period.interrupted();
        if (runs < calls && !period.interrupted() && !period.failed()) {
            period.fail(String.format(Locale.ROOT, "the period was cut short: %,d of %,d calls made", runs, calls));
        }
        t.failures(config.ratePerSec, period.durationNs(), complete && !period.failed()).forEach(period::fail);
        synchronized (this) {
            tally.add(t);
            tally.strays = context.strays();
        }
        period.count("samples.missing", t.missing, "samples");
    }

    @Override
    public String progress() {
        SampleContext.Period p = current;
        return p == null ? "" : String.format(Locale.ROOT, "runs %,d  samples %,d ", runsNow, p.samples.get());
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonCodec.addMembers(fork, new ForkMembers(config.ratePerSec));
        tally.writeTo(fork);
    }

    /** What fork.json records of the workload, in the order written. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class ForkMembers {
        final long ratePerSec;

        ForkMembers(long ratePerSec) {
            this.ratePerSec = ratePerSec;
        }
    }

    /** The bounds of a stuck period, set-up and tear-down, shorter for tests; returns this workload. */
    TaskWorkload bounds(long stuckAfterPeriodNs, long tearDownBoundNs) {
        this.stuckAfterPeriodNs = stuckAfterPeriodNs;
        this.tearDownBoundNs = tearDownBoundNs;
        this.setUpBoundNs = tearDownBoundNs;
        return this;
    }

    @Override
    public long stuckAfterNs(long durationNs) {
        return durationNs + stuckAfterPeriodNs;
    }

    @Override
    public long closeBoundNs() {
        return tearDownBoundNs;
    }

    @Override
    public String doing() {
        String in = phase;
        return in.startsWith("in run()") ? String.format(Locale.ROOT, "%s, call %,d", in, runsNow + 1) : in;
    }

    @Override
    public void close() {
        context.close();
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        phase = "in tearDown() of " + task.getClass().getName();
        try {
            task.tearDown();
        } catch (Exception | LinkageError e) {
            System.err.println("latency-bench: tearDown of " + task.getClass().getName() + " (" + variant
                    + ") threw " + e);
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
    }
}
