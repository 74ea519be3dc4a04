package dev.latencybench.core.tail;

import java.util.Objects;

/** One time the JVM stopped threads, or one platform stall: an interval, its {@link Cause} and name. Immutable. */
public final class Stop {
    public final Cause cause;
    public final String name;
    public final long startNs;
    public final long endNs;
    /** How much of a sample the stop can cover at most: its length, or less for a stall whose place is not known. */
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
