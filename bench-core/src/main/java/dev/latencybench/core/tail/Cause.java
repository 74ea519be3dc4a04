package dev.latencybench.core.tail;

/** What a tail sample is put down to ({@link Coverage}), first in this order on a tie; {@link #OTHER} is only read. */
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
