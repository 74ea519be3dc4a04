package dev.latencybench.core.fork;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.tail.OutlierBuffer;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Clocks;
import dev.latencybench.core.time.Pacer;

/**
 * What a {@link Workload} gets for one period: clocks, pacers, a recorder per metric, CPUs by thread role, a stop
 * flag, and where to report failures and counts. Made by the {@link ForkSession}. Thread-safe.
 */
public final class PeriodContext {
    /** A pacer sleeps until this close to a due time, then spins: parkNanos overshoots by ~50 us. */
    public static final long SPIN_THRESHOLD_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private final boolean measured;
    private final long durationNs;
    private final Clocks clocks;
    private final Metrics metrics;
    private final CpuPlan cpus;
    private final List<String> roles;
    private final AffinityService affinity;
    private final PeriodStop stop;
    /** The fork's tail in a measured period; null in a warm-up. */
    private final ForkTail tail;
    private final Map<String, MetricRecorder> recorders = new LinkedHashMap<>();
    private final Map<String, Boolean> handedOut = new LinkedHashMap<>();
    private final List<List<Histogram>> wholeIntervals = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private final Map<String, String> countUnits = new LinkedHashMap<>();
    private final int[] pinnedTo;
    private volatile String pinFailure;

    PeriodContext(boolean measured, long durationNs, Clocks clocks, Metrics metrics, CpuPlan cpus, List<String> roles,
                  AffinityService affinity, PeriodStop stop) {
        this(measured, durationNs, clocks, metrics, cpus, roles, affinity, stop, null);
    }

    /** @param tail where the primary metric's outliers go; null: a warm-up */
    PeriodContext(boolean measured, long durationNs, Clocks clocks, Metrics metrics, CpuPlan cpus, List<String> roles,
                  AffinityService affinity, PeriodStop stop, ForkTail tail) {
        this.measured = measured;
        this.durationNs = durationNs;
        this.clocks = clocks;
        this.metrics = metrics;
        this.cpus = cpus;
        this.roles = roles;
        this.affinity = affinity;
        this.stop = stop;
        this.tail = tail;
        OutlierBuffer primaryOutliers = tail == null ? null : tail.forMeasuredPeriod();
        this.pinnedTo = new int[roles.size()];
        java.util.Arrays.fill(pinnedTo, -1);
        for (Metric m : metrics.all()) {
            recorders.put(m.name(), new MetricRecorder(m, m == metrics.primary() ? primaryOutliers : null));
        }
    }

    /** False for a warm-up period, whose figures are discarded. */
    public boolean measured() {
        return measured;
    }

    /** How long the period's schedule runs. */
    public long durationNs() {
        return durationNs;
    }

    public Clocks clocks() {
        return clocks;
    }

    /** The monotonic clock: every duration and schedule. */
    public Clock clock() {
        return clocks.monotonic();
    }

    /** Says that the primary metric's samples time other processes, whose stops are not in this JVM's log. */
    public void primaryTimesOtherProcesses() {
        if (tail != null) {
            tail.timesOtherProcesses();
        }
    }

    /** A fixed-rate schedule on the period's clock, for one sending thread. */
    public Pacer pacer(long ratePerSec) {
        return new Pacer(clocks.monotonic(), ratePerSec, SPIN_THRESHOLD_NS);
    }

    /** The recorder of a metric: handed out once per period if single-writer, else to each thread that asks. */
    public synchronized MetricRecorder recorder(String metric) {
        Metric m = metrics.get(metric);
        if (m.writers() == Metric.Writers.ONE && handedOut.put(metric, Boolean.TRUE) != null) {
            throw new IllegalStateException("metric '" + metric + "' is recorded by one thread, and its recorder was"
                    + " already taken this period; declare it with Writers.MANY for several threads");
        }
        return recorders.get(metric);
    }

    /** Every metric's recorder, in declaration order, for the session's monitor. */
    List<MetricRecorder> recorders() {
        return new ArrayList<>(recorders.values());
    }

    /** Hands over one interval of every metric measured without the recorders, in declaration order. */
    public synchronized void addInterval(List<Histogram> perMetric) {
        if (perMetric.size() != metrics.size()) {
            throw new IllegalArgumentException("one histogram per metric " + metrics.names() + ", got "
                    + perMetric.size());
        }
        wholeIntervals.add(new ArrayList<>(perMetric));
    }

    synchronized List<List<Histogram>> wholeIntervals() {
        return new ArrayList<>(wholeIntervals);
    }

    /**
     * Pins the calling thread to the CPU the plan gives {@code role}; returns the CPU, or -1 when the plan pins
     * nothing or pinning failed. In a measured period the hiccup probe watches the thread from then on.
     */
    public int pin(String role) {
        int i = roles.indexOf(role);
        if (i < 0) {
            throw new IllegalArgumentException("no CPU role '" + role + "'; the workload declared " + roles);
        }
        if (tail != null) {
            tail.watchCurrentThread();
        }
        if (!cpus.pins()) {
            return -1;
        }
        int cpu = affinity.pinCurrentThread(cpus.cpu(i));
        synchronized (this) {
            pinnedTo[i] = cpu;
        }
        if (cpu < 0) {
            pinFailure = affinity.lastFailure();
        }
        return cpu;
    }

    /** Releases the calling thread's pinning, if the plan pins. */
    public void unpin() {
        if (cpus.pins()) {
            affinity.releaseCurrentThread();
        }
    }

    synchronized int[] pinnedTo() {
        return pinnedTo.clone();
    }

    String pinFailure() {
        return pinFailure;
    }

    /** True once the run is being stopped (a signal, the deadline, a failure): end the period soon. */
    public boolean stopping() {
        return stop.requested();
    }

    /** True when this period was ended early ({@link #abort}, or its deadline passed). */
    public boolean aborted() {
        return stop.aborted();
    }

    /** A daemon thread for a workload loop (not started): a throw fails the period, then runs {@code onFailure}. */
    public Thread newThread(String name, Runnable loop, Runnable onFailure) {
        Thread t = new Thread(() -> {
            try {
                loop.run();
            } catch (Throwable e) {
                fail(name + " failed: " + e);
                onFailure.run();
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    /** True when the run is being stopped from outside (a signal). */
    public boolean interrupted() {
        return stop.interrupted();
    }

    /** True when this period already has a reason to fail the fork. */
    public synchronized boolean failed() {
        return !failures.isEmpty();
    }

    /** Ends the period early with a reason: the fork fails with it. */
    public void abort(String reason) {
        fail(reason);
        stop.abort();
    }

    /** Records why this period fails the fork (several reasons may be given). */
    public synchronized void fail(String reason) {
        if (!failures.contains(reason)) {
            failures.add(reason);
        }
    }

    synchronized List<String> failures() {
        return new ArrayList<>(failures);
    }

    /** A count to publish with the period's figures (JMH's secondary results), e.g. {@code msg.lost}. */
    public synchronized void count(String name, long value, String unit) {
        counts.put(name, value);
        countUnits.put(name, unit);
    }

    synchronized Map<String, Long> counts() {
        return new LinkedHashMap<>(counts);
    }

    synchronized Map<String, String> countUnits() {
        return new LinkedHashMap<>(countUnits);
    }
}
