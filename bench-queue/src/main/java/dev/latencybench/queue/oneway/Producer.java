package dev.latencybench.queue.oneway;

import java.util.concurrent.TimeUnit;

import dev.latencybench.core.fork.ThreadAllocation;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Pacer;

/** The producer thread of a {@link OneWayPeriod}: pins itself, probes the CPU pair, then sends on schedule. */
final class Producer implements Runnable {
    private final OneWayPeriod p;

    Producer(OneWayPeriod period) {
        this.p = period;
    }

    @Override
    public void run() {
        try {
            p.context.pin("producer");
            p.transport.onProducerStart();
            p.roundTripBeforeNs = p.probeBefore.lead(OneWayWorkload.PROBE_TIMEOUT_NS, p::stopping);
            while (!p.consumerReady.await(50, TimeUnit.MILLISECONDS)) {
                if (p.stopping()) {
                    return;
                }
            }
            long alloc0 = ThreadAllocation.currentThreadBytes();
            if (p.direct != null) {
                sendDirect();
            } else {
                sendAll();
            }
            p.producerAlloc = ThreadAllocation.currentThreadBytes() - alloc0;
            p.markProducerDone(); // the consumer drains, then answers the second probe
            p.roundTripAfterNs = p.probeAfter.lead(OneWayWorkload.DRAIN_TIMEOUT_NS + OneWayWorkload.PROBE_TIMEOUT_NS,
                    p::stopping);
        } catch (Throwable t) {
            p.producerError = t; // the consumer still drains what was sent
        } finally {
            p.probeBefore.abandon(); // a consumer still waiting for a probe stops waiting
            p.probeAfter.abandon();
            p.markProducerDone();
            p.context.unpin();
        }
    }

    /** The transport's own producer loop: the pacer only keeps the schedule's arithmetic. */
    private void sendDirect() {
        long firstDueNs = p.context.clock().nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
        p.pacer.start(firstDueNs);
        p.scheduleStarted();
        long sent = p.direct.send(p.base, p.messages, firstDueNs, p.settings.ratePerSec, p::stopping);
        p.sentCount.set(sent);
    }

    /** The producer's hot loop. */
    private void sendAll() {
        final OneWayPeriod p = this.p;
        final Pacer pacer = p.pacer;
        final MessageTransport transport = p.transport;
        final Clock clock = p.context.clock();
        final long base = p.base;
        final long messages = p.messages;
        pacer.start(clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1));
        p.scheduleStarted();
        for (long i = 0; i < messages; i++) {
            if (p.stopping()) {
                return;
            }
            final long intendedNs = pacer.awaitNext();
            long actualNs = clock.nanoTime();
            while (!transport.trySend(base + i, intendedNs, actualNs)) {
                if (p.stopping()) {
                    return;
                }
                Thread.onSpinWait();
                actualNs = clock.nanoTime(); // the actual send is the one the transport accepts
            }
            p.sentCount.lazySet(i + 1);
        }
    }
}
