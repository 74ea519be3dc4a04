package dev.latencybench.queue.oneway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.env.CpuLoadProbe;

class CpuPairProbeTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aLeaderAndAFollowerMeasureARoundTrip() throws Exception {
        CpuPairProbe probe = new CpuPairProbe();
        AtomicBoolean followed = new AtomicBoolean();
        Thread follower = new Thread(() -> followed.set(probe.follow(10 * SECOND, () -> false)));
        CpuLoadProbe load = CpuLoadProbe.system();
        CpuLoadProbe.Snapshot before = load.snapshot();
        follower.start();
        long t0 = System.nanoTime();
        long ns = probe.lead(10 * SECOND, () -> false);
        long took = System.nanoTime() - t0;
        follower.join(10_000);
        assertFalse(follower.isAlive(), "the follower ended with the leader");
        if (ns == -1) {
            // two spinning threads that must take turns with other busy processes on a few CPUs can need a scheduler
            // slice a round trip: then the leader gives up at its time-out and the follower with it; on a machine
            // that is not busy that is a failure
            CpuLoadProbe.Load during = before.until(load.snapshot());
            assertTrue(during.busy(), "the probe timed out on a machine that was not busy (other processes "
                    + during.otherProcessesCores + " cores)");
            assertTrue(took >= 10 * SECOND, "the leader gave up at its time-out, not before: " + took + " ns");
            assertFalse(followed.get(), "the follower gave up with the leader");
            return;
        }
        assertTrue(followed.get(), "the follower answered every round trip");
        // A round trip is two cache-line transfers: well under a microsecond on a quiet machine, but on a
        // busy one the two threads may take turns on one CPU for most batches, a scheduler slice each. What
        // holds on any machine: the tenth-percentile batch is no slower than the 91 batches above it, so
        // its time per round trip, times the round trips of those 91 batches, fits in the probe's own time.
        int atOrAbove = CpuPairProbe.BATCHES - CpuPairProbe.BATCHES / 10;
        assertTrue(ns > 0 && ns * CpuPairProbe.BATCH * atOrAbove <= took,
                ns + " ns a round trip; the probe took " + took + " ns for " + CpuPairProbe.BATCHES + " batches of "
                        + CpuPairProbe.BATCH);
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
