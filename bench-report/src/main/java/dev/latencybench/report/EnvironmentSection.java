package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * The host as the first env.json describes it, the JVMs the cells ran with each one's real {@code java}, and the host
 * tuning checklist. Stateless.
 */
final class EnvironmentSection {
    /** {@code /proc/meminfo}'s {@code 131981020 kB} (kB there meaning KiB), or a byte count. */
    private static final Pattern MEMORY = Pattern.compile("(\\d+)\\s*(kB|KiB|B)?");
    private static final double GIB = 1024.0 * 1024 * 1024;

    private EnvironmentSection() {
    }

    static void write(Doc doc, RunData data) {
        EnvironmentFile env = data.env;
        if (env == null && data.envByJvm.isEmpty() && data.run().jvms == null) {
            return;
        }
        doc.h(2, "Environment");
        if (data.run().resumedDespite != null) {
            List<String> differences = data.run().resumedDespite;
            doc.p("**Mixed run**: it was finished with `--resume-anyway` on a machine or suite that differs from the"
                    + " one its earlier cells ran on (" + String.join("; ", differences) + "). The host below is the"
                    + " first cell's; compare cells of the two only with that in mind (each cell's env.json says"
                    + " where it ran).");
        }
        if (env != null) {
            List<String> items = new ArrayList<>();
            EnvironmentFile.Cpu cpu = env.cpuOrEmpty();
            EnvironmentFile.Os os = env.osOrEmpty();
            items.add("CPU: " + str(cpu.model) + ", " + str(cpu.availableProcessors) + " CPUs available (online "
                    + str(cpu.online) + ", isolated " + orNone(str(cpu.isolated)) + ", nohz_full "
                    + orNone(str(cpu.nohzFull)) + ")");
            items.add("OS: " + str(os.name) + " " + str(os.kernel) + " " + str(os.arch) + ", THP "
                    + str(os.transparentHugePages) + ", memory " + gib(str(os.memTotal)));
            items.add(env.suiteCommit == null || env.suiteCommit.isBlank() || "unknown".equals(env.suiteCommit)
                    ? "suite commit: not recorded (the suite that made this run did not record its commit; today's"
                    + " build records it in every env.json)" : "suite commit: `" + env.suiteCommit + "`");
            doc.bullets(items);
        }
        jvms(doc, data);
        if (env != null && env.hostCheck != null) {
            List<List<String>> rows = new ArrayList<>();
            for (EnvironmentFile.Check f : env.hostCheck) {
                rows.add(List.of(str(f.status), str(f.id), str(f.observed), f.advice != null ? f.advice : ""));
            }
            doc.p("Host tuning checklist (`scripts/check-host` prints the same):");
            doc.table(List.of("level", "check", "found", "advice"), rows, Doc.numericFrom(4, 4));
        }
    }

    /** A row per JVM, in the run's order, with the {@code java} its cells ran, links resolved where it exists here. */
    private static void jvms(Doc doc, RunData data) {
        List<List<String>> rows = new ArrayList<>();
        List<String> names = new ArrayList<>(data.jvms());
        for (String name : names) {
            RunManifest.JvmEntry given = given(data, name);
            EnvironmentFile.Jdk jdk = data.envByJvm.containsKey(name) ? data.envByJvm.get(name).jdkOrEmpty()
                    : EnvironmentFile.Jdk.EMPTY;
            if (given == null && jdk.isEmpty()) {
                continue;
            }
            String java = given != null ? given.java : null;
            String vendor = jdk.vendor != null ? jdk.vendor : given != null ? str(given.vendor) : "unknown";
            String version = given != null && given.version != null ? given.version : str(jdk.version);
            String real = realJava(jdk.home != null ? jdk.home + "/bin/java" : java);
            rows.add(List.of(name, vendor, version, java == null ? "-" : "`" + java + "`",
                    real == null ? "unknown" : "`" + real + "`"));
        }
        if (rows.isEmpty()) {
            return;
        }
        doc.p("The JVMs: the `java` the run was given, and the one the cells ran, from the `java.home` each cell's"
                + " JVM reported, links resolved:");
        doc.table(List.of("JVM", "vendor", "version", "java given", "java run (real path)"), rows,
                Doc.numericFrom(5, 5));
    }

    private static RunManifest.JvmEntry given(RunData data, String name) {
        if (data.run().jvms != null) {
            for (RunManifest.JvmEntry j : data.run().jvms) {
                if (j.name.equals(name)) {
                    return j;
                }
            }
        }
        return null;
    }

    /** The path with its links resolved where it exists here; as given where it does not; null for null. */
    static String realJava(String path) {
        if (path == null) {
            return null;
        }
        try {
            Path p = Path.of(path);
            return Files.exists(p) ? p.toRealPath().toString() : path;
        } catch (IOException | InvalidPathException e) {
            return path;
        }
    }

    /** {@code 131981020 kB} as {@code 125.9 GiB}; text it cannot read, as it is. */
    static String gib(String memory) {
        Matcher m = MEMORY.matcher(memory.trim());
        if (!m.matches()) {
            return memory;
        }
        double bytes = Double.parseDouble(m.group(1)) * (m.group(2) == null || m.group(2).equals("B") ? 1 : 1024);
        return String.format(Locale.ROOT, "%.1f GiB", bytes / GIB);
    }

    /** The value as text; "unknown" for null (not in the file). */
    private static String str(Object value) {
        return value == null ? "unknown" : value.toString();
    }

    private static String orNone(String s) {
        return s.isEmpty() ? "none" : s;
    }
}
