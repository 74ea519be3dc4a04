package dev.latencybench.core.run;

import java.io.PrintStream;

/**
 * The launcher's command-line arguments (settings are {@code -Dbench.*} properties, not arguments):
 * {@code --part-of-run}, {@code --reproduce CMD}, {@code --classpath CP}, {@code --default-results DIR},
 * {@code --help}. Immutable once parsed.
 */
final class LaunchArgs {
    /** Run by the matrix runner: the run folder and run.json are the runner's. */
    final boolean partOfRun;
    /** The command that reproduces the whole run, when a runner started this launcher; else null. */
    final String reproduce;
    /** The forked JVMs' class path, or null for the launcher's own. */
    final String classpath;
    final String defaultResults;
    final boolean help;

    private LaunchArgs(boolean partOfRun, String reproduce, String classpath, String defaultResults, boolean help) {
        this.partOfRun = partOfRun;
        this.reproduce = reproduce;
        this.classpath = classpath;
        this.defaultResults = defaultResults;
        this.help = help;
    }

    /** The parsed arguments, or null after printing what is wrong to {@code err}. */
    static LaunchArgs parse(String[] args, PrintStream err) {
        boolean partOfRun = false;
        String reproduce = null;
        String classpath = null;
        String defaultResults = "results";
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("--classpath") || args[i].equals("--default-results")
                    || args[i].equals("--reproduce")) && i + 1 == args.length) {
                err.println("latency-bench: " + args[i] + " needs a value");
                return null;
            }
            switch (args[i]) {
                case "--part-of-run":
                    partOfRun = true;
                    break;
                case "--reproduce":
                    reproduce = args[++i];
                    break;
                case "--classpath":
                    classpath = args[++i];
                    break;
                case "--default-results":
                    defaultResults = args[++i];
                    break;
                case "-h":
                case "--help":
                    help = true;
                    break;
                default:
                    err.println("latency-bench: unknown argument '" + args[i] + "'; settings are system properties"
                            + " (-Dbench.rate=50K); see --help");
                    return null;
            }
        }
        return new LaunchArgs(partOfRun, reproduce, classpath, defaultResults, help);
    }
}
