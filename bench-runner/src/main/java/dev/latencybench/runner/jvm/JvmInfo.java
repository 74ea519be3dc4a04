package dev.latencybench.runner.jvm;

import java.util.LinkedHashMap;
import java.util.Map;

/** What one probe learned about an installed JVM; stored in the probe cache as JSON, so its fields are plain. */
public final class JvmInfo {
    /** Bump when the probe or the collector rules change, so older cache entries are probed again. */
    static final int FORMAT = 4;

    int format = FORMAT;
    /** The java binary, its real path. */
    String java;
    /** The cache key: the binary's size and the JDK's module image's size and time. */
    String stamp;
    /** Why this is not a usable JVM; null when it is. */
    String error;
    String id;
    String version;
    String vendor;
    String vmName;
    int feature;
    String defaultGc;
    boolean biasedLocking;
    /** Collector id to "" (runs) or the reason it does not. */
    Map<String, String> collectors = new LinkedHashMap<>();
    /** Null when the Graal JIT runs on it; else why not. */
    String graal;
    /** The GraalVM compiler release that runs on it (its jars' folder), when {@link #graal} is null. */
    String graalVersion;

    public String java() {
        return java;
    }

    public String error() {
        return error;
    }

    public boolean usable() {
        return error == null;
    }

    /** {@code openjdk-17.0.15}, {@code temurin-25.0.3}. */
    public String id() {
        return id;
    }

    public String version() {
        return version;
    }

    public String vendor() {
        return vendor;
    }

    public int feature() {
        return feature;
    }

    public String defaultGc() {
        return defaultGc;
    }

    public boolean biasedLocking() {
        return biasedLocking;
    }

    public Map<String, String> collectors() {
        return collectors;
    }

    /** Null when the collector runs here; else the reason. */
    public String collectorProblem(String gcId) {
        String reason = collectors.get(gcId);
        return reason == null ? "not probed" : reason.isEmpty() ? null : reason;
    }

    public String graalProblem() {
        return graal;
    }

    public String graalVersion() {
        return graalVersion;
    }
}
