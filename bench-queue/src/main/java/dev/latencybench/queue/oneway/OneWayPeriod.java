package dev.latencybench.queue.oneway;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.time.Pacer;

/** One period of a {@link OneWayWorkload}: what its two threads share and, once both ended, its {@link OneWayTally}. */
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
    /** How often the benchmark thread looks whether the rate can still be held, while it waits for the threads. */
    static final long RATE_WATCH_MS = 10;
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
    /** When the schedule's last message is due (0 before it starts) and when it started, for the rate watch. */
    volatile long lastDueNs;
    volatile long scheduleStartNs;
    /** When the period was cut short because its rate could no longer be held; 0 when it was not. */
    volatile long rateLostAtNs;
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
        this.pacer = context.pacer(settings.ratePerSec);
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
        long allowedBehindNs = Pacer.allowedBehindNs(context.durationNs());
        while (producer.isAlive() || consumer.isAlive()) {
            try {
                producer.join(RATE_WATCH_MS);
                watchRate(allowedBehindNs);
                if (!producer.isAlive()) {
                    consumer.join();
                }
            } catch (InterruptedException e) {
                interrupted = e; // JMH's time-out: stop both threads, then say so
                abort = true;
                context.fail(ForkSession.BENCHMARK_THREAD_INTERRUPTED);
            }
        }
        if (producerError != null) {
            context.fail("producer failed: " + transport.explain(producerError));
        }
        if (consumerError != null) {
            context.fail("consumer failed: " + transport.explain(consumerError));
        }
        if (direct != null) {
            takeDirectOutcome(startEpochMs);
        }
        finished = true;
        if (interrupted != null) {
            throw interrupted;
        }
    }

    /**
     * Cuts the period short once the producer cannot end within {@code allowedBehindNs} of its schedule, since the
     * rest would only spend time on a result already decided; the consumer still drains what was sent.
     */
    private void watchRate(long allowedBehindNs) {
        long lastDue = lastDueNs;
        if (lastDue != 0 && !producerDone && rateLostAtNs == 0) {
            long now = context.clock().nanoTime();
            if (now - lastDue > allowedBehindNs) {
                rateLostAtNs = now;
            }
        }
    }

    /** Why the period was cut short for its rate, with what was sent by then; null when it was not. */
    String rateLost(long sent) {
        long at = rateLostAtNs;
        if (at == 0) {
            return null;
        }
        long ranNs = Math.max(1, at - scheduleStartNs);
        return String.format(java.util.Locale.ROOT, "rate not held: %,d of %,d messages sent when the last was due"
                + " %s before (more than %s allowed behind schedule), %,.0f msg/s of %,d asked; cut short there,"
                + " as the rate could no longer be held", sent, messages, dev.latencybench.core.config.Units.formatNs(
                        at - lastDueNs), dev.latencybench.core.config.Units.formatNs(Pacer.allowedBehindNs(
                        context.durationNs())), sent * 1e9 / ranNs, settings.ratePerSec);
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

    /** Whether an error of this period left the transport unable to carry another one. */
    boolean brokeTransport() {
        Throwable p = producerError;
        Throwable c = consumerError;
        return (p != null && transport.broken(p)) || (c != null && transport.broken(c));
    }

    boolean stopping() {
        return abort || rateLostAtNs != 0 || context.stopping();
    }

    /** Publishes the schedule just started on {@link #pacer}, for the rate watch. */
    void scheduleStarted() {
        scheduleStartNs = pacer.dueNs(0);
        lastDueNs = pacer.dueNs(messages - 1);
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

    long lost(long sent) {
        return directOutcome != null ? Math.max(0, sent - directOutcome.received) : tracker.lost(sent);
    }

    /** Asked by the consumer when nothing waits: stop when aborted, or once all sent arrived or the wait ran out. */
    boolean stopReceiving(long received) {
        if (abort || context.aborted()) {
            return true;
        }
        return producerDone && (received >= sentCount.get()
                || context.clock().nanoTime() - producerDoneNs > OneWayWorkload.DRAIN_TIMEOUT_NS);
    }

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
