package dev.latencybench.launch;

import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.latencybench.core.study.RunSettings;

/**
 * The launcher's command-line arguments, read by picocli; settings are {@code -Dbench.*} properties, not arguments.
 * Filled once by one parse; not thread-safe.
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Cli.Version.class)
final class LaunchArgs {
    /** Run by the matrix runner: the run folder and run.json are the runner's. */
    @Option(names = "--part-of-run", hidden = true)
    boolean partOfRun;
    /** The command that reproduces the whole run, when a runner started this launcher; else null. */
    @Option(names = "--reproduce", hidden = true, paramLabel = "CMD")
    String reproduce;
    /** The cell's plan the runner resolved ({@code CellPlan}); null for a launcher on its own, which writes its own. */
    @Option(names = "--plan", hidden = true, paramLabel = "FILE")
    java.nio.file.Path plan;
    /** The forked JVMs' class path, or null for the launcher's own. */
    @Option(names = "--classpath", hidden = true, paramLabel = "CP")
    String classpath;
    /** The round of the cell this launcher runs, one fork per step beside the earlier rounds'; 0 to run every fork. */
    @Option(names = "--round", hidden = true, paramLabel = "N")
    int round;
    @Option(names = "--default-results", hidden = true, paramLabel = "DIR")
    String defaultResults = RunSettings.DEFAULT_RESULTS;

    /** JMH's own flags, which this jar does not take, to the property that does the same (null where none does). */
    private static final Map<String, String> JMH_FLAGS = jmhFlags();

    private static Map<String, String> jmhFlags() {
        Map<String, String> m = new LinkedHashMap<>();
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

    /** What is wrong with an argument this jar does not take ({@code -D} after {@code -jar}, a JMH flag); the fix. */
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
