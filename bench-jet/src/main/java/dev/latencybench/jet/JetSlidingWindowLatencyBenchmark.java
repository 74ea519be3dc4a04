package dev.latencybench.jet;

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
 * Window latency of a sliding-window count on Jet, one point (key count) of the study's sweep:
 * <pre>
 *   source --rate events/s, timestamps from the schedule--> groupingKey(n % keys)
 *     --> sliding window (10 s / 10 ms) --> counting --> measuring stage --> Observable --> this JVM
 *   records: first-result, last-result (window end -> result), per window end, 100 a second
 * </pre>
 * Each JMH iteration is one single-shot period; the job runs through all of them. It pins nothing:
 * Jet's own threads share the machine. Run it through {@link JetStudy}; the annotations are the
 * smoke-scale fallback for plain JMH use.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 1, batchSize = 1)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
public class JetSlidingWindowLatencyBenchmark extends StudyBenchmark {
    @Param({JetStudy.VARIANT, JetStudy.REFERENCE})
    public String engine;

    public JetSlidingWindowLatencyBenchmark() {
        super(new JetStudy());
    }
}
