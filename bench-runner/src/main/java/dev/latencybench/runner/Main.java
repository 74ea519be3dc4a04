package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.launch.CheckHost;
import dev.latencybench.launch.Cli;
import dev.latencybench.launch.SuiteCommit;
import dev.latencybench.launch.UsageException;
import dev.latencybench.report.Report;
import dev.latencybench.compare.Compare;
import dev.latencybench.history.History;

/**
 * The one entry point ({@code scripts/bench}), each subcommand a picocli command. Exit status: 0 success, 1 a cell
 * failed or a regression was found, 2 bad input (nothing started). One instance per command line.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        header = {"latency-bench: which JVM and collector give the lowest, steadiest latency on this machine", ""},
        customSynopsis = {"scripts/bench COMMAND [options]      (or: java -jar bench-runner/target/bench.jar ...)"},
        commandListHeading = "%nCommands:%n", subcommands = {RunCommand.class, JvmsCommand.class, BundleCommand.class,
            CheckHost.class, NewTaskCommand.class},
        footer = {"", "'COMMAND --help' describes each; --version prints the suite's version and commit.",
            "Exit status: 0 success, 1 a cell failed or a regression was found, 2 bad input (nothing started)."})
public final class Main implements Callable<Integer> {
    private final Context ctx;
    @Spec
    CommandSpec spec;

    private Main(Context ctx) {
        this.ctx = ctx;
    }

    /** Set by {@code -Pbench}, which runs this class inside Maven's JVM (exec:java). */
    static final String UNDER_MAVEN = "latencybench.underMaven";

    public static void main(String[] args) {
        int status = run(Context.system(), args);
        if (status != 0) {
            if (Boolean.getBoolean(UNDER_MAVEN)) {
                throw new ExitStatus(status);
            }
            System.exit(status);
        }
    }

    /** Fails a {@code -Pbench} build after the message as one line; exec:java would print a stack trace. */
    static final class ExitStatus extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ExitStatus(int status) {
            super("latency-bench: exit status " + status + (status == 2 ? " (bad input, see above; nothing was started)"
                    : " (see above)"), null, false, false);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    static int run(Context ctx, String[] args) {
        return commandLine(ctx).execute(args);
    }

    /** The command line with its commands, their shared context and the suite's handling of bad input and failures. */
    static CommandLine commandLine(Context ctx) {
        CommandLine cli = new CommandLine(new Main(ctx), new CommandLine.IFactory() { // the commands share ctx
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == RunCommand.class ? type.cast(new RunCommand(ctx))
                        : type == JvmsCommand.class ? type.cast(new JvmsCommand(ctx))
                        : type == BundleCommand.class ? type.cast(new BundleCommand(ctx))
                        : type == CheckHost.class ? type.cast(new CheckHost(Path.of("/"), ctx.out))
                        : type == NewTaskCommand.class ? type.cast(new NewTaskCommand(ctx.out))
                        : CommandLine.defaultFactory().create(type);
            }
        });
        cli.addSubcommand(new CommandLine.HelpCommand());
        java.util.Map<String, CommandLine> commands = cli.getSubcommands();
        RunCommand.addStudyOptions(commands.get("run").getCommandSpec(), ctx.scenarios());
        Cli.configure(cli, ctx.out, ctx.err);
        cli.setParameterExceptionHandler((e, given) -> {
            String command = e.getCommandLine().getCommandSpec().qualifiedName();
            ctx.err.println("latency-bench: " + command + ": " + Cli.problem(e) + "; see " + command + " --help");
            return 2;
        });
        cli.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof UsageException) {
                ctx.err.println("latency-bench: " + e.getMessage());
                return 2;
            }
            if (e instanceof InvalidPathException) { // a path the user gave, read before anything starts
                ctx.err.println("latency-bench: " + command.getCommandSpec().qualifiedName() + ": "
                        + ConfigException.pathProblem((InvalidPathException) e));
                return 2;
            }
            if (e instanceof IOException) {
                ctx.err.println("latency-bench: " + e.getMessage());
                return 1;
            }
            throw e;
        });
        return cli;
    }

    /** {@code bench} alone: the list of commands, and exit status 2 (nothing was asked). */
    @Override
    public Integer call() {
        spec.commandLine().usage(ctx.out);
        return 2;
    }

    @Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
            header = "(re)write REPORT.md, report.html and charts of a run",
            synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
            description = "Writes REPORT.md, report.html and charts/ into RUN_DIR from its results (again, if they"
                    + " exist).",
            footer = {"", "Exit status: 0 written, 1 a file of the run could not be read (each is named on a line;"
                    + " the report is written from the rest) or the report could not be written, 2 RUN_DIR is not a"
                    + " run folder, or its run is still going (without --anyway)."})
    int report(@Parameters(paramLabel = "RUN_DIR", description = "the run folder, such as"
            + " results/20261123T031500Z-myhost") Path runDir,
               @Option(names = "--anyway", description = "write the report of a run that is still going: what it"
                       + " measured so far, its other cells PENDING (the run writes its own report when it ends)")
               boolean anyway) {
        String going = anyway ? null : RunClaim.workingOn(runDir.toAbsolutePath().normalize());
        if (going != null) {
            throw new UsageException("bench report: the run " + runDir.toAbsolutePath().normalize() + " is still going"
                    + " in " + going + "; it writes its report when it ends: wait for that, or give --anyway for a"
                    + " report of what it measured so far");
        }
        return Report.command(runDir, ctx.out, ctx.err);
    }

    @Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
            header = "ratio table judged against the forks' noise; exit 1 when a percentile regresses",
            synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
            description = {"Compares the percentiles (p50 ... p99.99) of every metric of every cell and variant the two runs"
                    + " share, the primary metric first (for the queue study: latency, then service). Each ratio comes"
                    + " with its 95%% interval, bootstrapped over the forks of both runs; a change within the noise"
                    + " reads ~. The first line is the verdict. Cells with one fork on a side, at smoke scale or"
                    + " flagged are named under it and not gated. Percentiles with fewer than 100 samples beyond them"
                    + " are shown but not gated.", ""},
            footer = {"", "Exit status: 0 no regression (or none gated), 1 a percentile whose interval lies beyond the"
                    + " noise and whose ratio is beyond --max-regression, or a cell OK in the base and not OK or"
                    + " missing in the candidate, 2 bad input."})
    int compare(@Parameters(index = "0", paramLabel = "BASE_RUN", description = "the run folder compared against")
                String base,
                @Parameters(index = "1", paramLabel = "CANDIDATE_RUN", description = "the run folder compared")
                String candidate,
                @Option(names = "--max-regression", paramLabel = "PERCENT", defaultValue = "10%",
                        description = "how much slower a percentile may get (default: ${DEFAULT-VALUE})")
                String maxRegression,
                @Option(names = "--gate-anyway", description = "gate on cells with one fork on a side (judged on the"
                        + " within-run interval alone), at smoke scale or flagged too")
                boolean gateAnyway,
                @Option(names = "--output", paramLabel = "FILE", description = "also write the table to FILE"
                        + " (checked before the comparison)")
                Path output) throws IOException {
        return Compare.command(base, candidate, maxRegression, gateAnyway, output, ctx.out);
    }

    @Command(name = "history", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
            header = "change points across runs; exit 1 when the newest run is after a regression",
            synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
            description = {"Reads every run folder (one holding run.json) under the ROOT folders and follows p50, p99 and"
                    + " p99.9 of every metric of every cell and variant, one series per host, study, scale, variant,"
                    + " JVM, collector and metric; runs from another host start series of their own. A change point"
                    + " is found by E-Divisive means and kept only when the forks pooled after it differ from those"
                    + " before it beyond noise (the rule of compare and the report). Prints a line per change, then a"
                    + " table of every series; see docs/history.md.", ""},
            footer = {"", "Exit status: 0 no series' newest run lies after a regression, 1 one does (its last confirmed"
                    + " change is to higher latency), 2 bad input (a ROOT that is not a folder, no runs found)."})
    int history(@Parameters(arity = "1..*", paramLabel = "ROOT", description = "folders holding run folders, at any"
                + " depth, or run folders themselves") java.util.List<Path> roots,
                @Option(names = "--html", paramLabel = "FILE", description = "write an offline page charting each"
                        + " changed series") Path html,
                @Option(names = "--csv", paramLabel = "FILE", description = "write every series' points as CSV")
                Path csv,
                @Option(names = "--out", paramLabel = "DIR", description = "write " + History.HTML + " and "
                        + History.CSV + " into DIR (where --html or --csv does not say otherwise)") Path outDir)
            throws IOException {
        return History.command(roots, html, csv, outDir, ctx.out);
    }

    /** {@code bench version}, as {@code --version}. */
    @Command(name = "version", hidden = true)
    int version() {
        ctx.out.println(SuiteCommit.versionLine());
        return 0;
    }

    @Command(name = "completion", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
            header = "print the shell completion script (bash, zsh)",
            synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
            description = {"Completes the commands, options and their choices (scenarios, collectors, scales) of"
                    + " scripts/bench. Load it into the current shell with: source <(scripts/bench completion)"})
    int completion() {
        ctx.out.print(AutoComplete.bash("bench", spec.commandLine()));
        return 0;
    }
}
