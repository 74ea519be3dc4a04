package dev.latencybench.runner.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds installed JVMs (JAVA_HOME, {@code /usr/lib/jvm}, SDKMAN, the runner's own, {@code --jvm}), each java binary
 * once, links folded into their target.
 */
public final class JvmDiscovery {
    /** The source of a JVM named on the command line. */
    public static final String EXPLICIT = "--jvm";

    /** A java binary and where it was found; {@code name} is set only for {@code --jvm name=/path}. */
    public static final class Candidate {
        public final Path java;
        public final String source;
        public final String name;

        Candidate(Path java, String source, String name) {
            this.java = java;
            this.source = source;
            this.name = name;
        }
    }

    private final Map<String, String> env;
    private final Path userHome;
    private final List<Path> jvmRoots;
    private final Path ownJavaHome;

    /**
     * @param userHome where SDKMAN's folder is looked for without {@code SDKMAN_DIR}; null for nowhere
     * @param jvmRoots folders whose sub-folders are JDKs, such as {@code /usr/lib/jvm}
     */
    public JvmDiscovery(Map<String, String> env, Path userHome, List<Path> jvmRoots, Path ownJavaHome) {
        this.env = env;
        this.userHome = userHome;
        this.jvmRoots = jvmRoots;
        this.ownJavaHome = ownJavaHome;
    }

    /** Looks only at the runner's own JVM and {@code --jvm}'s, so a bundle's runtimes keep their names. */
    public static JvmDiscovery onlyGiven(Path ownJavaHome) {
        return new JvmDiscovery(Map.of(), null, List.of(), ownJavaHome);
    }

    /** The system property that makes {@link #system} {@link #onlyGiven}. */
    public static final String ONLY_GIVEN = "latencybench.jvms.onlyGiven";

    public static JvmDiscovery system() {
        if (Boolean.getBoolean(ONLY_GIVEN)) {
            return onlyGiven(Path.of(System.getProperty("java.home")));
        }
        return new JvmDiscovery(System.getenv(), Path.of(System.getProperty("user.home")),
                List.of(Path.of("/usr/lib/jvm"), Path.of("/usr/java"), Path.of("/opt/java")),
                Path.of(System.getProperty("java.home")));
    }

    /**
     * @param explicit {@code name=/path} pairs from {@code --jvm}; the path is a JDK folder or a java binary
     * @throws IllegalArgumentException for an explicit entry that is malformed or has no java binary
     */
    public List<Candidate> candidates(List<String> explicit) {
        Map<String, Candidate> byRealPath = new LinkedHashMap<>();
        for (String e : explicit) {
            int eq = e.indexOf('=');
            if (eq <= 0 || eq == e.length() - 1) {
                throw new IllegalArgumentException("--jvm '" + e + "': expected NAME=PATH, such as "
                        + "--jvm jdk21=/opt/jdk-21");
            }
            String name = e.substring(0, eq);
            if (!name.matches("[A-Za-z0-9._+-]+")) {
                throw new IllegalArgumentException("--jvm '" + e + "': the name may hold letters, digits, '.', '_',"
                        + " '+' and '-' only (it becomes part of folder names)");
            }
            Path java = javaIn(Path.of(e.substring(eq + 1)));
            if (java == null) {
                throw new IllegalArgumentException("--jvm '" + e + "': no executable bin/java in " + e.substring(eq + 1)
                        + "; give a JDK folder or the path of its java binary");
            }
            add(byRealPath, java, EXPLICIT, name);
        }
        String javaHome = env.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            addIfJava(byRealPath, Path.of(javaHome), "JAVA_HOME");
        }
        if (ownJavaHome != null) {
            addIfJava(byRealPath, ownJavaHome, "this JVM");
        }
        for (Path root : jvmRoots) {
            addChildren(byRealPath, root, root.toString());
        }
        String sdkman = env.get("SDKMAN_DIR");
        Path sdkmanDir = sdkman != null && !sdkman.isBlank() ? Path.of(sdkman) : userHome == null ? null
                : userHome.resolve(".sdkman");
        if (sdkmanDir != null) {
            addChildren(byRealPath, sdkmanDir.resolve("candidates").resolve("java"), "SDKMAN");
        }
        return new ArrayList<>(byRealPath.values());
    }

    private void addChildren(Map<String, Candidate> found, Path root, String source) {
        if (!Files.isDirectory(root)) {
            return;
        }
        List<Path> children = new ArrayList<>();
        try (Stream<Path> s = Files.list(root)) {
            // real folders first, so a link such as default-java folds into the JDK it points at
            s.sorted(Comparator.comparing((Path p) -> Files.isSymbolicLink(p)).thenComparing(Comparator.naturalOrder()))
                    .forEach(children::add);
        } catch (IOException e) {
            return;
        }
        for (Path child : children) {
            if (!child.getFileName().toString().equals("current")) { // SDKMAN's link to the default
                addIfJava(found, child, source);
            }
        }
    }

    private void addIfJava(Map<String, Candidate> found, Path dirOrBinary, String source) {
        Path java = javaIn(dirOrBinary);
        if (java != null) {
            add(found, java, source, null);
        }
    }

    private static void add(Map<String, Candidate> found, Path java, String source, String name) {
        String key;
        try {
            key = java.toRealPath().toString();
        } catch (IOException e) {
            return;
        }
        found.putIfAbsent(key, new Candidate(java, source, name));
    }

    /** The java binary of a JDK folder (or the binary itself); null when there is none. */
    static Path javaIn(Path dirOrBinary) {
        Path java = Files.isDirectory(dirOrBinary) ? dirOrBinary.resolve("bin").resolve("java") : dirOrBinary;
        return Files.isRegularFile(java) && Files.isExecutable(java) ? java.toAbsolutePath().normalize() : null;
    }
}
