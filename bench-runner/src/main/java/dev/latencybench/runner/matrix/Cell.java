package dev.latencybench.runner.matrix;

import java.util.List;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;

/**
 * One cell of the matrix: a scenario on one JVM with one collector, its exact flags (every flag of the benchmark JVMs
 * besides the scenario's own: the JVM's, the collector's, the user's), and why it cannot run on this JVM (null when
 * it can).
 */
public record Cell(String scenario, Jvm jvm, Collector collector, String gcId, List<String> flags, String skipReason) {
    public Cell {
        flags = List.copyOf(flags);
    }

    /** {@code openjdk-17.0.15__g1}: the result folder's name in every variant. */
    public String name() {
        return jvm.name() + "__" + gcId;
    }

    /** {@code queue/openjdk-17.0.15__g1}: unique in a run. */
    public String key() {
        return scenario + "/" + name();
    }

    @Override
    public String toString() {
        return key();
    }
}
