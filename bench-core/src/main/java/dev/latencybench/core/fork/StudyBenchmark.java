package dev.latencybench.core.fork;

import java.nio.file.Path;
import java.util.ArrayList;
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

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;

/**
 * The one JMH benchmark every study runs: {@code study} names the study, {@code variant} the variant the launcher's
 * step gives, so a study writes no JMH class of its own.
 *
 * <pre>
 *   launcher --JMH: -p study=queue -p variant=chronicle--> fork: StudyBenchmark -> ForkedStudy.forkOf -> Workload
 *                                      the cell's plan file: its settings --^      one single-shot period per iteration
 * </pre>
 *
 * <p>Each JMH iteration is one period; the percentiles come from the harness's histograms, not JMH's timing. The
 * annotations are only JMH's defaults: the launcher sets iterations and forks and names the plan file.
 *
 * <p>Threading: JMH's benchmark thread only.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 1, batchSize = 1)
@Measurement(iterations = 1, batchSize = 1)
@Fork(1)
public class StudyBenchmark {
    /** The study's name, such as {@code queue}. */
    @Param("")
    public String study;

    /** The variant, such as {@code chronicle}. */
    @Param("")
    public String variant;

    private ForkSession session;
    private boolean measured;

    @Setup(Level.Trial)
    public void openFork() {
        ForkedStudy<?> forked = named(study);
        String planFile = System.getProperty(CellPlan.PROPERTY);
        if (planFile == null || planFile.isEmpty()) {
            throw new IllegalStateException("no cell plan: the launcher gives each fork -D" + CellPlan.PROPERTY
                    + "=FILE; run a study through its launcher (java -jar its benchmarks.jar), not JMH alone");
        }
        CellPlan plan = CellPlan.read(Path.of(planFile));
        BenchProperties own = BenchProperties.fromSystem();
        BenchProperties properties = plan.properties(own.given());
        properties.rejectUnknown(forked.properties());
        RunSettings run = RunSettings.read(properties, RunSettings.DEFAULT_RESULTS);
        ForkPlan fork = forked.forkOf(variant, run, plan.settings(), own.given());
        session = ForkSession.open(forked.name(), variant, run, fork.periods(), fork.cpus(), fork.openWorkload());
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
        if (session != null) {
            session.close();
        }
    }

    /** The study of that name on the class path (as {@link Studies#onClassPath} finds them). */
    static ForkedStudy<?> named(String name) {
        List<String> names = new ArrayList<>();
        for (Study s : Studies.onClassPath()) {
            if (s.name().equals(name) && s instanceof ForkedStudy) {
                return (ForkedStudy<?>) s;
            }
            names.add(s.name());
        }
        throw new IllegalStateException("no study '" + name + "' on the class path (studies: " + names
                + "); give JMH -p study=NAME -p variant=VARIANT");
    }
}
