package dev.latencybench.core.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.jmh.LatencyProfiler;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;

/**
 * The entry point of a study: validates every {@code bench.*} property before anything starts, runs
 * each variant of the study's JMH benchmark in forked JVMs, merges each cell's forks into its result
 * files, and prints the study's table. Ctrl-C (or any signal that runs shutdown hooks) stops the
 * forks, which write what they measured; the launcher merges it, marked INTERRUPTED.
 *
 * <p>Exit status: 0 when every cell is OK, 1 when one failed or was interrupted, 2 on bad input.
 */
public final class StudyLauncher {
    private static final long FORK_STOP_WAIT_MS = 10_000;

    private final Study study;
    private final PrintStream out;
    private final PrintStream err;
    private final List<CellSummary> cells = Collections.synchronizedList(new ArrayList<>());
    /** Why results could not be written, one line per cell: the last lines the launcher prints. */
    private final List<String> unwritten = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean interrupted;
    private volatile List<String> variants = List.of();
    private volatile Study.Plan launchedPlan;
    private volatile boolean finished;
    /** The merge of the variant in progress, taken once: by the main thread, or by the shutdown hook. */
    private final AtomicReference<Runnable> pendingMerge = new AtomicReference<>();
    private volatile CountDownLatch variantDone = new CountDownLatch(0);
    /** Run by the matrix runner: the run folder and run.json are the runner's, this launcher adds one JVM's cells. */
    private boolean partOfRun;
    /** The command that reproduces the whole run, when a runner started this launcher. */
    private String reproduce;

    public StudyLauncher(Study study) {
        this(study, System.out, System.err);
    }

    public StudyLauncher(Study study, PrintStream out, PrintStream err) {
        this.study = study;
        this.out = out;
        this.err = err;
    }

    /** Runs the study; returns the exit status. */
    public int run(String[] args) {
        String defaultResults = "results";
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("--classpath") || args[i].equals("--default-results")
                    || args[i].equals("--reproduce")) && i + 1 == args.length) {
                err.println("latency-bench: " + args[i] + " needs a value");
                return 2;
            }
            switch (args[i]) {
                case "--part-of-run":
                    partOfRun = true;
                    break;
                case "--reproduce":
                    reproduce = args[++i];
                    break;
                case "--classpath":
                    // forked JVMs take their class path from this property (JMH's own rule)
                    System.setProperty("java.class.path", args[++i]);
                    break;
                case "--default-results":
                    defaultResults = args[++i];
                    break;
                case "-h":
                case "--help":
                    printHelp(defaultResults);
                    return 0;
                default:
                    err.println("latency-bench: unknown argument '" + args[i] + "'; settings are system properties"
                            + " (-Dbench.rate=50K); see --help");
                    return 2;
            }
        }
        if (partOfRun) { // a runner killed with SIGKILL cannot stop this launcher: it stops itself, and its forks
            ParentWatch.start("the runner that started this cell", 1, err);
        }
        BenchProperties properties = BenchProperties.fromSystem();
        RunSettings run;
        Study.Plan plan;
        JvmProbe probe;
        try {
            run = RunSettings.read(properties, defaultResults);
            plan = study.plan(properties, CpuTopology.system());
            properties.rejectUnknown();
            probe = probeJvm(run);
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
        variants = plan.variants();
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
        out.printf(Locale.ROOT, format, "variants:", String.join(", ", plan.variants()));
        out.printf(Locale.ROOT, format + "%n", "results:", run.runDir());
        if (!partOfRun) {
            writeRunJson(run, plan, properties, launch.command, launch.commit);
        }

        Thread hook = new Thread(this::onSignal, "lb-launcher-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            for (String variant : plan.variants()) {
                if (interrupted) {
                    break;
                }
                launch.runVariant(variant);
            }
        } finally {
            finished = true;
        }
        if (interrupted) {
            return 1;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            return 1;
        }
        printSummary(run, plan);
        return cells.stream().allMatch(c -> "OK".equals(c.status)) ? 0 : 1;
    }

    /** One run of the study: what every variant shares. */
    private final class Launch {
        final RunSettings run;
        final Study.Plan plan;
        final List<String> jvmArgs;
        final String command;
        final String commit;
        final JvmIdentity expected;

        Launch(BenchProperties properties, RunSettings run, Study.Plan plan, JvmProbe probe) {
            this.run = run;
            this.plan = plan;
            List<String> args = new ArrayList<>(study.jvmFlags(probe.feature()));
            Map<String, String> forwarded = new LinkedHashMap<>(properties.given());
            forwarded.put(RunSettings.RESULTS, run.resultsDir().toString());
            forwarded.put(RunSettings.RUN_ID, run.runId());
            forwarded.forEach((k, v) -> args.add("-D" + k + "=" + v));
            args.addAll(run.jvmArgs());
            this.jvmArgs = args;
            this.command = reproduce != null ? reproduce : reproduceCommand(properties);
            this.commit = suiteCommit();
            this.expected = probe.identity(run.jvmArgs()).named(run.jvmName());
        }

        void runVariant(String variant) {
            Path variantDir = ResultLayout.variantDir(run.resultsDir(), run.runId(), study.name(), variant);
            Path jmhJson = variantDir.resolve(".jmh-partial.json");
            long warmupNs = plan.periods().warmupNs();
            long measureNs = plan.periods().measureNs();
            Path cellDir = variantDir.resolve(expected.cellName());
            List<String> forkArgs = new ArrayList<>(jvmArgs);
            forkArgs.addAll(gcLogFlags(cellDir));
            forkArgs.add(JvmExit.errorFileFlag(cellDir)); // a crash dump goes to the cell, not the user's folder
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .jvm(run.java().toString())
                    .include("^" + Pattern.quote(study.benchmark().getName()) + "\\.")
                    .param(study.variantParam(), variant)
                    .mode(Mode.SingleShotTime)
                    .warmupIterations(warmupNs > 0 ? 1 : 0)
                    .warmupBatchSize(1)
                    .measurementIterations(1)
                    .measurementBatchSize(1)
                    .forks(plan.periods().forks())
                    .timeout(TimeValue.seconds(TimeUnit.NANOSECONDS.toSeconds(Math.max(warmupNs, measureNs)) + 120))
                    .jvmArgs(forkArgs.toArray(new String[0]))
                    .addProfiler(LatencyProfiler.class)
                    .resultFormat(ResultFormatType.JSON)
                    .result(jmhJson.toString())
                    .shouldFailOnError(true);
            CountDownLatch done = new CountDownLatch(1);
            variantDone = done;
            Runnable onInterrupt = () -> merge(variant, variantDir, jmhJson, null, true);
            pendingMerge.set(onInterrupt);
            String failure = null;
            try {
                Files.createDirectories(variantDir);
                synchronized (StudyLauncher.this) {
                    cellDirsBefore = cellDirs(variantDir);
                    cellDirsBefore.remove(variantDir.resolve(expected.cellName()));
                }
                Files.createDirectories(variantDir.resolve(expected.cellName())); // the forks' GC logs go there
                new Runner(options.build()).run();
            } catch (RunnerException | RuntimeException | IOException e) {
                failure = "the benchmark failed: " + JvmExit.explain(rootMessage(e), cellDir);
            }
            cleanUpAfterForks(plan);
            try {
                if (pendingMerge.compareAndSet(onInterrupt, null)) { // else the shutdown hook merged it
                    merge(variant, variantDir, jmhJson, failure, interrupted);
                }
            } finally {
                done.countDown();
            }
        }

        /** The cell folders of a variant before this launcher's forks ran: other JVMs' cells of the same run. */
        private List<Path> cellDirsBefore = List.of();

        /**
         * Merges the cell folders this launcher's forks wrote (the expected one, and any other that
         * appeared while they ran); one whose forks wrote nothing gets a FAILED cell.
         */
        void merge(String variant, Path variantDir, Path jmhJson, String failure, boolean wasInterrupted) {
            synchronized (StudyLauncher.this) {
                Path expectedDir = variantDir.resolve(expected.cellName());
                List<Path> cellDirs = new ArrayList<>();
                cellDirs.add(expectedDir);
                try {
                    for (Path dir : cellDirs(variantDir)) {
                        if (!dir.equals(expectedDir) && !cellDirsBefore.contains(dir)) {
                            cellDirs.add(dir);
                        }
                    }
                } catch (IOException e) {
                    err.println("latency-bench: cannot list " + variantDir + ": " + e.getMessage());
                }
                for (Path cellDir : cellDirs) {
                    CellMerger.Context ctx = new CellMerger.Context(study.name(), variant, plan, run.runId(),
                            plan.periods().forks(), failure, wasInterrupted, commit, command);
                    try {
                        cells.add(CellMerger.merge(cellDir, jmhJson, ctx));
                    } catch (IOException | RuntimeException e) {
                        cells.add(unwritten(variant, cellDir, e));
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
    }

    /**
     * A cell whose results could not be written (a full disk): FAILED, so the run does not end as a
     * success, with the reason naming the file; what the forks measured stays in their folders.
     */
    private CellSummary unwritten(String variant, Path cellDir, Exception e) {
        Path forks = cellDir.resolve(ResultLayout.FORKS_DIR);
        String why = (e.getMessage() == null ? e.toString() : e.getMessage())
                + (Files.isDirectory(forks) ? "; what the forks measured is kept in " + forks : "");
        unwritten.add(variant + ": " + why);
        LatencySummary none = LatencySummary.of(LatencyRecorder.newHistogram());
        List<LatencySummary> nothing = new ArrayList<>();
        launchedPlan.metrics().all().forEach(m -> nothing.add(none));
        return new CellSummary(variant, cellDir.getFileName().toString(), "FAILED", List.of(why), List.of(),
                launchedPlan.metrics(), nothing, cellDir);
    }

    /** A fork that was killed or crashed could not remove what it made outside the results: remove it now. */
    private void cleanUpAfterForks(Study.Plan plan) {
        try {
            plan.cleanUp().forEach(removed -> err.println("latency-bench: " + removed));
        } catch (RuntimeException e) {
            err.println("latency-bench: cleaning up after the benchmark JVMs failed: " + e);
        }
    }

    private static List<Path> cellDirs(Path variantDir) throws IOException { // a mutable list
        List<Path> dirs = new ArrayList<>();
        if (Files.isDirectory(variantDir)) {
            try (java.util.stream.Stream<Path> s = Files.list(variantDir)) {
                s.filter(Files::isDirectory).sorted().forEach(dirs::add);
            }
        }
        return dirs;
    }

    /**
     * A GC log per fork in the cell folder ({@code gc-<pid>.log}: collections and safepoints with
     * uptime), or none when the folder's path would break {@code -Xlog}'s syntax.
     */
    static List<String> gcLogFlags(Path cellDir) {
        String path = cellDir.resolve("gc-%p.log").toString();
        if (path.contains(":") || path.contains(",") || path.contains("\"") || path.contains("=")) {
            return List.of();
        }
        return List.of("-Xlog:gc*,safepoint:file=" + path + ":uptime,level,tags");
    }

    /** Ctrl-C or kill: stop the forks so they write what they measured, then merge it. */
    private void onSignal() {
        if (finished) {
            return;
        }
        interrupted = true;
        err.println();
        err.println("latency-bench: interrupted; stopping the benchmark JVMs and keeping what they measured ...");
        List<ProcessHandle> children = new ArrayList<>();
        ProcessHandle.current().descendants().forEach(children::add);
        children.forEach(ProcessHandle::destroy);
        long deadline = System.currentTimeMillis() + FORK_STOP_WAIT_MS;
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                child.destroyForcibly();
            }
        }
        if (launchedPlan != null) {
            cleanUpAfterForks(launchedPlan);
        }
        Runnable merge = pendingMerge.getAndSet(null);
        if (merge != null) {
            merge.run();
        } else {
            try { // the main thread is merging the variant: wait for it, so the table has every row
                variantDone.await(FORK_STOP_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            if (!cells.isEmpty()) {
                Metric primary = launchedPlan.metrics().primary();
                CellSummary.printTable(err, "what was measured before the interrupt (" + primary.what() + "):",
                        study.variantParam(), cells, primary.name());
                CellSummary.printNotes(err, cells);
                err.println("  results: " + cells.get(0).dir.getParent().getParent());
            }
            List<String> notRun = new ArrayList<>(variants);
            cells.forEach(c -> notRun.remove(c.variant));
            if (!notRun.isEmpty()) {
                err.println("  not run: " + String.join(", ", notRun));
            }
        }
    }

    private void printSummary(RunSettings run, Study.Plan plan) {
        out.println();
        out.printf(Locale.ROOT, "latency-bench %s study, %s%n", study.name(),
                plan.facts().getOrDefault("load", plan.description()));
        CellSummary.printTables(out, study.variantParam(), cells);
        CellSummary.printNotes(out, cells);
        out.println("  results: " + run.runDir().resolve(study.name()));
        long notOk = cells.stream().filter(c -> !"OK".equals(c.status)).count();
        if (notOk > 0) {
            out.printf(Locale.ROOT, "latency-bench: %d of %d cell(s) did not end OK (reasons above); exit status 1%n",
                    notOk, cells.size());
        }
        unwritten.forEach(u -> out.println("latency-bench: " + u)); // last, so the runner shows which file
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

    /** Says so when the launcher's own JVM was given -XX flags: they do not reach the benchmark JVMs. */
    private void warnAboutLauncherFlags() {
        List<String> own = new ArrayList<>();
        for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-XX:")) {
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
        if (Files.exists(dir) && !partOfRun) {
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

    private void writeRunJson(RunSettings run, Study.Plan plan, BenchProperties properties, String command,
                              String commit) {
        JsonObject o = new JsonObject();
        o.addProperty("runId", run.runId());
        o.addProperty("started", Instant.now().toString());
        o.addProperty("study", study.name());
        JsonArray variants = new JsonArray();
        plan.variants().forEach(variants::add);
        o.add("variants", variants);
        o.addProperty("scale", plan.periods().scale().id());
        o.addProperty("description", plan.description());
        JsonObject props = new JsonObject();
        properties.given().forEach(props::addProperty);
        o.add("properties", props);
        o.addProperty("java", System.getProperty("java.home"));
        o.addProperty("host", Environment.hostName());
        o.addProperty("suiteCommit", commit);
        o.addProperty("command", command);
        try {
            ResultFiles.writeJson(run.runDir().resolve("run.json"), o);
        } catch (IOException e) {
            err.println("latency-bench: cannot write run.json: " + e.getMessage());
        }
    }

    private void printHelp(String defaultResults) {
        BenchProperties empty = new BenchProperties(Collections.emptyMap());
        try {
            RunSettings.read(empty, defaultResults);
            study.plan(empty, CpuTopology.system());
        } catch (ConfigException e) {
            // defaults that do not hold on this machine are reported when the study runs
        }
        out.printf(Locale.ROOT, "latency-bench %s study: %s%n%n", study.name(), study.title());
        out.println("Usage: java [-Dbench.NAME=VALUE ...] -jar bench-" + study.name() + "/target/benchmarks.jar");
        out.println("   or, across JVMs and collectors: scripts/bench run --scenarios " + study.name()
                + " [-Dbench.NAME=VALUE ...]");
        out.println();
        out.println("Properties (counts accept 100K / 1M, durations 500ms / 10s / 2m; the warm-up and duration shown");
        out.println("are the standard scale's, bench.scale=smoke or paper changes them):");
        empty.known().forEach((k, d) -> out.printf(Locale.ROOT, "  %-18s %s (default: %s)%n", k, d,
                empty.defaults().getOrDefault(k, "none")));
    }

    /** The command that reproduces this run's settings (the run id aside), with the study's own jar. */
    private String reproduceCommand(BenchProperties properties) {
        StringBuilder sb = new StringBuilder("java");
        properties.given().forEach((k, v) -> {
            if (!k.equals(RunSettings.RUN_ID)) {
                sb.append(" '-D").append(k).append('=').append(v).append('\'');
            }
        });
        return sb.append(" -jar bench-").append(study.name()).append("/target/benchmarks.jar").toString();
    }

    /** Written at build time by the git-commit-id plugin (bench-core's pom): the commit and whether the tree was dirty. */
    static final String BUILD_COMMIT_RESOURCE = "suite-commit.properties";

    /**
     * The git commit the suite was built from, with {@code +dirty} when the tree had changes then:
     * stamped into the jar at build time, so it is known wherever the jar runs (a machine without the
     * checkout, say). Classes built without git (a source archive) fall back to the checkout they are
     * loaded from, if any; else "unknown".
     */
    static String suiteCommit() {
        try (InputStream in = StudyLauncher.class.getResourceAsStream(BUILD_COMMIT_RESOURCE)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String stamped = stampedCommit(p);
                if (stamped != null) {
                    return stamped;
                }
            }
        } catch (IOException e) {
            // fall back to the checkout
        }
        return checkoutCommit();
    }

    /** {@code <40 hex digits>[+dirty]} from the build's stamp; null when the build had no git to ask. */
    static String stampedCommit(Properties p) {
        String id = p.getProperty("git.commit.id", "");
        if (!id.matches("[0-9a-f]{40}")) {
            return null;
        }
        return id + (Boolean.parseBoolean(p.getProperty("git.dirty", "false")) ? "+dirty" : "");
    }

    /** The commit of the checkout the classes were loaded from, {@code +dirty} when tracked files changed. */
    private static String checkoutCommit() {
        try {
            Path code = Paths.get(StudyLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            String dir = (Files.isDirectory(code) ? code : code.getParent()).toString();
            Command head = Command.run(List.of("git", "-C", dir, "rev-parse", "HEAD"), 10);
            if (head.exitCode != 0 || !head.output.matches("[0-9a-f]{40}")) {
                return "unknown";
            }
            Command status = Command.run(List.of("git", "-C", dir, "status", "--porcelain", "--untracked-files=no"), 10);
            return head.output + (status.exitCode == 0 && status.output.isEmpty() ? "" : "+dirty");
        } catch (IOException | InterruptedException | java.net.URISyntaxException | RuntimeException e) {
            return "unknown";
        }
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
