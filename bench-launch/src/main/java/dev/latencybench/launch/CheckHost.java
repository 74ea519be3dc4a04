package dev.latencybench.launch;

import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.latencybench.core.env.HostCheck;

/**
 * The {@code check-host} command: {@link HostCheck}'s findings for this machine. Exit status: 0, 1 with
 * {@code --strict} and a warning, 2 on a bad argument. One instance per command line.
 */
@Command(name = "check-host", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        header = "how well this host is tuned for latency measurements",
        synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
        description = {"Checks the Linux settings that move a latency tail: isolcpus, nohz_full, rcu_nocbs, CPU"
                + " frequency governor, turbo, C-states, transparent huge pages, irqbalance, swap and /dev/shm. Each"
                + " line is PASS, WARN (with what to set) or INFO (cannot tell); every result's env.json holds the"
                + " same findings.", ""},
        footer = {"", "Exit status: 0, 1 with --strict and a warning, 2 on a bad argument."})
public final class CheckHost implements Callable<Integer> {
    private final Path root;
    private final PrintStream out;

    @Option(names = "--strict", description = "exit 1 when a check warns (for scripts and CI)")
    boolean strict;

    /** Checks the host whose {@code /proc} and {@code /sys} are under {@code root} ({@code /}, or a fake tree). */
    public CheckHost(Path root, PrintStream out) {
        this.root = root;
        this.out = out;
    }

    @Override
    public Integer call() {
        return HostCheck.run(root, out, strict);
    }

    public static void main(String[] args) {
        System.exit(launch(args, Paths.get("/"), System.out, System.err));
    }

    static int launch(String[] args, Path root, PrintStream out, PrintStream err) {
        CommandLine cli = Cli.commandLine(new CheckHost(root, out), out, err);
        cli.setParameterExceptionHandler((e, given) -> {
            err.println("check-host: " + Cli.problem(e) + "; see check-host --help");
            return 2;
        });
        return cli.execute(args);
    }
}
