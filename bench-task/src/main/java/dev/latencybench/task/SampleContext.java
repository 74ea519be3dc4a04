package dev.latencybench.task;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import dev.latencybench.api.TaskContext;
import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.tail.MeasuringThreads;

/**
 * The {@link TaskContext} of one benchmark JVM: lives from the task's set-up to its tear-down, and
 * points at the recorders of the period that runs ({@link #begin} / {@link #end}). A sample that
 * arrives between periods (a task that samples late, or samples without a run) is counted as a
 * stray, never recorded.
 *
 * <p>Thread-safe. Hot path ({@link #sample}, {@link ProbeHandle#sample}): one {@code System.nanoTime()},
 * one volatile read, one atomic increment and one concurrent histogram record (HdrHistogram's
 * {@code Recorder}: wait-free, no lock, no allocation).
 */
final class SampleContext implements TaskContext {
    private final TaskConfig config;
    private final AffinityService affinity;
    private final AtomicLong strays = new AtomicLong();
    private volatile Period current;
    private volatile boolean closing;

    /** What one period records into, and how many samples it took. */
    static final class Period {
        final PeriodContext context;
        final MetricRecorder latency;
        final MetricRecorder[] probes;
        final AtomicLong samples = new AtomicLong();

        Period(PeriodContext context, MetricRecorder latency, MetricRecorder[] probes) {
            this.context = context;
            this.latency = latency;
            this.probes = probes;
        }
    }

    SampleContext(TaskConfig config, AffinityService affinity) {
        this.config = config;
        this.affinity = affinity;
    }

    /** Samples go to this period's recorders from now on. */
    void begin(Period period) {
        current = period;
    }

    /** Samples from now on are strays; returns how many the period took. */
    long end(Period period) {
        current = null;
        return period.samples.get();
    }

    /** Samples that arrived while no period ran. */
    long strays() {
        return strays.get();
    }

    /** From now on {@link #stopping} is true: the task is about to be torn down. */
    void close() {
        closing = true;
    }

    @Override
    public void sample(long intendedNs) {
        long now = System.nanoTime();
        Period p = current;
        if (p == null) {
            strays.incrementAndGet();
            return;
        }
        p.latency.record(now - intendedNs, now);
        p.samples.incrementAndGet(); // after the record: a period that counted it has it in its histogram
    }

    @Override
    public Probe probe(String name) {
        int i = config.probes().indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no probe '" + name + "': declare it with -D" + TaskConfig.PROBES
                    + "=" + (config.probes().isEmpty() ? name : String.join(",", config.probes()) + "," + name)
                    + " (probes declared: " + config.probes() + ")");
        }
        return new ProbeHandle(i);
    }

    @Override
    public List<String> probes() {
        return config.probes();
    }

    @Override
    public String property(String name, String defaultValue) {
        Map<String, String> own = config.own();
        return own.getOrDefault(name, defaultValue);
    }

    @Override
    public long ratePerSec() {
        return config.ratePerSec();
    }

    /**
     * Declares the calling thread measuring ({@link MeasuringThreads}), pinned or not: a sample waits on it, so the
     * fork's hiccup probe watches its run-queue wait and a stall of it is told as the platform's, not the task's code.
     */
    @Override
    public int pinWorkerThread() {
        MeasuringThreads.declareCurrentThread();
        CpuPlan cpus = config.cpus();
        return cpus.pins() ? affinity.pinCurrentThread(cpus.cpu(1)) : -1;
    }

    @Override
    public boolean stopping() {
        if (closing) {
            return true;
        }
        Period p = current;
        return p != null && p.context.interrupted();
    }

    /** A probe: records into the running period's recorder of its metric. */
    private final class ProbeHandle implements Probe {
        private final int index;

        ProbeHandle(int index) {
            this.index = index;
        }

        @Override
        public void sample(long startNs) {
            sampleNanos(System.nanoTime() - startNs);
        }

        @Override
        public void sampleNanos(long durationNs) {
            Period p = current;
            if (p != null) {
                p.probes[index].record(durationNs);
            }
        }
    }
}
