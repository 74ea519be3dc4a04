package dev.latencybench.core.time;

/**
 * A fixed-rate schedule: message {@code i} is due at {@code startNs + i * 10^9 / ratePerSec}, in exact integer
 * arithmetic so no rate drifts. {@link #awaitNext()} sleeps while the due time is far, spins the last
 * {@code spinThresholdNs}, and returns at once when late, recording the lag.
 *
 * <p>Single-threaded: one sender owns a pacer. Hot path: no allocation, no locks.
 */
public final class Pacer {
    private static final long NANOS_PER_SEC = 1_000_000_000L;
    /**
     * A sender that ends further behind than this share of its period (or {@link #BEHIND_FLOOR_NS}) did not hold the
     * rate: one late stall is already in the histogram, but a too-slow sender falls further behind with every message.
     */
    public static final double MAX_BEHIND_SHARE = 0.01;
    public static final long BEHIND_FLOOR_NS = 50_000_000L;

    private final Clock clock;
    private final long ratePerSec;
    private final long intervalNs;
    private final long spinThresholdNs;

    private long startNs;
    private long index;
    private long maxLagNs;
    private long lateSends;
    private long lastLagNs;

    /**
     * @param ratePerSec      due times per second, 1 to 10^9
     * @param spinThresholdNs how long before a due time to stop sleeping and spin; 0 never spins
     */
    public Pacer(Clock clock, long ratePerSec, long spinThresholdNs) {
        if (ratePerSec < 1 || ratePerSec > NANOS_PER_SEC) {
            throw new IllegalArgumentException("ratePerSec must be from 1 to 10^9: " + ratePerSec);
        }
        if (spinThresholdNs < 0) {
            throw new IllegalArgumentException("spinThresholdNs must not be negative: " + spinThresholdNs);
        }
        this.clock = clock;
        this.ratePerSec = ratePerSec;
        this.intervalNs = NANOS_PER_SEC / ratePerSec;
        this.spinThresholdNs = spinThresholdNs;
    }

    /** Starts a new schedule whose first message is due at {@code startNs}; resets the accounting. */
    public void start(long startNs) {
        this.startNs = startNs;
        this.index = 0;
        this.maxLagNs = 0;
        this.lateSends = 0;
        this.lastLagNs = 0;
    }

    /** Waits until the next message is due and returns its scheduled send time; returns at once when past it. */
    public long awaitNext() {
        final long intendedNs = dueNs(index);
        long now = clock.nanoTime();
        long remaining = intendedNs - now;
        while (remaining > spinThresholdNs) {
            clock.sleepNanos(remaining - spinThresholdNs);
            now = clock.nanoTime();
            remaining = intendedNs - now;
        }
        while (remaining > 0) {
            Thread.onSpinWait();
            now = clock.nanoTime();
            remaining = intendedNs - now;
        }
        final long lagNs = -remaining;
        lastLagNs = lagNs;
        if (lagNs > maxLagNs) {
            maxLagNs = lagNs;
        }
        if (lagNs >= intervalNs) {
            lateSends++;
        }
        index++;
        return intendedNs;
    }

    /** How many due times a schedule of {@code ratePerSec} has in {@code durationNs}, without overflow for days. */
    public static long messagesIn(long ratePerSec, long durationNs) {
        return (durationNs / NANOS_PER_SEC) * ratePerSec + (durationNs % NANOS_PER_SEC) * ratePerSec / NANOS_PER_SEC;
    }

    /** How far behind schedule a sender may end a period of {@code periodNs} and still have held the rate. */
    public static long allowedBehindNs(long periodNs) {
        return Math.max(BEHIND_FLOOR_NS, (long) (periodNs * MAX_BEHIND_SHARE));
    }

    /** When message {@code i} of the current schedule is due. */
    public long dueNs(long i) {
        // whole seconds first, so i * 10^9 cannot overflow
        return startNs + (i / ratePerSec) * NANOS_PER_SEC + (i % ratePerSec) * NANOS_PER_SEC / ratePerSec;
    }

    /**
     * The inverse of {@link #dueNs(long)} for a schedule of {@code ratePerSec} started at {@code startNs}: the index
     * whose due time is {@code dueNs}, or -1 when it is none. Stateless; safe from any thread.
     */
    public static long indexOfDue(long startNs, long ratePerSec, long dueNs) {
        long sinceNs = dueNs - startNs;
        if (sinceNs < 0) {
            return -1;
        }
        long wholeSec = sinceNs / NANOS_PER_SEC;
        long restNs = sinceNs % NANOS_PER_SEC;
        // the least j with j * 10^9 / ratePerSec >= restNs; restNs * ratePerSec < 10^18 cannot overflow
        long j = (restNs * ratePerSec + NANOS_PER_SEC - 1) / NANOS_PER_SEC;
        if (j >= ratePerSec || j * NANOS_PER_SEC / ratePerSec != restNs) {
            return -1;
        }
        return wholeSec * ratePerSec + j;
    }

    public long startNs() {
        return startNs;
    }

    /** The whole nanoseconds between two due times (rounded down). */
    public long intervalNs() {
        return intervalNs;
    }

    public long count() {
        return index;
    }

    /** How late the worst send was, in nanoseconds after its due time. */
    public long maxLagNs() {
        return maxLagNs;
    }

    public long lastLagNs() {
        return lastLagNs;
    }

    /** Sends that went out a whole interval or more after their due time. */
    public long lateSends() {
        return lateSends;
    }

    /** The rate achieved: messages over the time from the start to one interval after the last actual send. */
    public double achievedRatePerSec() {
        return achievedRatePerSec(index, lastLagNs);
    }

    /** The rate achieved by {@code count} sends whose last went out {@code lastLagNs} late. */
    public double achievedRatePerSec(long count, long lastLagNs) {
        if (count == 0) {
            return 0;
        }
        long lastActualNs = dueNs(count - 1) + lastLagNs;
        long spanNs = lastActualNs - startNs + NANOS_PER_SEC / ratePerSec;
        return count * 1e9 / spanNs;
    }
}
