package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.time.FakeClock;
import dev.latencybench.core.time.Pacer;

/**
 * A producer paced at 100K msg/s (one every 10 us) stalls for 1 ms once; every message is received
 * 1 us after it is actually sent. The latency histogram (from the intended send time) must show the
 * messages queued behind the stall; the service-time histogram (from the actual send time) does not.
 */
class CoordinatedOmissionTest {
    private static final long INTERVAL_NS = 10_000;
    private static final long STALL_NS = 1_000_000;
    private static final long TRANSIT_NS = 1_000;
    private static final int MESSAGES = 1_000;
    private static final int STALL_AFTER = 100;

    private final FakeClock clock = new FakeClock(0);
    private final Pacer pacer = new Pacer(clock, 100_000, 0);
    private final MetricRecorder latencyRecorder = new MetricRecorder(Metrics.ONE_WAY.get("latency"));
    private final MetricRecorder serviceRecorder = new MetricRecorder(Metrics.ONE_WAY.get("service"));
    private Histogram latency;
    private Histogram service;

    private void run() {
        pacer.start(0);
        for (int i = 0; i < MESSAGES; i++) {
            long intended = pacer.awaitNext();
            long actual = clock.nanoTime();
            long received = actual + TRANSIT_NS;
            latencyRecorder.record(received - intended);
            serviceRecorder.record(received - actual);
            if (i == STALL_AFTER) {
                clock.advance(STALL_NS); // message 100 went out at 1 ms; the next send happens at 2 ms
            }
        }
        latency = latencyRecorder.sampleInterval().copy();
        service = serviceRecorder.sampleInterval().copy();
    }

    private static long countAbove(Histogram h, long ns) {
        return h.getTotalCount() - h.getCountBetweenValues(0, ns);
    }

    @Test
    void latencyFromTheIntendedTimeShowsTheMessagesQueuedBehindTheStall() {
        run();
        assertEquals(MESSAGES, latency.getTotalCount());
        // messages 101..200 were due at 1.01..2.00 ms and all went out at 2 ms: latencies 991 us down
        // to 1 us in steps of 10 us; 50 of them (991 .. 501 us) are above 500 us
        assertEquals(50, countAbove(latency, 500_000));
        assertEquals(99, countAbove(latency, 10_000));
        assertEquals(latency.highestEquivalentValue(991_000), latency.getMaxValue());
        assertEquals(MESSAGES - 99, latency.getCountAtValue(TRANSIT_NS));
    }

    @Test
    void serviceTimeFromTheActualSendTimeHidesTheStall() {
        run();
        assertEquals(MESSAGES, service.getTotalCount());
        assertEquals(0, countAbove(service, 500_000));
        assertEquals(MESSAGES, service.getCountAtValue(TRANSIT_NS));
        assertEquals(TRANSIT_NS, service.getMaxValue());
    }

    @Test
    void thePacerAccountsForTheStall() {
        run();
        assertEquals(STALL_NS - INTERVAL_NS, pacer.maxLagNs());
        assertEquals(99, pacer.lateSends());
        assertEquals(0, latencyRecorder.outOfRange() + serviceRecorder.outOfRange());
    }
}
