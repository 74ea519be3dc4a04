package dev.latencybench.queue.oneway;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.time.Pacer;

/**
 * One period of a {@link OneWayWorkload}: what its {@link Producer} and {@link Consumer} threads
 * share (the hand-over latches, the counts, the CPU pair probes, the abort flag) and, once both
 * ended, its {@link OneWayTally}. Made and run by the benchmark thread.
 */
final class OneWayPeriod {
    final PeriodContext context;
    final OneWaySettings settings;
    final MessageTransport transport;
    final DirectLoop direct;
    final long messages;
    final long base;
    final SequenceTracker tracker;
    final Pacer pacer;
    final MetricRecorder latency;
    final MetricRecorder service;
    final CountDownLatch consumerReady = new CountDownLatch(1);
    final AtomicLong sentCount = new AtomicLong();
    /** The producer and consumer CPUs' cache-line round trip, before and after the period's messages. */
    final CpuPairProbe probeBefore = new CpuPairProbe();
    final CpuPairProbe probeAfter = new CpuPairProbe();
    volatile long roundTripBeforeNs = -1;
    volatile long roundTripAfterNs = -1;
    volatile boolean producerDone;
    volatile long producerDoneNs;
    volatile boolean abort;
    volatile Throwable producerError;
    volatile Throwable consumerError;
    volatile long producerAlloc;
    volatile long consumerAlloc;
    /** Latency/service pairs outside the histograms' range: neither is recorded. */
    volatile long outOfRange;
    /** What the transport's own loops measured, taken once both threads ended; null for the harness's loops. */
    private DirectLoop.Outcome directOutcome;
    private volatile boolean finished;

    OneWayPeriod(PeriodContext context, OneWaySettings settings, MessageTransport transport, DirectLoop direct,
                 long messages, long base) {
        this.context = context;
        this.settings = settings;
        this.transport = transport;
        this.direct = direct;
        this.messages = messages;
        this.base = base;
        this.tracker = new SequenceTracker(base, messages);
        this.pacer = context.pacer(settings.ratePerSec());
        this.latency = context.recorder("latency");
        this.service = context.recorder("service");
    }

    /** Starts both threads and waits for them; a direct loop's figures are taken once both ended. */
    void run() throws InterruptedException {
        Thread consumer = new Thread(new Consumer(this), "lb-consumer");
        Thread producer = new Thread(new Producer(this), "lb-producer");
        consumer.setDaemon(true);
        producer.setDaemon(true);
        long startEpochMs = context.clocks().epoch().epochMillis();
        consumer.start();
        try {
            producer.start();
        } catch (RuntimeException | Error e) {
            producerError = e;
            abort = true;
            producerDone = true;
        }
        InterruptedException interrupted = null;
        while (producer.isAlive() || consumer.isAlive()) {
            try {
                consumer.join();
                producer.join();
            } catch (InterruptedException e) {
                interrupted = e; // JMH's time-out: stop both threads, then say so
                abort = true;
                context.fail(ForkSession.BENCHMARK_THREAD_INTERRUPTED);
            }
        }
        if (producerError != null) {
            context.fail("producer failed: " + producerError);
        }
        if (consumerError != null) {
            context.fail("consumer failed: " + consumerError);
        }
        if (direct != null) {
            takeDirectOutcome(startEpochMs);
        }
        finished = true;
        if (interrupted != null) {
            throw interrupted;
        }
    }

    /** The direct loop's histograms, one interval for the whole period, once both threads ended. */
    private void takeDirectOutcome(long startEpochMs) {
        directOutcome = direct.outcome();
        long endEpochMs = context.clocks().epoch().epochMillis();
        directOutcome.latency.setStartTimeStamp(startEpochMs);
        directOutcome.latency.setEndTimeStamp(endEpochMs);
        directOutcome.service.setStartTimeStamp(startEpochMs);
        directOutcome.service.setEndTimeStamp(endEpochMs);
        context.addInterval(java.util.List.of(directOutcome.latency, directOutcome.service));
    }

    boolean finished() {
        return finished;
    }

    boolean stopping() {
        return abort || context.stopping();
    }

    void markProducerDone() {
        if (!producerDone) {
            producerDoneNs = context.clock().nanoTime();
            producerDone = true;
        }
    }

    long sent() {
        return sentCount.get();
    }

    /** Distinct messages received so far (the direct loop's count is known at the end only). */
    long received() {
        return directOutcome != null ? directOutcome.received : tracker.received();
    }

    /** Messages sent but never received. */
    long lost(long sent) {
        return directOutcome != null ? Math.max(0, sent - directOutcome.received) : tracker.lost(sent);
    }

    /**
     * Asked by the consumer when nothing is waiting: stop when the period was aborted, or when the
     * producer has finished and everything it sent arrived (or the stragglers' time ran out).
     */
    boolean stopReceiving(long received) {
        if (abort || context.aborted()) {
            return true;
        }
        return producerDone && (received >= sentCount.get()
                || context.clock().nanoTime() - producerDoneNs > OneWayWorkload.DRAIN_TIMEOUT_NS);
    }

    /** The period's counters, once both threads ended. */
    OneWayTally tally() {
        long periodSent = sentCount.get();
        OneWayTally p = new OneWayTally();
        p.periods = 1;
        p.producerBytes = producerAlloc;
        p.consumerBytes = consumerAlloc;
        p.addRoundTrip(roundTripBeforeNs);
        p.addRoundTrip(roundTripAfterNs);
        if (directOutcome != null) {
            DirectLoop.Outcome o = directOutcome;
            p.messages.sent = periodSent;
            p.messages.received = o.received;
            p.messages.lost = lost(periodSent);
            p.messages.outOfOrder = o.outOfOrder;
            p.messages.outOfRange = o.outOfRange;
            p.maxLagNs = o.maxLagNs;
            p.maxFinalLagNs = o.lastLagNs;
            p.lateSends = o.lateSends;
            p.minAchievedRatePerSec = pacer.achievedRatePerSec(periodSent, o.lastLagNs);
            return p;
        }
        p.messages.add(MessageCounts.of(tracker, periodSent, outOfRange));
        p.maxLagNs = pacer.maxLagNs();
        p.maxFinalLagNs = pacer.lastLagNs();
        p.lateSends = pacer.lateSends();
        p.minAchievedRatePerSec = pacer.achievedRatePerSec();
        return p;
    }
}
