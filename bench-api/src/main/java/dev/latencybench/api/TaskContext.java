package dev.latencybench.api;

/**
 * What a {@link LatencyTask} is handed in {@link LatencyTask#setUp}: where it reports each call's
 * latency, named probes for the stages it wants to see apart, its own properties, CPU pinning for a
 * thread it starts, and whether the run is stopping.
 *
 * <p>Thread-safe. Hot path ({@link #sample}, {@link Probe#sample}): from any thread, no allocation,
 * no lock; each calls {@code System.nanoTime()} once and records into a concurrent HdrHistogram
 * recorder, merged with every other study's the same way.
 */
public interface TaskContext {
    /**
     * Records one call's latency: {@code System.nanoTime() - intendedNs}, where {@code intendedNs} is
     * the value {@link LatencyTask#run} was handed. Exactly one per {@code run}, from any thread.
     */
    void sample(long intendedNs);

    /**
     * A named probe, an extra metric beside the task's latency (a stage of a pipeline, say): recorded
     * as often as the task likes and not counted against the runs. Take it in {@link LatencyTask#setUp}.
     *
     * @param name letters, digits and dashes, starting with a letter, such as {@code decode}
     * @throws IllegalArgumentException for a name that is not allowed or the task did not declare (see
     *         {@link #probes})
     */
    Probe probe(String name);

    /**
     * The probe names this run records, declared with {@code -Dbench.task.probes=decode,encode}: every
     * name a task asks {@link #probe} for must be among them, since the report's metrics are fixed
     * before the benchmark JVMs start.
     */
    java.util.List<String> probes();

    /**
     * The task's own property {@code NAME}, given as {@code -Dbench.task.NAME=VALUE} on the command
     * line (names other than the suite's own {@code classes}, {@code jar} and {@code probes}), or
     * {@code defaultValue} when it was not given.
     */
    String property(String name, String defaultValue);

    /** The rate {@link LatencyTask#run} is called at, in calls per second. */
    long ratePerSec();

    /**
     * Pins the calling thread (one the task started, such as a consumer) to the CPU the suite set
     * aside for it ({@code -Dbench.cpus}, the second CPU of the pair; the first is the pacing thread's).
     * Call it from each thread a sample waits on (a consumer, a worker), pinned or not: the suite then also reads
     * that thread's run-queue wait, so a stall of it is put down to the platform, not to the task's code.
     *
     * @return the CPU, or -1 when the run pins nothing ({@code -Dbench.cpus=none}) or pinning failed
     */
    int pinWorkerThread();

    /** True once the period is ending or the run is being stopped: a task's own loops end soon then. */
    boolean stopping();

    /**
     * A named stage of a task, recorded apart from its latency. Thread-safe; no allocation.
     */
    interface Probe {
        /** Records {@code System.nanoTime() - startNs}. */
        void sample(long startNs);

        /** Records a duration the task measured itself, in nanoseconds. */
        void sampleNanos(long durationNs);
    }
}
