package dev.latencybench.core.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

import picocli.CommandLine;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.os.ParentWatch;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.run.schedule.Decision;
import dev.latencybench.core.run.schedule.Schedule;
import dev.latencybench.core.run.schedule.Step;
import dev.latencybench.core.run.schedule.StepOutcome;
import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.time.SystemClock;

/**
 * The entry point of a study: validates every {@code bench.*} property before anything starts, asks
 * the study's schedule for one step after another (a variant, or a variant with properties) and runs
 * each as the study's JMH benchmark in forked JVMs ({@link JmhOptions}; JMH's output goes to the cell's
 * {@code jmh.log}, the console shows the suite's own lines: {@link JmhOutput}), merges each cell's forks
 * into its result files ({@link CellMerger}), and prints the study's tables and the schedule's
 * answer. Ctrl-C (or any signal that runs shutdown hooks) stops the forks, which write what they
 * measured; the launcher merges it, marked INTERRUPTED ({@link Interrupts}).
 *
 * <p>Exit status: 0 when every cell is OK, 1 when one failed or was interrupted, 2 on bad input.
 */
public final class StudyLauncher {
    /** Next to a study's variant folders: each JVM cell's steps and the schedule's answer. */
    static final String SCHEDULE_SUFFIX = ".schedule.json";

    private final Study study;
    private final PrintStream out;
    private final PrintStream err;
    private final List<CellSummary> cells = Collections.synchronizedList(new ArrayList<>());
    /** Why results could not be written, one line per cell: the last lines the launcher prints. */
    private final List<String> unwritten = Collections.synchronizedList(new ArrayList<>());
    /** Why the schedule stopped early: its results' file system is full; null while it is not. */
    private String diskFullStop;
    private final Interrupts interrupts;
    private volatile Study.Plan launchedPlan;
    private LaunchArgs args;

    public StudyLauncher(Study study) {
        this(study, System.out, System.err);
    }

    public StudyLauncher(Study study, PrintStream out, PrintStream err) {
        this.study = study;
        this.out = out;
        this.err = err;
        this.interrupts = new Interrupts(err);
    }

    /** Runs the study; returns the exit status. */
    public int run(String[] argv) {
        args = new LaunchArgs();
        CommandLine cli = commandLine(args);
        try {
            cli.parseArgs(argv);
        } catch (CommandLine.ParameterException e) {
            err.println("latency-bench: " + problem(e, argv));
            return 2;
        }
        if (args.classpath != null) {
            // forked JVMs take their class path from this property (JMH's own rule)
            System.setProperty("java.class.path", args.classpath);
        }
        if (cli.isUsageHelpRequested()) {
            cli.usage(out);
            return 0;
        }
        if (cli.isVersionHelpRequested()) {
            cli.printVersionHelp(out);
            return 0;
        }
        if (args.partOfRun) { // a runner killed with SIGKILL cannot stop this launcher: it stops itself, and its forks
            ParentWatch.start("the runner that started this cell", 1, err);
        }
        BenchProperties properties = BenchProperties.fromSystem();
        RunSettings run;
        Study.Plan plan;
        JvmProbe probe;
        try {
            properties.rejectUnknown(study.properties(args.defaultResults)); // a typo fails before any value is read
            run = RunSettings.read(properties, args.defaultResults);
            plan = study.plan(properties, CpuTopology.system());
            if (!args.partOfRun) { // the runner verified it before its first cell
                plan.verify();
            }
            probe = probeJvm(run);
            checkJavaVersion(study, run, probe);
            plan.prepare(); // once, before anything starts: leftovers, free space, ports, clusters
            prepareRunDir(run);
        } catch (ConfigException e) {
            err.println("latency-bench: " + e.getMessage());
            return 2;
        }
        warnAboutLauncherFlags();
        return runPlan(properties, run, plan, probe);
    }

    private int runPlan(BenchProperties properties, RunSettings run, Study.Plan plan, JvmProbe probe) {
        Launch launch = new Launch(properties, run, plan, probe);
        launchedPlan = plan;
        out.printf(Locale.ROOT, "latency-bench %s study: %s%n", study.name(), study.title());
        String format = "  %-9s %s%n";
        out.printf(Locale.ROOT, format, "JVM:", launch.expected.cellName() + " (" + run.java()
                + (run.jvmArgs().isEmpty() ? "" : ", " + String.join(" ", run.jvmArgs())) + ")");
        plan.facts().forEach((k, v) -> out.printf(Locale.ROOT, format, k + ":", v));
        out.printf(Locale.ROOT, format, "length:", String.format(Locale.ROOT,
                "scale %s: warm-up %s + measure %s per fork, %d fork(s)", plan.periods().scale().id(),
                Units.formatDuration(plan.periods().warmupNs()), Units.formatDuration(plan.periods().measureNs()),
                plan.periods().forks()));
        out.printf(Locale.ROOT, format, "variants:", plan.schedule().describe());
        out.printf(Locale.ROOT, format, "results:", run.runDir());
        out.printf(Locale.ROOT, format + "%n", "JMH log:", String.format(Locale.ROOT,
                "%s/<variant>/%s/%s (JMH's whole output; %s)", study.name(), launch.expected.cellName(), JmhOutput.LOG,
                run.verbose() ? "printed here too: " + RunSettings.VERBOSE + "=true"
                        : "-D" + RunSettings.VERBOSE + "=true prints it here too"));
        if (!args.partOfRun) {
            RunJson.write(run, study, plan, properties, launch.command, launch.commit, err);
        }

        interrupts.install(() -> {
            launch.closeShared();
            cleanUpAfterForks(plan);
        }, this::printInterrupted);
        List<StepOutcome> done = new ArrayList<>();
        try {
            Schedule schedule = plan.schedule();
            for (Step step = schedule.next(done); step != null && !interrupts.interrupted(); step = schedule.next(done)) {
                String unavailable = launch.shareFor(step.variant());
                if (interrupts.interrupted()) {
                    break;
                }
                launch.endsByMillis = SystemClock.INSTANCE.epochMillis() + plan.estimatedLeftNs(done.size()) / 1_000_000L;
                CellSummary cell = launch.runStep(step, unavailable);
                done.add(outcome(step, cell));
                if (cell != null && !interrupts.interrupted()) { // progress, also where a period prints none
                    out.println(cell.doneLine(study.name() + "/" + step.name()) + left(plan, schedule, done));
                }
                launch.writeSchedule(done);
                String full = diskFull();
                if (full != null) { // the next steps could keep nothing either: stop, so the space is freed once
                    Step next = schedule.next(done);
                    diskFullStop = "stopped, " + full + (next == null ? "" : "; not run: " + next.name()
                            + " and the steps after it") + "; free space there and run this cell again";
                    break;
                }
            }
        } finally {
            launch.closeShared();
            interrupts.finished();
        }
        if (interrupts.interrupted() || !interrupts.uninstall()) {
            return 1;
        }
        printSummary(run, plan, done);
        return exitStatus(cells, plan.schedule().decision(done), unwritten.isEmpty());
    }

    /**
     * {@code ; at most 1m20s left}: the rest of the schedule's worst case after a step; nothing after its
     * last step.
     */
    private static String left(Study.Plan plan, Schedule schedule, List<StepOutcome> done) {
        return schedule.next(done) == null ? ""
                : "; at most " + Units.formatDuration(plan.estimatedLeftNs(done.size()) / 1_000_000_000L
                * 1_000_000_000L) + " left";
    }

    /**
     * 0 when the run did what it set out to: every cell OK or, for a schedule that answers a question
     * (a capacity search), a complete answer, whose failed steps are where the answer lies; 1 otherwise
     * (a cell failed outside a search, a step was interrupted, a result could not be written).
     */
    static int exitStatus(List<CellSummary> cells, Decision decision, boolean allWritten) {
        if (!allWritten) {
            return 1;
        }
        if (decision != null) {
            return decision.complete() && cells.stream().noneMatch(c -> "INTERRUPTED".equals(c.status)) ? 0 : 1;
        }
        return cells.stream().allMatch(c -> "OK".equals(c.status)) ? 0 : 1;
    }

    /** What the schedule learns from a step: its cell's status, reasons and primary metric. */
    private static StepOutcome outcome(Step step, CellSummary cell) {
        if (cell == null) {
            return StepOutcome.failed(step, null, "no result was written");
        }
        StepOutcome.Status status = "OK".equals(cell.status) ? StepOutcome.Status.OK
                : "INTERRUPTED".equals(cell.status) ? StepOutcome.Status.INTERRUPTED : StepOutcome.Status.FAILED;
        LatencySummary primary = cell.primary().count == 0 ? null : cell.primary();
        return new StepOutcome(step, status, cell.reasons, primary);
    }

    /** One run of the study: what every step shares. */
    private final class Launch {
        final RunSettings run;
        final Study.Plan plan;
        final List<String> jvmArgs;
        final String command;
        final String commit;
        final JvmIdentity expected;
        /** The cell folders of a step before this launcher's forks ran: other JVMs' cells of the same run. */
        private List<Path> cellDirsBefore = List.of();
        /** What the current variant's steps share (a broker), its variant, and why it could not start. */
        private volatile Study.Plan.Shared shared;
        /** When the schedule ends at most, as of the step about to run (epoch ms), for the forks' progress lines. */
        private long endsByMillis;
        private String sharedVariant;
        private String sharedFailure;
        /** Each variant's shared thing as it was made ready, for the schedule's file. */
        private final Map<String, JsonObject> sharedDescriptions = new LinkedHashMap<>();

        Launch(BenchProperties properties, RunSettings run, Study.Plan plan, JvmProbe probe) {
            this.run = run;
            this.plan = plan;
            List<String> flags = new ArrayList<>(study.jvmFlags(probe.feature()));
            Map<String, String> forwarded = new LinkedHashMap<>(properties.given());
            plan.forkProperties().forEach(forwarded::putIfAbsent);
            forwarded.remove(RunSettings.VERBOSE); // the launcher's console only
            forwarded.put(RunSettings.RESULTS, run.resultsDir().toString());
            forwarded.put(RunSettings.RUN_ID, run.runId());
            forwarded.forEach((k, v) -> flags.add("-D" + k + "=" + v));
            flags.addAll(run.jvmArgs());
            this.jvmArgs = flags;
            this.command = args.reproduce != null ? args.reproduce : RunJson.reproduceCommand(study, properties);
            this.commit = SuiteCommit.get();
            this.expected = probe.identity(run.jvmArgs()).named(run.jvmName());
        }

        /**
         * Makes ready what the steps of {@code variant} share: the one already running, or, for a new
         * variant, the previous one stopped and the plan's {@link Study.Plan.Shared} for this one started.
         *
         * @return why the step cannot run (it could not start, or it has stopped serving); null when it can
         */
        String shareFor(String variant) {
            Study.Plan.Shared current = shared;
            if (!variant.equals(sharedVariant) && current != null && sharedFailure == null && current.serves(variant)) {
                sharedVariant = variant; // the same thing serves the next variant too: kept
            }
            if (!variant.equals(sharedVariant)) {
                closeShared();
                sharedVariant = variant;
                sharedFailure = null;
                try {
                    Study.Plan.Shared s = plan.openShared(variant);
                    shared = s;
                    if (s != null) {
                        out.printf(Locale.ROOT, "  %s: %s%n", variant, s.summary());
                        JsonObject d = s.describe();
                        d.addProperty("summary", s.summary());
                        sharedDescriptions.put(variant, d);
                    }
                } catch (RuntimeException e) {
                    sharedFailure = "what the " + variant + " steps share could not be started: " + rootMessage(e);
                    err.println("latency-bench: " + sharedFailure);
                }
            }
            if (sharedFailure != null) {
                return sharedFailure;
            }
            Study.Plan.Shared s = shared;
            return s == null ? null : s.failure();
        }

        /** Stops what the current variant's steps share; idempotent; from the main thread or a shutdown hook. */
        void closeShared() {
            Study.Plan.Shared s = shared;
            shared = null;
            if (s != null) {
                try {
                    s.close();
                } catch (RuntimeException e) {
                    err.println("latency-bench: stopping what the " + sharedVariant + " steps share failed: " + e);
                }
            }
        }

        /**
         * Runs one step's forks and merges them; returns the expected cell's summary (null if none).
         *
         * @param unavailable why the step cannot run (what it shares is gone): then no fork starts and
         *                    the cell is FAILED with this reason; null to run it
         */
        CellSummary runStep(Step step, String unavailable) {
            Path stepDir = ResultLayout.variantDir(run.resultsDir(), run.runId(), study.name(), step.name());
            Path jmhJson = stepDir.resolve(".jmh-partial.json");
            Path cellDir = stepDir.resolve(expected.cellName());
            Runnable onInterrupt = () -> merge(step, stepDir, jmhJson, null, true);
            CountDownLatch done = interrupts.stepStarts(onInterrupt);
            String failure = null;
            int before = cells.size();
            try {
                Files.createDirectories(stepDir);
                synchronized (StudyLauncher.this) {
                    cellDirsBefore = cellDirs(stepDir);
                    cellDirsBefore.remove(cellDir);
                }
                Files.createDirectories(cellDir); // the forks' GC logs go there
                if (unavailable != null) {
                    failure = unavailable;
                } else {
                    runJmh(step, cellDir, jmhJson);
                }
            } catch (RunnerException | RuntimeException | IOException e) {
                failure = "the benchmark failed: " + JvmExit.explain(rootMessage(e), cellDir);
                if (!run.verbose() && !interrupts.interrupted()) {
                    err.println("latency-bench: " + step.name() + ": JMH's whole output is in "
                            + cellDir.resolve(JmhOutput.LOG));
                }
            }
            Study.Plan.Shared s = shared;
            String sharedFailure = s == null || unavailable != null ? null : s.failure();
            if (sharedFailure != null && !interrupts.interrupted()) { // it died during the step: say how, first
                s.keepFailureLog(cellDir);
                sharedFailure = s.failure();
                failure = failure == null ? sharedFailure : sharedFailure + "; " + failure;
            }
            cleanUpAfterForks(plan);
            try {
                if (interrupts.takeMerge(onInterrupt)) { // else the shutdown hook merged it
                    merge(step, stepDir, jmhJson, failure, interrupts.interrupted());
                }
            } finally {
                done.countDown();
            }
            synchronized (StudyLauncher.this) {
                return cells.size() > before ? cells.get(before) : null;
            }
        }

        /**
         * Runs the step's forks; JMH's whole output goes to the cell's {@link JmhOutput#LOG}, and to
         * the console only the suite's own lines (progress, errors), or everything with {@code bench.verbose}.
         */
        private void runJmh(Step step, Path cellDir, Path jmhJson) throws RunnerException {
            JmhOutput output = JmhOutput.open(cellDir.resolve(JmhOutput.LOG), study.name(), out, err, run.verbose());
            try {
                output.redirect(); // the forks' own output reaches this JVM's System.out and System.err
                Study.Plan.Shared s = shared;
                Map<String, String> forks = new LinkedHashMap<>(s == null ? Map.of() : s.forkProperties());
                forks.put(RunSettings.ENDS_BY, Long.toString(endsByMillis));
                new Runner(JmhOptions.of(study, run.java(), plan.periods(), step, jvmArgs, forks, cellDir, jmhJson),
                        output.format()).run();
            } finally {
                output.close();
                if (output.logFailure() != null) {
                    err.println("latency-bench: " + output.logFailure());
                }
            }
        }

        /**
         * Merges the cell folders this launcher's forks wrote (the expected one, and any other that
         * appeared while they ran); one whose forks wrote nothing gets a FAILED cell.
         */
        void merge(Step step, Path stepDir, Path jmhJson, String failure, boolean wasInterrupted) {
            synchronized (StudyLauncher.this) {
                Path expectedDir = stepDir.resolve(expected.cellName());
                List<Path> dirs = new ArrayList<>();
                dirs.add(expectedDir);
                try {
                    for (Path dir : cellDirs(stepDir)) {
                        if (!dir.equals(expectedDir) && !cellDirsBefore.contains(dir)) {
                            dirs.add(dir);
                        }
                    }
                } catch (IOException e) {
                    err.println("latency-bench: cannot list " + stepDir + ": " + e.getMessage());
                }
                for (Path cellDir : dirs) {
                    CellMerger.Context ctx = new CellMerger.Context(study.name(), step, plan, run.runId(),
                            plan.periods().forks(), failure, wasInterrupted, commit, command);
                    try {
                        cells.add(CellMerger.merge(cellDir, jmhJson, ctx));
                    } catch (IOException | RuntimeException e) {
                        cells.add(unwritten(step.name(), cellDir, e));
                    }
                }
                try {
                    // a merge that failed left JMH's file under its temporary name: the forks' data is what counts
                    Files.deleteIfExists(jmhJson);
                } catch (IOException e) {
                    err.println("latency-bench: cannot remove " + jmhJson + ": " + e.getMessage());
                }
            }
        }

        /**
         * {@code <study>/<cell>.schedule.json}: the schedule, every step with its status and primary
         * figure, and the answer with the step that decided it and why (none for a fixed list).
         */
        void writeSchedule(List<StepOutcome> done) {
            JsonObject o = new JsonObject();
            o.addProperty("schedule", plan.schedule().describe());
            o.addProperty("cell", expected.cellName());
            o.addProperty("primary", plan.metrics().primary().name());
            JsonArray steps = new JsonArray();
            for (StepOutcome s : done) {
                JsonObject j = s.step().toJson();
                j.addProperty("status", s.status().name());
                if (s.summary() != null) {
                    j.add(plan.metrics().primary().name(), s.summary().toJson());
                }
                steps.add(j);
            }
            o.add("steps", steps);
            if (!sharedDescriptions.isEmpty()) {
                JsonObject sh = new JsonObject();
                sharedDescriptions.forEach(sh::add);
                o.add("shared", sh);
            }
            Decision decision = plan.schedule().decision(done);
            if (decision != null) {
                o.add("decision", decision.toJson());
            }
            Path file = run.runDir().resolve(study.name()).resolve(expected.cellName() + SCHEDULE_SUFFIX);
            try {
                ResultFiles.writeJson(file, o);
            } catch (IOException e) {
                err.println("latency-bench: cannot write " + file + ": " + e.getMessage());
            }
        }
    }

    /**
     * A cell whose results could not be written (a full disk): FAILED, so the run does not end as a
     * success, with the reason naming the file; what the forks measured stays in their folders.
     */
    private CellSummary unwritten(String variant, Path cellDir, Exception e) {
        Path forks = cellDir.resolve(ResultLayout.FORKS_DIR);
        String why = (e.getMessage() == null ? e.toString() : e.getMessage()) + kept(forks);
        unwritten.add(variant + ": " + why);
        LatencySummary none = LatencySummary.of(LatencyRecorder.newHistogram());
        List<LatencySummary> nothing = new ArrayList<>();
        launchedPlan.metrics().all().forEach(m -> nothing.add(none));
        return new CellSummary(variant, cellDir.getFileName().toString(), "FAILED", List.of(why), List.of(),
                launchedPlan.metrics(), nothing, cellDir);
    }

    /**
     * What stays of the forks' own files after the cell's could not be written: the folder only when a file of them
     * is there (on a full disk the forks may have written nothing), else that nothing was kept.
     */
    static String kept(Path forks) {
        long files;
        try (java.util.stream.Stream<Path> s = Files.isDirectory(forks) ? Files.walk(forks)
                : java.util.stream.Stream.empty()) {
            files = s.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith(".")).count();
        } catch (IOException | java.io.UncheckedIOException e) {
            return "; the forks' folder " + forks + " cannot be read (" + e.getMessage() + ")";
        }
        return files > 0 ? "; what the forks measured is kept in " + forks + " (" + files + " file(s))"
                : "; none of what the forks measured could be kept (no file of theirs was written)";
    }

    /**
     * The first reason saying a result of this launcher, or a file a fork writes, could not be written because its
     * file system is full; null when none does.
     */
    private String diskFull() {
        synchronized (this) {
            synchronized (unwritten) {
                return java.util.stream.Stream.concat(unwritten.stream(), cells.stream().flatMap(c -> c.reasons.stream()))
                        .filter(ResultFiles::saysDiskFull).findFirst().orElse(null);
            }
        }
    }

    /** A fork that was killed or crashed could not remove what it made outside the results: remove it now. */
    private void cleanUpAfterForks(Study.Plan plan) {
        try {
            plan.cleanUp().forEach(removed -> err.println("latency-bench: " + removed));
        } catch (RuntimeException e) {
            err.println("latency-bench: cleaning up after the benchmark JVMs failed: " + e);
        }
    }

    private static List<Path> cellDirs(Path stepDir) throws IOException { // a mutable list
        List<Path> dirs = new ArrayList<>();
        if (Files.isDirectory(stepDir)) {
            try (java.util.stream.Stream<Path> s = Files.list(stepDir)) {
                s.filter(Files::isDirectory).sorted().forEach(dirs::add);
            }
        }
        return dirs;
    }

    /** After an interrupt: the table of what was measured, and what was not run. */
    private void printInterrupted() {
        synchronized (this) {
            if (!cells.isEmpty()) {
                Metric primary = launchedPlan.metrics().primary();
                CellSummary.printTable(err, "what was measured before the interrupt (" + primary.what() + "):",
                        study.variantLabel(), cells, primary.name());
                CellSummary.printNotes(err, cells);
                err.println("  results: " + cells.get(0).dir.getParent().getParent());
            }
            List<String> notRun = new ArrayList<>(launchedPlan.variants());
            cells.forEach(c -> notRun.remove(c.variant));
            if (!notRun.isEmpty()) {
                err.println("  not run: " + String.join(", ", notRun));
            }
        }
    }

    private void printSummary(RunSettings run, Study.Plan plan, List<StepOutcome> done) {
        out.println();
        out.printf(Locale.ROOT, "latency-bench %s study, %s%n", study.name(),
                plan.facts().getOrDefault("load", plan.description()));
        CellSummary.printTables(out, study.variantLabel(), cells);
        CellSummary.printNotes(out, cells);
        Decision decision = plan.schedule().decision(done);
        if (decision != null && !decision.parts().isEmpty()) { // one line per part, e.g. per transport
            out.println("  answer:");
            decision.parts().forEach((label, d) -> out.printf(Locale.ROOT, "    %s: %s (%s%s)%n", label, d.answer(),
                    d.why(), d.decidedBy().isEmpty() ? "" : "; decided by " + String.join(", ", d.decidedBy())));
            String floor = plan.roles().get(Study.Plan.FLOOR);
            Decision f = floor == null ? null : decision.parts().get(floor);
            // a transport near the floor is held back by the machine; a floor too short to judge says nothing of it
            if (f != null && decision.parts().size() > 1 && !f.cannotTell()) {
                out.printf(Locale.ROOT, "    the floor (%s, the harness alone) holds %s: a count near it is this"
                        + " machine's limit, not the transport's%n", floor, f.answer());
            }
        } else if (decision != null) {
            out.printf(Locale.ROOT, "  answer: %s (%s; decided by %s)%n", decision.answer(), decision.why(),
                    String.join(", ", decision.decidedBy()));
        }
        out.println("  results: " + run.runDir().resolve(study.name()));
        long notOk = cells.stream().filter(c -> !"OK".equals(c.status)).count();
        if (notOk > 0 && exitStatus(cells, decision, unwritten.isEmpty()) == 0) {
            out.printf(Locale.ROOT, "latency-bench: %d of %d step(s) did not hold; the answer above rests on them%n",
                    notOk, cells.size());
        } else if (notOk > 0) {
            // steps, not cells: the runner's cell is this whole launcher (a scenario on one JVM with one collector)
            out.printf(Locale.ROOT, "latency-bench: %d of %d step(s) did not end OK (reasons above); exit status 1%n",
                    notOk, cells.size());
        }
        unwritten.forEach(u -> out.println("latency-bench: " + u)); // last, so the runner shows which file
        if (diskFullStop != null) {
            out.println("latency-bench: " + diskFullStop);
        }
    }

    /**
     * Starts the benchmark JVM once with the run's flags: a JVM that does not start or refuses a flag
     * stops the run before it starts, and its version (for the study's flags) and the collector it
     * will use are known for certain.
     */
    static JvmProbe probeJvm(RunSettings run) {
        JvmProbe probe = JvmProbe.run(run.java(), run.jvmArgs());
        if (probe.ok()) {
            return probe;
        }
        if (run.jvmArgs().isEmpty()) {
            throw ConfigException.invalid(RunSettings.JVM, run.java().toString(), "it does not start as a JVM: "
                    + probe.failure());
        }
        throw ConfigException.invalid(RunSettings.JVM_ARGS, String.join(" ", run.jvmArgs()), run.java()
                + " refuses them: " + probe.failure());
    }

    /** A benchmark JVM older than the study's classes would fail every fork with a class-version error: refused here. */
    static void checkJavaVersion(Study study, RunSettings run, JvmProbe probe) {
        int needed = study.minimumJava();
        if (probe.feature() > 0 && probe.feature() < needed) {
            throw ConfigException.invalid(RunSettings.JVM, run.java().toString(), "the " + study.name() + " study "
                    + JavaNeeded.needs(needed, probe.feature(), run.java().toString()));
        }
    }

    /** Says so when the launcher's own JVM was given -XX flags: they do not reach the benchmark JVMs. */
    private void warnAboutLauncherFlags() {
        List<String> own = new ArrayList<>();
        for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the runner gives each cell's launcher a crash dump path of its own: not a flag someone meant for the forks
            if (arg.startsWith("-XX:") && !arg.startsWith("-XX:ErrorFile=")) {
                own.add(arg);
            }
        }
        if (!own.isEmpty()) {
            err.println("latency-bench: note: " + String.join(" ", own) + " applies to this launcher's JVM only; the"
                    + " benchmark JVMs take their flags from -D" + RunSettings.JVM_ARGS + "=\"...\"");
        }
    }

    private void prepareRunDir(RunSettings run) {
        Path dir = run.runDir();
        if (Files.exists(run.resultsDir()) && !Files.isDirectory(run.resultsDir())) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir().toString(), "it is a file, not a "
                    + "folder; point " + RunSettings.RESULTS + " at a writable folder");
        }
        if (Files.exists(dir) && !args.partOfRun) {
            throw ConfigException.invalid(RunSettings.RUN_ID, run.runId(), "the run folder " + dir
                    + " already exists; pick another run id or move the old run away");
        }
        String jmhBusy = OwnerLock.jmhBusy(Paths.get(System.getProperty("java.io.tmpdir")));
        if (jmhBusy != null) { // the input is good, but the machine is taken: refused once, not by JMH per variant
            throw new ConfigException(jmhBusy);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir().toString(), "cannot create "
                    + dir + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + "); point "
                    + RunSettings.RESULTS + " at a writable folder");
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir().toString(), dir
                    + " is not writable; point " + RunSettings.RESULTS + " at a writable folder");
        }
    }

    /** From the study's declarations alone: no reader runs, nothing on the machine is looked at. */
    /**
     * The launcher's command line, its help generated by picocli around the study's own words: a header
     * naming the study, how to start it, the options and then every property the study declares, with
     * its defaults at the study's default scale.
     */
    private CommandLine commandLine(LaunchArgs launchArgs) {
        CommandLine cli = Cli.commandLine(launchArgs, out, err);
        String nl = System.lineSeparator();
        Map<String, CommandLine.IHelpSectionRenderer> sections = cli.getHelpSectionMap();
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER, help -> String.format(Locale.ROOT,
                "latency-bench %s study: %s%n%n", study.name(), study.title()));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS, help -> "java"
                + " [-Dbench.NAME=VALUE ...] -jar " + study.module() + "/target/benchmarks.jar [--help] [--version]" + nl
                + "   or, across JVMs and collectors: scripts/bench run --scenarios " + study.name()
                + " [-Dbench.NAME=VALUE ...]" + nl + nl);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "Options:" + nl);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> propertiesHelp(nl));
        return cli;
    }

    /** The help's last part: every listed property of the study, one a line, with its default. */
    private String propertiesHelp(String nl) {
        List<Property> declared = study.properties(args.defaultResults);
        String scale = Scale.STANDARD.id();
        for (Property p : declared) {
            if (p.name().equals(Periods.SCALE)) {
                scale = p.defaultText();
            }
        }
        List<String> others = new ArrayList<>();
        for (Scale s : Scale.values()) {
            if (!s.id().equals(scale)) {
                others.add(s.id());
            }
        }
        return nl + "Properties (counts accept 100K / 1M, durations 500ms / 10s / 2m; the warm-up and duration shown" + nl
                + "are the " + scale + " scale's, " + Periods.SCALE + "=" + String.join(" or ", others)
                + " changes them):" + nl + String.join(nl, Property.helpLines(declared)) + nl;
    }

    /**
     * What was wrong with the arguments: for one this jar does not take, what to write instead
     * ({@link LaunchArgs#unknown}: a {@code -D} after {@code -jar}, one of JMH's flags).
     */
    private static String problem(CommandLine.ParameterException e, String[] argv) {
        if (e instanceof CommandLine.UnmatchedArgumentException
                && !((CommandLine.UnmatchedArgumentException) e).getUnmatched().isEmpty()) {
            String arg = ((CommandLine.UnmatchedArgumentException) e).getUnmatched().get(0);
            int at = java.util.Arrays.asList(argv).indexOf(arg);
            return LaunchArgs.unknown(arg, at >= 0 && at + 1 < argv.length ? argv[at + 1] : null);
        }
        return Cli.problem(e);
    }

    /** The innermost cause's first line; JMH puts the fork's own errors in suppressed exceptions. */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (true) {
            if (t.getCause() != null && t.getCause() != t) {
                t = t.getCause();
            } else if (t.getSuppressed().length > 0) {
                t = t.getSuppressed()[0];
            } else {
                break;
            }
        }
        if (t instanceof OutOfMemoryError) { // its message alone ("Java heap space") does not say it
            return "out of memory (" + t.toString().trim().split("\n")[0] + ")";
        }
        String m = t.getMessage();
        return (m == null ? t.getClass().getName() : m).trim().split("\n")[0];
    }
}
