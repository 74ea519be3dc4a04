package dev.latencybench.core.passthrough;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.SystemClock;
import dev.latencybench.core.time.Pacer;

/**
 * One period of a {@link PassThroughWorkload}: its stage threads (the source, hops 1 to N, the
 * sink), what they share, and their three loops. Made and run by the benchmark thread.
 *
 * <p>A stage ends when the stage before it has finished and its ring is empty, so a period drains
 * whatever was sent, also when the run is being stopped (the source stops sending at once; draining
 * in-memory rings takes microseconds). {@link #abort} ends every stage at once, without draining.
 */
final class PassThroughPeriod {
    private static final long FIRST_SEND_DELAY_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final PeriodContext context;
    private final int hops;
    private final Ring[] rings;
    private final Forwarding forwarding;
    private final Clock clock;
    final long messages;
    private final long base;
    private final Pacer pacer;
    private final SequenceTracker tracker;
    private final MetricRecorder latency;
    private final MetricRecorder service;
    private final MetricRecorder[] hopRecorders;
    private final Thread[] threads;
    /** Stage k (0 the source, 1..N the hops) has handed over its last message: 1. */
    private final AtomicIntegerArray finished;
    private final AtomicLong sentCount = new AtomicLong();
    /** Written by the sink only; read once its thread ended. */
    private long wrongCounter;
    private long outOfRange;
    volatile boolean abort;

    PassThroughPeriod(PeriodContext context, long ratePerSec, int hops, Ring[] rings, Forwarding forwarding,
                      long messages, long base) {
        this.context = context;
        this.hops = hops;
        this.rings = rings;
        this.forwarding = forwarding;
        this.clock = context.clock();
        this.messages = messages;
        this.base = base;
        this.pacer = context.pacer(ratePerSec);
        this.tracker = new SequenceTracker(base, messages);
        this.latency = context.recorder(PassThroughWorkload.LATENCY);
        this.service = context.recorder(PassThroughWorkload.SERVICE);
        this.hopRecorders = new MetricRecorder[hops];
        for (int k = 1; k <= hops; k++) {
            hopRecorders[k - 1] = context.recorder(PassThroughWorkload.hopMetric(k));
        }
        this.finished = new AtomicIntegerArray(hops + 1);
        this.threads = new Thread[hops + 2];
        threads[0] = stage("lb-source", this::source);
        for (int k = 1; k <= hops; k++) {
            int hop = k;
            threads[k] = stage("lb-hop-" + k, () -> hop(hop));
        }
        threads[hops + 1] = stage("lb-sink", this::sink);
    }

    private Thread stage(String name, Runnable loop) {
        return context.newThread(name, loop, () -> abort = true);
    }

    /** Starts every stage, sink first, and waits for all of them. */
    void run() throws InterruptedException {
        for (int i = threads.length - 1; i >= 0; i--) {
            threads[i].start();
        }
        InterruptedException interrupted = null;
        for (Thread t : threads) {
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

    /** Ends every stage without draining and waits up to {@code waitMs} for them (from {@code close}). */
    void abortAndJoin(long waitMs) throws InterruptedException {
        abort = true;
        long deadline = SystemClock.INSTANCE.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
        for (Thread t : threads) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - SystemClock.INSTANCE.nanoTime());
            if (leftMs > 0) {
                t.join(leftMs);
            }
        }
    }

    long sent() {
        return sentCount.get();
    }

    long received() {
        return tracker.received();
    }

    /** The period's counters, once every stage ended. */
    PassThroughTally tally() {
        PassThroughTally t = new PassThroughTally();
        t.periods = 1;
        t.messages.add(MessageCounts.of(tracker, sentCount.get(), outOfRange));
        t.wrongCounter = wrongCounter;
        t.maxLagNs = pacer.maxLagNs();
        t.maxFinalLagNs = pacer.lastLagNs();
        return t;
    }

    /** The source stops sending as soon as the run is being stopped. */
    private boolean sourceStops() {
        return abort || context.stopping();
    }

    /** The hops and the sink drain unless the period is aborted (its deadline, a failure, close). */
    private boolean stageStops() {
        return abort || context.aborted();
    }

    /** True once stage {@code k} finished and ring {@code k}, which it fills, is empty. */
    private boolean drained(int k) {
        return finished.get(k) == 1 && rings[k].take() < 0; // finished first: its last offer is then visible
    }

    /** The source: stamps each message with its intended and actual send time and hands it to hop 1. */
    private void source() {
        Ring out = rings[0];
        BackOff backOff = new BackOff();
        try {
            pacer.start(clock.nanoTime() + FIRST_SEND_DELAY_NS);
            for (long i = 0; i < messages; i++) {
                if (sourceStops()) {
                    return;
                }
                long intendedNs = pacer.awaitNext();
                long actualNs = clock.nanoTime();
                while (!out.offer(base + i, intendedNs, actualNs, 0, actualNs)) {
                    if (sourceStops()) {
                        return;
                    }
                    backOff.idle();
                    actualNs = clock.nanoTime(); // the actual send is the one the ring accepts
                }
                backOff.reset();
                sentCount.lazySet(i + 1);
            }
        } finally {
            finished.set(0, 1);
        }
    }

    /** Hop {@code k}: records how long the message waited for it, adds one to its counter, hands it on. */
    private void hop(int k) {
        Ring in = rings[k - 1];
        Ring out = rings[k];
        MetricRecorder waited = hopRecorders[k - 1];
        BackOff backOff = new BackOff();
        try {
            while (!stageStops()) {
                int slot = in.take();
                if (slot < 0) {
                    if (drained(k - 1)) {
                        return;
                    }
                    backOff.idle();
                    continue;
                }
                backOff.reset();
                long pickedUpNs = clock.nanoTime();
                waited.record(pickedUpNs - in.get(slot, Ring.HANDED_OVER_NS));
                long sequence = in.get(slot, Ring.SEQUENCE);
                long intendedNs = in.get(slot, Ring.INTENDED_NS);
                long actualNs = in.get(slot, Ring.ACTUAL_NS);
                long counter = forwarding.next(k, sequence, in.get(slot, Ring.COUNTER));
                in.release();
                if (counter == Forwarding.DROP) {
                    continue;
                }
                while (!out.offer(sequence, intendedNs, actualNs, counter, clock.nanoTime())) {
                    if (stageStops()) {
                        return;
                    }
                    backOff.idle();
                }
            }
        } finally {
            finished.set(k, 1);
        }
    }

    /** The sink: records latency and service time, checks the counter and the sequence number. */
    private void sink() {
        Ring in = rings[hops];
        BackOff backOff = new BackOff();
        while (!stageStops()) {
            int slot = in.take();
            if (slot < 0) {
                if (drained(hops)) {
                    return;
                }
                backOff.idle();
                continue;
            }
            backOff.reset();
            long now = clock.nanoTime();
            long latencyNs = now - in.get(slot, Ring.INTENDED_NS);
            long serviceNs = now - in.get(slot, Ring.ACTUAL_NS);
            long counter = in.get(slot, Ring.COUNTER);
            long sequence = in.get(slot, Ring.SEQUENCE);
            in.release();
            if (latencyNs < 0 || latencyNs > LatencyRecorder.HIGHEST_TRACKABLE_NS || serviceNs < 0
                    || serviceNs > LatencyRecorder.HIGHEST_TRACKABLE_NS) {
                outOfRange++; // neither is recorded, so the two metrics keep equal counts
            } else {
                latency.record(latencyNs);
                service.record(serviceNs);
            }
            if (counter != hops) {
                wrongCounter++;
            }
            tracker.onReceive(sequence);
        }
    }
}
