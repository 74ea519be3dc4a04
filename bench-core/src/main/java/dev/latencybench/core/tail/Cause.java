package dev.latencybench.core.tail;

/**
 * What a tail sample is put down to ({@link Coverage}): the cause whose stops or stalls cover the most of the
 * sample's time above the cell's median, at least half of it (on a tie, the first in this order);
 * {@link #CODE} is what is left. {@link #OTHER} is only read: a result
 * written before the platform and the code were told apart, or a fork that ran no {@link HiccupProbe}, put what
 * the JVM's stops did not cover down to it. Stateless.
 */
public enum Cause {
    /** A garbage collector's pause or allocation stall. */
    GC("gc"),
    /** A safepoint for anything else (deoptimisation, a thread dump, biased locking, ...). */
    SAFEPOINT("safepoint"),
    /** The platform: the hiccup probe woke late, or a watched measuring thread waited for a CPU. */
    PLATFORM("platform"),
    /** None of these: the measured code or transport. */
    CODE("code"),
    /** Neither a JVM stop nor told apart: the platform or the code (results before the hiccup probe). */
    OTHER("other");

    private final String label;

    Cause(String label) {
        this.label = label;
    }

    /** The name in result files and column names: {@code gc}, {@code safepoint}, {@code platform}, ... */
    public String label() {
        return label;
    }
}
