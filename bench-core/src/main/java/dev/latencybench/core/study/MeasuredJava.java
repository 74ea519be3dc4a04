package dev.latencybench.core.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A java binary the run measures on: the binary, its name in the run and its Java feature version. Immutable. */
public final class MeasuredJava {
    public final Path java;
    public final String name;
    /** 11, 17, 25; 0 when not known. */
    public final int feature;

    public MeasuredJava(Path java, String name, int feature) {
        this.java = java;
        this.name = name;
        this.feature = feature;
    }

    /** The JVM running this code, as a measured one. */
    public static MeasuredJava current() {
        return new MeasuredJava(Path.of(System.getProperty("java.home"), "bin", "java"), "this JVM",
                JavaNeeded.runningFeature());
    }

    /** One of each binary, of Java {@code minimumFeature} or newer, in order. */
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
