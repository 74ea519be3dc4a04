package dev.latencybench.core.run;

import java.io.PrintStream;

/**
 * The launcher's command-line arguments (settings are {@code -Dbench.*} properties, not arguments):
 * {@code --part-of-run}, {@code --reproduce CMD}, {@code --classpath CP}, {@code --default-results DIR},
 * {@code --help}, {@code --version}. Immutable once parsed.
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
    final boolean version;

    /**
     * JMH's own flags, which this jar does not take (its settings are {@code -Dbench.*} properties), by
     * flag: the property that does the same, or null where there is none.
     */
    private static final java.util.Map<String, String> JMH_FLAGS = jmhFlags();

    private static java.util.Map<String, String> jmhFlags() {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("-f", "bench.forks");
        m.put("-wi", "bench.warmup");
        m.put("-w", "bench.warmup");
        m.put("-i", "bench.duration");
        m.put("-r", "bench.duration");
        for (String f : new String[] {"-t", "-tg", "-bm", "-tu", "-p", "-prof", "-rf", "-rff", "-o", "-jvm",
                                      "-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend", "-e", "-foe", "-gc", "-si",
                                      "-to", "-v", "-l", "-lp", "-lprof", "-lrf", "-opi", "-bs", "-wbs", "-wf",
                                      "-wm", "-wmb"}) {
            m.putIfAbsent(f, null);
        }
        return m;
    }

    private LaunchArgs(boolean partOfRun, String reproduce, String classpath, String defaultResults, boolean help,
                       boolean version) {
        this.partOfRun = partOfRun;
        this.reproduce = reproduce;
        this.classpath = classpath;
        this.defaultResults = defaultResults;
        this.help = help;
        this.version = version;
    }

    /** The parsed arguments, or null after printing what is wrong to {@code err}. */
    static LaunchArgs parse(String[] args, PrintStream err) {
        boolean partOfRun = false;
        String reproduce = null;
        String classpath = null;
        String defaultResults = RunSettings.DEFAULT_RESULTS;
        boolean help = false;
        boolean version = false;
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
                case "-V":
                case "--version":
                    version = true;
                    break;
                default:
                    err.println("latency-bench: " + unknown(args[i], i + 1 < args.length ? args[i + 1] : null));
                    return null;
            }
        }
        return new LaunchArgs(partOfRun, reproduce, classpath, defaultResults, help, version);
    }

    /**
     * What is wrong with an argument this jar does not take, and what to write instead: a {@code -D}
     * after {@code -jar} (which Java hands to the program, not to itself), or one of JMH's flags (this
     * jar's settings are system properties).
     */
    static String unknown(String arg, String next) {
        if (arg.startsWith("-D") && arg.length() > 2) {
            return "'" + arg + "' came after -jar, where Java hands it to the program, not to itself: system"
                    + " properties go before -jar (java " + arg + " -jar benchmarks.jar)";
        }
        if (JMH_FLAGS.containsKey(arg)) {
            String property = JMH_FLAGS.get(arg);
            String advice;
            if (property == null) {
                advice = "see --help for every property";
            } else if (property.equals("bench.forks")) {
                advice = "instead of " + arg + " write -Dbench.forks=" + (next != null && next.matches("\\d+") ? next : "3")
                        + " before -jar";
            } else { // JMH's counts and times of iterations: here one warm-up and one measured period per fork
                advice = "each fork runs one warm-up and one measured period here, so instead of " + arg + " give its"
                        + " length: -D" + property + "=10s before -jar";
            }
            return "'" + arg + "' is one of JMH's flags; this jar takes its settings as system properties before"
                    + " -jar (java -Dbench.NAME=VALUE -jar benchmarks.jar): " + advice;
        }
        return "unknown argument '" + arg + "'; settings are system properties given before -jar"
                + " (java -Dbench.rate=50K -jar benchmarks.jar); see --help";
    }
}
