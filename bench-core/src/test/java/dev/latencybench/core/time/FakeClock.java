package dev.latencybench.core.time;

import java.util.ArrayList;
import java.util.List;

/**
 * A clock for tests: time moves only when a test advances it, when {@link #sleepNanos} is called
 * (by exactly the nanoseconds asked), and, optionally, by {@code stepPerRead} before every
 * {@link #nanoTime()} read so that spin loops end. Records every sleep. Not thread-safe.
 */
public final class FakeClock implements Clock {
    private final long stepPerRead;
    private final List<Long> sleeps = new ArrayList<>();
    private final List<Long> wakeTimes = new ArrayList<>();
    private long now;
    private long reads;

    public FakeClock(long startNs, long stepPerRead) {
        this.now = startNs;
        this.stepPerRead = stepPerRead;
    }

    /** A clock at {@code startNs} that moves only by sleeps and {@link #advance}. */
    public FakeClock(long startNs) {
        this(startNs, 0);
    }

    @Override
    public long nanoTime() {
        reads++;
        now += stepPerRead;
        return now;
    }

    @Override
    public void sleepNanos(long ns) {
        if (ns <= 0) {
            throw new AssertionError("asked to sleep " + ns + " ns");
        }
        sleeps.add(ns);
        now += ns;
        wakeTimes.add(now);
    }

    /** Lets time pass without a read or a sleep (a stall of the caller). */
    public void advance(long ns) {
        now += ns;
    }

    /** The time now, without counting as a read. */
    public long now() {
        return now;
    }

    public List<Long> sleeps() {
        return sleeps;
    }

    /** The time at the end of each sleep. */
    public List<Long> wakeTimes() {
        return wakeTimes;
    }

    public long reads() {
        return reads;
    }
}
