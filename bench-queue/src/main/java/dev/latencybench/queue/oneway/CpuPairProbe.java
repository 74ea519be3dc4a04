package dev.latencybench.queue.oneway;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;

/**
 * Measures how long one cache line takes to go from the producer's CPU to the consumer's and back,
 * on the two threads of a period, pinned where they will run. Every transfer a one-way transport
 * makes costs about half this round trip, so when the host moves a virtual machine's CPUs (two
 * vCPUs on one core complex, then on two), the medians of every transport move with it. Probed
 * before and after each period, it tells a change of placement from a change in the code.
 *
 * <pre>
 *   leader (producer thread)  writes 2k+1 --line--&gt; follower (consumer thread) sees it, writes 2k+2 --line--&gt; leader
 *   {@value #BATCHES} batches of {@value #BATCH} round trips; the result is the tenth-percentile batch's time per round trip
 * </pre>
 *
 * <p>One probe is used once, by exactly one leader and one follower. Either side gives up when the
 * other does not answer in time or {@code stop} says so; the leader then marks the line abandoned,
 * so the follower stops waiting at once. Cost: {@value #BATCHES} x {@value #BATCH} round trips, 1 to
 * 10 ms; no allocation after construction. A thread preempted for a scheduler slice (a few ms, as
 * long as the whole probe) stretches the batches it covers; the tenth-percentile batch still shows
 * the transfer itself unless the preemption covers nine tenths of the probe. A slow placement slows
 * every batch, so it shows there too.
 */
public final class CpuPairProbe {
    static final int BATCH = 100;
    static final int BATCHES = 101;
    /** The word used, 128 bytes into the array: no other data shares its cache line (or the adjacent one). */
    private static final int SLOT = 16;
    private static final long ABANDONED = Long.MIN_VALUE;
    /** How often a waiting side looks at the clock and at {@code stop}: every 1,024 spins. */
    private static final int CHECK_MASK = 1023;

    private final AtomicLongArray line = new AtomicLongArray(2 * SLOT + 1);
    private final long[] batchNs = new long[BATCHES];

    /**
     * Leader side: runs the round trips and returns the tenth-percentile batch's nanoseconds per round trip,
     * or -1 when the follower did not answer within {@code timeoutNs} or {@code stop} said to stop.
     */
    public long lead(long timeoutNs, BooleanSupplier stop) {
        long deadline = System.nanoTime() + timeoutNs;
        long k = 0;
        try {
            for (int b = 0; b < BATCHES; b++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < BATCH; i++, k++) {
                    line.set(SLOT, 2 * k + 1);
                    if (!await(2 * k + 2, deadline, stop)) {
                        line.set(SLOT, ABANDONED);
                        return -1;
                    }
                }
                batchNs[b] = System.nanoTime() - t0;
            }
        } catch (RuntimeException | Error e) {
            line.set(SLOT, ABANDONED);
            throw e;
        }
        long[] sorted = batchNs.clone();
        Arrays.sort(sorted);
        return sorted[BATCHES / 10] / BATCH;
    }

    /** Follower side: answers every round trip; false when the leader gave up, did not come, or {@code stop}. */
    public boolean follow(long timeoutNs, BooleanSupplier stop) {
        long deadline = System.nanoTime() + timeoutNs;
        long rounds = (long) BATCHES * BATCH;
        for (long k = 0; k < rounds; k++) {
            if (!await(2 * k + 1, deadline, stop)) {
                return false;
            }
            line.set(SLOT, 2 * k + 2);
        }
        return true;
    }

    /** Tells a follower that waits (or will wait) that no leader comes: called when the leader's thread fails before leading. */
    public void abandon() {
        line.set(SLOT, ABANDONED);
    }

    private boolean await(long value, long deadline, BooleanSupplier stop) {
        for (int spins = 0; ; spins++) {
            long v = line.get(SLOT);
            if (v == value) {
                return true;
            }
            if (v == ABANDONED) {
                return false;
            }
            if ((spins & CHECK_MASK) == CHECK_MASK && (System.nanoTime() - deadline > 0 || stop.getAsBoolean())) {
                return false;
            }
            Thread.onSpinWait();
        }
    }
}
