package dev.latencybench.jet;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import com.google.gson.JsonObject;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.Observable;
import com.hazelcast.jet.core.JobStatus;
import com.hazelcast.jet.function.Observer;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.map.IMap;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;

/**
 * One point of the sliding-window study in a benchmark JVM. The job is submitted on the first period and runs through
 * warm-up and measured periods alike, so the window stays full; each period records the latency of each window end's
 * first and last result. {@link #close} cancels the job and shuts the member down, on every path.
 */
final class JetWorkload implements Workload {
    static final String FIRST = "first-result";
    static final String LAST = "last-result";
    /** The source starts this long after the job is submitted, so its first events are not already late. */
    static final long START_LEAD_NS = TimeUnit.MILLISECONDS.toNanos(500);
    static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(50);
    /** How long {@link #close} waits for the cancelled job to end before shutting the member down anyway. */
    static final long CANCEL_WAIT_S = 5;
    /** A timing's last result where the pipeline does not time it (the published one times only the first). */
    static final long NOT_TIMED = Long.MIN_VALUE;

    private final JetSettings settings;
    private final String variant;
    private final long keys;
    private final Supplier<JetCluster> opener;
    private final JobClock clock;
    private final ProcessCpu cpu;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final JetTally tally = new JetTally();
    private JetCluster cluster;
    private Job job;
    private Observable<long[]> observable;
    private IMap<String, long[]> state;
    /** Merges the job's partial timings; the observer's thread only, once the job is submitted. */
    private WindowTimer timer;
    private volatile JetPeriod current;
    private volatile String jobError;
    private boolean closed;

    /**
     * @param keys   this point's key count
     * @param opener starts the member or connects to the cluster, on the first period
     */
    JetWorkload(JetSettings settings, String variant, long keys, Supplier<JetCluster> opener, JobClock clock,
                ProcessCpu cpu) {
        this.settings = settings;
        this.variant = variant;
        this.keys = keys;
        this.opener = opener;
        this.clock = clock;
        this.cpu = cpu;
    }

    /**
     * The study's: an embedded member or a client, as {@code bench.jet.cluster} says.
     * @param variant {@link JetStudy#VARIANT}, or {@link JetStudy#REFERENCE} for the published pipeline
     */
    static JetWorkload of(JetSettings s, String variant) {
        long keys = s.pointKeys();
        return new JetWorkload(s, variant, keys, () -> s.cluster().isEmpty() ? EmbeddedMember.start(s.port())
                : ClusterClient.connect(s.cluster(), s.clusterName()), JobClock.SYSTEM, ProcessCpu.self());
    }

    static Metrics declared() {
        return new Metrics(List.of(
                new Metric(FIRST, "from a window's end to the first of its results leaving the aggregation", "ns",
                        Metric.Writers.MANY),
                new Metric(LAST, "from a window's end to the last of its results leaving the aggregation (the whole"
                        + " result set)", "ns", Metric.Writers.MANY)));
    }

    @Override
    public Metrics metrics() {
        return declared();
    }

    @Override
    public void runPeriod(PeriodContext context) throws InterruptedException {
        synchronized (this) {
            if (closed) {
                return;
            }
            if (job == null) {
                startJob();
            }
        }
        JetPeriod period = new JetPeriod(context);
        current = period;
        try {
            period.run();
        } finally {
            current = null;
        }
        if (context.measured()) {
            JetTally t = period.tally;
            t.failures(settings.maxLagNs(), settings.ratePerSec(), !context.interrupted() && !context.aborted())
                    .forEach(context::fail);
            context.count("jet.windows", t.windows, "window ends");
            context.count("jet.inputPerSec", Math.round(t.inputPerSec()), "events/s");
            context.count("jet.outputPerSec", Math.round(t.outputPerSec()), "results/s");
            context.count("jet.sourceFinalLag", t.sourceFinalLagNs, "ns");
            synchronized (this) {
                tally.add(t);
            }
        }
    }

    private void startJob() {
        cluster = opener.get();
        String id = "lb-jet-" + UUID.randomUUID();
        state = cluster.instance().getMap(id);
        observable = cluster.instance().getJet().newObservable();
        Pipeline pipeline;
        if (JetStudy.REFERENCE.equals(variant)) {
            observable.addObserver(Observer.of(this::onReference, e -> jobError = String.valueOf(e), () -> { }));
            pipeline = ReferencePipeline.pipeline(settings.ratePerSec(), keys,
                    EventSchedule.toJobMs(settings.windowNs()), EventSchedule.toJobMs(settings.slideNs()),
                    id, observable.name());
        } else {
            EventSchedule schedule = new EventSchedule(clock.nowNs() + START_LEAD_NS, settings.ratePerSec(), keys,
                    settings.windowNs(), settings.slideNs());
            timer = new WindowTimer(schedule);
            observable.addObserver(Observer.of(this::onPartial, e -> jobError = String.valueOf(e), () -> { }));
            pipeline = SlidingWindowJob.pipeline(schedule, clock, id, observable.name());
        }
        job = cluster.instance().getJet().newJob(pipeline, SlidingWindowJob.config(id, cluster.jobClasses()));
    }

    /**
     * The observer's thread, for the published pipeline: one window end's {end ms, latency ms} of its sampled key, as
     * a first-result timing; the study checked no count, so nothing counts as wrong.
     */
    private void onReference(long[] endAndLatencyMs) {
        JetPeriod p = current;
        if (p != null) {
            long end = EventSchedule.fromJobMs(endAndLatencyMs[0]);
            p.onTiming(WindowTiming.of(end, EventSchedule.fromJobMs(endAndLatencyMs[1]), NOT_TIMED, keys, keys,
                    0, true, 0));
        }
    }

    /** The observer's thread: merges one partial timing; the window ends it completes go to the current period. */
    private void onPartial(long[] partial) {
        List<long[]> done;
        synchronized (timer) {
            done = timer.accept(partial);
        }
        JetPeriod p = current;
        if (p != null) {
            done.forEach(p::onTiming);
        }
    }

    @Override
    public String progress() {
        JetPeriod p = current;
        return p == null ? "" : p.progress();
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        JsonCodec.addMembers(fork, new ForkMembers(keys, settings.ratePerSec(), settings.windowNs(),
                settings.slideNs(), cluster == null ? null : cluster.describe()));
        tally.writeTo(fork);
    }

    /** What fork.json records of the workload, in the order written; {@code cluster} once there is one. */
    private record ForkMembers(long keys, long ratePerSec, long windowNs, long slideNs, JsonObject cluster) {
    }

    /** Cancels the job, removes its map and observable, shuts the member down or disconnects; once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (cluster == null) {
            return;
        }
        try {
            if (job != null && !job.getStatus().isTerminal()) {
                job.cancel();
                // the job completes its observable as it ends: let it, before the member goes
                job.getFuture().get(CANCEL_WAIT_S, TimeUnit.SECONDS);
            }
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            // cancelled as asked (a cancelled job's future ends with CancellationException), or it ended on its own
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (observable != null) {
                observable.destroy();
            }
            if (state != null) {
                state.destroy();
            }
        } catch (RuntimeException e) {
            // as above: nothing to keep
        } finally {
            cluster.close();
        }
    }

    /** One period: its figures as they arrive, and its polling loop on the calling thread. */
    private final class JetPeriod {
        private final PeriodContext context;
        private final MetricRecorder first;
        private final MetricRecorder last;
        final JetTally tally = new JetTally();
        private long minEnd = Long.MAX_VALUE;
        private long maxEnd = Long.MIN_VALUE;
        private long[] startState;
        private long[] lastState;
        /** Set when the period ends: a window end the observer hands over later is not this period's. */
        private boolean ended;

        JetPeriod(PeriodContext context) {
            this.context = context;
            this.first = context.recorder(FIRST);
            this.last = context.recorder(LAST);
        }

        synchronized void onTiming(long[] t) {
            if (ended) {
                return;
            }
            // each with the instant its result arrived, on the fork's monotonic clock, for the tail's attribution
            first.record(clamp(t[WindowTiming.FIRST_NS]), arrivedNs(t, WindowTiming.FIRST_NS));
            if (t[WindowTiming.LAST_NS] != NOT_TIMED) {
                last.record(clamp(t[WindowTiming.LAST_NS]), arrivedNs(t, WindowTiming.LAST_NS));
            }
            tally.windows++;
            tally.results += t[WindowTiming.RESULTS];
            tally.wrongCounts += t[WindowTiming.WRONG];
            tally.lateResults += t[WindowTiming.LATE];
            if (t[WindowTiming.COMPLETE] == 0) {
                tally.incompleteWindows++;
            }
            minEnd = Math.min(minEnd, t[WindowTiming.END]);
            maxEnd = Math.max(maxEnd, t[WindowTiming.END]);
        }

        /** When the result reached the measuring stage, mapped from the job's epoch clock onto the monotonic one. */
        private long arrivedNs(long[] t, int which) {
            return context.clocks().toMonotonicNanos(t[WindowTiming.END] + t[which]);
        }

        /** Negative only across members whose clocks differ; above the histogram's range never in practice. */
        private long clamp(long ns) {
            return Math.max(0, ns);
        }

        void run() {
            long startNs = context.clock().nanoTime();
            long[] cpuStart = cpu.read();
            long endNs = startNs + context.durationNs();
            poll();
            synchronized (this) {
                startState = lastState;
            }
            long now = startNs;
            while (!context.stopping() && now < endNs) {
                context.clock().sleepNanos(Math.min(POLL_NS, endNs - now));
                poll();
                now = context.clock().nanoTime();
            }
            long[] cpuEnd = cpu.read();
            synchronized (this) {
                ended = true;
                tally.keys = keys;
                tally.periods = 1;
                tally.periodNs = now - startNs;
                tally.cpuNs = cpuStart[0] < 0 ? -1 : cpuEnd[0] - cpuStart[0];
                tally.gcCpuNs = cpuStart[1] < 0 ? -1 : cpuEnd[1] - cpuStart[1];
                if (startState != null && lastState != null) {
                    tally.inputItems = lastState[SourceState.EMITTED] - startState[SourceState.EMITTED];
                    tally.inputNs = lastState[SourceState.AT_NS] - startState[SourceState.AT_NS];
                    tally.sourceFinalLagNs = lastState[SourceState.LAG_NS];
                }
                if (tally.windows > 0) {
                    tally.missingWindowEnds = (maxEnd - minEnd) / settings.slideNs() + 1 - tally.windows;
                }
            }
            if (jobError != null) {
                context.fail("the job's results stopped: " + jobError);
            }
        }

        private void poll() {
            long[] s = state.get(SourceState.KEY);
            synchronized (this) {
                tally.heapUsedMaxBytes = Math.max(tally.heapUsedMaxBytes, memory.getHeapMemoryUsage().getUsed());
                if (s != null) {
                    lastState = s;
                    if (startState != null) {
                        observeLag(s);
                    }
                }
            }
            JobStatus status = job.getStatus();
            if (status.isTerminal()) {
                String why = "";
                if (status == JobStatus.FAILED) {
                    try {
                        job.getFuture().join();
                    } catch (RuntimeException e) {
                        why = ": " + (e.getCause() != null ? e.getCause() : e);
                    }
                }
                context.abort("the Jet job ended while the point ran: " + status + why);
            }
        }

        /** The greatest source lag of the measured period, and when; a span's maximum counts only inside the period. */
        private void observeLag(long[] s) {
            long sinceStart = s[SourceState.AT_NS] - startState[SourceState.AT_NS];
            long lag = s[SourceState.LAG_NS];
            if (sinceStart >= SourceState.MAX_LAG_SPAN_NS) {
                lag = Math.max(lag, s[SourceState.MAX_LAG_NS]);
            }
            if (lag > tally.sourceMaxLagNs) {
                tally.sourceMaxLagNs = lag;
                tally.sourceMaxLagAtNs = Math.max(0, sinceStart);
            }
        }

        synchronized String progress() {
            long[] s = lastState;
            return String.format(Locale.ROOT, "windows %,d  results %,d  source lag %s", tally.windows, tally.results,
                    s == null ? "-" : Units.formatNs(s[SourceState.LAG_NS]));
        }
    }
}
