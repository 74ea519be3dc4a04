package dev.latencybench.task;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import dev.latencybench.api.TaskContext;
import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.tail.MeasuringThreads;
import dev.latencybench.core.time.Pacer;

/**
 * The {@link TaskContext} of one benchmark JVM, pointing at the recorders of the period that runs; a sample between
 * periods is a stray. Each call's {@code intendedNs} may be sampled once: a repeat counts as {@code twice}, an unknown
 * one as {@code unknown}, and neither is recorded. Thread-safe; {@link #sample} is wait-free and allocates nothing.
 */
final class SampleContext implements TaskContext {
    private final TaskConfig config;
    private final AffinityService affinity;
    private final AtomicLong strays = new AtomicLong();
    private volatile Period current;
    private volatile boolean closing;
    /** The bits of {@link Period#taken}, kept from period to period (cleared for each): a period allocates none. */
    private long[] takenBits = new long[0];

    private static final VarHandle BITS = MethodHandles.arrayElementVarHandle(long[].class);

    /** What one period records into, and which calls were sampled: call {@code i} is handed {@code Pacer.dueNs(i)}. */
    static final class Period {
        final PeriodContext context;
        final MetricRecorder latency;
        final MetricRecorder[] probes;
        final long startNs;
        final long ratePerSec;
        /** Samples taken: one per call at most. */
        final AtomicLong samples = new AtomicLong();
        /** Samples of a call already sampled. */
        final AtomicLong twice = new AtomicLong();
        /** Samples whose intendedNs no call of this period was handed. */
        final AtomicLong unknown = new AtomicLong();
        /** Calls handed to run() so far: written by the pacing thread before each call. */
        volatile long handed;
        /** A bit per call, set by its sample; set by {@link SampleContext#begin}. */
        long[] taken;

        Period(PeriodContext context, MetricRecorder latency, MetricRecorder[] probes, long startNs, long ratePerSec) {
            this.context = context;
            this.latency = latency;
            this.probes = probes;
            this.startNs = startNs;
            this.ratePerSec = ratePerSec;
        }
    }

    SampleContext(TaskConfig config, AffinityService affinity) {
        this.config = config;
        this.affinity = affinity;
    }

    /** Samples go to this period's recorders from now on; the period has at most {@code calls} calls. */
    void begin(Period period, long calls) {
        int words = (int) Math.min(Integer.MAX_VALUE - 8, (calls + 63) / 64);
        if (takenBits.length < words) {
            takenBits = new long[words];
        } else {
            Arrays.fill(takenBits, 0, words, 0L);
        }
        period.taken = takenBits;
        current = period; // publishes taken
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
        long call = Pacer.indexOfDue(p.startNs, p.ratePerSec, intendedNs);
        if (call < 0 || call >= p.handed || (call >>> 6) >= p.taken.length) {
            p.unknown.incrementAndGet();
            return;
        }
        long bit = 1L << call; // shifts by call & 63
        long was = (long) BITS.getAndBitwiseOr(p.taken, (int) (call >>> 6), bit);
        if ((was & bit) != 0) {
            p.twice.incrementAndGet();
            return;
        }
        p.latency.record(now - intendedNs, now);
        p.samples.incrementAndGet(); // after the record: a period that counted it has it in its histogram
    }

    @Override
    public Probe probe(String name) {
        int i = config.probes.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no probe '" + name + "': declare it with -D" + TaskConfig.PROBES
                    + "=" + (config.probes.isEmpty() ? name : String.join(",", config.probes) + "," + name)
                    + " (probes declared: " + config.probes + ")");
        }
        return new ProbeHandle(i);
    }

    @Override
    public List<String> probes() {
        return config.probes;
    }

    @Override
    public String property(String name, String defaultValue) {
        Map<String, String> own = config.own;
        return own.getOrDefault(name, defaultValue);
    }

    @Override
    public long ratePerSec() {
        return config.ratePerSec;
    }

    /** Declares the calling thread measuring, so a stall of it is told as the platform's, not the task's code. */
    @Override
    public int pinWorkerThread() {
        MeasuringThreads.declareCurrentThread();
        CpuPlan cpus = config.cpus;
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
