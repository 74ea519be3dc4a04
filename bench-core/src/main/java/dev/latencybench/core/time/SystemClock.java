package dev.latencybench.core.time;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/**
 * The system's clocks: {@link System#nanoTime()} and {@link LockSupport#parkNanos(long)} as the
 * monotonic clock, {@link System#currentTimeMillis()} and {@link Instant#now()} as the epoch clock.
 * The one place in the suite's generic code that reads them. Stateless, shared.
 */
public final class SystemClock implements Clock, EpochClock {
    public static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void sleepNanos(long ns) {
        LockSupport.parkNanos(ns);
    }

    @Override
    public long epochMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
