package dev.latencybench.task;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.view.HowSure;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.time.Pacer;

/**
 * The validated settings of the {@code task} study: task classes and jars, rate, probes, CPUs and the tasks' own
 * {@code bench.task.NAME} properties. Reading loads no class. Immutable.
 */
public final class TaskConfig {
    public static final String RATE = "bench.rate";
    public static final String CLASSES = "bench.task.classes";
    public static final String JARS = "bench.task.jar";
    public static final String PROBES = "bench.task.probes";
    public static final String CPUS = "bench.cpus";
    /** What a task's own properties start with: {@code -Dbench.task.size=64} is its property {@code size}. */
    public static final String OWN_PREFIX = "bench.task.";

    /** The harness's own floor: a task that samples at once (see {@link FloorTask}). */
    public static final String FLOOR = "floor";

    public static final long DEFAULT_RATE = 10_000;
    public static final long MAX_RATE_PER_SEC = 10_000_000;
    /** The roles of the two CPUs of {@code bench.cpus}: the pacing thread, and one thread the task starts. */
    public static final List<String> CPU_ROLES = List.of("pacer", "worker");

    /** smoke: 1 s + 2 s, one fork; standard: 10 s + 30 s; paper: 20 s + 100 s, 3 forks each, as the queue study. */
    public static final RunLength LENGTH = RunLength.of(
            TimeUnit.SECONDS.toNanos(1), TimeUnit.SECONDS.toNanos(2),
            TimeUnit.SECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30),
            TimeUnit.SECONDS.toNanos(20), TimeUnit.SECONDS.toNanos(100)).forksBeyondSmoke(HowSure.FORKS_FOR_A_RANKING);

    private static final Pattern PROBE_NAME = Pattern.compile("[a-z][a-zA-Z0-9-]{0,31}");

    private static final Property RATE_PROPERTY = Property.count(RATE, DEFAULT_RATE, 1, MAX_RATE_PER_SEC,
            "calls of run() per second");
    private static final Property CLASSES_PROPERTY = Property.text(CLASSES, "",
            "your task classes, comma-separated fully qualified names (each implements"
                    + " dev.latencybench.api.LatencyTask); none runs only the harness's floor (scripts/bench run"
                    + " --task)");
    private static final Property JARS_PROPERTY = Property.text(JARS, "",
            "the jars your task classes and their libraries are in, ':'-separated (scripts/bench run --task-jar)");
    private static final Property PROBES_PROPERTY = Property.text(PROBES, "",
            "probe names your tasks record (TaskContext.probe), comma-separated, such as decode,encode");
    private static final Property CPUS_PROPERTY = Property.text(CPUS, "auto",
            "CPUs of the pacing thread and of the one worker thread a task pins (TaskContext.pinWorkerThread):"
                    + " auto, none, or two CPU numbers such as 2,4");
    private static final Property OWN_PROPERTIES = Property.prefix(OWN_PREFIX,
            "a task's own property NAME, read with TaskContext.property(NAME, default)");

    /** Every property {@link #read} reads, declared. */
    public static final List<Property> PROPERTIES = properties();

    public final Periods periods;
    public final long ratePerSec;
    public final TaskClasses classes;
    public final List<String> probes;
    public final CpuPlan cpus;
    /** The tasks' own properties, by the name after {@link #OWN_PREFIX}. */
    public final Map<String, String> own;

    private TaskConfig(Periods periods, long ratePerSec, TaskClasses classes, List<String> probes, CpuPlan cpus,
                       Map<String, String> own) {
        this.periods = periods;
        this.ratePerSec = ratePerSec;
        this.classes = classes;
        this.probes = probes;
        this.cpus = cpus;
        this.own = own;
    }

    private static List<Property> properties() {
        List<Property> all = new ArrayList<>(Periods.properties(Scale.STANDARD, LENGTH));
        all.addAll(List.of(RATE_PROPERTY, CLASSES_PROPERTY, JARS_PROPERTY, PROBES_PROPERTY, CPUS_PROPERTY,
                OWN_PROPERTIES));
        return Collections.unmodifiableList(all);
    }

    /** @throws ConfigException naming the property, the value and what is allowed */
    public static TaskConfig read(BenchProperties p, CpuTopology topology) {
        Periods periods = Periods.read(p, Scale.STANDARD, LENGTH);
        long rate = p.count(RATE_PROPERTY);
        if (Pacer.messagesIn(rate, periods.measureNs) < 1) {
            throw ConfigException.invalid(Periods.DURATION, p.given().getOrDefault(Periods.DURATION, "(default)"),
                    "at " + rate + " calls per second it calls run() not once; make it longer");
        }
        TaskClasses classes = TaskClasses.parse(p.string(CLASSES_PROPERTY), p.string(JARS_PROPERTY));
        List<String> probes = probes(p.string(PROBES_PROPERTY));
        CpuPlan cpus = CpuPlan.resolve(CPUS, p.string(CPUS_PROPERTY), Arrays.asList("the pacing thread",
                "the task's worker thread"), topology);
        Map<String, String> own = new LinkedHashMap<>();
        p.given().forEach((k, v) -> {
            if (k.startsWith(OWN_PREFIX) && !k.equals(CLASSES) && !k.equals(JARS) && !k.equals(PROBES)) {
                rejectNearSuiteName(k, v);
                own.put(k.substring(OWN_PREFIX.length()), v);
            }
        });
        return new TaskConfig(periods, rate, classes, probes, cpus, Collections.unmodifiableMap(own));
    }

    /** Refuses a task property within a letter or two of a suite {@code bench.task.*} name, as a likely typo. */
    static void rejectNearSuiteName(String property, String value) {
        String name = property.substring(OWN_PREFIX.length());
        for (String suite : List.of(CLASSES, JARS, PROBES)) {
            String own = suite.substring(OWN_PREFIX.length());
            int d = editDistance(name, own);
            if (d > 0 && d <= (own.length() > 4 ? 2 : 1)) {
                throw ConfigException.invalid(property, value, String.format(Locale.ROOT, "it is %s from the suite's"
                        + " %s, so it is taken as a typo of it, not as a task's own property; write %s, or give your"
                        + " task's property a name further from the suite's (%s, %s, %s)", d == 1 ? "one letter"
                        : "two letters", suite, suite, CLASSES, JARS, PROBES));
            }
        }
    }

    /** Levenshtein's distance: the fewest letters inserted, removed or replaced to make {@code a} into {@code b}. */
    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int replace = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(replace, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static List<String> probes(String text) {
        List<String> names = new ArrayList<>();
        for (String s : text.split(",")) {
            String name = s.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (!PROBE_NAME.matcher(name).matches() || name.equals(TaskMetrics.LATENCY)
                    || name.equals(TaskMetrics.CALL)) {
                throw ConfigException.invalid(PROBES, text, "probe '" + name + "': expected a name of letters,"
                        + " digits and dashes starting with a lower-case letter, other than "
                        + TaskMetrics.LATENCY + " and " + TaskMetrics.CALL);
            }
            if (names.contains(name)) {
                throw ConfigException.invalid(PROBES, text, "probe '" + name + "' is named twice");
            }
            names.add(name);
        }
        return Collections.unmodifiableList(names);
    }

    /** The variants in the order they run: the floor first, then each task by its {@link TaskClasses#variant}. */
    public List<String> variants() {
        List<String> v = new ArrayList<>();
        v.add(FLOOR);
        v.addAll(classes.variants());
        return v;
    }

    /** What the study records: each call's latency, the time run() took, and each probe. */
    public Metrics metrics() {
        return TaskMetrics.of(probes);
    }

    /** The metrics of the study, declared once. */
    static final class TaskMetrics {
        static final String LATENCY = "latency";
        static final String CALL = "call";

        private TaskMetrics() {
        }

        static Metrics of(List<String> probes) {
            List<Metric> all = new ArrayList<>();
            all.add(new Metric(LATENCY, "latency from the intended call time to the task's sample (free of"
                    + " coordinated omission)", "ns", Metric.Writers.MANY));
            all.add(Metric.nanos(CALL, "time one run() call took on the pacing thread"));
            for (String p : probes) {
                all.add(new Metric(p, "the task's probe '" + p + "'", "ns", Metric.Writers.MANY));
            }
            return new Metrics(all);
        }
    }
}
