package dev.latencybench.kafka;

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
 * End-to-end and per-hop latency through N chains of services at once, one step of the chain study:
 *
 * <pre>
 *   N x:  source --1,000 msg/s--> [topic 0] --> service 1 (+1) --> [topic 1] --> ... --> service 5 (+1) --> [topic 5] --> sink
 *         stamps: sequence, intended and actual send time, counter 0          records latency, service, hop-1..6
 *         topics: Chronicle Queues on /dev/shm | in-memory rings | Kafka (bench-kafka's KafkaBroker)
 * </pre>
 *
 * <p>Each JMH iteration is one single-shot period (warm-up iterations are discarded); the
 * percentiles come from the harness's histograms through {@code LatencyProfiler}. N comes from
 * {@code bench.chain.instances}, which the launcher sets per step of its search. It pins nothing:
 * {@code N x (services + 2)} threads share the machine, as the study's services did. Run it through
 * {@link ChainStudy}; the annotations are the smoke-scale fallback for plain JMH use.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 1, batchSize = 1)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
public class ChainServicesLatencyBenchmark extends StudyBenchmark {
    @Param({ChainStudy.CHRONICLE, ChainStudy.IN_MEMORY, ChainStudy.KAFKA, ChainStudy.KAFKA_LOOP,
            ChainStudy.CHRONICLE_LOOP})
    public String transport;

    public ChainServicesLatencyBenchmark() {
        super(new ChainStudy());
    }
}
