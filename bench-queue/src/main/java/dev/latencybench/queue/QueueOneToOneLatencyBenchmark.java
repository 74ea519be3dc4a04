package dev.latencybench.queue;

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
 * One-way latency between two pinned threads, one producer and one consumer:
 *
 * <pre>
 *   producer (CPU a) --100,000 x 256 B/s--> [ Chronicle Queue on /dev/shm | baseline mailbox ] --> consumer (CPU b)
 *   stamps: intended send time (schedule), actual send time        records: now - intended, now - actual
 * </pre>
 *
 * <p>Each JMH iteration is one single-shot period of paced messages (warm-up iterations are
 * discarded); the percentiles come from the harness's histograms through
 * {@code LatencyProfiler}, not from JMH's own timing of the period, which only says how long the
 * period took. Needs 2 free cores for the spinning threads. Run it through {@link QueueStudy}, which
 * sets the iterations from {@code bench.scale}; the annotations are the smoke-scale fallback for
 * plain JMH use.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 1, batchSize = 1)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
public class QueueOneToOneLatencyBenchmark extends StudyBenchmark {
    @Param({QueueConfig.CHRONICLE, QueueConfig.REFERENCE, QueueConfig.BASELINE})
    public String transport;

    public QueueOneToOneLatencyBenchmark() {
        super(new QueueStudy());
    }
}
