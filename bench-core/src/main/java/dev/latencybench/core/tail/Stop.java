package dev.latencybench.core.tail;

import java.util.Objects;

/**
 * One time the JVM stopped application threads, or one of them: from {@code startNs} to {@code endNs} on
 * {@code System.nanoTime()}'s clock, the {@link Cause} it counts as and its name (a GC phase such as
 * {@code Pause Young (Normal) (G1 Evacuation Pause)}, {@code Allocation Stall (main)}, or a safepoint's
 * operation such as {@code ThreadDump}); or one stall of the platform a {@link HiccupProbe} saw, named by its source
 * ({@code run queue of lb-producer}). Immutable.
 */
public final class Stop {
    public final Cause cause;
    public final String name;
    public final long startNs;
    public final long endNs;
    /**
     * How much of a sample the stop can cover at most: its length, or less for a stall known by its length but not
     * its place within {@code [startNs, endNs]} (a run-queue wait seen between two of the probe's reads: on a busy
     * machine the probe reads late, and the interval that holds a 5 ms wait can be 30 ms wide).
     */
    public final long coversAtMostNs;

    public Stop(Cause cause, String name, long startNs, long endNs) {
        this(cause, name, startNs, endNs, endNs - startNs);
    }

    public Stop(Cause cause, String name, long startNs, long endNs, long coversAtMostNs) {
        if (endNs < startNs) {
            throw new IllegalArgumentException("a stop ends before it starts: " + startNs + " > " + endNs);
        }
        this.cause = Objects.requireNonNull(cause, "cause");
        this.name = Objects.requireNonNull(name, "name");
        this.startNs = startNs;
        this.endNs = endNs;
        this.coversAtMostNs = Math.max(0, Math.min(coversAtMostNs, endNs - startNs));
    }

    public long lengthNs() {
        return endNs - startNs;
    }

    /** Whether the stop and {@code [fromNs, toNs]} share an instant. */
    public boolean overlaps(long fromNs, long toNs) {
        return startNs <= toNs && fromNs <= endNs;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Stop)) {
            return false;
        }
        Stop s = (Stop) o;
        return cause == s.cause && name.equals(s.name) && startNs == s.startNs && endNs == s.endNs
                && coversAtMostNs == s.coversAtMostNs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(cause, name, startNs, endNs, coversAtMostNs);
    }

    @Override
    public String toString() {
        return cause.label() + " " + name + " [" + startNs + ", " + endNs + "] ns"
                + (coversAtMostNs < endNs - startNs ? " (" + coversAtMostNs + " ns of it)" : "");
    }
}
