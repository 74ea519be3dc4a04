package dev.latencybench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.run.Cli;
import dev.latencybench.core.run.JvmExit;
import dev.latencybench.core.run.RunSettings;
import dev.latencybench.core.run.Study;
import dev.latencybench.runner.cli.Choices;
import dev.latencybench.runner.cli.UsageException;
import dev.latencybench.runner.cli.WritablePath;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.CellOutcome;
import dev.latencybench.runner.matrix.MatrixRunner;
import dev.latencybench.runner.matrix.RunManifest;
import dev.latencybench.runner.matrix.RunRequest;
import dev.latencybench.runner.report.Report;
import dev.latencybench.runner.report.data.RunFile;

/**
 * {@code bench run}: checks everything it was asked before anything starts (scenarios, JVMs,
 * collectors, properties, the results folder), prints the matrix, runs it cell by cell and writes
 * the report. {@code --resume} finishes an interrupted run; {@code --dry-run} only shows the cells.
 * Its options are read by picocli into the fields below; one instance per command line.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class, sortOptions = false,
        header = "run scenarios x JVMs x collectors, then write the report",
        synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
        customSynopsis = "bench run [options] [-Dbench.NAME=VALUE ...]",
        description = {"Runs every scenario on every JVM with every collector asked for (one cell each), then"
                + " writes REPORT.md, report.html and the charts into the run folder. A cell that cannot run on a JVM"
                + " is skipped with the reason; a cell that fails does not stop the others.", ""},
        optionListHeading = "Options:%n",
        footer = {"", "-Dbench.NAME=VALUE (repeatable) is a property of every cell, such as -Dbench.rate=50K or"
                + " -Dbench.cpus=2,4; each study's --help lists its own:",
            "  java -cp bench-runner/target/bench.jar dev.latencybench.core.run.StudyMain queue --help",
            "An option above may be given as the property after it (-Dbench.forks=3 is --forks 3), but not both.",
            "Exit status: 0 when every cell that ran is OK, 1 otherwise, 2 on bad input."})
final class RunCommand implements Callable<Integer> {
    // A list option adds up: --gcs g1 --gcs zgc is --gcs g1,zgc. An option of one value given twice is
    // refused (Cli), so that no value given is dropped without a word.
    @Option(names = "--scenarios", paramLabel = "SCENARIOS", completionCandidates = Choices.ScenarioNames.class,
            description = "scenarios to run, comma-separated or repeated: ${COMPLETION-CANDIDATES} (default: all)")
    List<String> scenariosValues = new ArrayList<>();
    @Option(names = "--jvms", paramLabel = "JVMS", description = "JVMs, comma-separated or repeated: current"
            + " (default: the JVM running this), all, or names from 'bench jvms'; short forms match one JVM: 17,"
            + " temurin-25, 17+graal")
    List<String> jvmsValues = new ArrayList<>();
    @Option(names = "--jvm", paramLabel = "NAME=PATH", description = "add a JVM by its JDK folder or java binary"
            + " (repeatable); it is run unless --jvms names others")
    List<String> explicitJvms = new ArrayList<>();
    // each choice list has a label of its own: the completion script keys its candidates by the label
    @Option(names = "--gcs", paramLabel = "GCS", completionCandidates = Choices.CollectorIds.class,
            description = "collectors, comma-separated or repeated: ${COMPLETION-CANDIDATES} (default: default, the"
                    + " JVM's own choice)")
    List<String> gcsValues = new ArrayList<>();
    @Option(names = "--gc-args", paramLabel = "GC=FLAGS", description = "tuning that replaces a collector's defaults,"
            + " repeatable (default: g1=-XX:MaxGCPauseMillis=10)")
    List<String> gcArgSpecs = new ArrayList<>();
    @Option(names = "--jvm-args", paramLabel = "FLAGS", description = "extra flags for every benchmark JVM, such as"
            + " '-Xmx2g -XX:+AlwaysPreTouch'")
    String jvmArgsText;
    @Option(names = "--scale", paramLabel = "SCALE", completionCandidates = Choices.ScaleIds.class,
            description = "${COMPLETION-CANDIDATES}: seconds, minutes (the default) or the published durations;"
                    + " -Dbench.scale")
    String scale;
    @Option(names = "--forks", paramLabel = "N", description = "benchmark JVMs per cell, their histograms merged"
            + " (default 1; 3 or more to see the spread between forks); -Dbench.forks")
    String forks;
    @Option(names = "--warmup", paramLabel = "TIME", description = "warm-up per fork, such as 10s or 2m (default: the"
            + " scale's); -Dbench.warmup")
    String warmup;
    @Option(names = "--duration", paramLabel = "TIME", description = "measured time per fork (default: the scale's);"
            + " -Dbench.duration")
    String duration;
    @Option(names = "--task", paramLabel = "CLASSES", description = "your own code: LatencyTask classes,"
            + " comma-separated or repeated, run by the task scenario beside the harness's floor (implies --scenarios"
            + " task); -D" + TASK_CLASSES)
    List<String> taskValues = new ArrayList<>();
    @Option(names = "--task-jar", paramLabel = "JARS", description = "the jar(s) of your task classes and their"
            + " libraries, ':'-separated or repeated; -D" + TASK_JARS)
    List<String> taskJarValues = new ArrayList<>();
    /**
     * Listed in the synopsis and the footer: picocli would show it as {@code -D=bench.NAME=VALUE}. Read as
     * words, not as picocli's map, so that a property given twice is refused like any option of one value.
     */
    @Option(names = "-D", paramLabel = "bench.NAME=VALUE", hidden = true)
    List<String> propertyArgs = new ArrayList<>();
    /** {@link #propertyArgs} by name, once {@link #call} read them. */
    private final Map<String, String> properties = new LinkedHashMap<>();
    private String scenarioList;
    private String jvmList;
    private String gcList;
    private String taskList;
    private String taskJars;
    @Option(names = "--results", paramLabel = "DIR", description = "output root (default: results)")
    String resultsOption;
    @Option(names = "--run-id", paramLabel = "ID", description = "name of the run folder (default: UTC time and"
            + " host)")
    String runIdOption;
    @Option(names = "--resume", paramLabel = "RUN_DIR", description = "run the cells an interrupted run did not"
            + " finish, then write the report")
    String resumeDir;
    @Option(names = "--resume-anyway", description = "with --resume: finish a run that was measured on another"
            + " machine (host, CPU, kernel) or by another commit of the suite; the report then says so")
    boolean resumeAnyway;
    @Option(names = "--dry-run", description = "print the cells, their flags and how long each takes at most; run"
            + " nothing")
    boolean dryRun;
    @Option(names = "--no-report", description = "do not write the report at the end")
    boolean noReport;
    @Option(names = "--refresh-jvms", description = "probe the JVMs again instead of using the cache")
    boolean refreshJvms;
    @Option(names = "--verbose", description = "print JMH's whole output (VM options, iterations, its tables) as"
            + " well as progress and results; it is always in jmh.log in each cell folder; -Dbench.verbose=true")
    boolean verboseOption;
    /** The benchmark JVMs' class path: {@code -Pbench} gives bench.jar's. */
    @Option(names = "--classpath", hidden = true)
    String classpath = System.getProperty("java.class.path");
    /** Where results go without {@code --results}: {@code -Pbench} gives the checkout's results folder. */
    @Option(names = "--default-results", hidden = true)
    String defaultResults = "results";

    /** The task scenario's properties that {@code --task} and {@code --task-jar} set (the scenario declares them). */
    static final String TASK_SCENARIO = "task";
    static final String TASK_CLASSES = "bench.task.classes";
    static final String TASK_JARS = "bench.task.jar";

    private static final String ONLY_MATRIX = ResumedRun.ONLY_MATRIX;

    private final Context ctx;

    RunCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        for (String arg : propertyArgs) {
            int eq = arg.indexOf('=');
            String key = eq < 0 ? arg : arg.substring(0, eq);
            if (eq < 0 || !key.startsWith("bench.")) {
                throw new UsageException("bench run: '-D" + arg + "': expected -Dbench.NAME=VALUE");
            }
            if (properties.containsKey(key)) {
                throw new UsageException("bench run: -D" + key + " is given twice ('" + properties.get(key) + "', then '"
                        + arg.substring(eq + 1) + "'); give each property once");
            }
            properties.put(key, arg.substring(eq + 1));
        }
        scenarioList = joined(scenariosValues, ",");
        jvmList = joined(jvmsValues, ",");
        gcList = joined(gcsValues, ",");
        taskList = joined(taskValues, ",");
        taskJars = joined(taskJarValues, ":");
        Map<String, String> props = new LinkedHashMap<>(ctx.systemBenchProperties);
        props.putAll(properties);
        boolean verbose = verbose(props);
        // runner settings that may also come as properties, for ./mvnw verify -Pbench -Dbench.jvms=...
        scenarioList = option(props, "--scenarios", "bench.scenarios", scenarioList);
        jvmList = option(props, "--jvms", "bench.jvms", jvmList);
        gcList = option(props, "--gcs", "bench.gcs", gcList);
        jvmArgsText = option(props, "--jvm-args", RunSettings.JVM_ARGS, jvmArgsText);
        resultsOption = option(props, "--results", RunSettings.RESULTS, resultsOption);
        runIdOption = option(props, "--run-id", RunSettings.RUN_ID, runIdOption);
        refuseBoth("--gc-args", gcArgSpecs.isEmpty() ? null : gcArgSpecs.get(0), "bench.gc.args");
        String gcArgsProperty = props.remove("bench.gc.args");
        if (gcArgsProperty != null) {
            gcArgSpecs = List.of(gcArgsProperty);
        }
        for (String own : List.of(RunSettings.JVM, RunSettings.JVM_NAME)) {
            if (props.containsKey(own)) {
                throw new UsageException("bench run: -D" + own + " is set by the runner for each cell; choose JVMs"
                        + " with --jvms (or -Dbench.jvms) and add one with --jvm NAME=/path");
            }
        }
        List<String> scales = new ArrayList<>();
        new Choices.ScaleIds().forEach(scales::add);
        if (scale != null && !scales.contains(scale)) {
            throw new UsageException("bench run: --scale '" + scale + "': expected one of " + String.join(", ", scales));
        }
        // options that are a property of every cell: --forks 3 is -Dbench.forks=3
        optionProperty(props, "--scale", scale, Periods.SCALE);
        optionProperty(props, "--forks", forks, Periods.FORKS);
        optionProperty(props, "--warmup", warmup, Periods.WARMUP);
        optionProperty(props, "--duration", duration, Periods.DURATION);
        optionProperty(props, "--task", taskList, TASK_CLASSES);
        optionProperty(props, "--task-jar", taskJars == null ? null : absolutePaths(taskJars), TASK_JARS);
        RunRequest request;
        Map<String, CellOutcome> previous = Map.of();
        boolean resuming = resumeDir != null;
        if (resuming) {
            Path runDir = Path.of(resumeDir).toAbsolutePath().normalize();
            if (!properties.isEmpty()) {
                throw new UsageException("bench run --resume: " + properties.keySet() + " cannot change a run"
                        + " that has started; resume it as it was, or start a new run");
            }
            JsonObject run = resumableManifest(runDir);
            try {
                List<String> despite = sameMachine(runDir, run); // first: another machine's JVMs may not be here
                request = resumeRequest(runDir, run);
                request = despite.isEmpty() ? request : request.resumedDespite(despite);
                previous = RunManifest.outcomes(run);
            } catch (UsageException e) {
                throw e;
            } catch (RuntimeException e) { // a member of the wrong type or shape: edited, or not the runner's
                throw new UsageException("bench run --resume " + runDir + ": its run.json is not as 'bench run' writes"
                        + " it (" + e.getMessage() + ")" + ONLY_MATRIX);
            }
        } else {
            if (resumeAnyway) {
                throw new UsageException("bench run: --resume-anyway goes with --resume RUN_DIR; a new run has nothing"
                        + " to resume");
            }
            request = newRequest(props);
        }
        List<Cell> cells = request.cells();
        Map<String, Long> estimates = estimates(request, cells); // each cell's plan read once
        boolean nothingToRun = cells.stream().allMatch(c -> c.skipReason() != null);
        if (dryRun || nothingToRun) {
            printMatrix(request, cells, previous, estimates);
            if (dryRun) {
                return 0;
            }
            throw new UsageException("bench run: every cell of this matrix is skipped (reasons above); nothing to run");
        }
        // refused here, before the plan, when another process has the run folder or the machine
        try (RunClaim claim = RunClaim.take(request.runDir(), resuming, ctx.tmpDir)) {
            if (resuming) { // as the run left it: read again now that no other process can change it
                previous = RunManifest.outcomes(ResultFiles.readJson(RunManifest.file(request.runDir())));
            }
            printMatrix(request, cells, previous, estimates);
            return runMatrix(request, previous, classpath, noReport, verbose, estimates);
        }
    }

    /** A list option's values joined into one list ({@code --gcs g1 --gcs zgc} is {@code g1,zgc}); null when not given. */
    private static String joined(List<String> values, String separator) {
        return values.isEmpty() ? null : String.join(separator, values);
    }

    /**
     * An option's value, else the property that says the same (taken out of the properties either way);
     * giving both on the command line is an error, as for {@link #optionProperty}.
     */
    private String option(Map<String, String> props, String option, String property, String value) {
        refuseBoth(option, value, property);
        String fromProperty = props.remove(property);
        return value != null ? value : fromProperty;
    }

    private void refuseBoth(String option, String value, String property) {
        if (value != null && properties.containsKey(property)) {
            throw new UsageException("bench run: " + option + " and -D" + property + " say the same; give one of them");
        }
    }

    /** A property given as an option ({@code --forks 3}); giving it both ways is an error. */
    private void optionProperty(Map<String, String> props, String option, String value, String property) {
        refuseBoth(option, value, property);
        if (value != null) {
            props.put(property, value);
        }
    }

    /**
     * {@code --verbose} or {@code -Dbench.verbose=true}: each cell's console shows JMH's whole output.
     * Taken out of the properties: it changes what is printed, not what is measured, so it is no
     * property of the run (a resumed run may set it).
     */
    private boolean verbose(Map<String, String> props) {
        properties.remove(RunSettings.VERBOSE);
        String v = props.remove(RunSettings.VERBOSE);
        if (v != null && !v.trim().equalsIgnoreCase("true") && !v.trim().equalsIgnoreCase("false")) {
            throw new UsageException("bench run: -D" + RunSettings.VERBOSE + "=" + v + ": expected true or false");
        }
        return verboseOption || (v != null && v.trim().equalsIgnoreCase("true"));
    }

    private int runMatrix(RunRequest request, Map<String, CellOutcome> previous, String classpath, boolean noReport,
                          boolean verbose, Map<String, Long> estimates) throws IOException {
        MatrixRunner runner = new MatrixRunner(request, cell -> launcherCommand(request, cell, classpath,
                ctx.scenarios(), verbose), previous, ctx.out, cell -> estimates.getOrDefault(cell.key(), -1L));
        Map<String, CellOutcome> outcomes = runner.run();
        if (runner.interrupted()) {
            return 1; // the JVM is shutting down; its hook has the last word
        }
        ctx.out.println();
        ctx.out.println("latency-bench: matrix done: " + request.runDir());
        int notOk = 0;
        for (Map.Entry<String, CellOutcome> e : outcomes.entrySet()) {
            CellOutcome o = e.getValue();
            ctx.out.printf(Locale.ROOT, "  %-12s %-50s %s%n", o.status, e.getKey(), o.reason == null ? ""
                    : o.reason);
            notOk += CellOutcome.OK.equals(o.status) || CellOutcome.SKIPPED.equals(o.status) ? 0 : 1;
        }
        if (runner.diskFull() != null) { // a report needs room too: what was measured is in the cells' folders
            ctx.err.println("latency-bench: the run stopped: its results disk is full (" + fileSystem(request.runDir())
                    + "); what was measured is listed above and kept in " + request.runDir() + "; no report was"
                    + " written");
            if (runner.manifestFailure() != null) {
                ctx.err.println("latency-bench: run.json could not record the outcomes either: "
                        + runner.manifestFailure());
            }
            ctx.err.println("latency-bench: free space there, then run the rest: scripts/bench run --resume "
                    + request.runDir());
            return 1;
        }
        if (!noReport) {
            try {
                List<String> problems = Report.write(request.runDir(), ctx.out);
                problems.forEach(p -> ctx.err.println("latency-bench: report: " + p));
                notOk += problems.size(); // a cell whose result cannot be read did not end OK
            } catch (IOException | RuntimeException e) { // the results are safe; only the report is missing
                ctx.err.println("latency-bench: no report: " + RunFile.oneLine(e));
                return 1;
            }
        }
        return notOk == 0 ? 0 : 1;
    }

    /** {@code /mnt/results (tmpfs), 0 bytes free}: the file system of a folder and its room now. */
    static String fileSystem(Path dir) {
        try {
            java.nio.file.FileStore store = Files.getFileStore(dir);
            return String.format(Locale.ROOT, "%s, %,d bytes free", store, store.getUsableSpace());
        } catch (IOException | RuntimeException e) {
            return "the file system of " + dir;
        }
    }

    private RunRequest newRequest(Map<String, String> props) {
        Scenarios scenarios = ctx.scenarios();
        boolean tasks = request(props, TASK_CLASSES) || request(props, TASK_JARS);
        List<String> scenarioNames = list(scenarioList, tasks ? TASK_SCENARIO : "all");
        if (scenarioNames.contains("all")) {
            scenarioNames = scenarios.defaultNames();
        }
        if (tasks && !scenarioNames.contains(TASK_SCENARIO)) {
            throw new UsageException("bench run: --task and --task-jar are the " + TASK_SCENARIO + " scenario's, which"
                    + " --scenarios " + String.join(",", scenarioNames) + " leaves out; add " + TASK_SCENARIO
                    + " to --scenarios, or leave --scenarios out");
        }
        List<Study> studies;
        try {
            studies = scenarios.select(scenarioNames);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench run: " + e.getMessage());
        }
        List<Collector> collectors = new ArrayList<>();
        for (String g : list(gcList, "default")) {
            try {
                collectors.add(Collector.of(g));
            } catch (IllegalArgumentException e) {
                throw new UsageException("bench run: --gcs: " + e.getMessage());
            }
        }
        Map<String, List<String>> gcArgs = gcArgs(gcArgSpecs);
        List<String> jvmArgs = splitFlags("--jvm-args", jvmArgsText == null ? "" : jvmArgsText);
        String resultsOpt = resultsOption != null ? resultsOption : defaultResults;
        Path results = Path.of(resultsOpt).toAbsolutePath().normalize();
        String problem = Files.exists(results) && !Files.isDirectory(results) ? "it is a file, not a folder"
                : WritablePath.problem(results);
        if (problem != null) {
            throw new UsageException("bench run: --results " + results + ": " + problem + "; point --results at a"
                    + " folder this user may write in");
        }
        String runId = runIdOption != null ? runIdOption : ResultLayout.newRunId(ZonedDateTime.now(),
                Environment.hostName());
        if (!runId.matches("[A-Za-z0-9._-]+") || runId.startsWith(".")) {
            throw new UsageException("bench run: --run-id '" + runId + "': expected letters, digits, '.', '_' or '-'");
        }
        checkProperties(studies, props);
        List<Jvm> jvms;
        try {
            jvms = ctx.jvms(jvmList, explicitJvms, refreshJvms);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench run: " + e.getMessage());
        }
        Path runDir = results.resolve(runId);
        if (Files.exists(runDir)) {
            throw new UsageException("bench run: the run folder " + runDir + " already exists; pick another --run-id,"
                    + " or finish that run with --resume " + runDir);
        }
        List<String> names = studies.stream().map(Study::name).collect(Collectors.toList());
        String command = reproduce(names, jvms, collectors, gcArgs, jvmArgs, props, explicitJvms);
        return new RunRequest(results, runId, names, minimumJava(names), jvms, collectors, gcArgs, jvmArgs, props,
                command);
    }

    /** The {@code run.json} of a run folder that {@code bench run} made; else bad input ({@link ResumedRun#manifest}). */
    private static JsonObject resumableManifest(Path runDir) {
        return ResumedRun.manifest(runDir).toJson();
    }

    /** The differences from this machine and suite the run is resumed despite ({@link ResumedRun#sameMachine}). */
    private List<String> sameMachine(Path runDir, JsonObject run) {
        return ResumedRun.sameMachine(runDir, RunManifest.fromJson(run), resumeAnyway);
    }

    /** The request of an earlier run, from its run.json; its JVMs must still be where they were. */
    private RunRequest resumeRequest(Path runDir, JsonObject run) {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("--scenarios", scenarioList);
        given.put("--jvms", jvmList);
        given.put("--jvm", explicitJvms.isEmpty() ? null : explicitJvms);
        given.put("--gcs", gcList);
        given.put("--gc-args", gcArgSpecs.isEmpty() ? null : gcArgSpecs);
        given.put("--jvm-args", jvmArgsText);
        given.put("--scale", scale);
        given.put("--forks", forks);
        given.put("--warmup", warmup);
        given.put("--duration", duration);
        given.put("--run-id", runIdOption);
        given.put("--results", resultsOption);
        return ResumedRun.request(runDir, RunManifest.fromJson(run), given, ctx.prober(), refreshJvms,
                this::minimumJava);
    }

    /** Each scenario's lowest Java ({@link Study#minimumJava}); one no longer on the class path is left out. */
    private Map<String, Integer> minimumJava(List<String> names) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Study s : ctx.scenarios().all()) {
            if (names.contains(s.name())) {
                m.put(s.name(), s.minimumJava());
            }
        }
        return m;
    }

    /** The runner's own properties, so that the list of allowed properties in an error names them too. */
    static final List<Property> RUNNER_PROPERTIES = List.of(
            Property.text("bench.jvms", "current", "JVMs of the matrix, as --jvms"),
            Property.text("bench.gcs", "default", "collectors of the matrix, as --gcs"),
            Property.text("bench.scenarios", "all", "scenarios of the matrix, as --scenarios"),
            Property.text("bench.gc.args", "", "collector tuning, as --gc-args GC=FLAGS"));

    /**
     * A property that no scenario declares is an error, found from the declarations alone; then every
     * scenario reads the values as its launcher will, so that a bad one fails before the first cell.
     */
    private void checkProperties(List<Study> studies, Map<String, String> props) {
        BenchProperties bp = new BenchProperties(props);
        List<Property> declared = new ArrayList<>(RUNNER_PROPERTIES);
        declared.addAll(RunSettings.properties(RunSettings.DEFAULT_RESULTS));
        studies.forEach(s -> declared.addAll(s.studyProperties()));
        try {
            bp.rejectUnknown(declared);
            RunSettings.read(bp, RunSettings.DEFAULT_RESULTS);
            for (Study s : studies) {
                // reads, then runs what the user's input asks to check (a task's set-up) once, before any
                // cell; each cell's launcher prepares the machine
                s.plan(bp, CpuTopology.system()).verify();
            }
        } catch (ConfigException e) {
            throw new UsageException("bench run: " + e.getMessage());
        }
    }

    /** Whether a property was given with a value. */
    private static boolean request(Map<String, String> props, String property) {
        String v = props.get(property);
        return v != null && !v.trim().isEmpty();
    }

    /** A ':'-separated list of paths, each made absolute: the cells' launchers may run elsewhere. */
    private static String absolutePaths(String paths) {
        List<String> out = new ArrayList<>();
        for (String p : paths.split(":")) {
            if (!p.trim().isEmpty()) {
                out.add(Path.of(p.trim()).toAbsolutePath().normalize().toString());
            }
        }
        return String.join(":", out);
    }

    /** A comma-separated list, else the fallback's. */
    static List<String> list(String value, String fallback) {
        List<String> items = new ArrayList<>();
        for (String item : (value != null ? value : fallback).split(",")) {
            if (!item.trim().isEmpty()) {
                items.add(item.trim());
            }
        }
        return items;
    }

    static Map<String, List<String>> gcArgs(List<String> specs) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (String spec : specs) {
            int eq = spec.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("bench run: --gc-args '" + spec + "': expected GC=FLAGS, such as "
                        + "--gc-args 'g1=-XX:MaxGCPauseMillis=5'");
            }
            String gc = spec.substring(0, eq).trim();
            try {
                Collector.of(gc);
            } catch (IllegalArgumentException e) {
                throw new UsageException("bench run: --gc-args: " + e.getMessage());
            }
            m.put(gc, splitFlags("--gc-args " + gc, spec.substring(eq + 1)));
        }
        return m;
    }

    static List<String> splitFlags(String what, String text) {
        try {
            return RunSettings.splitFlags(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench run: " + what + ": " + e.getMessage());
        }
    }

    private static String reproduce(List<String> scenarios, List<Jvm> jvms, List<Collector> gcs,
                                    Map<String, List<String>> gcArgs, List<String> jvmArgs, Map<String, String> props,
                                    List<String> explicitJvms) {
        StringBuilder sb = new StringBuilder("scripts/bench run --scenarios ").append(String.join(",", scenarios));
        sb.append(" --jvms ").append(jvms.stream().map(Jvm::name).collect(Collectors.joining(",")));
        explicitJvms.forEach(j -> sb.append(" --jvm ").append(quote(j)));
        sb.append(" --gcs ").append(gcs.stream().map(Collector::id).collect(Collectors.joining(",")));
        gcArgs.forEach((k, v) -> sb.append(" --gc-args ").append(quote(k + "=" + String.join(" ", v))));
        if (!jvmArgs.isEmpty()) {
            sb.append(" --jvm-args ").append(quote(String.join(" ", jvmArgs)));
        }
        props.forEach((k, v) -> sb.append(' ').append(quote("-D" + k + "=" + v)));
        return sb.toString();
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9._,=:/+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    /** Extra warm-up of a {@code +graal} cell: the Graal compiler first compiles itself (about 11 s on 2 cores). */
    static final long GRAAL_EXTRA_WARMUP_NS = 15_000_000_000L;

    /**
     * The scenario properties of one cell: the run's, and for a {@code +graal} JVM a warm-up longer by
     * {@link #GRAAL_EXTRA_WARMUP_NS} unless the run set {@code bench.warmup} itself.
     */
    static Map<String, String> cellProperties(RunRequest request, Cell cell, Scenarios scenarios) {
        Map<String, String> props = new LinkedHashMap<>(request.properties);
        if (cell.jvm().graal() && !props.containsKey("bench.warmup")) {
            try {
                Study study = scenarios.get(cell.scenario());
                long warmupNs = study.plan(new BenchProperties(props), CpuTopology.system()).periods().warmupNs();
                props.put("bench.warmup", (warmupNs + GRAAL_EXTRA_WARMUP_NS) / 1_000_000 + "ms");
            } catch (RuntimeException e) {
                // the cell's launcher reports a bad property itself
            }
        }
        return props;
    }

    /** What a cell's launcher adds beside its study's steps (its start, the JVM's probe, the merge), roughly. */
    static final long LAUNCHER_OVERHEAD_NS = 3_000_000_000L;

    /**
     * How long a cell takes at most, roughly: its study's plan for the cell's properties (the schedule's
     * worst case of steps, each its forks' periods and start) and the launcher's own start; -1 when the
     * plan cannot be read (the cell's launcher then says why).
     */
    private Map<String, Long> estimates(RunRequest request, List<Cell> cells) {
        Map<String, Long> m = new LinkedHashMap<>();
        cells.forEach(c -> m.put(c.key(), estimateNs(request, c, ctx.scenarios())));
        return m;
    }

    static long estimateNs(RunRequest request, Cell cell, Scenarios scenarios) {
        if (cell.skipReason() != null) {
            return 0;
        }
        try {
            Study study = scenarios.get(cell.scenario());
            return study.plan(new BenchProperties(cellProperties(request, cell, scenarios)), CpuTopology.system())
                    .estimatedMaxNs() + LAUNCHER_OVERHEAD_NS;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    static List<String> launcherCommand(RunRequest request, Cell cell, String classpath, Scenarios scenarios,
                                        boolean verbose) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(JvmExit.errorFileFlag(MatrixRunner.logsDir(request))); // not into the user's working folder
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add("-D" + RunSettings.RESULTS + "=" + request.resultsDir);
        cmd.add("-D" + RunSettings.RUN_ID + "=" + request.runId);
        cmd.add("-D" + RunSettings.JVM + "=" + cell.jvm().java());
        cmd.add("-D" + RunSettings.JVM_NAME + "=" + cell.jvm().name());
        cmd.add("-D" + RunSettings.JVM_ARGS + "=" + String.join(" ", cell.flags()));
        cellProperties(request, cell, scenarios).forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        if (verbose) {
            cmd.add("-D" + RunSettings.VERBOSE + "=true");
        }
        cmd.add("dev.latencybench.core.run.StudyMain");
        cmd.add(cell.scenario());
        cmd.add("--part-of-run");
        cmd.add("--classpath");
        cmd.add(classpath);
        cmd.add("--reproduce");
        cmd.add(request.command);
        return cmd;
    }

    private void printMatrix(RunRequest request, List<Cell> cells, Map<String, CellOutcome> previous,
                             Map<String, Long> estimates) {
        PrintStream out = ctx.out;
        out.println("latency-bench matrix: " + cells.size() + " cell(s), results in " + request.runDir());
        long totalNs = 0;
        for (Jvm j : request.jvms) {
            out.printf(Locale.ROOT, "  JVM %-28s %s (%s %s)%n", j.name(), j.java(), j.info().vendor(),
                    j.info().version());
        }
        for (Cell c : cells) {
            CellOutcome o = previous.get(c.key());
            String state = c.skipReason() != null ? "skip: " + c.skipReason()
                    : o != null && o.finished() ? "done (" + o.status + ")" : c.flags().stream()
                    .map(GraalJit::shortFlag).collect(Collectors.joining(" "));
            if (c.skipReason() == null && c.jvm().graal() && !request.properties.containsKey("bench.warmup")) {
                state += " (warm-up +15s: Graal compiles itself first)";
            }
            if (c.skipReason() == null && !(o != null && o.finished())) {
                long e = estimates.get(c.key());
                if (e >= 0 && totalNs >= 0) {
                    totalNs += e;
                } else {
                    totalNs = -1;
                }
                state = (e < 0 ? "time unknown" : "at most " + MatrixRunner.minutes(e / 1e9)) + (state.isEmpty() ? ""
                        : "  " + state);
            }
            out.printf(Locale.ROOT, "  %-44s %s%n", c.key(), state);
        }
        if (totalNs >= 0 && cells.stream().anyMatch(c -> c.skipReason() == null)) { // not "0 s" for nothing
            out.println("  time: at most about " + MatrixRunner.minutes(totalNs / 1e9) + " for the cells to run (each"
                    + " schedule's worst case: a capacity search usually stops well before it; start and warm-up"
                    + " included)");
        }
        if (!request.properties.isEmpty()) {
            out.println("  properties: " + request.properties);
        }
    }
}
