package dev.latencybench.startup;

import java.nio.file.Path;
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
 * Time to first response, footprint and response time of a service launched by this benchmark JVM:
 * <pre>
 *   benchmark JVM --launch x N--> service (java -jar | +CDS | +AOT cache | native) --first 200--> /proc
 *        '--------launch once more + LoadGenerator JVM --closed loop, open loop--> service
 * </pre>
 * The service runs on this JVM's own JDK with the cell's flags ({@code bench.jvm.args}). One measured
 * period holds every launch and the load ({@link StartupWorkload}); there is no warm-up period. Run it
 * through {@link StartupStudy}; the annotations are the fallback for plain JMH use.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 0)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
public class ServiceStartFirstResponseBenchmark {
    @Param({"minimal-jvm"})
    public String variant;

    private ForkSession session;
    private boolean measured;

    @Setup(Level.Trial)
    public void openFork() {
        BenchProperties properties = BenchProperties.fromSystem();
        RunSettings run = RunSettings.read(properties, "results");
        StartupConfig config = StartupConfig.read(properties);
        properties.rejectUnknown();
        Variant v = Variant.parse(variant);
        JdkFeatures jdk = JdkFeatures.current();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ServiceCommand command = new ServiceCommand(java, run.jvmArgs(), config.jar(v.service()), v.service());
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(), CpuTopology.system());
        session = ForkSession.open("startup", variant, run, config.periods(), none, new StartupWorkload(config, v, jdk,
                command, CpuSplit.of(CpuTopology.system().affinity()), ProcStats.system()));
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
