package dev.latencybench.api;

/**
 * Your code, measured by latency-bench: the suite calls {@link #run} at a fixed rate on its pacing
 * thread, handing it the time the call was <em>due</em> ({@code System.nanoTime()} clock), and your
 * code reports, once the work that call started is done, how long after that due time it finished:
 * {@link TaskContext#sample(long)} with the same value. Latency counted from the due time, not from
 * when the call actually started, is free of coordinated omission: when one call stalls, the calls
 * queued behind it count their wait too.
 *
 * <pre>
 *   pacer (rate R) --run(intendedNs)--> your code --(any thread, any hand-off)--> context.sample(intendedNs)
 * </pre>
 *
 * <p>Contract, checked by the suite: every {@code run} is matched by exactly one {@code sample} by the
 * end of the period (after a short drain); a sample missing or extra fails the period, never reads
 * as a good number. A task that cannot keep up with the rate fails it too.
 *
 * <p>Lifecycle, in one benchmark JVM: a public no-argument constructor, {@link #setUp} once (start
 * your threads, open your resources), then {@code run} for every warm-up and measured period, then
 * {@link #tearDown} once. {@code run} is called by one thread only.
 */
public interface LatencyTask {
    /**
     * Called once before the first period: start threads, allocate buffers, read your properties
     * ({@link TaskContext#property}). Keep the context: {@code sample} is called through it. An
     * exception here is reported before anything is measured.
     */
    default void setUp(TaskContext context) throws Exception {
    }

    /**
     * One call of the measured work, due at {@code intendedNs} (a {@code System.nanoTime()} value):
     * do it, or hand it to another thread, and see that {@link TaskContext#sample(long)} is called with
     * {@code intendedNs} when it is done. Called at the paced rate on the pacing thread; keep it free of
     * allocation and locks if that is what your production code does.
     */
    void run(long intendedNs) throws Exception;

    /** Called once after the last period: stop your threads, close your resources. */
    default void tearDown() throws Exception {
    }
}
