package dev.latencybench.task;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.affinity.OpenHftAffinityService;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;

/**
 * The study of your own code: each {@link LatencyTask} class named by {@value TaskConfig#CLASSES},
 * loaded from {@value TaskConfig#JARS}, is a variant, run at {@value TaskConfig#RATE} calls per second
 * beside the harness's {@code floor} ({@link FloorTask}). Its jar starts at bench-core's {@code StudyJarMain}, the
 * entry point of every study's own jar; {@code scripts/bench run --task CLASS --task-jar JAR} runs it across the matrix.
 *
 * <p>Its benchmark JVMs, as JMH's {@code StudyBenchmark} runs them:
 *
 * <pre>
 *   pacing thread (CPU a) --run(intendedNs) x R/s--> your code --(your threads)--> sample(intendedNs)
 * </pre>
 */
public final class TaskStudy implements ForkedStudy {
    /** What the study is: {@link dev.latencybench.core.study.Study#descriptor()}. */
    static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("task", "bench-task", "task",
            "your LatencyTask classes at a fixed rate, beside the harness's floor",
            TaskConfig.PROPERTIES)
            .withResultParts(TaskResult.PART)
            .notInAll(); // only when asked for: --task, or --scenarios task

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public Plan plan(BenchProperties properties, CpuTopology topology) {
        TaskConfig config = TaskConfig.read(properties, topology);
        TaskClasses classes = config.classes(); // names and jars checked; the classes are loaded by verify, once
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> tasks = new ArrayList<>();
        classes.variants().forEach(v -> tasks.add(v + " (" + classes.className(v) + ")"));
        facts.put("load", String.format(Locale.ROOT, "%,d calls/s of run()", config.ratePerSec()));
        facts.put("tasks", tasks.isEmpty() ? "none: only the floor (name yours with --task CLASS --task-jar JAR)"
                : String.join(", ", tasks) + (classes.jars().isEmpty() ? "" : " from " + classes.jars()));
        if (!config.probes().isEmpty()) {
            facts.put("probes", String.join(", ", config.probes()));
        }
        facts.put("CPUs", config.cpus().describe() + " (" + config.cpus().note() + ")");
        JsonObject recorded = new JsonObject();
        recorded.addProperty("ratePerSec", config.ratePerSec());
        return Plan.builder(config.variants(), config.periods(), config.metrics())
                .facts(facts)
                .role(Plan.FLOOR, TaskConfig.FLOOR)
                .recorded(recorded)
                .accounting(TaskTally::new)
                .verify(() -> trySetUp(config))
                .build();
    }

    /**
     * Each task loaded and checked ({@link TaskClasses#load}), made and set up once, then torn down,
     * before anything is measured: a class that is no task, or a constructor or set-up that throws, is
     * bad input, reported with its message.
     */
    static void trySetUp(TaskConfig config) {
        TaskClasses classes = config.classes();
        for (String variant : classes.variants()) {
            ClassLoader loader = classes.loader(); // one per task, as each benchmark JVM has its own
            try {
                LatencyTask task = classes.newTask(variant, loader);
                TaskWorkload trial;
                try {
                    trial = new TaskWorkload(config, variant, task, loader, AffinityService.refusing("a trial set-up"));
                } catch (IllegalStateException e) {
                    throw ConfigException.invalid(TaskConfig.CLASSES, classes.className(variant), e.getMessage());
                }
                trial.close();
            } finally {
                TaskClasses.close(loader);
            }
        }
    }

    @Override
    public ForkPlan fork(String variant, RunSettings run, BenchProperties properties) {
        TaskConfig config = TaskConfig.read(properties, CpuTopology.system());
        return ForkPlan.of(config.periods(), config.cpus(), () -> {
            ClassLoader loader = config.classes().loader();
            AffinityService affinity = config.cpus().pins()
                    ? new OpenHftAffinityService(CpuTopology.system().affinity()) : AffinityService.NONE;
            return new TaskWorkload(config, variant, config.classes().newTask(variant, loader), loader, affinity);
        });
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return List.of();
    }
}
