package dev.latencybench.core.time;

import java.util.concurrent.locks.LockSupport;

/** {@link System#nanoTime()} and {@link LockSupport#parkNanos(long)}. Stateless, shared. */
public final class SystemClock implements Clock {
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
}
