package dev.latencybench.core.oneway;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.jmh.LatencyProfiler;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Pacer;

/**
 * Runs paced one-way latency periods over a {@link MessageTransport}:
 *
 * <pre>
 *   [producer, pinned]  Pacer -> trySend(seq, intended, actual) --transport--> poll -> record  [consumer, pinned]
 *                                                                                      |
 *   [caller = monitor]  every second: interval histograms -> .hlog + totals; progress line
 * </pre>
 *
 * <p>Before and after each period's messages, the two threads, pinned, measure their CPUs' cache-line
 * round trip ({@link CpuPairProbe}): a host that moved the CPUs between or during runs shows there.
 * A transport that is also a {@link DirectLoop} runs its own two loops in place of the harness's
 * (the yardstick for the harness's own cost); the rest is the same.
 *
 * <p>Each period sends {@code rate x duration} messages on a fixed schedule. The consumer records
 * latency from the intended send time and service time from the actual one, and accounts for every
 * sequence number. Measured periods add to the fork's totals and interval log; warm-up periods are
 * discarded. At the end (or when {@link #interrupt interrupted}) the fork's data is written to
 * {@code fork.json} and {@code latency.hlog} in its fork folder.
 *
 * <p>Threading: {@link #runPeriod} is called by one thread (the JMH benchmark thread), which becomes
 * the monitor; {@link #interrupt} may come from a shutdown hook. Hot path (producer and consumer
 * loops): no allocation, locks, logging or formatting.
 */
public final class OneWayHarness implements AutoCloseable {
    /** How often interval histograms are taken: one line of the .hlog per second. */
    static final long SAMPLE_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long the consumer waits for stragglers after the producer's last message. */
    static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    /** How long one side of a CPU pair probe waits for the other to turn up. */
    static final long PROBE_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    /** The pacer sleeps until this close to a due time, then spins: parkNanos overshoots by ~50 us. */
    static final long SPIN_THRESHOLD_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private final OneWaySettings settings;
    private final MessageTransport transport;
    /** The transport's own hot loops, when it brings them (see {@link DirectLoop}); else null. */
    private final DirectLoop direct;
    private final Clock clock;
    private final AffinityService affinity;
    private final String label;
    private final PrintStream progress;
    private final Path forkDir;
    private final CpuLoadProbe loadProbe;

    private final Histogram latencyTotal = LatencyRecorder.newHistogram();
    private final Histogram serviceTotal = LatencyRecorder.newHistogram();
    private final List<String> reasons = new ArrayList<>();
    private IntervalLog log;
    private long nextSequence;
    private final OneWayTally tally = new OneWayTally();
    private long measuredNs;
    private int producerCpu = -1;
    private int consumerCpu = -1;
    private String pinFailure;
    private double maxOtherCores = -1;
    private double maxStealCores = -1;
    private double ownCores = -1;
    private boolean busy;

    private volatile boolean stopRequested;
    private volatile String interruptedBecause;
    private volatile CountDownLatch periodEnded = new CountDownLatch(0);
    private boolean closed;

    /**
     * @param label    names the run in progress lines, e.g. {@code queue/chronicle}
     * @param forkDir  where this fork writes its files; null writes none
     */
    public OneWayHarness(OneWaySettings settings, MessageTransport transport, Clock clock, AffinityService affinity,
                         String label, PrintStream progress, Path forkDir, CpuLoadProbe loadProbe) {
        this.settings = settings;
        this.transport = transport;
        this.direct = transport instanceof DirectLoop ? (DirectLoop) transport : null;
        this.clock = clock;
        this.affinity = affinity;
        this.label = label;
        this.progress = progress;
        this.forkDir = forkDir;
        this.loadProbe = loadProbe;
    }

    /**
     * Runs one period: warm-up ({@code measured == false}, discarded) or measured. Returns when every
     * message was received, the stragglers timed out, or the run was interrupted.
     */
    public PeriodResult runPeriod(boolean measured) {
        if (stopRequested) {
            return PeriodResult.EMPTY;
        }
        long durationNs = measured ? settings.measureNs() : settings.warmupNs();
        long messages = OneWaySettings.messages(settings.ratePerSec(), durationNs);
        if (messages == 0) {
            return PeriodResult.EMPTY;
        }
        Period period = new Period(messages, nextSequence, measured, durationNs);
        nextSequence += messages;
        periodEnded = new CountDownLatch(1);
        try {
            if (stopRequested) { // an interrupt between the check above and the new latch
                return PeriodResult.EMPTY;
            }
            period.run();
        } finally {
            periodEnded.countDown();
        }
        return period.result;
    }

    /**
     * Stops the period in progress (from a shutdown hook or another thread), waits up to
     * {@code waitNs} for it to end, and writes what was measured, marked INTERRUPTED.
     */
    public void interrupt(String why, long waitNs) {
        interruptedBecause = why;
        stopRequested = true;
        try {
            periodEnded.await(waitNs, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        close();
    }

    /** Writes the fork's result files and closes the transport (removing its files). Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writeForkFiles();
        } finally {
            transport.close();
            if (log != null) {
                log.close();
            }
        }
    }

    /** {@code OK}, {@code FAILED} (with reasons) or {@code INTERRUPTED}. */
    public synchronized String status() {
        if (interruptedBecause != null) {
            return "INTERRUPTED";
        }
        return reasons.isEmpty() ? "OK" : "FAILED";
    }

    /** Why this fork failed so far; empty when it did not. */
    public synchronized List<String> reasons() {
        return new ArrayList<>(reasons);
    }

    private synchronized void addReason(String reason) {
        if (!reasons.contains(reason)) {
            reasons.add(reason);
        }
    }

    /** One period: its threads, its recorder and its accounting. */
    private final class Period {
        final long messages;
        final long base;
        final boolean measured;
        final long durationNs;
        final LatencyRecorder recorder = new LatencyRecorder();
        final SequenceTracker tracker;
        final Pacer pacer;
        final CountDownLatch consumerReady = new CountDownLatch(1);
        final AtomicLong sentCount = new AtomicLong();
        /** The producer and consumer CPUs' cache-line round trip, before and after the period's messages. */
        final CpuPairProbe probeBefore = new CpuPairProbe();
        final CpuPairProbe probeAfter = new CpuPairProbe();
        volatile long roundTripBeforeNs = -1;
        volatile long roundTripAfterNs = -1;
        final Histogram window = LatencyRecorder.newHistogram();
        final Histogram periodLatency = LatencyRecorder.newHistogram();
        boolean progressPrinted;
        volatile boolean producerDone;
        volatile long producerDoneNs;
        volatile boolean abort;
        volatile Throwable producerError;
        volatile Throwable consumerError;
        volatile int producerPinnedTo = -1;
        volatile int consumerPinnedTo = -1;
        volatile String pinError;
        volatile long producerAlloc;
        volatile long consumerAlloc;
        /** What the transport's own loops measured, taken once both threads ended; null for the harness's loops. */
        DirectLoop.Outcome directOutcome;
        PeriodResult result = PeriodResult.EMPTY;

        Period(long messages, long base, boolean measured, long durationNs) {
            this.messages = messages;
            this.base = base;
            this.measured = measured;
            this.durationNs = durationNs;
            this.tracker = new SequenceTracker(base, messages);
            this.pacer = new Pacer(clock, settings.ratePerSec(), SPIN_THRESHOLD_NS);
        }

        void run() {
            CpuLoadProbe.Snapshot before = loadProbe.snapshot();
            Thread consumer = new Thread(this::consume, "lb-consumer");
            Thread producer = new Thread(this::produce, "lb-producer");
            consumer.setDaemon(true);
            producer.setDaemon(true);
            long startNs = System.nanoTime();
            long startEpochMs = System.currentTimeMillis();
            consumer.start();
            try {
                producer.start();
            } catch (RuntimeException | Error e) {
                producerError = e;
                abort = true;
                producerDone = true;
            }
            monitor(producer, consumer, startNs);
            if (direct != null) {
                takeDirectOutcome(startEpochMs);
            }
            CpuLoadProbe.Load load = before.until(loadProbe.snapshot());
            finish(load);
        }

        private void monitor(Thread producer, Thread consumer, long startNs) {
            long nextSample = startNs + SAMPLE_INTERVAL_NS;
            long nextProgress = startNs + settings.progressIntervalNs();
            long deadline = startNs + deadlineNs(durationNs);
            boolean threadInterrupted = false;
            while (producer.isAlive() || consumer.isAlive()) {
                try {
                    consumer.join(50);
                } catch (InterruptedException e) {
                    // JMH interrupts the benchmark thread when an iteration runs past its time-out
                    threadInterrupted = true;
                    abort = true;
                    addReason("the benchmark thread was interrupted (the JMH iteration time-out?) before the"
                            + " period ended");
                }
                long now = System.nanoTime();
                if (now - deadline > 0 && !abort) {
                    abort = true;
                    addReason("the period did not end within " + Units.formatDuration(deadlineNs(durationNs))
                            + " (the transport stopped moving messages?)");
                }
                if (now >= nextSample) {
                    sample();
                    nextSample += SAMPLE_INTERVAL_NS;
                }
                if (now >= nextProgress) {
                    printProgress(now - startNs);
                    nextProgress += settings.progressIntervalNs();
                }
            }
            sample();
            if (threadInterrupted) {
                Thread.currentThread().interrupt();
            }
        }

        private void sample() {
            recorder.sampleInterval();
            take(recorder.latencyInterval(), recorder.serviceInterval());
        }

        /** The direct loop's histograms, one interval for the whole period, once both threads ended. */
        private void takeDirectOutcome(long startEpochMs) {
            directOutcome = direct.outcome();
            long endEpochMs = System.currentTimeMillis();
            for (Histogram h : new Histogram[] {directOutcome.latency, directOutcome.service}) {
                h.setStartTimeStamp(startEpochMs);
                h.setEndTimeStamp(endEpochMs);
            }
            take(directOutcome.latency, directOutcome.service);
        }

        private void take(Histogram lat, Histogram svc) {
            window.add(lat);
            periodLatency.add(lat);
            if (measured) {
                latencyTotal.add(lat);
                serviceTotal.add(svc);
                appendToLog(lat, svc);
            }
        }

        private void printProgress(long elapsedNs) {
            if (!progressPrinted) {
                progress.println(); // JMH's "Iteration 1:" waits on the same line for the period's score
                progressPrinted = true;
            }
            if (direct != null) {
                progress.printf(Locale.ROOT, "[%s] %s %s/%s  (its own loops: counts and percentiles at the end)%n",
                        label, measured ? "measure" : "warm-up", Units.formatDuration(elapsedNs),
                        Units.formatDuration(durationNs));
                progress.flush();
                return;
            }
            progress.printf(Locale.ROOT, "[%s] %s %s/%s  sent %,d  received %,d  p99 %s (last %s)%n",
                    label, measured ? "measure" : "warm-up", Units.formatDuration(elapsedNs),
                    Units.formatDuration(durationNs), sentCount.get(), received(),
                    window.getTotalCount() == 0 ? "-" : Units.formatNs(window.getValueAtPercentile(99)),
                    Units.formatDuration(settings.progressIntervalNs()));
            progress.flush();
            window.reset();
        }

        private void produce() {
            CpuPlan plan = settings.cpus();
            try {
                if (plan.pins()) {
                    producerPinnedTo = affinity.pinCurrentThread(plan.cpu(0));
                    if (producerPinnedTo < 0) {
                        pinError = affinity.lastFailure();
                    }
                }
                transport.onProducerStart();
                roundTripBeforeNs = probeBefore.lead(PROBE_TIMEOUT_NS, this::stopping);
                while (!consumerReady.await(50, TimeUnit.MILLISECONDS)) {
                    if (stopping()) {
                        return;
                    }
                }
                long alloc0 = allocatedBytes();
                if (direct != null) {
                    sendDirect();
                } else {
                    sendAll();
                }
                producerAlloc = allocatedBytes() - alloc0;
                markProducerDone(); // the consumer drains, then answers the second probe
                roundTripAfterNs = probeAfter.lead(DRAIN_TIMEOUT_NS + PROBE_TIMEOUT_NS, this::stopping);
            } catch (Throwable t) {
                producerError = t; // the consumer still drains what was sent
            } finally {
                probeBefore.abandon(); // a consumer still waiting for a probe stops waiting
                probeAfter.abandon();
                markProducerDone();
                if (plan.pins()) {
                    affinity.releaseCurrentThread();
                }
            }
        }

        private void markProducerDone() {
            if (!producerDone) {
                producerDoneNs = clock.nanoTime();
                producerDone = true;
            }
        }

        private boolean stopping() {
            return stopRequested || abort;
        }

        /** The transport's own producer loop: the pacer only keeps the schedule's arithmetic. */
        private void sendDirect() {
            long firstDueNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
            pacer.start(firstDueNs);
            long sent = direct.send(base, messages, firstDueNs, settings.ratePerSec(), this::stopping);
            sentCount.set(sent);
        }

        /** The producer's hot loop. */
        private void sendAll() {
            final Pacer pacer = this.pacer;
            final MessageTransport transport = OneWayHarness.this.transport;
            final Clock clock = OneWayHarness.this.clock;
            pacer.start(clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1));
            for (long i = 0; i < messages; i++) {
                if (stopRequested || abort) {
                    return;
                }
                final long intendedNs = pacer.awaitNext();
                long actualNs = clock.nanoTime();
                while (!transport.trySend(base + i, intendedNs, actualNs)) {
                    if (stopRequested || abort) {
                        return;
                    }
                    Thread.onSpinWait();
                    actualNs = clock.nanoTime(); // the actual send is the one the transport accepts
                }
                sentCount.lazySet(i + 1);
            }
        }

        private void consume() {
            CpuPlan plan = settings.cpus();
            boolean started = false;
            try {
                if (plan.pins()) {
                    consumerPinnedTo = affinity.pinCurrentThread(plan.cpu(1));
                    if (consumerPinnedTo < 0) {
                        pinError = affinity.lastFailure();
                    }
                }
                transport.onConsumerStart();
                started = true;
                probeBefore.follow(PROBE_TIMEOUT_NS, this::stopping);
                consumerReady.countDown();
                long alloc0 = allocatedBytes();
                if (direct != null) {
                    direct.receive(base, messages, this::stopReceiving);
                } else {
                    receiveAll();
                }
                consumerAlloc = allocatedBytes() - alloc0;
                probeAfter.follow(PROBE_TIMEOUT_NS, this::stopping);
            } catch (Throwable t) {
                consumerError = t;
                abort = true;
            } finally {
                consumerReady.countDown();
                if (started) {
                    transport.onConsumerStop();
                }
                if (plan.pins()) {
                    affinity.releaseCurrentThread();
                }
            }
        }

        /** The consumer's hot loop. */
        private void receiveAll() {
            final MessageTransport transport = OneWayHarness.this.transport;
            final LatencyRecorder recorder = this.recorder;
            final SequenceTracker tracker = this.tracker;
            final Clock clock = OneWayHarness.this.clock;
            final MessageHandler handler = (sequence, intendedNs, actualNs) -> {
                recorder.record(intendedNs, actualNs, clock.nanoTime());
                tracker.onReceive(sequence);
            };
            while (true) {
                if (transport.poll(handler) == 0) {
                    if (stopReceiving(tracker.received())) {
                        return;
                    }
                    Thread.onSpinWait();
                }
            }
        }

        /**
         * Asked by the consumer when nothing is waiting: stop when the period was aborted, or when the
         * producer has finished and everything it sent arrived (or the stragglers' time ran out).
         */
        private boolean stopReceiving(long received) {
            if (abort) {
                return true;
            }
            return producerDone && (received >= sentCount.get()
                    || clock.nanoTime() - producerDoneNs > DRAIN_TIMEOUT_NS);
        }

        private void finish(CpuLoadProbe.Load load) {
            long periodSent = sentCount.get();
            LatencySummary summary = LatencySummary.of(periodLatency);
            result = new PeriodResult(summary, periodSent, received(), lost(periodSent));
            synchronized (OneWayHarness.this) {
                recordThreads();
                if (!measured) {
                    return;
                }
                OneWayTally period = tally(periodSent);
                tally.add(period);
                measuredNs += durationNs;
                recordLoad(load);
                boolean complete = periodSent == messages && interruptedBecause == null;
                if (periodSent < messages && interruptedBecause == null && reasons.isEmpty()) {
                    addReason(String.format(Locale.ROOT, "the period was cut short: %,d of %,d messages sent",
                            periodSent, messages));
                }
                period.failures(settings.ratePerSec(), durationNs, complete).forEach(OneWayHarness.this::addReason);
                LatencyProfiler.publish(periodLatency, period.lost);
            }
            writeForkFilesQuietly();
        }

        /** Thread failures and pinning, warm-up periods included. */
        private void recordThreads() {
            if (producerError != null) {
                addReason("producer failed: " + producerError);
            }
            if (consumerError != null) {
                addReason("consumer failed: " + consumerError);
            }
            if (settings.cpus().pins() && (producerPinnedTo < 0 || consumerPinnedTo < 0)) {
                addReason("pinning asked for but not obtained (bench.cpus=" + settings.cpus().describe() + "): "
                        + pinError);
            }
            producerCpu = producerPinnedTo;
            consumerCpu = consumerPinnedTo;
            pinFailure = pinError;
        }

        /** Distinct messages received so far (the direct loop's count is known at the end only). */
        private long received() {
            return directOutcome != null ? directOutcome.received : tracker.received();
        }

        /** Messages sent but never received. */
        private long lost(long sent) {
            return directOutcome != null ? Math.max(0, sent - directOutcome.received) : tracker.lost(sent);
        }

        private OneWayTally tally(long periodSent) {
            OneWayTally p = new OneWayTally();
            p.periods = 1;
            p.sent = periodSent;
            p.producerBytes = producerAlloc;
            p.consumerBytes = consumerAlloc;
            p.addRoundTrip(roundTripBeforeNs);
            p.addRoundTrip(roundTripAfterNs);
            p.received = received();
            p.lost = lost(periodSent);
            if (directOutcome != null) {
                DirectLoop.Outcome o = directOutcome;
                p.outOfOrder = o.outOfOrder;
                p.outOfRange = o.outOfRange;
                p.maxLagNs = o.maxLagNs;
                p.maxFinalLagNs = o.lastLagNs;
                p.lateSends = o.lateSends;
                p.minAchievedRatePerSec = pacer.achievedRatePerSec(periodSent, o.lastLagNs);
                return p;
            }
            p.duplicated = tracker.duplicated();
            p.outOfOrder = tracker.outOfOrder();
            p.unexpected = tracker.unexpected();
            p.outOfRange = recorder.outOfRange();
            p.maxLagNs = pacer.maxLagNs();
            p.maxFinalLagNs = pacer.lastLagNs();
            p.lateSends = pacer.lateSends();
            p.minAchievedRatePerSec = pacer.achievedRatePerSec();
            return p;
        }

        private void recordLoad(CpuLoadProbe.Load load) {
            if (load.available) {
                maxOtherCores = Math.max(maxOtherCores, load.otherProcessesCores);
                maxStealCores = Math.max(maxStealCores, load.stealCores);
                ownCores = load.thisProcessCores;
                busy |= load.busy();
            }
        }
    }

    /** How long a period may take before it is aborted: twice its duration, the drain time and a minute. */
    static long deadlineNs(long durationNs) {
        return 2 * durationNs + DRAIN_TIMEOUT_NS + TimeUnit.MINUTES.toNanos(1);
    }

    private void appendToLog(Histogram latency, Histogram service) {
        if (forkDir == null) {
            return;
        }
        try {
            if (log == null) {
                Files.createDirectories(forkDir);
                log = new IntervalLog(forkDir.resolve(ResultLayout.LATENCY_HLOG), dev.latencybench.core.record.Metrics.ONE_WAY,
                        "latency-bench " + label + ": latency (untagged) from the intended send time, "
                                + "service time (tag " + IntervalLog.SERVICE_TAG + ") from the actual send time, in ns");
            }
            log.append(latency, service);
            log.flush();
        } catch (IOException e) {
            addReason(ResultFiles.cannotWrite(forkDir.resolve(ResultLayout.LATENCY_HLOG), e).getMessage());
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
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + forkDir.resolve(ResultLayout.FORK_JSON) + ": " + e, e);
        }
    }

    /** What this fork measured so far, as written to {@code fork.json}. */
    public synchronized JsonObject forkJson() {
        JsonObject o = new JsonObject();
        o.addProperty("status", status());
        JsonArray why = new JsonArray();
        reasons.forEach(why::add);
        if (interruptedBecause != null) {
            why.add("interrupted: " + interruptedBecause);
        }
        o.add("reasons", why);
        o.addProperty("pid", ProcessHandle.current().pid());
        o.addProperty("measuredNs", measuredNs);
        o.addProperty("ratePerSec", settings.ratePerSec());
        o.addProperty("payloadBytes", transport.payloadBytes());
        tally.writeTo(o, settings.ratePerSec());
        o.add("latencyNs", LatencySummary.of(latencyTotal).toJson());
        o.add("serviceTimeNs", LatencySummary.of(serviceTotal).toJson());

        JsonObject pin = new JsonObject();
        CpuPlan plan = settings.cpus();
        pin.addProperty("requested", plan.mode().name().toLowerCase(Locale.ROOT));
        pin.addProperty("plan", plan.describe());
        pin.addProperty("note", plan.note());
        pin.addProperty("producerCpu", producerCpu);
        pin.addProperty("consumerCpu", consumerCpu);
        pin.addProperty("pinned", producerCpu >= 0 && consumerCpu >= 0);
        if (pinFailure != null) {
            pin.addProperty("failure", pinFailure);
        }
        o.add("pinning", pin);

        JsonObject load = new JsonObject();
        load.addProperty("otherProcessesCores", maxOtherCores);
        load.addProperty("stealCores", maxStealCores);
        load.addProperty("thisProcessCores", ownCores);
        load.addProperty("busyThresholdCores", CpuLoadProbe.BUSY_THRESHOLD_CORES);
        load.addProperty("busy", busy);
        o.add("machineLoad", load);
        return o;
    }

    /** Bytes the calling thread has allocated so far (HotSpot's per-thread TLAB accounting). */
    private static long allocatedBytes() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean) {
            return ((com.sun.management.ThreadMXBean) bean).getThreadAllocatedBytes(Thread.currentThread().getId());
        }
        return 0;
    }
}
