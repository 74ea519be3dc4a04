package dev.latencybench.core.fork;

import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.record.Metrics;

/**
 * A study's measured work inside a forked benchmark JVM: whatever shape it has (two threads passing
 * messages, a chain of services, a stream pipeline, a process started again and again), it runs one
 * period at a time given a {@link PeriodContext}, and records into the context's named metrics.
 * The {@link ForkSession} around it does the rest the same way for every study: the interval log,
 * the totals, progress lines, the period's deadline, CPU pinning by role, the machine's load, the
 * verdict, {@code fork.json}, the JMH profiler's figures, and writing what was measured when the JVM
 * is stopped.
 *
 * <p>Threading: {@link #runPeriod} is called by one thread (JMH's benchmark thread), one period at a
 * time; {@link #progress} by the session's monitor thread during a period; {@link #describe} and
 * {@link #close} under the session's lock, possibly from a shutdown hook while a period runs.
 */
public interface Workload extends AutoCloseable {
    /** The metrics it records, primary first; the same for every period. */
    Metrics metrics();

    /**
     * The roles of the threads it pins, in the order of the CPU plan (e.g. {@code producer},
     * {@code consumer}); {@link PeriodContext#pin} takes one of them. Empty when it pins nothing.
     */
    default List<String> cpuRoles() {
        return List.of();
    }

    /**
     * Runs one period, warm-up or measured ({@link PeriodContext#measured}), on the calling thread:
     * returns when its work is done, when {@link PeriodContext#stopping} turns true, or when it
     * failed (a reason given to {@link PeriodContext#fail}). Exceptions it throws fail the fork.
     */
    void runPeriod(PeriodContext period) throws Exception;

    /**
     * Counters for the progress line, e.g. {@code sent 50,000  received 49,998}; empty for none.
     * Called by the monitor thread while a period runs: read only what is safe to read then.
     */
    default String progress() {
        return "";
    }

    /**
     * Adds what the study wants recorded about its fork to {@code fork.json}: its settings and
     * accounting (the launcher's {@code Accounting} for the study reads them back). Called after each
     * measured period and when the fork ends.
     */
    void describe(JsonObject fork);

    /**
     * Starts what the workload needs before its first period (a user's set-up), once, when its session starts
     * ({@link ForkSession#start}); a workload that opens everything when it is made does nothing here.
     *
     * @throws RuntimeException when it cannot start: the fork fails with its message
     */
    default void start() {
    }

    /**
     * How long {@link #start} may take before the JVM ends itself, FAILED, naming what it was doing
     * ({@link #doing}); 0 (the default): as long as it takes.
     */
    default long startBoundNs() {
        return 0;
    }

    /**
     * What {@link #start} runs, for the reason of a JVM that ends inside it ({@code in setUp() of C}); empty when
     * it runs nothing of a user's.
     */
    default String startPhase() {
        return "";
    }

    /** Releases what it opened (files, threads, processes); called once, when the fork ends. */
    @Override
    void close();

    /**
     * How long a period may run, from its start, before its session takes it as stuck: the workload is told to
     * stop {@link ForkEnd#STOP_GRACE_NS} before; if its thread has not come back then, the thread's stack goes
     * to the fork's log, what was measured is written with the reason, and the JVM ends itself. Default: the
     * session's deadline ({@link ForkSession#deadlineNs}) and that grace.
     */
    default long stuckAfterNs(long durationNs) {
        return ForkSession.deadlineNs(durationNs) + ForkEnd.STOP_GRACE_NS;
    }

    /** How long {@link #close} may take before the JVM ends itself the same way; 0 (the default): as long as it takes. */
    default long closeBoundNs() {
        return 0;
    }

    /**
     * What the workload's own thread is doing, for a period or a close that does not end, e.g. {@code in run()
     * of com.example.Task, call 3,001}; empty when it cannot say. Called from another thread.
     */
    default String doing() {
        return "";
    }
}
