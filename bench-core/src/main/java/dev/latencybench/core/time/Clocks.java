package dev.latencybench.core.time;

/**
 * The two clocks of a measurement, and the one mapping between them: a monotonic clock for every
 * duration and schedule, an epoch clock for time stamps, and {@link #toEpochNanos} turning a
 * monotonic instant (a message's intended send time, say) into epoch time (an event time a
 * stream processor windows by). The offset is taken once, when the pair is made, so two mapped
 * instants are exactly as far apart as on the monotonic clock. Immutable, thread-safe.
 */
public final class Clocks {
    /** Readings of the offset taken; the one with the shortest bracket wins. */
    private static final int OFFSET_TRIES = 5;

    private final Clock monotonic;
    private final EpochClock epoch;
    private final long offsetNs;

    public Clocks(Clock monotonic, EpochClock epoch) {
        this.monotonic = monotonic;
        this.epoch = epoch;
        long bestBracket = Long.MAX_VALUE;
        long best = 0;
        for (int i = 0; i < OFFSET_TRIES; i++) {
            long before = monotonic.nanoTime();
            long wall = epoch.epochNanos();
            long after = monotonic.nanoTime();
            if (after - before < bestBracket) {
                bestBracket = after - before;
                best = wall - (before + (after - before) / 2);
            }
        }
        this.offsetNs = best;
    }

    /** The system's clocks. */
    public static Clocks system() {
        return new Clocks(SystemClock.INSTANCE, SystemClock.INSTANCE);
    }

    public Clock monotonic() {
        return monotonic;
    }

    public EpochClock epoch() {
        return epoch;
    }

    /** The epoch time, in nanoseconds, of an instant of the monotonic clock. */
    public long toEpochNanos(long monotonicNs) {
        return monotonicNs + offsetNs;
    }

    /** The instant of the monotonic clock that {@link #toEpochNanos} maps to {@code epochNs}. */
    public long toMonotonicNanos(long epochNs) {
        return epochNs - offsetNs;
    }

    /** The epoch time, in milliseconds (rounded down), of an instant of the monotonic clock. */
    public long toEpochMillis(long monotonicNs) {
        return Math.floorDiv(toEpochNanos(monotonicNs), 1_000_000L);
    }
}
