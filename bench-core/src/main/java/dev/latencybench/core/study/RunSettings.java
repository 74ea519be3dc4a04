package dev.latencybench.core.study;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.time.EpochClock;
import dev.latencybench.core.time.SystemClock;

/** Where a run writes and how its JVMs start; read by the launcher and by each forked JVM. Immutable. */
public final class RunSettings {
    public static final String RESULTS = "bench.results";
    public static final String RUN_ID = "bench.run.id";
    public static final String JVM_ARGS = "bench.jvm.args";
    public static final String JVM = "bench.jvm";
    public static final String JVM_NAME = "bench.jvm.name";
    /** Set by the launcher for each step of a schedule: the folder its forks write to. */
    public static final String STEP = "bench.step";
    /** Set by the launcher for each step: when its whole schedule ends at most (epoch ms), for progress lines. */
    public static final String ENDS_BY = "bench.launch.endsBy";
    /** Above which latency the primary metric's samples are kept with their times, for the tail's causes. */
    public static final String TAIL_ABOVE = "bench.tail.above";
    /** The console shows JMH's whole output, as well as the cell's {@code jmh.log}. */
    public static final String VERBOSE = "bench.verbose";
    /** Where results go unless {@code bench.results} or the launcher's {@code --results} says otherwise. */
    public static final String DEFAULT_RESULTS = "results";

    private static final Property RUN_ID_PROPERTY = Property.text(RUN_ID, "",
            "name of this run's folder (none: the UTC time and the host name)");
    private static final Property JVM_ARGS_PROPERTY = Property.text(JVM_ARGS, "",
            "extra flags for the benchmark JVMs, space-separated, such as -XX:+UseZGC");
    private static final Property JVM_NAME_PROPERTY = Property.text(JVM_NAME, "",
            "the JVM's name in result folders (none: from its vendor and version, such as openjdk-17.0.15)");
    /** Set by the launcher, so accepted but not listed in {@code --help}. */
    private static final Property STEP_PROPERTY = Property.text(STEP, "",
            "set by the launcher: the folder of the schedule step a benchmark JVM runs (none: the variant's)")
            .unlisted();
    private static final Property ENDS_BY_PROPERTY = Property.count(ENDS_BY, 0, 0, Long.MAX_VALUE,
            "set by the launcher: when its schedule ends at most, in ms since the epoch (0: unknown)").unlisted();
    private static final Property VERBOSE_PROPERTY = Property.flag(VERBOSE, false, "print JMH's whole output (VM"
            + " options, iterations, its result table) as well as the suite's own lines; it always goes to jmh.log"
            + " in each cell folder");

    private static final Property TAIL_ABOVE_PROPERTY = Property.duration(TAIL_ABOVE, 0, 0,
            TimeUnit.HOURS.toNanos(1), "the latency above which each sample of the primary metric is kept with"
            + " its time, to tell which share of the tail lies in GC pauses, safepoints or the platform (0: the p90"
            + " of the warm-up's second half)");

    public final Path resultsDir;
    public final String runId;
    public final List<String> jvmArgs;
    /** The java binary the benchmark JVMs run. */
    public final Path java;
    public final String jvmName;
    private final String step;
    /** When the launcher's schedule ends at most (epoch ms); 0 when it did not say. */
    public final long endsByMillis;
    /** Whether the console shows JMH's whole output, not only the suite's own lines. */
    public final boolean verbose;
    /** Above which latency outliers are kept ({@code bench.tail.above}); 0: the p90 of the warm-up's second half. */
    public final long tailAboveNs;

    RunSettings(Path resultsDir, String runId, List<String> jvmArgs, Path java, String jvmName, String step,
                long endsByMillis, boolean verbose) {
        this(resultsDir, runId, jvmArgs, java, jvmName, step, endsByMillis, verbose, 0);
    }

    RunSettings(Path resultsDir, String runId, List<String> jvmArgs, Path java, String jvmName, String step,
                long endsByMillis, boolean verbose, long tailAboveNs) {
        this.tailAboveNs = tailAboveNs;
        this.verbose = verbose;
        this.endsByMillis = endsByMillis;
        this.jvmName = jvmName;
        this.step = step;
        this.resultsDir = resultsDir;
        this.runId = runId;
        this.jvmArgs = jvmArgs;
        this.java = java;
    }

    /** The properties every study reads, declared: those of {@link #read} with {@code defaultResults}. */
    public static List<Property> properties(String defaultResults) {
        return List.of(resultsProperty(defaultResults), RUN_ID_PROPERTY, JVM_ARGS_PROPERTY, jvmProperty(),
                JVM_NAME_PROPERTY, STEP_PROPERTY, ENDS_BY_PROPERTY, VERBOSE_PROPERTY, TAIL_ABOVE_PROPERTY);
    }

    private static Property resultsProperty(String defaultResults) {
        return Property.text(RESULTS, defaultResults, "folder the results go to");
    }

    /** The launcher's own java by default. */
    private static Property jvmProperty() {
        String ownJava = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        return Property.text(JVM, ownJava, "the benchmark JVMs' java: a JDK folder or its bin/java")
                .showingDefault("the JVM running the launcher, " + ownJava);
    }

    public static RunSettings read(BenchProperties p, String defaultResults) {
        return read(p, defaultResults, SystemClock.INSTANCE);
    }

    /** Reads the settings; a new run's id takes its time from {@code clock}. */
    public static RunSettings read(BenchProperties p, String defaultResults, EpochClock clock) {
        String results = p.string(resultsProperty(defaultResults));
        Path dir;
        try {
            dir = Paths.get(results).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw ConfigException.invalid(RESULTS, results, ConfigException.pathProblem(e));
        }
        String runId = p.string(RUN_ID_PROPERTY);
        if (runId.isEmpty()) {
            runId = ResultLayout.newRunId(ZonedDateTime.ofInstant(Instant.ofEpochMilli(clock.epochMillis()),
                    ZoneOffset.UTC), Environment.hostName());
        } else if (!runId.matches("[A-Za-z0-9._-]+") || runId.startsWith(".")) {
            throw ConfigException.invalid(RUN_ID, runId, "expected letters, digits, '.', '_' or '-' only");
        }
        String extra = p.string(JVM_ARGS_PROPERTY);
        List<String> args;
        try {
            args = splitFlags(extra);
        } catch (IllegalArgumentException e) {
            throw ConfigException.invalid(JVM_ARGS, extra, e.getMessage());
        }
        String jvm = p.string(jvmProperty());
        String jvmName = p.string(JVM_NAME_PROPERTY);
        if (!jvmName.isEmpty() && !jvmName.matches("[A-Za-z0-9._+-]+")) {
            throw ConfigException.invalid(JVM_NAME, jvmName, "expected letters, digits, '.', '_', '+' or '-' only");
        }
        String step = p.string(STEP_PROPERTY);
        if (!step.isEmpty() && (!step.matches("[A-Za-z0-9._-]+") || step.startsWith("."))) {
            throw ConfigException.invalid(STEP, step, "expected letters, digits, '.', '_' or '-' only");
        }
        boolean verbose = p.bool(VERBOSE_PROPERTY);
        return new RunSettings(dir, runId, args, javaExecutable(jvm), jvmName, step, p.count(ENDS_BY_PROPERTY), verbose,
                p.durationNs(TAIL_ABOVE_PROPERTY));
    }

    /** JVM flags separated by spaces, as a list; IllegalArgumentException names a word that is not a flag. */
    public static List<String> splitFlags(String text) {
        List<String> flags = new ArrayList<>();
        for (String f : text.trim().split("\\s+")) {
            if (f.isEmpty()) {
                continue;
            }
            if (!f.startsWith("-")) {
                throw new IllegalArgumentException("'" + f + "' is not a JVM flag; expected flags starting with '-',"
                        + " separated by spaces, such as -XX:+UseZGC -Xmx2g");
            }
            flags.add(f);
        }
        return flags;
    }

    /** A JDK folder or a {@code java} binary, as the java binary; a clear error for anything else. */
    static Path javaExecutable(String jvm) {
        Path path;
        try {
            path = Paths.get(jvm).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw ConfigException.invalid(JVM, jvm, ConfigException.pathProblem(e));
        }
        if (Files.isDirectory(path)) {
            path = path.resolve("bin").resolve("java");
        }
        if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
            throw ConfigException.invalid(JVM, jvm, "no executable java there; expected a JDK folder (with bin/java)"
                    + " or the path of a java binary");
        }
        return path;
    }

    public Path runDir() {
        return resultsDir.resolve(runId);
    }

    /** The folder of the step a benchmark JVM runs, or {@code variant} when the launcher set none. */
    public String stepOr(String variant) {
        return step.isEmpty() ? variant : step;
    }

    @Override
    public String toString() {
        return "results=" + resultsDir + " runId=" + runId + " jvmArgs=" + Arrays.toString(jvmArgs.toArray()) + " java=" + java;
    }
}
