package dev.latencybench.queue.oneway;

import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.ThreadAllocation;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.SequenceTracker;
import dev.latencybench.core.time.Clock;

/** The consumer thread of a {@link OneWayPeriod}: answers the CPU pair probe, then receives and records. */
final class Consumer implements Runnable {
    private final OneWayPeriod p;

    Consumer(OneWayPeriod period) {
        this.p = period;
    }

    @Override
    public void run() {
        boolean started = false;
        try {
            p.context.pin("consumer");
            p.transport.onConsumerStart();
            started = true;
            p.probeBefore.follow(OneWayWorkload.PROBE_TIMEOUT_NS, p::stopping);
            p.consumerReady.countDown();
            long alloc0 = ThreadAllocation.currentThreadBytes();
            if (p.direct != null) {
                p.direct.receive(p.base, p.messages, p::stopReceiving);
            } else {
                receiveAll();
            }
            p.consumerAlloc = ThreadAllocation.currentThreadBytes() - alloc0;
            p.probeAfter.follow(OneWayWorkload.PROBE_TIMEOUT_NS, p::stopping);
        } catch (Throwable t) {
            p.consumerError = t;
            p.abort = true;
        } finally {
            p.consumerReady.countDown();
            if (started) {
                p.transport.onConsumerStop();
            }
            p.context.unpin();
        }
    }

    /** The consumer's hot loop. */
    private void receiveAll() {
        final OneWayPeriod p = this.p;
        final MessageTransport transport = p.transport;
        final MetricRecorder latency = p.latency;
        final MetricRecorder service = p.service;
        final SequenceTracker tracker = p.tracker;
        final Clock clock = p.context.clock();
        final MessageHandler handler = (sequence, intendedNs, actualNs) -> {
            long now = clock.nanoTime();
            long latencyNs = now - intendedNs;
            long serviceNs = now - actualNs;
            if (latencyNs < 0 || latencyNs > LatencyRecorder.HIGHEST_TRACKABLE_NS || serviceNs < 0
                    || serviceNs > LatencyRecorder.HIGHEST_TRACKABLE_NS) {
                p.outOfRange++; // one writer: a plain increment of a volatile is safe here
            } else {
                latency.record(latencyNs, now);
                service.record(serviceNs);
            }
            tracker.onReceive(sequence);
        };
        while (true) {
            if (transport.poll(handler) == 0) {
                if (p.stopReceiving(tracker.received())) {
                    return;
                }
                Thread.onSpinWait();
            }
        }
    }
}
