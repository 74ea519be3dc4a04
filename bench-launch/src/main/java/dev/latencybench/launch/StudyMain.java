package dev.latencybench.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;

/**
 * Starts any study on the class path by name ({@code StudyMain queue [launcher arguments]}), found through
 * {@link Studies}, so the runner needs no study's classes. One instance per command line.
 */
@Command(name = "StudyMain", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "Runs one study of those on the class path; STUDY --help lists its properties.")
public final class StudyMain implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "STUDY", completionCandidates = Names.class,
            description = "the study: ${COMPLETION-CANDIDATES}")
    String name;

    @Parameters(index = "1..*", paramLabel = "ARGUMENT", description = "the study's own arguments, such as --help")
    List<String> launcherArgs = new ArrayList<>();

    private final PrintStream out;
    private final PrintStream err;

    StudyMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** The names of {@link Studies#onClassPath()}: what {@code STUDY} may be, listed in the help. */
    static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>();
            Studies.onClassPath().forEach(s -> names.add(s.name()));
            return names.iterator();
        }
    }

    public static void main(String[] args) {
        Cli.exit(run(args, System.out, System.err));
    }

    /** The command line of {@link #main}, printing to these streams; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = Cli.commandLine(new StudyMain(out, err), out, err);
        cli.setStopAtPositional(true); // after the study's name, every argument is the study's
        cli.setParameterExceptionHandler((e, given) -> {
            err.println("latency-bench: " + Cli.problem(e) + "; studies on the class path: "
                    + String.join(", ", new Names()));
            return 2;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        for (Study s : Studies.onClassPath()) {
            if (s.name().equals(name)) {
                return new StudyLauncher(s, out, err).run(launcherArgs.toArray(new String[0]));
            }
        }
        err.println("latency-bench: unknown study '" + name + "'; studies on the class path: "
                + String.join(", ", new Names()));
        return 2;
    }
}
