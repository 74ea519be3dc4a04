package dev.latencybench.runner.matrix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmInfo;

/**
 * Turns scenarios × JVMs × collectors into cells with their flags for that JDK; a collector the JDK lacks, or a
 * JDK older than the scenario needs, makes a skipped cell with the reason. Stateless.
 */
public final class MatrixPlan {
    /** The collector tuning used unless {@code --gc-args} replaces it: G1 aims at 10 ms pauses, not 200. */
    public static final Map<String, List<String>> DEFAULT_GC_ARGS = Map.of("g1", List.of("-XX:MaxGCPauseMillis=10"));

    private MatrixPlan() {
    }

    /**
     * @param minimumJava each scenario's lowest Java feature version: a cell on an older JVM is skipped
     * @param extraJvmArgs flags for every cell's benchmark JVMs (last, so they win)
     */
    public static List<Cell> cells(List<String> scenarios, Map<String, Integer> minimumJava, List<Jvm> jvms,
                                   List<Collector> collectors, Map<String, List<String>> gcArgs,
                                   List<String> extraJvmArgs) {
        Map<String, Cell> cells = new LinkedHashMap<>();
        for (String scenario : scenarios) {
            for (Jvm jvm : jvms) {
                for (Collector gc : collectors) {
                    Cell cell = cell(scenario, minimumJava.getOrDefault(scenario, 0), jvm, gc, gcArgs, extraJvmArgs);
                    cells.putIfAbsent(cell.key(), cell); // "default" may name a collector also asked for
                }
            }
        }
        return new ArrayList<>(cells.values());
    }

    static Cell cell(String scenario, int minimumJava, Jvm jvm, Collector gc, Map<String, List<String>> gcArgs,
                     List<String> extraJvmArgs) {
        JvmInfo info = jvm.info();
        int feature = info.feature();
        String gcId = gc.cellGcId(info.defaultGc());
        String reason = feature < minimumJava ? "the " + scenario + " study needs Java " + minimumJava + " or newer;"
                + " " + jvm.name() + " is Java " + feature : gc.unsupportedReason(feature);
        if (reason == null && gc != Collector.DEFAULT) {
            reason = info.collectorProblem(gc.id());
        }
        List<String> flags = new ArrayList<>(jvm.flags());
        flags.addAll(gc.flags(feature));
        if (gc != Collector.DEFAULT) { // default: the JVM exactly as it comes
            flags.addAll(gcArgs.containsKey(gc.id()) ? gcArgs.get(gc.id()) : DEFAULT_GC_ARGS.getOrDefault(gc.id(),
                    List.of()));
        }
        if (info.biasedLocking() && feature < 15) { // off by default (and deprecated) from JDK 15
            flags.add("-XX:-UseBiasedLocking");
        }
        flags.addAll(extraJvmArgs);
        return new Cell(scenario, jvm, gc, gcId, flags, reason);
    }
}
