package dev.latencybench.core.fork;

import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.record.Metrics;

/**
 * A study's measured work inside a forked benchmark JVM: it runs one period at a time given a
 * {@link PeriodContext} and records into the context's named metrics; the {@link ForkSession} around it
 * does the rest the same way for every study.
 *
 * <p>Threading: {@link #runPeriod} is called by one thread (JMH's benchmark thread), one period at a
 * time; {@link #progress} by the session's monitor thread during a period; {@link #describe} and
 * {@link #close} under the session's lock, possibly from a shutdown hook while a period runs.
 */
public interface Workload extends AutoCloseable {
    /** The metrics it records, primary first; the same for every period. */
    Metrics metrics();

    /** The roles of the threads it pins, in the order of the CPU plan, for {@link PeriodContext#pin}; may be empty. */
    default List<String> cpuRoles() {
        return List.of();
    }

    /**
     * Runs one period on the calling thread: returns when its work is done, when {@link PeriodContext#stopping}
     * turns true, or when it failed ({@link PeriodContext#fail}). Exceptions it throws fail the fork.
     */
    void runPeriod(PeriodContext period) throws Exception;

    /** Counters for the progress line, e.g. {@code sent 50,000}; empty for none. Called by the monitor thread. */
    default String progress() {
        return "";
    }

    /** Adds the study's settings and accounting to {@code fork.json}, after each measured period and at the end. */
    void describe(JsonObject fork);

    /**
     * Starts what the workload needs before its first period (a user's set-up), once.
     *
     * @throws RuntimeException when it cannot start: the fork fails with its message
     */
    default void start() {
    }

    /** How long {@link #start} may take before the JVM ends itself, FAILED; 0 (the default): as long as it takes. */
    default long startBoundNs() {
        return 0;
    }

    /** What {@link #start} runs, for the reason of a JVM that ends inside it; empty when nothing of a user's. */
    default String startPhase() {
        return "";
    }

    /** Releases what it opened (files, threads, processes); called once, when the fork ends. */
    @Override
    void close();

    /**
     * How long a period may run before its session takes it as stuck, writes what was measured and ends the JVM;
     * the workload is told to stop {@link ForkEnd#STOP_GRACE_NS} before. Default: the session's deadline plus that.
     */
    default long stuckAfterNs(long durationNs) {
        return ForkSession.deadlineNs(durationNs) + ForkEnd.STOP_GRACE_NS;
    }

    /** How long {@link #close} may take before the JVM ends itself the same way; 0 (default): as long as it takes. */
    default long closeBoundNs() {
        return 0;
    }

    /** What the workload's thread is doing, e.g. {@code in run() of t.Task, call 3,001}; empty if unknown. */
    default String doing() {
        return "";
    }
}
