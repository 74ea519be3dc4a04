package dev.latencybench.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import com.google.gson.JsonObject;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.os.ProcessTree;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.schedule.ScheduleFile;
import dev.latencybench.core.schedule.Step;
import dev.latencybench.core.schedule.StepOutcome;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.tail.ControlJvm;

/**
 * One run of a study by its launcher: each step's forks run through JMH and merged into {@link LaunchCells}.
 * Runs on the launcher's main thread; merging is guarded by the {@link LaunchCells}' lock.
 */
final class Launch {
    private final Study study;
    private final RunSettings run;
    private final Study.Plan plan;
    private final List<String> jvmArgs;
    /** The command that reproduces the run, for each cell's {@code result.json}. */
    final String command;
    /** The suite's commit, for each cell's {@code result.json}. */
    final String commit;
    /** The cell's plan file, which every fork reads its settings from ({@link CellPlan#PROPERTY}). */
    private final Path planFile;
    /** The cell this launcher's forks write: this JVM with the run's flags, under its name. */
    final JvmIdentity expected;
    private final LaunchCells cells;
    private final Interrupts interrupts;
    private final PrintStream out;
    private final PrintStream err;
    /** The cell folders of a step before this launcher's forks ran: other JVMs' cells of the same run. */
    private List<Path> cellDirsBefore = List.of();
    /** What the current variant's steps share (a broker), its variant, and why it could not start. */
    private volatile Study.Plan.Shared shared;
    /** When the schedule ends at most, as of the step about to run (epoch ms), for the forks' progress lines. */
    private long endsByMillis;
    private String sharedVariant;
    private String sharedFailure;
    /** The round of the cell this launcher runs (one fork a step, beside the earlier rounds'); 0: every fork. */
    private int round;
    /** While a deciding step runs again: the forks it gets now, beside its first ones; 0 otherwise. */
    private int confirmForks;
    /** Each variant's shared thing as it was made ready, for the schedule's file. */
    private final Map<String, JsonObject> sharedDescriptions = new LinkedHashMap<>();

    /** A null {@code reproduce} or {@code planFile} means the study's own command or this launcher's own plan. */
    Launch(Study study, BenchProperties properties, RunSettings run, Study.Plan plan, JvmProbe probe, String reproduce,
           Path planFile, LaunchCells cells, Interrupts interrupts, PrintStream out, PrintStream err) {
        this.study = study;
        this.run = run;
        this.plan = plan;
        this.cells = cells;
        this.interrupts = interrupts;
        this.out = out;
        this.err = err;
        this.command = reproduce != null ? reproduce : RunJson.reproduceCommand(study, properties);
        this.commit = SuiteCommit.get();
        this.expected = probe.identity(run.jvmArgs).named(run.jvmName);
        this.planFile = planFile != null ? planFile : CellPlan.file(run.runDir(), study.name(), expected.cellName());
        // the forks read the cell's settings from its plan; only what a step or a shared thing sets goes as -D
        List<String> flags = new ArrayList<>(study.jvmFlags(probe.feature()));
        flags.add("-D" + CellPlan.PROPERTY + "=" + this.planFile);
        flags.addAll(run.jvmArgs);
        this.jvmArgs = flags;
    }

    /** Runs round {@code n} of the cell: one fork per step, kept beside the forks of the rounds before it. */
    void round(int n) {
        round = n;
    }

    /** The periods of this launcher's forks: one fork per step in a round, else the plan's. */
    private dev.latencybench.core.config.Periods periods() {
        return confirmForks > 0 ? plan.periods().withForks(confirmForks)
                : round > 0 ? plan.periods().withForks(1) : plan.periods();
    }

    /** The forks a step's merged cell should hold: those of its rounds so far, or all, or all once confirmed. */
    private int forksAsked() {
        return confirmForks > 0 ? plan.periods().forks + confirmForks : round > 0 ? round : plan.periods().forks;
    }

    /**
     * Runs a deciding step again with {@link dev.latencybench.core.config.Periods#extraConfirmForks()} more forks,
     * merged into its first cell; returns the merged cell's summary (null if none).
     */
    CellSummary confirmStep(Step step, String unavailable) {
        Path cellDir = ResultLayout.variantDir(run.resultsDir, run.runId, study.name(), step.name())
                .resolve(expected.cellName());
        int at;
        synchronized (cells) { // the first cell of the step leaves the list; the merged one takes its place
            at = -1;
            for (int i = 0; i < cells.all().size() && at < 0; i++) {
                if (cellDir.equals(cells.all().get(i).dir)) {
                    at = i;
                }
            }
            if (at >= 0) {
                cells.all().remove(at);
            }
        }
        confirmForks = plan.periods().extraConfirmForks();
        try {
            CellSummary merged = runStep(step, unavailable);
            synchronized (cells) {
                if (merged != null && at >= 0 && cells.all().remove(merged)) {
                    cells.all().add(Math.min(at, cells.all().size()), merged);
                }
            }
            return merged;
        } finally {
            confirmForks = 0;
        }
    }

    /** Writes the plan of a launcher run on its own, which its forks read. */
    void writePlan(Map<String, String> given) throws IOException {
        Map<String, String> cell = new LinkedHashMap<>(given);
        cell.put(RunSettings.RESULTS, run.resultsDir.toString());
        cell.put(RunSettings.RUN_ID, run.runId);
        CellPlan.of(study.name(), expected.cellName(), cell, plan).write(planFile);
    }

    /** Makes ready what the steps of {@code variant} share; returns why the step cannot run, or null when it can. */
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
                    sharedDescriptions.put(variant, ScheduleFile.shared(s.describe(), s.summary()));
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
     * A non-null {@code unavailable} starts no fork and fails the cell with that reason.
     */
    CellSummary runStep(Step step, String unavailable) {
        Path stepDir = ResultLayout.variantDir(run.resultsDir, run.runId, study.name(), step.name());
        Path jmhJson = stepDir.resolve(".jmh-partial.json");
        Path cellDir = stepDir.resolve(expected.cellName());
        Runnable onInterrupt = () -> merge(step, stepDir, jmhJson, null, true);
        CountDownLatch done = interrupts.stepStarts(onInterrupt);
        String failure = null;
        int before = cells.all().size();
        try {
            Files.createDirectories(stepDir);
            synchronized (cells) {
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
            if (!run.verbose && !interrupts.interrupted()) {
                err.println("latency-bench: " + step.name() + ": JMH's whole output is in "
                        + cellDir.resolve(jmhLog()));
            }
        }
        Study.Plan.Shared s = shared;
        String sharedFailure = s == null || unavailable != null ? null : s.failure();
        if (sharedFailure != null && !interrupts.interrupted()) { // it died during the step: say how, first
            s.keepFailureLog(cellDir);
            sharedFailure = s.failure();
            failure = failure == null ? sharedFailure : sharedFailure + "; " + failure;
        }
        cleanUpAfterForks();
        try {
            if (interrupts.takeMerge(onInterrupt)) { // else the shutdown hook merged it
                merge(step, stepDir, jmhJson, failure, interrupts.interrupted());
            }
        } finally {
            done.countDown();
        }
        synchronized (cells) {
            return cells.all().size() > before ? cells.all().get(before) : null;
        }
    }

    /** Runs the step's forks; JMH's output goes to {@link JmhOutput#LOG}, the console gets the suite's own lines. */
    private void runJmh(Step step, Path cellDir, Path jmhJson) throws RunnerException {
        JmhOutput output = JmhOutput.open(cellDir.resolve(jmhLog()), study.name(), out, err, run.verbose);
        ControlJvm control = startControl(cellDir);
        // a process a fork left behind holds its output open and JMH waits for it: it is ended once its fork is gone
        ProcessTree.Watch orphans = ProcessTree.watchOrphans(what -> err.println("latency-bench: " + step.name()
                + ": ended " + what + ", left running by a benchmark JVM that ended"));
        try {
            output.redirect(); // the forks' own output reaches this JVM's System.out and System.err
            Study.Plan.Shared s = shared;
            Map<String, String> forks = new LinkedHashMap<>(s == null ? Map.of() : s.forkProperties());
            forks.put(RunSettings.ENDS_BY, Long.toString(endsByMillis));
            new Runner(JmhOptions.of(study, run.java, periods(), step, jvmArgs, forks, cellDir, jmhJson),
                    output.format()).run();
        } finally {
            orphans.close();
            OwnerLock.restrictJmhLock(java.nio.file.Paths.get(System.getProperty("java.io.tmpdir")));
            output.close();
            if (output.logFailure() != null) {
                err.println("latency-bench: " + output.logFailure());
            }
            stopControl(control);
        }
    }

    /** The idle control JVM beside the step's forks; null, said once, where it cannot start. */
    private ControlJvm startControl(Path cellDir) {
        try {
            return ControlJvm.start(cellDir);
        } catch (IOException e) {
            err.println("latency-bench: no control JVM (its stalls tell the platform's tail): " + e.getMessage());
            return null;
        }
    }

    private void stopControl(ControlJvm control) {
        if (control == null) {
            return;
        }
        try {
            String failure = control.stop();
            if (failure != null) {
                err.println("latency-bench: " + failure);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Merges the cell folders this launcher's forks wrote; one whose forks wrote nothing gets a FAILED cell. */
    void merge(Step step, Path stepDir, Path jmhJson, String failure, boolean wasInterrupted) {
        synchronized (cells) {
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
                CellMerger.Context ctx = new CellMerger.Context(study.name(), step, plan, run.runId,
                        forksAsked(), failure, wasInterrupted, commit, command);
                try {
                    cells.add(CellMerger.merge(cellDir, jmhJson, ctx));
                } catch (IOException | RuntimeException e) {
                    cells.add(cells.unwritten(step.name(), cellDir, e, plan.metrics()));
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

    /** Writes {@code <study>/<cell>.schedule.json}: every step with its status, and the answer with why. */
    void writeSchedule(List<StepOutcome> done) {
        writeSchedule(done, plan.schedule().decision(done));
    }

    /** The same with the steps as they stand and the answer given: once the deciding steps were confirmed. */
    void writeSchedule(List<StepOutcome> steps, dev.latencybench.core.schedule.Decision decision) {
        ScheduleFile schedule = ScheduleFile.of(plan.schedule().describe(), expected.cellName(),
                plan.metrics().primary().name(), steps, sharedDescriptions, decision);
        Path file = run.runDir().resolve(study.name()).resolve(expected.cellName() + ScheduleFile.SUFFIX);
        try {
            schedule.write(file);
        } catch (IOException e) {
            err.println("latency-bench: cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Sets when the schedule ends at most (epoch ms), as of the step about to run: the forks' progress lines say it. */
    void endsBy(long epochMillis) {
        endsByMillis = epochMillis;
    }

    /** JMH's whole output of this launcher's forks: {@code jmh.log}, or a round's or a confirmation's own log. */
    private String jmhLog() {
        if (confirmForks > 0) {
            return JmhOutput.LOG.replace(".log", "-confirm.log");
        }
        return round > 1 ? JmhOutput.LOG.replace(".log", "-round" + round + ".log") : JmhOutput.LOG;
    }

    /** A fork that was killed or crashed could not remove what it made outside the results: remove it now. */
    void cleanUpAfterForks() {
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
