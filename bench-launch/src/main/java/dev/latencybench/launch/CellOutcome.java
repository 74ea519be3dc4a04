package dev.latencybench.launch;

/**
 * How a cell ended, as {@code run.json} records it: OK, FAILED, INTERRUPTED (run again by {@code --resume}, also
 * after a full results disk), SKIPPED (cannot run on this JVM) or NOT_RUN (the matrix stopped before it).
 */
public final class CellOutcome {
    public static final String OK = "OK";
    public static final String FAILED = "FAILED";
    public static final String INTERRUPTED = "INTERRUPTED";
    public static final String SKIPPED = "SKIPPED";
    public static final String NOT_RUN = "NOT_RUN";

    public final String status;
    public final String reason;
    public final int exitCode;
    public final double seconds;

    public CellOutcome(String status, String reason, int exitCode, double seconds) {
        this.status = status;
        this.reason = reason;
        this.exitCode = exitCode;
        this.seconds = seconds;
    }

    /** Finished cells are not run again by {@code --resume}. */
    public boolean finished() {
        return OK.equals(status) || FAILED.equals(status) || SKIPPED.equals(status);
    }
}
