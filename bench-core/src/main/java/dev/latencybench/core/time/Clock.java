package dev.latencybench.core.time;

/**
 * The monotonic time source of the harness, injected so the pacer's schedule can be tested exactly with a
 * fake clock. Implementations must be safe to call from several threads; the system clock costs
 * one {@code System.nanoTime()} per read and allocates nothing.
 */
public interface Clock {
    /** Monotonic nanoseconds, comparable only with other readings of the same clock. */
    long nanoTime();

    /** Gives up the CPU for about {@code ns} nanoseconds (may return early). */
    void sleepNanos(long ns);
}
