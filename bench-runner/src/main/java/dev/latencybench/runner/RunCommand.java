package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;


import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import dev.latencybench.core.config.Periods;
import dev.latencybench.launch.Cli;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.StudyOption;
import dev.latencybench.runner.cli.Choices;
import dev.latencybench.runner.cli.ListOption;
import dev.latencybench.launch.UsageException;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * {@code bench run}: checks everything it was asked before anything starts, prints the matrix, runs it cell by cell
 * and writes the report; {@code --resume} finishes an interrupted run. One instance per command line.
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
            "  java -cp bench-runner/target/bench.jar dev.latencybench.launch.StudyMain queue --help",
            "An option above may be given as the property after it (-Dbench.forks=3 is --forks 3), but not both.",
            "Exit status: 0 when every cell that ran is OK, 1 otherwise, 2 on bad input."})
final class RunCommand implements Callable<Integer> {
    // A list option adds up (--gcs g1 --gcs zgc); a single-value option given twice is refused, so none is dropped.
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
    @Option(names = "--forks", paramLabel = "N", description = "benchmark JVMs per cell, run in rounds across"
            + " the cells (default: the study's; queue and task 3 beyond smoke, the rest 1; 3 or more rank cells by the"
            + " spread between forks); -Dbench.forks")
    String forks;
    @Option(names = "--warmup", paramLabel = "TIME", description = "warm-up per fork, such as 10s or 2m (default: the"
            + " scale's); -Dbench.warmup")
    String warmup;
    @Option(names = "--duration", paramLabel = "TIME", description = "measured time per fork (default: the scale's);"
            + " -Dbench.duration")
    String duration;
    /** Read as words, not as picocli's map, so a property given twice is refused like any single-value option. */
    @Option(names = "-D", paramLabel = "bench.NAME=VALUE", hidden = true)
    List<String> propertyArgs = new ArrayList<>();
    // the list options reconciled with their properties once call read them
    private String scenarioList;
    private String jvmList;
    private String gcList;
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

    private final Context ctx;
    @Spec
    CommandSpec spec;

    RunCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() throws IOException {
        CommandLineProperties given = new CommandLineProperties(propertyArgs, ctx.systemBenchProperties);
        scenarioList = ListOption.joined(scenariosValues, ",");
        jvmList = ListOption.joined(jvmsValues, ",");
        gcList = ListOption.joined(gcsValues, ",");
        Map<String, String> props = given.remaining();
        boolean verbose = given.verbose(verboseOption);
        // runner settings that may also come as properties
        scenarioList = given.option("--scenarios", "bench.scenarios", scenarioList);
        jvmList = given.option("--jvms", "bench.jvms", jvmList);
        gcList = given.option("--gcs", "bench.gcs", gcList);
        jvmArgsText = given.option("--jvm-args", RunSettings.JVM_ARGS, jvmArgsText);
        resultsOption = given.option("--results", RunSettings.RESULTS, resultsOption);
        runIdOption = given.option("--run-id", RunSettings.RUN_ID, runIdOption);
        given.refuseBoth("--gc-args", gcArgSpecs.isEmpty() ? null : gcArgSpecs.get(0), "bench.gc.args");
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
        given.optionProperty("--scale", scale, Periods.SCALE);
        given.optionProperty("--forks", forks, Periods.FORKS);
        given.optionProperty("--warmup", warmup, Periods.WARMUP);
        given.optionProperty("--duration", duration, Periods.DURATION);
        for (StudyOption o : ctx.scenarios().options()) { // a study's own, such as --task: its property
            String value = ListOption.joined(spec.findOption(o.name).getValue(), o.separator);
            given.optionProperty(o.name, value == null || !o.paths ? value : absolutePaths(value), o.property);
        }
        RunRequest request;
        Map<String, CellOutcome> previous = Map.of();
        boolean resuming = resumeDir != null;
        if (resuming) {
            Path runDir = Path.of(resumeDir).toAbsolutePath().normalize();
            if (!given.givenNames().isEmpty()) {
                throw new UsageException("bench run --resume: " + given.givenNames() + " cannot change a run"
                        + " that has started; resume it as it was, or start a new run");
            }
            RunManifest run = ResumedRun.manifest(runDir); // one that bench run made, else bad input
            try {
                // first: another machine's JVMs may not be here
                List<String> despite = ResumedRun.sameMachine(runDir, run, resumeAnyway);
                request = resumeRequest(runDir, run);
                request = despite.isEmpty() ? request : request.resumedDespite(despite);
                previous = run.outcomes();
            } catch (UsageException e) {
                throw e;
            } catch (RuntimeException e) { // a member of the wrong type or shape: edited, or not the runner's
                throw ResumedRun.notAsWritten(runDir, e);
            }
        } else {
            if (resumeAnyway) {
                throw new UsageException("bench run: --resume-anyway goes with --resume RUN_DIR; a new run has nothing"
                        + " to resume");
            }
            request = NewRunRequest.of(options(), props, ctx);
        }
        List<Cell> cells = request.cells();
        CellPlans plans = CellPlans.of(request, cells, ctx.scenarios()); // each cell's plan resolved once
        Map<String, Long> estimates = plans.estimates();
        boolean nothingToRun = cells.stream().allMatch(c -> c.skipReason() != null);
        if (dryRun || nothingToRun) {
            MatrixPreview.print(ctx.out, request, cells, previous, estimates);
            if (dryRun) {
                return 0;
            }
            throw new UsageException("bench run: every cell of this matrix is skipped (reasons above); nothing to run");
        }
        // refused here, before the plan, when another process has the run folder or the machine
        try (RunClaim claim = RunClaim.take(request.runDir(), resuming, ctx.tmpDir)) {
            if (resuming) { // as the run left it: read again now that no other process can change it
                previous = RunManifest.read(request.runDir()).outcomes();
            }
            MatrixPreview.print(ctx.out, request, cells, previous, estimates);
            return new RunThenReport(ctx.out, ctx.err, ctx.scenarios()).run(request, claim, previous, classpath,
                    noReport, verbose, plans);
        }
    }

    /** The options as {@link NewRunRequest} reads them, once reconciled with their properties. */
    private RunOptions options() {
        RunOptions o = new RunOptions();
        o.scenarioList = scenarioList;
        o.jvmList = jvmList;
        o.gcList = gcList;
        o.explicitJvms = explicitJvms;
        o.gcArgSpecs = gcArgSpecs;
        o.jvmArgsText = jvmArgsText;
        o.resultsOption = resultsOption;
        o.defaultResults = defaultResults;
        o.runIdOption = runIdOption;
        o.refreshJvms = refreshJvms;
        o.classpath = classpath;
        return o;
    }

    /** Adds each study's own options ({@link StudyOption}) to this command's line: the runner names no study. */
    static void addStudyOptions(CommandSpec run, Scenarios scenarios) {
        List<OptionSpec> standard = new ArrayList<>(); // --help and --version stay last
        run.options().stream().filter(o -> o.usageHelp() || o.versionHelp()).forEach(standard::add);
        standard.forEach(run::remove);
        for (StudyOption o : scenarios.options()) {
            run.addOption(OptionSpec.builder(o.name).paramLabel(o.paramLabel).type(List.class)
                    .auxiliaryTypes(String.class).description(o.description + "; -D" + o.property).build());
        }
        standard.forEach(run::addOption);
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

    /** The request of an earlier run, from its run.json; its JVMs must still be where they were. */
    private RunRequest resumeRequest(Path runDir, RunManifest run) {
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
        return ResumedRun.request(runDir, run, given, ctx.prober(), refreshJvms,
                names -> ctx.scenarios().minimumJava(names, run.properties));
    }
}
