package dev.latencybench.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/**
 * The launcher's checks before anything starts, once the properties are read: the benchmark JVM starts with
 * the run's flags and is new enough for the study, and the run folder can be made (and is not another run's);
 * a failed check is a ConfigException naming the property to change. Also the note that the launcher's own
 * {@code -XX} flags do not reach the benchmark JVMs. Stateless.
 */
final class PreFlight {
    private PreFlight() {
    }

    /**
     * Starts the benchmark JVM once with the run's flags: a JVM that does not start or refuses a flag
     * stops the run before it starts, and its version (for the study's flags) and the collector it
     * will use are known for certain.
     */
    static JvmProbe probeJvm(RunSettings run) {
        JvmProbe probe = JvmProbe.run(run.java(), run.jvmArgs());
        if (probe.ok()) {
            return probe;
        }
        if (run.jvmArgs().isEmpty()) {
            throw ConfigException.invalid(RunSettings.JVM, run.java().toString(), "it does not start as a JVM: "
                    + probe.failure());
        }
        throw ConfigException.invalid(RunSettings.JVM_ARGS, String.join(" ", run.jvmArgs()), run.java()
                + " refuses them: " + probe.failure());
    }

    /**
     * A benchmark JVM older than the study's classes, or than the user's classes the plan names
     * ({@link dev.latencybench.core.study.UserCheck#minimumJava}), would fail every fork with a class-version
     * error: refused here.
     */
    static void checkJavaVersion(Study study, Study.Plan plan, RunSettings run, JvmProbe probe) {
        int needed = Math.max(study.minimumJava(), plan.userCheck().minimumJava());
        if (probe.feature() > 0 && probe.feature() < needed) {
            String why = needed > study.minimumJava() ? " (" + plan.userCheck().minimumJavaWhy() + ")" : "";
            throw ConfigException.invalid(RunSettings.JVM, run.java().toString(), "the " + study.name() + " study"
                    + why + " " + JavaNeeded.needs(needed, probe.feature(), run.java().toString()));
        }
    }

    /** Says so when the launcher's own JVM was given -XX flags: they do not reach the benchmark JVMs. */
    static void warnAboutLauncherFlags(PrintStream err) {
        List<String> own = new ArrayList<>();
        for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the runner gives each cell's launcher a crash dump path of its own: not a flag someone meant for the forks
            if (arg.startsWith("-XX:") && !arg.startsWith("-XX:ErrorFile=")) {
                own.add(arg);
            }
        }
        if (!own.isEmpty()) {
            err.println("latency-bench: note: " + String.join(" ", own) + " applies to this launcher's JVM only; the"
                    + " benchmark JVMs take their flags from -D" + RunSettings.JVM_ARGS + "=\"...\"");
        }
    }

    /**
     * Makes the run folder; refuses a results path that is a file or cannot be written, a run folder that exists
     * (unless the launcher is part of a runner's run, whose folder the runner made), and a machine whose JMH lock
     * another run holds.
     */
    static void prepareRunDir(RunSettings run, boolean partOfRun) {
        Path dir = run.runDir();
        if (Files.exists(run.resultsDir()) && !Files.isDirectory(run.resultsDir())) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir().toString(), "it is a file, not a "
                    + "folder; point " + RunSettings.RESULTS + " at a writable folder");
        }
        if (Files.exists(dir) && !partOfRun) {
            throw ConfigException.invalid(RunSettings.RUN_ID, run.runId(), "the run folder " + dir
                    + " already exists; pick another run id or move the old run away");
        }
        String jmhBusy = OwnerLock.jmhBusy(Paths.get(System.getProperty("java.io.tmpdir")));
        if (jmhBusy != null) { // the input is good, but the machine is taken: refused once, not by JMH per variant
            throw new ConfigException(jmhBusy);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir().toString(), "cannot create "
                    + dir + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + "); point "
                    + RunSettings.RESULTS + " at a writable folder");
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir().toString(), dir
                    + " is not writable; point " + RunSettings.RESULTS + " at a writable folder");
        }
    }
}
