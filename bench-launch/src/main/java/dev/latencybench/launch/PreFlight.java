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
 * The launcher's checks before anything starts; a failed check is a ConfigException naming the property to change.
 * Stateless.
 */
final class PreFlight {
    private PreFlight() {
    }

    /** Starts the benchmark JVM once with the run's flags, so a bad JVM or flag stops the run before it starts. */
    static JvmProbe probeJvm(RunSettings run) {
        JvmProbe probe = JvmProbe.run(run.java, run.jvmArgs);
        if (probe.ok()) {
            return probe;
        }
        if (run.jvmArgs.isEmpty()) {
            throw ConfigException.invalid(RunSettings.JVM, run.java.toString(), "it does not start as a JVM: "
                    + probe.failure());
        }
        throw ConfigException.invalid(RunSettings.JVM_ARGS, String.join(" ", run.jvmArgs), run.java
                + " refuses them: " + probe.failure());
    }

    /** Refuses a benchmark JVM older than the study's or the user's classes, which would fail every fork. */
    static void checkJavaVersion(Study study, Study.Plan plan, RunSettings run, JvmProbe probe) {
        int needed = Math.max(study.minimumJava(), plan.userCheck().minimumJava());
        if (probe.feature() > 0 && probe.feature() < needed) {
            String why = needed > study.minimumJava() ? " (" + plan.userCheck().minimumJavaWhy() + ")" : "";
            throw ConfigException.invalid(RunSettings.JVM, run.java.toString(), "the " + study.name() + " study"
                    + why + " " + JavaNeeded.needs(needed, probe.feature(), run.java.toString()));
        }
    }

    /** Says so when the launcher's own JVM was given -XX flags: they do not reach the benchmark JVMs. */
    static void warnAboutLauncherFlags(PrintStream err) {
        List<String> own = new ArrayList<>();
        for (String arg : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the runner gives each cell's launcher a crash dump path of its own
            if (arg.startsWith("-XX:") && !arg.startsWith("-XX:ErrorFile=")) {
                own.add(arg);
            }
        }
        if (!own.isEmpty()) {
            err.println("latency-bench: note: " + String.join(" ", own) + " applies to this launcher's JVM only; the"
                    + " benchmark JVMs take their flags from -D" + RunSettings.JVM_ARGS + "=\"...\"");
        }
    }

    /** Makes the run folder; refuses a path that cannot be written, another run's folder, or a held JMH lock. */
    static void prepareRunDir(RunSettings run, boolean partOfRun) {
        Path dir = run.runDir();
        if (Files.exists(run.resultsDir) && !Files.isDirectory(run.resultsDir)) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir.toString(), "it is a file, not a "
                    + "folder; point " + RunSettings.RESULTS + " at a writable folder");
        }
        if (Files.exists(dir) && !partOfRun) {
            throw ConfigException.invalid(RunSettings.RUN_ID, run.runId, "the run folder " + dir
                    + " already exists; pick another run id or move the old run away");
        }
        String jmhBusy = OwnerLock.jmhBusy(Paths.get(System.getProperty("java.io.tmpdir")));
        if (jmhBusy != null) { // the input is good, but the machine is taken: refused once, not by JMH per variant
            throw new ConfigException(jmhBusy);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir.toString(), "cannot create "
                    + dir + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + "); point "
                    + RunSettings.RESULTS + " at a writable folder");
        }
        if (!Files.isWritable(dir)) {
            throw ConfigException.invalid(RunSettings.RESULTS, run.resultsDir.toString(), dir
                    + " is not writable; point " + RunSettings.RESULTS + " at a writable folder");
        }
    }
}
