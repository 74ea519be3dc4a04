package dev.latencybench.core.fork;

import java.util.function.BooleanSupplier;

/** The stop flag of one period: the session's (a signal) or the period's own (the deadline). Thread-safe. */
final class PeriodStop {
    private final BooleanSupplier sessionStopping;
    private final BooleanSupplier sessionInterrupted;
    private volatile boolean aborted;

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
