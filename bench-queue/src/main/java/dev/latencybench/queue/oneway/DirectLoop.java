package dev.latencybench.queue.oneway;

import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

import org.HdrHistogram.Histogram;

/**
 * A transport that brings its own two hot loops, with no harness code in them: the yardstick for what the
 * harness's own hot path costs. {@code send} runs on the producer thread, {@code receive} on the consumer thread,
 * and {@link #outcome} once both have returned.
 */
public interface DirectLoop {
    /**
     * Sends messages {@code base .. base + count - 1}, message {@code i} due at {@code firstDueNs + i * 10^9 /
     * ratePerSec} on {@code System.nanoTime()}; returns how many were sent, fewer once {@code stop} says so.
     */
    long send(long base, long count, long firstDueNs, long ratePerSec, BooleanSupplier stop);

    /** Receives until {@code count} messages arrived, or until {@code stopWhenIdle} says to stop when none waits. */
    void receive(long base, long count, LongPredicate stopWhenIdle);

    /** What the last {@code send} and {@code receive} measured. */
    Outcome outcome();

    /** What one period of a direct loop measured. Filled by the loop's two threads, read after both ended. */
    final class Outcome {
        /** Receive time minus intended (scheduled) send time, per message. */
        public final Histogram latency;
        /** Receive time minus actual send time, per message. */
        public final Histogram service;
        public final long received;
        /** Messages whose sequence number was not the one expected next. */
        public final long outOfOrder;
        /** Messages whose latency or service time did not fit the histograms. */
        public final long outOfRange;
        /** How late the worst send was, and the last one, after their due times. */
        public final long maxLagNs;
        public final long lastLagNs;
        /** Sends a whole interval or more after their due time. */
        public final long lateSends;

        public Outcome(Histogram latency, Histogram service, long received, long outOfOrder, long outOfRange,
                       long maxLagNs, long lastLagNs, long lateSends) {
            this.latency = latency;
            this.service = service;
            this.received = received;
            this.outOfOrder = outOfOrder;
            this.outOfRange = outOfRange;
            this.maxLagNs = maxLagNs;
            this.lastLagNs = lastLagNs;
            this.lateSends = lateSends;
        }
    }
}
