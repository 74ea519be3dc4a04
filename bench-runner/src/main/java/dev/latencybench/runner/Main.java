package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import dev.latencybench.core.env.HostCheck;
import dev.latencybench.runner.cli.UsageException;
import dev.latencybench.runner.report.Report;
import dev.latencybench.runner.report.compare.Compare;

/**
 * The one entry point ({@code scripts/bench}, {@code java -jar bench-runner/target/bench.jar}):
 * {@code run}, {@code report}, {@code compare}, {@code jvms}, {@code check-host}. Exit status: 0
 * success, 1 a cell failed or a regression was found, 2 bad input (nothing started).
 */
public final class Main {
    private Main() {
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

    /**
     * Fails a {@code -Pbench} build after the message was printed. exec:java logs whatever ends the
     * main thread with its stack trace (System.exit's included, as eleven frames of the plugin's own):
     * this one has no frames and prints as one line, so the user sees the message, this line and
     * Maven's failure line.
     */
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
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            printHelp(ctx);
            return args.length == 0 ? 2 : 0;
        }
        if (args[0].equals("--version") || args[0].equals("-V") || args[0].equals("version")) {
            ctx.out.println(dev.latencybench.core.run.SuiteCommit.versionLine());
            return 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            switch (args[0]) {
                case "run":
                    return new RunCommand(ctx).run(rest);
                case "report":
                    return Report.command(rest, ctx.out);
                case "compare":
                    return Compare.command(rest, ctx.out);
                case "jvms":
                    return new JvmsCommand(ctx).run(rest);
                case "check-host":
                    return checkHost(ctx, rest);
                default:
                    throw new UsageException("unknown command '" + args[0] + "'; expected run, report, compare, jvms or"
                            + " check-host (see --help)");
            }
        } catch (UsageException e) {
            ctx.err.println("latency-bench: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            ctx.err.println("latency-bench: " + e.getMessage());
            return 1;
        }
    }

    private static int checkHost(Context ctx, String[] args) {
        Args a = Args.parse("bench check-host", args, List.of(), List.of("--strict", "--help"));
        if (a.has("--help")) {
            ctx.out.println("Usage: scripts/bench check-host [--strict]");
            ctx.out.println("Checks how this host is tuned for latency measurements (isolated CPUs, nohz_full, rcu_nocbs,");
            ctx.out.println("governor, turbo, C-states, THP, irqbalance, swap, /dev/shm) and prints PASS / WARN / INFO lines.");
            ctx.out.println("Every result's env.json holds the same findings. --strict: exit 1 when any line is WARN.");
            return 0;
        }
        if (!a.positional.isEmpty()) {
            throw new UsageException("bench check-host: unexpected argument '" + a.positional.get(0) + "'");
        }
        return HostCheck.run(Path.of("/"), ctx.out, a.has("--strict"));
    }

    private static void printHelp(Context ctx) {
        ctx.out.println("latency-bench: which JVM and collector give the lowest, steadiest latency on this machine");
        ctx.out.println();
        ctx.out.println("Usage: scripts/bench COMMAND [options]      (or: java -jar bench-runner/target/bench.jar ...)");
        ctx.out.println();
        ctx.out.println("  run [options]                    run scenarios x JVMs x collectors, then write the report");
        ctx.out.println("  report RUN_DIR                   (re)write REPORT.md, report.html and charts of a run");
        ctx.out.println("  compare BASE_RUN CANDIDATE_RUN   ratio table; exit 1 when a percentile regresses");
        ctx.out.println("  jvms                             the JVMs found here and what each supports");
        ctx.out.println("  check-host                       how well this host is tuned for latency measurements");
        ctx.out.println();
        ctx.out.println();
        ctx.out.println("'COMMAND --help' describes each; --version prints the suite's version and commit.");
    }
}
