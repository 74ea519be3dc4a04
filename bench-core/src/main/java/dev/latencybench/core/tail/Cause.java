package dev.latencybench.core.tail;

/**
 * What a tail sample is put down to, in the order an attribution tries them: the first that covers the
 * sample's lifetime wins. {@link #OTHER} is what is left: the platform or the measured code, not told apart
 * yet (no hiccup probe or control JVM runs beside the benchmark JVM). Stateless.
 */
public enum Cause {
    /** A garbage collector's pause or allocation stall. */
    GC("gc"),
    /** A safepoint for anything else (deoptimisation, a thread dump, biased locking, ...). */
    SAFEPOINT("safepoint"),
    /** Neither: the platform or the measured code. */
    OTHER("other");

    private final String label;

    Cause(String label) {
        this.label = label;
    }

    /** The name in result files and column names: {@code gc}, {@code safepoint}, {@code other}. */
    public String label() {
        return label;
    }
}
