package dev.latencybench.core.time;

/**
 * Wall-clock time, injected like {@link Clock} so code that stamps results or event times can be
 * tested with a fake. Not monotonic: never measure a duration with it.
 */
public interface EpochClock {
    /** Milliseconds since 1970-01-01T00:00Z. */
    long epochMillis();

    /** Nanoseconds since 1970-01-01T00:00Z, as precise as the system offers (microseconds on Linux). */
    long epochNanos();
}
