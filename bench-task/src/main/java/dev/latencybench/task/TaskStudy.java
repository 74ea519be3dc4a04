package dev.latencybench.task;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import com.google.gson.JsonObject;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.affinity.OpenHftAffinityService;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyDescriptor;
import dev.latencybench.core.study.StudyOption;
import dev.latencybench.core.study.UserCheck;

/**
 * The study of your own code: each {@link LatencyTask} class named by {@value TaskConfig#CLASSES} is a variant, run
 * at {@value TaskConfig#RATE} calls per second beside the harness's {@code floor} ({@link FloorTask}).
 */
public final class TaskStudy implements ForkedStudy<TaskConfig> {
    /** What the study is: {@link dev.latencybench.core.study.Study#descriptor()}. */
    static final StudyDescriptor DESCRIPTOR = StudyDescriptor.of("task", "bench-task", "task",
            "your LatencyTask classes at a fixed rate, beside the harness's floor",
            TaskConfig.PROPERTIES)
            .withResultParts(TaskResult.PART)
            .withOptions(StudyOption.list("--task", TaskConfig.CLASSES, "CLASSES", "your own code: LatencyTask"
                    + " classes, comma-separated or repeated, run by the task scenario beside the harness's floor"
                    + " (implies --scenarios task)"),
                    StudyOption.paths("--task-jar", TaskConfig.JARS, "JARS", "the jar(s) of your task classes and"
                    + " their libraries, ':'-separated or repeated"))
            .notInAll(); // only when asked for: --task, or --scenarios task

    @Override
    public StudyDescriptor descriptor() {
        return DESCRIPTOR;
    }

    /** The study's settings as result.json records them. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Recorded {
        final long ratePerSec;

        Recorded(long ratePerSec) {
            this.ratePerSec = ratePerSec;
        }
    }

    @Override
    public Class<TaskConfig> settingsType() {
        return TaskConfig.class;
    }

    @Override
    public TaskConfig read(BenchProperties properties, CpuTopology topology) {
        return TaskConfig.read(properties, topology);
    }

    @Override
    public Plan plan(TaskConfig config) {
        TaskClasses classes = config.classes; // names and jars checked; the classes are loaded by verify, once
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> tasks = new ArrayList<>();
        classes.variants().forEach(v -> tasks.add(v + " (" + classes.className(v) + ")"));
        facts.put("load", String.format(Locale.ROOT, "%,d calls/s of run()", config.ratePerSec));
        facts.put("tasks", tasks.isEmpty() ? "none: only the floor (name yours with --task CLASS --task-jar JAR)"
                : String.join(", ", tasks) + (classes.jars().isEmpty() ? "" : " from " + classes.jars()));
        if (!config.probes.isEmpty()) {
            facts.put("probes", String.join(", ", config.probes));
        }
        facts.put("CPUs", config.cpus.describe() + " (" + config.cpus.note() + ")");
        JsonObject recorded = JsonCodec.toJsonObject(new Recorded(config.ratePerSec));
        return Plan.builder(config.variants(), config.periods, config.metrics())
                .facts(facts)
                .role(Plan.FLOOR, TaskConfig.FLOOR)
                .recorded(recorded)
                .accounting(TaskTally::new)
                .check(userCheck(config))
                .build();
    }

    /**
     * Loads, makes, sets up and tears down each task once; returns the problems, one line each. Runs the user's code,
     * so only in the check's JVM ({@link TaskCheckMain}). {@code phase} is told each phase before it starts.
     */
    static List<String> check(TaskConfig config, Consumer<String> phase) {
        TaskClasses classes = config.classes;
        List<String> problems = new ArrayList<>();
        for (String variant : classes.variants()) {
            ClassLoader loader = classes.loader(); // one per task, as each benchmark JVM has its own
            try {
                phase.accept(variant + " construct");
                LatencyTask task = classes.newTask(variant, loader);
                phase.accept(variant + " setUp");
                TaskWorkload trial = new TaskWorkload(config, variant, task, loader,
                        AffinityService.refusing("a trial set-up"));
                trial.start();
                phase.accept(variant + " tearDown");
                trial.close();
            } catch (ConfigException e) {
                problems.add(e.getMessage());
            } catch (IllegalStateException e) {
                problems.add(ConfigException.invalid(TaskConfig.CLASSES, classes.className(variant), e.getMessage())
                        .getMessage());
            } finally {
                TaskClasses.close(loader);
            }
        }
        return problems;
    }

    /** The lowest Java the task classes load on; a check of nothing when this study's own Java suffices. */
    private static UserCheck userCheck(TaskConfig config) {
        TaskClasses classes = config.classes;
        String settings = JsonCodec.toJson(config).toString();
        UserCheck check = UserCheck.inJvms((javas, classPath) -> TaskCheck.run(javas, classPath, settings, classes));
        int needed = JavaNeeded.of(TaskStudy.class);
        String newest = null;
        ClassLoader loader = classes.loader();
        try {
            for (String variant : classes.variants()) {
                int feature = JavaNeeded.of(loader, classes.className(variant));
                if (feature > needed) {
                    needed = feature;
                    newest = classes.className(variant);
                }
            }
        } finally {
            TaskClasses.close(loader);
        }
        return newest == null ? check : check.needingJava(needed, newest + " is compiled for Java " + needed);
    }

    @Override
    public ForkPlan fork(String variant, RunSettings run, TaskConfig config) {
        return ForkPlan.of(config.periods, config.cpus, () -> {
            ClassLoader loader = config.classes.loader();
            AffinityService affinity = config.cpus.pins()
                    ? new OpenHftAffinityService(CpuTopology.system().affinity()) : AffinityService.NONE;
            return new TaskWorkload(config, variant, config.classes.newTask(variant, loader), loader, affinity);
        });
    }

    @Override
    public List<String> jvmFlags(int javaFeatureVersion) {
        return List.of();
    }
}
