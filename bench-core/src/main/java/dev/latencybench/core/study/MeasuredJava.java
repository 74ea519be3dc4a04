package dev.latencybench.core.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A java binary the run measures on, as a plan's up-front check of the user's code sees it: the binary, its
 * name in the run ({@code openjdk-17.0.15}) and its Java feature version. The check starts the user's code in
 * a short JVM of this binary, never in the runner's or the launcher's own. Immutable.
 */
public final class MeasuredJava {
    private final Path java;
    private final String name;
    private final int feature;

    public MeasuredJava(Path java, String name, int feature) {
        this.java = java;
        this.name = name;
        this.feature = feature;
    }

    /** The JVM running this code, as a measured one: the check of a study's own jar with no other JVM named. */
    public static MeasuredJava current() {
        return new MeasuredJava(Path.of(System.getProperty("java.home"), "bin", "java"), "this JVM",
                JavaNeeded.runningFeature());
    }

    public Path java() {
        return java;
    }

    public String name() {
        return name;
    }

    /** 11, 17, 25; 0 when not known. */
    public int feature() {
        return feature;
    }

    /**
     * One of each binary (a JDK named twice, say plain and with the Graal JIT, is checked once), of Java
     * {@code minimumFeature} or newer (a cell on an older one is skipped, not checked), in order.
     */
    public static List<MeasuredJava> distinct(List<MeasuredJava> javas, int minimumFeature) {
        Map<Path, MeasuredJava> byBinary = new LinkedHashMap<>();
        for (MeasuredJava j : javas) {
            if (j.feature == 0 || j.feature >= minimumFeature) {
                byBinary.putIfAbsent(realPath(j.java), j);
            }
        }
        return new ArrayList<>(byBinary.values());
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    @Override
    public String toString() {
        return name + " (" + java + ")";
    }
}
