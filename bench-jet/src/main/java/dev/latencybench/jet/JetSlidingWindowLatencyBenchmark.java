package dev.latencybench.jet;

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
public class JetSlidingWindowLatencyBenchmark {
    @Param({JetStudy.VARIANT, JetStudy.REFERENCE})
    public String engine;

    private ForkSession session;
    private boolean measured;

    @Setup(Level.Trial)
    public void openFork() {
        BenchProperties properties = BenchProperties.fromSystem();
        RunSettings run = RunSettings.read(properties, "results");
        JetSettings settings = JetSettings.read(properties);
        properties.rejectUnknown();
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(), CpuTopology.system());
        session = ForkSession.open("jet", engine, run, settings.periods(), none, JetWorkload.of(settings, engine));
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
