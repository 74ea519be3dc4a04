package dev.latencybench.runner.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The GraalVM JIT compiler on a plain JDK through JVMCI: which release suits a JDK, where its jars are and the
 * flags that make the JDK use it.
 */
public final class GraalJit {
    /** JDK feature version to its GraalVM compiler release, ascending, from {@code graal-releases.properties}. */
    private static final String[][] RELEASES = loadReleases();

    private final Path jarsRoot;

    private static String[][] loadReleases() {
        java.util.Properties p = new java.util.Properties();
        try (java.io.InputStream in = GraalJit.class.getResourceAsStream("graal-releases.properties")) {
            if (in == null) {
                throw new IllegalStateException("graal-releases.properties is missing from bench-runner's classes");
            }
            p.load(in);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return p.stringPropertyNames().stream().sorted(java.util.Comparator.comparingInt(Integer::parseInt))
                .map(k -> new String[] {k, p.getProperty(k)}).toArray(String[][]::new);
    }

    /** @param jarsRoot the folder holding one sub-folder of jars per compiler release */
    public GraalJit(Path jarsRoot) {
        this.jarsRoot = jarsRoot;
    }

    /** The folder beside the running bench.jar (or target/classes), where the build copies the jars. */
    public static GraalJit beside(Path codeLocation) {
        return new GraalJit(codeLocation.getParent().resolve("graal"));
    }

    /** The compiler release for this JDK feature version, or null when none is known to match. */
    public static String releaseFor(int feature) {
        for (String[] r : RELEASES) {
            if (Integer.parseInt(r[0]) == feature) {
                return r[1];
            }
        }
        return null;
    }

    public static String supportedFeatures() {
        List<String> f = new ArrayList<>();
        for (String[] r : RELEASES) {
            f.add(r[0]);
        }
        return String.join(", ", f);
    }

    /** The jars of a release, sorted; empty when the build has not copied them. */
    public List<Path> jars(String release) {
        Path dir = jarsRoot.resolve(release);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            return List.of();
        }
    }

    public Path jarsDir(String release) {
        return jarsRoot.resolve(release);
    }

    /** The flags that replace C2 with the Graal compiler from these jars. */
    public static List<String> flags(List<Path> jars) {
        return List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler",
                "--upgrade-module-path=" + jars.stream().map(Path::toString).collect(Collectors.joining(":")));
    }

    /** Extra flags for the probe only: start JVMCI at once and print which compiler it loaded. */
    static List<String> probeFlags() {
        return List.of("-XX:+EagerJVMCI", "-Dgraal.ShowConfiguration=info", "-Djdk.graal.ShowConfiguration=info");
    }
}
