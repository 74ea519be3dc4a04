package dev.latencybench.startup;

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
public class ServiceStartFirstResponseBenchmark extends StudyBenchmark {
    @Param({"minimal-jvm"})
    public String variant;

    public ServiceStartFirstResponseBenchmark() {
        super(new StartupStudy());
    }
}
