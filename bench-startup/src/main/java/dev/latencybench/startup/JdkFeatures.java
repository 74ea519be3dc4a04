package dev.latencybench.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.latencybench.launch.JvmProbe;

/**
 * What a JDK offers for starting faster: its feature version and its {@code native-image}, if any. Read from the
 * JDK's {@code release} file, or by running it when the file is missing. Immutable.
 */
record JdkFeatures(Path home, int feature, Optional<Path> nativeImage) {
    /** The first JDK with the AOT cache (JEP 483; two steps on 24, one step from 25 with JEP 514). */
    static final int AOT_FEATURE = 24;
    /** The first JDK whose training run writes the cache itself ({@code -XX:AOTCacheOutput}). */
    static final int AOT_ONE_STEP_FEATURE = 25;
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(?:1\\.)?(\\d+)");

    /** The JDK of a {@code bin/java}. */
    static JdkFeatures of(Path java) {
        Path home = java.toAbsolutePath().getParent().getParent();
        int feature = releaseFeature(home).orElseGet(() -> JvmProbe.run(java, List.of()).feature());
        Path ni = home.resolve("bin").resolve("native-image");
        return new JdkFeatures(home, feature, Files.isExecutable(ni) ? Optional.of(ni) : Optional.empty());
    }

    /** The JDK this JVM runs on. */
    static JdkFeatures current() {
        return of(Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    static Optional<Integer> releaseFeature(Path home) {
        try {
            return feature(Files.readString(home.resolve("release"), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The feature version in a {@code release} file's {@code JAVA_VERSION="17.0.15"}. */
    static Optional<Integer> feature(String release) {
        Matcher m = JAVA_VERSION.matcher(release);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /** Why this JDK cannot run a mode; empty when it can. */
    Optional<String> whyNot(StartMode mode) {
        switch (mode) {
            case AOT:
                return feature >= AOT_FEATURE ? Optional.empty() : Optional.of("the AOT cache needs JDK " + AOT_FEATURE + " or newer; " + home + " is JDK " + feature);
            case NATIVE:
                return nativeImage.isPresent() ? Optional.empty() : Optional.of("no native-image in " + home.resolve(
                        "bin") + " (a GraalVM, Liberica NIK or Mandrel JDK has one)");
            default:
                return Optional.empty();
        }
    }
}
