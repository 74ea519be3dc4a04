package dev.latencybench.runner.jvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The collectors a matrix can ask for, by id, with the flags that select each per JDK feature version;
 * {@code default} is the JVM's own choice.
 */
public enum Collector {
    DEFAULT("default", "the JVM's own choice", 0),
    G1("g1", "G1", 9),
    PARALLEL("parallel", "Parallel", 8),
    SERIAL("serial", "Serial", 8),
    ZGC("zgc", "ZGC", 11),
    ZGC_GENERATIONAL("zgc-gen", "generational ZGC", 21),
    SHENANDOAH("shenandoah", "Shenandoah", 11), // JDK 12, and backported to some 11 builds: the probe tells
    SHENANDOAH_GENERATIONAL("shenandoah-gen", "generational Shenandoah", 25),
    EPSILON("epsilon", "Epsilon (no collection at all)", 11);

    private final String id;
    private final String title;
    private final int sinceFeature;

    Collector(String id, String title, int sinceFeature) {
        this.id = id;
        this.title = title;
        this.sinceFeature = sinceFeature;
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    /** The collector with this id; a clear error naming the ids there are. */
    public static Collector of(String id) {
        for (Collector c : values()) {
            if (c.id.equals(id.trim().toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown collector '" + id + "'; expected one of " + ids());
    }

    public static String ids() {
        return Arrays.stream(values()).map(Collector::id).collect(Collectors.joining(", "));
    }

    /** Why this collector cannot run on a JDK of this feature version, or null when it may. */
    public String unsupportedReason(int feature) {
        if (feature < sinceFeature) {
            return title + " needs JDK " + sinceFeature + " or newer";
        }
        if (this == ZGC_GENERATIONAL && feature >= 24) {
            return "from JDK 24 ZGC is always generational: ask for zgc";
        }
        return null;
    }

    /** The flags that select this collector on a JDK of this feature version (none for {@code default}). */
    public List<String> flags(int feature) {
        List<String> f = new ArrayList<>();
        switch (this) {
            case DEFAULT:
                break;
            case G1:
                f.add("-XX:+UseG1GC");
                break;
            case PARALLEL:
                f.add("-XX:+UseParallelGC");
                break;
            case SERIAL:
                f.add("-XX:+UseSerialGC");
                break;
            case ZGC:
                if (feature < 15) {
                    f.add("-XX:+UnlockExperimentalVMOptions");
                }
                f.add("-XX:+UseZGC");
                if (feature >= 21 && feature < 24) {
                    f.add("-XX:-ZGenerational");
                }
                break;
            case ZGC_GENERATIONAL:
                f.add("-XX:+UseZGC");
                f.add("-XX:+ZGenerational");
                break;
            case SHENANDOAH:
                if (feature < 15) {
                    f.add("-XX:+UnlockExperimentalVMOptions");
                }
                f.add("-XX:+UseShenandoahGC");
                break;
            case SHENANDOAH_GENERATIONAL:
                f.add("-XX:+UseShenandoahGC");
                f.add("-XX:ShenandoahGCMode=generational");
                break;
            case EPSILON:
                f.add("-XX:+UnlockExperimentalVMOptions");
                f.add("-XX:+UseEpsilonGC");
                break;
            default:
                throw new AssertionError(this);
        }
        return f;
    }

    /** The id that the benchmark JVM's result folder carries ({@code <jvm>__<gc>}). */
    public String cellGcId(String probedDefault) {
        return this == DEFAULT ? probedDefault : id;
    }
}
