package dev.latencybench.runner;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import dev.latencybench.launch.Cli;
import dev.latencybench.launch.UsageException;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmCatalog;

/** {@code bench jvms}: every JVM found, where, and which collectors and JIT variants run on it. */
@Command(name = "jvms", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        header = "the JVMs found here and what each supports",
        synopsisHeading = "%nUsage: ", descriptionHeading = "%n",
        description = {"Lists the JVMs found in JAVA_HOME, /usr/lib/jvm, SDKMAN and --jvm, and which collectors and"
                + " GraalVM JIT variant each runs. Answers are cached until a JDK changes.", ""})
final class JvmsCommand implements Callable<Integer> {
    @Option(names = "--jvm", paramLabel = "NAME=PATH", description = "add a JVM by its JDK folder or java binary"
            + " (repeatable), as for run")
    List<String> explicitJvms = new ArrayList<>();
    @Option(names = "--refresh-jvms", description = "probe every JVM again instead of using the cache, as for run")
    boolean refreshJvms;
    /** The name this option had before it was named as run's: still taken. */
    @Option(names = "--refresh", hidden = true)
    boolean refresh;

    private final Context ctx;

    JvmsCommand(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        PrintStream out = ctx.out;
        JvmCatalog catalog;
        try {
            catalog = ctx.catalog(explicitJvms, refreshJvms || refresh);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench jvms: " + e.getMessage());
        }
        out.printf(Locale.ROOT, "%-26s %-8s %-10s %s%n", "name", "feature", "default", "java (found in)");
        for (Jvm j : catalog.plain()) {
            out.printf(Locale.ROOT, "%-26s %-8d %-10s %s (%s)%n", j.name(), j.info().feature(), j.info().defaultGc(),
                    j.java(), j.source());
            StringBuilder runs = new StringBuilder();
            StringBuilder not = new StringBuilder();
            for (Map.Entry<String, String> e : j.info().collectors().entrySet()) {
                if (e.getValue().isEmpty()) {
                    runs.append(runs.length() == 0 ? "" : ", ").append(e.getKey());
                } else {
                    not.append("      no ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
                }
            }
            out.println("    collectors: default, " + runs);
            out.print(not);
            String graal = j.info().graalProblem();
            out.println("    " + j.name() + "+graal: " + (graal == null ? "yes (GraalVM compiler "
                    + j.info().graalVersion() + " through JVMCI)" : "no: " + graal));
        }
        for (JvmCatalog.Broken b : catalog.broken()) {
            out.printf(Locale.ROOT, "not usable: %s (%s): %s%n", b.java, b.source, b.reason);
        }
        out.println();
        out.println("Collector ids for --gcs: " + Collector.ids());
        return 0;
    }
}
