package dev.latencybench.queue.oneway;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;

/**
 * Measures a cache line's round trip between the producer's and consumer's CPUs, before and after each period, so
 * a host moving the CPUs is told apart from a change in the code. Used once, by one leader and one follower; either
 * side gives up on timeout or {@code stop}. The tenth-percentile batch shrugs off a preemption; no allocation.
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

    /** Leader side: returns the tenth-percentile batch's ns per round trip, or -1 on timeout or {@code stop}. */
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

    /** Tells a waiting follower that no leader comes, when the leader's thread fails before leading. */
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
