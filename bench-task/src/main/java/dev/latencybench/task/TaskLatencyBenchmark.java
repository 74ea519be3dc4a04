package dev.latencybench.task;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.latencybench.core.fork.StudyBenchmark;

/**
 * A user's task called at a fixed rate, its latency sampled by the task itself:
 *
 * <pre>
 *   pacing thread (CPU a) --run(intendedNs) x R/s--> your code --(your threads)--> sample(intendedNs)
 * </pre>
 *
 * <p>The {@code task} parameter is a variant of {@link TaskStudy}: {@code floor} or a task's simple
 * class name, which the launcher gives; the percentiles come from the harness's histograms through
 * {@code LatencyProfiler}. Run it through {@link TaskStudy}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 1, batchSize = 1)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
public class TaskLatencyBenchmark extends StudyBenchmark {
    @Param(TaskConfig.FLOOR)
    public String task;

    public TaskLatencyBenchmark() {
        super(new TaskStudy());
    }
}
