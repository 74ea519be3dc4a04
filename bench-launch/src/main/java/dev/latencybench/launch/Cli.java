package dev.latencybench.launch;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** What every entry point's command line shares: picocli set up the same way and bad input worded alike. Stateless. */
public final class Cli {
    private Cli() {
    }

    /** {@code --version} of every entry point: {@link SuiteCommit#versionLine}. Stateless. */
    public static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {SuiteCommit.versionLine()};
        }
    }

    /**
     * A command line for a picocli {@code @Command} object that prints to these streams. A single-value option given
     * twice is refused, since taking the last would drop the first silently; a list option adds up its repeats.
     */
    public static CommandLine commandLine(Object command, PrintStream out, PrintStream err) {
        return configure(new CommandLine(command), out, err);
    }

    /** The same settings for a command line built elsewhere, and its subcommands: call it after adding them. */
    public static CommandLine configure(CommandLine cli, PrintStream out, PrintStream err) {
        cli.setOverwrittenOptionsAllowed(false);
        cli.setOut(writer(out));
        cli.setErr(writer(err));
        cli.setUsageHelpWidth(110);
        return cli;
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new java.io.OutputStreamWriter(stream, Charset.defaultCharset()), true);
    }

    /**
     * What was wrong with the arguments, in the suite's words, naming what is allowed: {@code unknown option '--fix';
     * the options are ...}; else picocli's own message.
     */
    public static String problem(CommandLine.ParameterException e) {
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        if (e instanceof CommandLine.UnmatchedArgumentException) {
            List<String> unmatched = ((CommandLine.UnmatchedArgumentException) e).getUnmatched();
            String arg = unmatched.isEmpty() ? "" : unmatched.get(0);
            if (arg.startsWith("-")) {
                return "unknown option '" + arg + "'; the options are " + String.join(", ", optionNames(spec));
            }
            List<String> commands = new ArrayList<>();
            spec.subcommands().forEach((name, sub) -> {
                if (!sub.getCommandSpec().usageMessage().hidden()) {
                    commands.add(name);
                }
            });
            return commands.isEmpty() ? "unexpected argument '" + arg + "'"
                    : "unknown command '" + arg + "'; the commands are " + String.join(", ", commands);
        }
        if (e instanceof CommandLine.MissingParameterException) {
            List<String> missing = new ArrayList<>();
            for (ArgSpec a : ((CommandLine.MissingParameterException) e).getMissing()) {
                missing.add(a.isOption() ? ((OptionSpec) a).longestName() + " needs a value (" + a.paramLabel() + ")"
                        : a.paramLabel() + " is missing");
            }
            if (!missing.isEmpty()) {
                return String.join("; ", missing);
            }
        }
        if (e instanceof CommandLine.OverwrittenOptionException
                && ((CommandLine.OverwrittenOptionException) e).getOverwritten() instanceof OptionSpec) {
            OptionSpec o = (OptionSpec) ((CommandLine.OverwrittenOptionException) e).getOverwritten();
            return o.longestName() + " is given more than once; " + (o.arity().max > 0 ? "it takes one value ("
                    + o.paramLabel() + "): give it once" : "give it once");
        }
        String m = e.getMessage();
        return m.isEmpty() ? m : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    /** The options a user may give (the longest name of each, hidden ones left out), in declaration order. */
    static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                names.add(o.longestName());
            }
        }
        return names;
    }

    /**
     * Ends a launcher's JVM with {@code status}, unless a signal is already ending it: a {@code System.exit} after
     * the shutdown hooks ran would halt it with this status instead of the signal's 128 + n.
     */
    public static void exit(int status) {
        if (status == 0) {
            return;
        }
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
        } catch (IllegalStateException shuttingDown) {
            return;
        }
        System.exit(status);
    }
}
