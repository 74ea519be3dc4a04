package dev.latencybench.core.fork;

import java.util.function.BooleanSupplier;

/**
 * The stop flag of one period: the session's (a signal, a System.exit) or the period's own (the deadline, a
 * failure). Thread-safe: read by the workload's threads, set by the session's monitor.
 */
final class PeriodStop {
    private final BooleanSupplier sessionStopping;
    private final BooleanSupplier sessionInterrupted;
    private volatile boolean aborted;

    /**
     * @param sessionStopping    whether the session stops (every period of it)
     * @param sessionInterrupted whether it stops because the run was stopped from outside
     */
    PeriodStop(BooleanSupplier sessionStopping, BooleanSupplier sessionInterrupted) {
        this.sessionStopping = sessionStopping;
        this.sessionInterrupted = sessionInterrupted;
    }

    boolean requested() {
        return aborted || sessionStopping.getAsBoolean();
    }

    boolean interrupted() {
        return sessionInterrupted.getAsBoolean();
    }

    boolean aborted() {
        return aborted;
    }

    void abort() {
        aborted = true;
    }
}
