package dev.latencybench.kafka;

import java.util.List;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.run.RunSettings;

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
public class ChainServicesLatencyBenchmark {
    @Param({ChainStudy.CHRONICLE, ChainStudy.IN_MEMORY, ChainStudy.KAFKA, ChainStudy.KAFKA_LOOP,
            ChainStudy.CHRONICLE_LOOP})
    public String transport;

    private ForkSession session;
    private boolean measured;

    @Setup(Level.Trial)
    public void openFork() {
        BenchProperties properties = BenchProperties.fromSystem();
        RunSettings run = RunSettings.read(properties, "results");
        ChainConfig config = ChainConfig.read(properties);
        properties.rejectUnknown();
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(), CpuTopology.system());
        int instances = config.instances().orElse(1);
        ChainTransport opened = ChainStudy.open(ChainTransports.base(transport), config);
        session = ForkSession.open("chain", transport, run, config.periods(), none, ChainTransports.isLoop(transport)
                ? new HopLoopWorkload(config, transport, opened)
                : new ChainWorkload(config, instances, transport, opened));
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        measured = iteration.getType() == IterationType.MEASUREMENT;
    }

    @Benchmark
    public long period() {
        return session.runPeriod(measured).count;
    }

    @TearDown(Level.Trial)
    public void closeFork() {
        session.close();
    }
}
