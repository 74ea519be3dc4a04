package dev.latencybench.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Units;
import dev.latencybench.core.os.ParentWatch;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.schedule.Confirmation;
import dev.latencybench.core.schedule.Decision;
import dev.latencybench.core.schedule.Schedule;
import dev.latencybench.core.schedule.Step;
import dev.latencybench.core.schedule.StepOutcome;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.MeasuredJava;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.time.SystemClock;

/**
 * The entry point of a study: validates every {@code bench.*} property, runs each step of the study's schedule as
 * its JMH benchmark in forked JVMs, merges each cell's forks and prints the tables and the answer.
 * Exit status: 0 when every cell is OK, 1 when one failed or was interrupted, 2 on bad input.
 */
public final class StudyLauncher {
    private final Study study;
    private final PrintStream out;
    private final PrintStream err;
    private final LaunchCells cells = new LaunchCells();
    private final LaunchConsole console;
    /** Why the schedule stopped early: its results' file system is full; null while it is not. */
    private String diskFullStop;
    private final Interrupts interrupts;
    private LaunchArgs args;

    public StudyLauncher(Study study) {
        this(study, System.out, System.err);
    }

    public StudyLauncher(Study study, PrintStream out, PrintStream err) {
        this.study = study;
        this.out = out;
        this.err = err;
        this.console = new LaunchConsole(study, out, err);
        this.interrupts = new Interrupts(err);
    }

    /** Runs the study; returns the exit status. */
    public int run(String[] argv) {
        args = new LaunchArgs();
        CommandLine cli = LauncherCommandLine.of(study, args, out, err);
        try {
            cli.parseArgs(argv);
        } catch (CommandLine.ParameterException e) {
            err.println("latency-bench: " + LauncherCommandLine.problem(e, argv));
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
        BenchProperties properties;
        RunSettings run;
        Study.Plan plan;
        JvmProbe probe;
        try {
            CellPlan cellPlan = args.plan == null ? null : cellPlan(args.plan);
            properties = cellPlan == null ? BenchProperties.fromSystem()
                    : cellPlan.properties(BenchProperties.fromSystem().given());
            properties.rejectUnknown(study.properties(args.defaultResults)); // a typo fails before any value is read
            run = RunSettings.read(properties, args.defaultResults);
            // the runner's reader made the cell's settings; a launcher on its own reads them here, once
            plan = cellPlan == null ? study.plan(properties, CpuTopology.system()) : study.planOf(cellPlan.settings());
            probe = PreFlight.probeJvm(run);
            PreFlight.checkJavaVersion(study, plan, run, probe);
            if (!args.partOfRun) { // the runner verified it before its first cell; the user's code runs in a JVM of its own
                plan.verify(List.of(new MeasuredJava(run.java, "the benchmark JVM", probe.feature())),
                        System.getProperty("java.class.path"));
            }
            plan.prepare(); // once, before anything starts: leftovers, free space, ports, clusters
            PreFlight.prepareRunDir(run, args.partOfRun);
        } catch (ConfigException e) {
            err.println("latency-bench: " + e.getMessage());
            return 2;
        }
        PreFlight.warnAboutLauncherFlags(err);
        return runPlan(properties, run, plan, probe);
    }

    /** The runner's plan of the cell: its properties and the study's settings. */
    private CellPlan cellPlan(java.nio.file.Path planFile) {
        CellPlan cellPlan = CellPlan.read(planFile);
        if (!cellPlan.study().equals(study.name())) {
            throw new ConfigException("the cell's plan " + planFile + " is of the study " + cellPlan.study()
                    + ", not of " + study.name());
        }
        return cellPlan;
    }

    private int runPlan(BenchProperties properties, RunSettings run, Study.Plan plan, JvmProbe probe) {
        Launch launch = new Launch(study, properties, run, plan, probe, args.reproduce, args.plan, cells, interrupts,
                out, err);
        launch.round(args.round);
        if (args.plan == null) { // a study jar on its own: its forks read the plan it resolved
            try {
                launch.writePlan(properties.given());
            } catch (java.io.IOException e) {
                err.println("latency-bench: " + e.getMessage());
                return 1;
            }
        }
        console.printHeader(run, plan, launch.expected);
        if (!args.partOfRun) {
            RunJson.write(run, study, plan, properties, launch.command, launch.commit, err);
        }

        interrupts.install(() -> {
            launch.closeShared();
            launch.cleanUpAfterForks();
        }, () -> console.printInterrupted(cells, plan));
        List<StepOutcome> done = new ArrayList<>();
        Decision decision = null;
        try {
            Schedule schedule = plan.schedule();
            for (Step step = schedule.next(done); step != null && !interrupts.interrupted(); step = schedule.next(done)) {
                String unavailable = launch.shareFor(step.variant());
                if (interrupts.interrupted()) {
                    break;
                }
                launch.endsBy(SystemClock.INSTANCE.epochMillis() + plan.estimatedLeftNs(done.size()) / 1_000_000L);
                CellSummary cell = launch.runStep(step, unavailable);
                done.add(outcome(step, cell));
                if (cell != null && !interrupts.interrupted()) { // progress, also where a period prints none
                    out.println(cell.doneLine(study.name() + "/" + step.name()) + left(plan, schedule, done));
                }
                launch.writeSchedule(done);
                String full = cells.diskFull();
                if (full != null) { // the next steps could keep nothing either: stop, so the space is freed once
                    Step next = schedule.next(done);
                    diskFullStop = "stopped, " + full + (next == null ? "" : "; not run: " + next.name()
                            + " and the steps after it") + "; free space there and run this cell again";
                    break;
                }
            }
            decision = plan.schedule().decision(done);
            if (!interrupts.interrupted() && diskFullStop == null && args.round == 0) {
                decision = confirm(launch, plan, done, decision);
            }
        } finally {
            launch.closeShared();
            interrupts.finished();
        }
        if (interrupts.interrupted() || !interrupts.uninstall()) {
            return 1;
        }
        console.printSummary(run, plan, decision, cells, diskFullStop);
        return exitStatus(cells.all(), decision, cells.allWritten());
    }

    /**
     * Once a search has decided beyond smoke scale, runs its deciding steps again with more forks, judges them on all
     * their forks and rewrites the schedule's file; returns the answer, or {@code decision} when nothing is confirmed.
     */
    private Decision confirm(Launch launch, Study.Plan plan, List<StepOutcome> done, Decision decision) {
        int extra = plan.periods().extraConfirmForks();
        List<Step> steps = Confirmation.deciding(decision, done);
        if (extra == 0 || steps.isEmpty()) {
            return decision;
        }
        int forks = plan.periods().forks + extra;
        List<String> names = new ArrayList<>();
        steps.forEach(s -> names.add(s.name()));
        out.printf(java.util.Locale.ROOT, "  confirming the deciding step%s in %d forks: %s%n",
                steps.size() == 1 ? "" : "s", forks, String.join(", ", names));
        Map<String, StepOutcome> confirmed = new LinkedHashMap<>();
        for (int i = 0; i < steps.size() && !interrupts.interrupted(); i++) {
            Step step = steps.get(i);
            String unavailable = launch.shareFor(step.variant());
            if (interrupts.interrupted()) {
                break;
            }
            launch.endsBy(SystemClock.INSTANCE.epochMillis() + plan.estimatedConfirmNs(steps.size() - i) / 1_000_000L);
            CellSummary cell = launch.confirmStep(step, unavailable);
            confirmed.put(step.name(), outcome(step, cell));
            if (cell != null && !interrupts.interrupted()) {
                out.println(cell.doneLine(study.name() + "/" + step.name() + ", " + forks + " forks"));
            }
        }
        Decision after = Confirmation.rejudge(plan.schedule(), done, confirmed, forks);
        launch.writeSchedule(Confirmation.replaced(done, confirmed), after);
        if (after != null && after.confirmed() != null && !interrupts.interrupted()) {
            out.println("  " + after.confirmed().text());
        }
        return after;
    }

    /** {@code ; at most 1m20s left}: the rest of the schedule's worst case after a step; nothing after its last. */
    private static String left(Study.Plan plan, Schedule schedule, List<StepOutcome> done) {
        return schedule.next(done) == null ? ""
                : "; at most " + Units.formatDuration(plan.estimatedLeftNs(done.size()) / 1_000_000_000L
                * 1_000_000_000L) + " left";
    }

    /** 0 when every cell is OK or a search gave a complete answer; 1 otherwise (a failure, an interrupt, a write). */
    static int exitStatus(List<CellSummary> cells, Decision decision, boolean allWritten) {
        if (!allWritten) {
            return 1;
        }
        if (decision != null) {
            return decision.complete() && cells.stream().noneMatch(c -> "INTERRUPTED".equals(c.status)) ? 0 : 1;
        }
        return cells.stream().allMatch(c -> "OK".equals(c.status)) ? 0 : 1;
    }

    private static StepOutcome outcome(Step step, CellSummary cell) {
        if (cell == null) {
            return StepOutcome.failed(step, null, "no result was written");
        }
        StepOutcome.Status status = "OK".equals(cell.status) ? StepOutcome.Status.OK
                : "INTERRUPTED".equals(cell.status) ? StepOutcome.Status.INTERRUPTED : StepOutcome.Status.FAILED;
        LatencySummary primary = cell.primary().count == 0 ? null : cell.primary();
        return new StepOutcome(step, status, cell.reasons, primary);
    }
}
