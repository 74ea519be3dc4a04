package dev.latencybench.queue.oneway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

class CpuPairProbeTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aLeaderAndAFollowerMeasureARoundTrip() throws Exception {
        CpuPairProbe probe = new CpuPairProbe();
        AtomicBoolean followed = new AtomicBoolean();
        Thread follower = new Thread(() -> followed.set(probe.follow(10 * SECOND, () -> false)));
        follower.start();
        long ns = probe.lead(10 * SECOND, () -> false);
        follower.join(10_000);
        assertTrue(followed.get(), "the follower answered every round trip");
        // a round trip is two cache-line transfers: more than nothing, far less than a scheduler slice on
        // any machine that runs the tests (a descheduled thread only stretches a few of the 101 batches)
        assertTrue(ns > 0 && ns < TimeUnit.MILLISECONDS.toNanos(1), ns + " ns");
    }

    @Test
    void aLeaderWithoutAFollowerGivesUpAtItsTimeOut() {
        long t0 = System.nanoTime();
        assertEquals(-1, new CpuPairProbe().lead(TimeUnit.MILLISECONDS.toNanos(50), () -> false));
        long took = System.nanoTime() - t0;
        assertTrue(took >= TimeUnit.MILLISECONDS.toNanos(50) && took < 5 * SECOND, took + " ns");
    }

    @Test
    void aStopRequestEndsTheWaitOfEitherSide() {
        assertEquals(-1, new CpuPairProbe().lead(60 * SECOND, () -> true));
        assertFalse(new CpuPairProbe().follow(60 * SECOND, () -> true));
    }

    @Test
    void aFollowerStopsWaitingWhenTheLeaderAbandonsTheProbe() throws Exception {
        CpuPairProbe probe = new CpuPairProbe();
        AtomicBoolean followed = new AtomicBoolean(true);
        Thread follower = new Thread(() -> followed.set(probe.follow(60 * SECOND, () -> false)));
        follower.start();
        probe.abandon(); // the producer failed before it could lead
        follower.join(5_000);
        assertFalse(follower.isAlive(), "the follower returned at once");
        assertFalse(followed.get());
    }
}
