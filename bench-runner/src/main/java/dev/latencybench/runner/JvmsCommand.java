package dev.latencybench.runner;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.latencybench.runner.cli.UsageException;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmCatalog;

/** {@code bench jvms}: every JVM found, where, and which collectors and JIT variants run on it. */
final class JvmsCommand {
    private final Context ctx;

    JvmsCommand(Context ctx) {
        this.ctx = ctx;
    }

    int run(String[] argv) {
        Args args = Args.parse("bench jvms", argv, List.of("--jvm"), List.of("--refresh-jvms", "--refresh", "--help"));
        PrintStream out = ctx.out;
        if (args.has("--help")) {
            out.println("Usage: scripts/bench jvms [--jvm NAME=PATH ...] [--refresh-jvms]");
            out.println("Lists the JVMs found in JAVA_HOME, /usr/lib/jvm, SDKMAN and --jvm, and which collectors and");
            out.println("GraalVM JIT variant each runs. Answers are cached; --refresh-jvms (as for run; --refresh");
            out.println("for short) probes every JVM again.");
            return 0;
        }
        if (!args.positional.isEmpty()) {
            throw new UsageException("bench jvms: unexpected argument '" + args.positional.get(0) + "'");
        }
        JvmCatalog catalog;
        try {
            catalog = ctx.catalog(args.all("--jvm"), args.has("--refresh-jvms") || args.has("--refresh"));
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
