package dev.latencybench.kafka;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.AbstractHistogram;

import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.ThreadAllocation;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Pacer;
import dev.latencybench.core.time.SystemClock;

/**
 * One period of a {@link ChainWorkload}: every chain's stage threads and their loops, made and run by the benchmark
 * thread. The sources start together once every stage is ready, and a period drains what was sent, even when
 * stopped; {@link #abort} ends every stage at once, without draining.
 */
final class ChainPeriod {
    private static final long FIRST_SEND_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /** After the stage before has finished, how long a stage waits for messages that may still come. */
    static final long DRAIN_QUIET_NS = TimeUnit.SECONDS.toNanos(2);
    /** How long every stage has to be ready before the sources go; past it the period is broken by load. */
    static final long START_BOUND_NS = TimeUnit.SECONDS.toNanos(30);
    /** How long a writer waits before trying a full topic again. */
    private static final long FULL_WAIT_NS = TimeUnit.MICROSECONDS.toNanos(50);

    private final PeriodContext context;
    private final ChainWorkload w;
    private final int chains;
    private final int stages;
    private final Clock clock;
    final long messages;
    private final long base;
    private final Pacer[] pacers;
    private final SequenceTracker[] trackers;
    private final AbstractHistogram[] chainLatency;
    private final long[] wrongCounter;
    private final long[] outOfRange;
    /** Bytes each chain's source and sink allocated in their loops (-1: the loop did not finish). */
    private final long[] sourceBytes;
    private final long[] sinkBytes;
    /** Messages stage k of chain c has handed on, at {@code c * stages + k} (k = 0 is the source). */
    private final AtomicLongArray handedOn;
    /** Stage k of chain c has handed on its last message: 1. */
    private final AtomicLongArray finished;
    private final MetricRecorder latency;
    private final MetricRecorder service;
    private final MetricRecorder[] hops;
    private final Thread[] threads;
    private final CountDownLatch ready;
    private final CountDownLatch go = new CountDownLatch(1);
    private volatile long startNs;
    private volatile boolean started;
    volatile boolean abort;

    ChainPeriod(PeriodContext context, ChainWorkload w, long messages, long base) {
        this.context = context;
        this.w = w;
        this.chains = w.instances;
        this.stages = w.services + 1; // the writers: source and services
        this.clock = context.clock();
        this.messages = messages;
        this.base = base;
        this.pacers = new Pacer[chains];
        this.trackers = new SequenceTracker[chains];
        this.chainLatency = new AbstractHistogram[chains];
        this.wrongCounter = new long[chains];
        this.outOfRange = new long[chains];
        this.sourceBytes = new long[chains];
        this.sinkBytes = new long[chains];
        Arrays.fill(sourceBytes, -1);
        Arrays.fill(sinkBytes, -1);
        for (int c = 0; c < chains; c++) {
            pacers[c] = new Pacer(clock, w.ratePerSec, 0); // sleeps, never spins: see ChainWorkload
            trackers[c] = new SequenceTracker(base, messages);
            chainLatency[c] = ChainTally.Chain.newChainHistogram();
        }
        this.handedOn = new AtomicLongArray(chains * stages);
        this.finished = new AtomicLongArray(chains * stages);
        this.latency = context.recorder(ChainWorkload.LATENCY);
        this.service = context.recorder(ChainWorkload.SERVICE);
        this.hops = new MetricRecorder[w.services + 1];
        for (int k = 1; k <= w.services + 1; k++) {
            hops[k - 1] = context.recorder(ChainWorkload.hopMetric(k));
        }
        this.threads = new Thread[chains * (w.services + 2)];
        this.ready = new CountDownLatch(threads.length);
        int i = 0;
        for (int c = 0; c < chains; c++) {
            int chain = c;
            threads[i++] = stage("lb-chain-" + c + "-sink", () -> sink(chain));
            for (int s = w.services; s >= 1; s--) {
                int svc = s;
                threads[i++] = stage("lb-chain-" + c + "-service-" + s, () -> service(chain, svc));
            }
            threads[i++] = stage("lb-chain-" + c + "-source", () -> source(chain));
        }
    }

    /** A stage's thread: an error fails the period with the transport's reading of it, and ends every stage. */
    private Thread stage(String name, Runnable loop) {
        return context.newThread(name, () -> {
            try {
                loop.run();
            } catch (RuntimeException | Error e) { // what newThread would say, in the transport's words
                context.fail(name + " failed: " + w.transport.explain(e));
                abort = true;
            }
        }, () -> abort = true);
    }

    /** Starts every stage, lets the sources go once all are ready, and waits; a failed start fails the period. */
    void run() throws InterruptedException {
        int startedThreads = 0;
        long deadlineNs = SystemClock.INSTANCE.nanoTime() + w.startBoundNs; // wall time, whatever the context's clock
        try {
            for (Thread t : threads) {
                if (abort || context.stopping() || SystemClock.INSTANCE.nanoTime() - deadlineNs > 0) {
                    break; // stopped, or too slow: the wait below says so
                }
                t.start();
                startedThreads++;
            }
        } catch (Throwable e) { // OutOfMemoryError: unable to create native thread
            abort = true;
            context.fail(String.format(Locale.ROOT, "cannot start thread %,d of %,d (%,d chains x %d threads): %s",
                    startedThreads + 1, threads.length, chains, w.services + 2, e));
        }
        InterruptedException interrupted = null;
        try {
            while (!abort && !context.stopping() && !ready.await(10, TimeUnit.MILLISECONDS)) {
                // every stage makes its reader and writer first, within the bound
                if (SystemClock.INSTANCE.nanoTime() - deadlineNs > 0) {
                    abort = true;
                    context.fail(notStarted(startedThreads));
                }
            }
            if (!abort && !context.stopping()) {
                startNs = clock.nanoTime() + FIRST_SEND_DELAY_NS;
                started = true;
            } else {
                abort = true; // never started: every stage ends at once, none waits for a source that never sends
            }
        } catch (InterruptedException e) {
            interrupted = e;
            abort = true;
            context.fail(ForkSession.BENCHMARK_THREAD_INTERRUPTED);
        } finally {
            go.countDown();
        }
        for (int i = 0; i < startedThreads; i++) {
            Thread t = threads[i];
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = e; // JMH's time-out: stop every stage, then say so
                    abort = true;
                    context.fail(ForkSession.BENCHMARK_THREAD_INTERRUPTED);
                }
            }
        }
        if (interrupted != null) {
            throw interrupted;
        }
    }

    /** Why the period failed when its stages were not all ready within {@link #START_BOUND_NS}: the load. */
    String notStarted(int startedThreads) {
        long ready = threads.length - this.ready.getCount();
        return String.format(Locale.ROOT, ChainTally.NOT_STARTED + "the %,d chains were not all ready to send within"
                + " %s (%,d of %,d threads started, %,d of them ready): this machine cannot start that many",
                chains, dev.latencybench.core.config.Units.formatDuration(w.startBoundNs), startedThreads,
                threads.length, ready);
    }

    /** True once the sources were let go. */
    boolean started() {
        return started;
    }

    /** Ends every stage without draining and waits up to {@code waitMs} for them (from {@code close}). */
    void abortAndJoin(long waitMs) throws InterruptedException {
        abort = true;
        go.countDown();
        long deadline = SystemClock.INSTANCE.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        for (Thread t : threads) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - SystemClock.INSTANCE.nanoTime());
            if (leftMs > 0) {
                t.join(leftMs);
            }
        }
    }

    long sent() {
        long n = 0;
        for (int c = 0; c < chains; c++) {
            n += handedOn.get(c * stages);
        }
        return n;
    }

    long received() {
        long n = 0;
        for (SequenceTracker t : trackers) {
            n += t.received();
        }
        return n;
    }

    /** The period's counters per chain, once every stage ended. */
    ChainTally tally() {
        ChainTally t = new ChainTally(chains);
        t.periods = 1;
        for (int c = 0; c < chains; c++) {
            ChainTally.Chain chain = t.chains.get(c);
            chain.messages.add(MessageCounts.of(trackers[c], handedOn.get(c * stages), outOfRange[c]));
            chain.wrongCounter = wrongCounter[c];
            chain.maxLagNs = pacers[c].maxLagNs();
            chain.finalLagNs = pacers[c].lastLagNs();
            chain.latency = chainLatency[c];
            if (sourceBytes[c] >= 0 && sinkBytes[c] >= 0) {
                t.sourceBytes += sourceBytes[c];
                t.sinkBytes += sinkBytes[c];
                t.allocationMessages += messages;
            }
        }
        return t;
    }

    private boolean sourceStops() {
        return abort || context.stopping();
    }

    private boolean stageStops() {
        return abort || context.aborted();
    }

    /** Waits until the sources may go; false when the period ends first. */
    private boolean awaitGo() {
        ready.countDown();
        while (true) {
            try {
                go.await();
                return started && !sourceStops();
            } catch (InterruptedException e) {
                abort = true;
                return false;
            }
        }
    }

    /** The source: stamps each message with its intended and actual send time, counter 0, and writes topic 0. */
    private void source(int c) {
        int slot = c * stages;
        try {
            ChainTransport.Writer out = w.transport.writer(c, 0);
            if (!awaitGo()) {
                return;
            }
            Pacer pacer = pacers[c];
            pacer.start(startNs + pacer.intervalNs() * c / chains);
            long allocated = ThreadAllocation.currentThreadBytes();
            for (long i = 0; i < messages; i++) {
                if (sourceStops()) {
                    return;
                }
                long intendedNs = pacer.awaitNext();
                long actualNs = clock.nanoTime();
                while (!out.send(base + i, intendedNs, actualNs, 0, actualNs)) {
                    if (sourceStops()) {
                        return;
                    }
                    LockSupport.parkNanos(FULL_WAIT_NS);
                    actualNs = clock.nanoTime(); // the actual send is the one the topic accepts
                }
                handedOn.lazySet(slot, i + 1);
            }
            sourceBytes[c] = ThreadAllocation.currentThreadBytes() - allocated;
        } finally {
            finished.set(slot, 1);
        }
    }

    /** Reads until {@code upstream} finished and all it handed on was taken, or {@link #DRAIN_QUIET_NS} passed. */
    private void drain(ChainTransport.Reader reader, ChainTransport.Handler handler, int upstream, long[] taken) {
        long quietSince = 0;
        while (!stageStops()) {
            int n = reader.poll(handler, w.idleWaitNs);
            if (n > 0) {
                quietSince = 0;
                continue;
            }
            if (finished.get(upstream) == 1) { // finished first: its last hand-over is then counted
                if (taken[0] >= handedOn.get(upstream)) {
                    return;
                }
                long now = clock.nanoTime();
                if (quietSince == 0) {
                    quietSince = now;
                } else if (now - quietSince > DRAIN_QUIET_NS) {
                    return; // lost: the sink's accounting says how many
                }
            }
        }
    }

    /** Service {@code s} of chain {@code c}: reads topic s-1, records its hop, adds one to the counter, writes topic s. */
    private void service(int c, int s) {
        int slot = c * stages + s;
        try {
            ChainTransport.Reader in = w.transport.reader(c, s - 1);
            ChainTransport.Writer out = w.transport.writer(c, s);
            MetricRecorder hop = hops[s - 1];
            long[] taken = new long[1];
            ChainTransport.Handler handler = (sequence, intendedNs, actualNs, counter, handedOverNs) -> {
                taken[0]++;
                hop.record(clock.nanoTime() - handedOverNs);
                long next = w.step.next(s, sequence, counter);
                while (!out.send(sequence, intendedNs, actualNs, next, clock.nanoTime())) {
                    if (stageStops()) {
                        return;
                    }
                    LockSupport.parkNanos(FULL_WAIT_NS);
                }
                handedOn.lazySet(slot, handedOn.get(slot) + 1);
            };
            if (!awaitReady()) {
                return;
            }
            drain(in, handler, slot - 1, taken);
        } finally {
            finished.set(slot, 1);
        }
    }

    /** A reading stage says it is ready, then reads at once (the sources wait for everyone). */
    private boolean awaitReady() {
        ready.countDown();
        return !abort;
    }

    /** The sink of chain {@code c}: records latency, service time and the last hop; checks the counter and the sequence. */
    private void sink(int c) {
        ChainTransport.Reader in = w.transport.reader(c, w.services);
        MetricRecorder hop = hops[w.services];
        SequenceTracker tracker = trackers[c];
        AbstractHistogram own = chainLatency[c];
        long[] taken = new long[1];
        ChainTransport.Handler handler = (sequence, intendedNs, actualNs, counter, handedOverNs) -> {
            long now = clock.nanoTime();
            taken[0]++;
            long latencyNs = now - intendedNs;
            long serviceNs = now - actualNs;
            hop.record(now - handedOverNs);
            if (latencyNs < 0 || latencyNs > LatencyRecorder.HIGHEST_TRACKABLE_NS || serviceNs < 0
                    || serviceNs > LatencyRecorder.HIGHEST_TRACKABLE_NS) {
                outOfRange[c]++; // neither is recorded, so the two metrics keep equal counts
            } else {
                latency.record(latencyNs, now); // with its end, for the tail's attribution
                service.record(serviceNs);
                own.recordValue(latencyNs);
            }
            if (counter != w.services) {
                wrongCounter[c]++;
            }
            tracker.onReceive(sequence);
        };
        if (!awaitReady()) {
            return;
        }
        long allocated = ThreadAllocation.currentThreadBytes();
        drain(in, handler, c * stages + w.services, taken);
        if (!stageStops()) {
            sinkBytes[c] = ThreadAllocation.currentThreadBytes() - allocated;
        }
    }
}
