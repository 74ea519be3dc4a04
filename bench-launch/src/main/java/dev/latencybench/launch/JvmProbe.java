package dev.latencybench.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.os.Command;

/**
 * What one start of {@code java <flags> -XshowSettings:properties -XX:+PrintFlagsFinal -version} says about a JVM:
 * whether it accepts the flags, its properties, its flags and its collector. Immutable.
 */
public final class JvmProbe {
    private static final Pattern PROPERTY = Pattern.compile("^ {4}([A-Za-z0-9_.]+) = (.*)$");
    private static final long TIMEOUT_SEC = 60;

    private final int exitCode;
    private final String output;
    private final Map<String, String> properties;
    private final Set<String> flags;
    private final String flagsFinal;
    /** The crash dumps it left (kept in a temporary folder of their own); empty unless it crashed. */
    private final List<Path> crashDumps;

    JvmProbe(int exitCode, String output) {
        this(exitCode, output, List.of());
    }

    JvmProbe(int exitCode, String output, List<Path> crashDumps) {
        this.exitCode = exitCode;
        this.output = output;
        this.crashDumps = crashDumps;
        Map<String, String> props = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        StringBuilder finals = new StringBuilder();
        for (String line : output.split("\n")) {
            Matcher m = PROPERTY.matcher(line);
            if (m.matches()) {
                props.putIfAbsent(m.group(1), m.group(2).trim());
                continue;
            }
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[2].equals("=") && f[1].matches("[A-Za-z0-9_]+")) {
                names.add(f[1]);
                finals.append(line).append('\n');
            }
        }
        this.properties = Collections.unmodifiableMap(props);
        this.flags = Collections.unmodifiableSet(names);
        this.flagsFinal = finals.toString();
    }

    /** Starts {@code java} with {@code flags}; a failed start is a probe with exit code -1 and the reason. */
    public static JvmProbe run(Path java, List<String> flags) {
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            return new JvmProbe(-1, java + " is not an executable file");
        }
        Path dumpDir;
        try {
            dumpDir = Files.createTempDirectory("latency-bench-probe-");
        } catch (IOException e) {
            return new JvmProbe(-1, "cannot create a temporary folder for " + java + "'s crash dump: " + e.getMessage());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.add(JvmExit.errorFileFlag(dumpDir));
        cmd.addAll(flags);
        cmd.add("-XshowSettings:properties");
        cmd.add("-XX:+PrintFlagsFinal");
        cmd.add("-version");
        try {
            Command c = Command.run(cmd, TIMEOUT_SEC);
            return new JvmProbe(c.exitCode, c.output, JvmExit.crashDumps(dumpDir));
        } catch (IOException e) {
            return new JvmProbe(-1, "cannot start " + java + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new JvmProbe(-1, "interrupted while starting " + java);
        } finally {
            try {
                Files.deleteIfExists(dumpDir); // only when empty: a crash dump stays where the failure says
            } catch (IOException notEmpty) {
            }
        }
    }

    /** The JVM started and accepted every flag. */
    public boolean ok() {
        return exitCode == 0 && properties.containsKey("java.version");
    }

    /** Why it did not start, in one line: a crash or signal by name, else what the JVM said, else the exit code. */
    public String failure() {
        String said = said();
        if (!crashDumps.isEmpty() || exitCode > 128) {
            return "the JVM " + JvmExit.describe(exitCode, crashDumps) + (said == null ? "" : ": " + said);
        }
        return said != null ? said : "the JVM " + JvmExit.describe(exitCode, crashDumps);
    }

    /** The JVM's error line, else its first other line; null when it said nothing but its settings. */
    private String said() {
        String first = null;
        for (String line : output.split("\n")) {
            String l = line.trim();
            if (l.isEmpty() || PROPERTY.matcher(line).matches() || l.startsWith("Property settings")
                    || l.startsWith("[Global flags]") || isFlagLine(l) || line.startsWith("        ")
                    || l.startsWith("#")) { // HotSpot's crash banner: the crash dump says it all
                continue;
            }
            if (l.contains("Error") || l.contains("error") || l.startsWith("Unrecognized") || l.contains("Exception")
                    || l.startsWith("Improperly")) {
                return l;
            }
            if (first == null) {
                first = l;
            }
        }
        return first;
    }

    private static boolean isFlagLine(String l) {
        String[] f = l.split("\\s+");
        return f.length >= 4 && f[2].equals("=") && f[1].matches("[A-Za-z0-9_]+");
    }

    public String output() {
        return output;
    }

    public Map<String, String> properties() {
        return properties;
    }

    public String property(String name) {
        return properties.getOrDefault(name, "unknown");
    }

    /** Whether the JVM has this {@code -XX} flag at all (product, experimental or diagnostic). */
    public boolean hasFlag(String name) {
        return flags.contains(name);
    }

    /** The collector it chose with these flags: {@code g1}, {@code zgc}, ...; "unknown" when none was found. */
    public String gc() {
        return JvmIdentity.gcFromFlagsFinal(flagsFinal);
    }

    /** The feature version: 11, 17, 25 ({@code 1.8} reads as 8); 0 when unknown. */
    public int feature() {
        String spec = property("java.specification.version");
        try {
            return spec.startsWith("1.") ? Integer.parseInt(spec.substring(2)) : Integer.parseInt(spec);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The result-folder identity of a JVM started with {@code flags}. */
    public JvmIdentity identity(List<String> flags) {
        String asked = JvmIdentity.gcFromArgs(flags);
        return new JvmIdentity(JvmIdentity.jvmId(property("java.vendor"), property("java.vm.name"),
                property("java.version"), flags), asked != null ? asked : gc());
    }
}
