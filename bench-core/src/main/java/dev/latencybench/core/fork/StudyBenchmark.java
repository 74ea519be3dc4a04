package dev.latencybench.core.fork;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.run.RunSettings;

/**
 * The body of every study's JMH benchmark class: a study's class adds its JMH annotations, the
 * {@code @Param} field its {@link ForkedStudy#variantParam} names, and a constructor that hands over
 * the study:
 *
 * <pre>
 * public class QueueOneToOneLatencyBenchmark extends StudyBenchmark {
 *     &#64;Param({QueueConfig.CHRONICLE, QueueConfig.REFERENCE, QueueConfig.BASELINE})
 *     public String transport;
 *
 *     public QueueOneToOneLatencyBenchmark() {
 *         super(new QueueStudy());
 *     }
 * }
 * </pre>
 *
 * <p>JMH's annotation processor runs on the study's class and finds the {@code @Setup},
 * {@code @Benchmark} and {@code @TearDown} methods here, in its superclass. The trial set-up refuses
 * properties the study does not declare, reads the fork's through the study, and opens a {@link ForkSession} named by
 * {@link ForkedStudy#name}, so a study's name is written once; each {@code @Benchmark} call runs one
 * period (warm-up iterations are not measured); the tear-down closes the session.
 *
 * <p>Threading: JMH's benchmark thread only (the state is {@code Scope.Benchmark}, one thread).
 */
public abstract class StudyBenchmark {
    private final ForkedStudy study;
    private ForkSession session;
    private boolean measured;

    protected StudyBenchmark(ForkedStudy study) {
        this.study = study;
    }

    @Setup(Level.Trial)
    public void openFork() {
        String variant = variant();
        BenchProperties properties = BenchProperties.fromSystem();
        properties.rejectUnknown(study.properties());
        RunSettings run = RunSettings.read(properties, RunSettings.DEFAULT_RESULTS);
        ForkPlan fork = study.fork(variant, run, properties);
        session = ForkSession.open(study.name(), variant, run, fork.periods(), fork.cpus(), fork.openWorkload());
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

    /** The value JMH gave the study's variant {@code @Param}, read from the field the study names. */
    private String variant() {
        String field = study.variantParam();
        try {
            return (String) getClass().getField(field).get(this);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(getClass().getName() + " has no public String field " + field
                    + " (the @Param " + study.name() + "'s variantParam() names): " + e, e);
        }
    }
}
