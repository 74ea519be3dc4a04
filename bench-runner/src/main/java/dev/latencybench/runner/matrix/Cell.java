package dev.latencybench.runner.matrix;

import java.util.List;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;

/** One cell of the matrix: a scenario on one JVM with one collector, its exact flags, and why it cannot run. */
public final class Cell {
    private final String scenario;
    private final Jvm jvm;
    private final Collector collector;
    private final String gcId;
    private final List<String> flags;
    private final String skipReason;

    Cell(String scenario, Jvm jvm, Collector collector, String gcId, List<String> flags, String skipReason) {
        this.scenario = scenario;
        this.jvm = jvm;
        this.collector = collector;
        this.gcId = gcId;
        this.flags = List.copyOf(flags);
        this.skipReason = skipReason;
    }

    public String scenario() {
        return scenario;
    }

    public Jvm jvm() {
        return jvm;
    }

    public Collector collector() {
        return collector;
    }

    public String gcId() {
        return gcId;
    }

    /** {@code openjdk-17.0.15__g1}: the result folder's name in every variant. */
    public String name() {
        return jvm.name() + "__" + gcId;
    }

    /** {@code queue/openjdk-17.0.15__g1}: unique in a run. */
    public String key() {
        return scenario + "/" + name();
    }

    /** Every flag of the benchmark JVMs besides the scenario's own (the JVM's, the collector's, the user's). */
    public List<String> flags() {
        return flags;
    }

    /** Why this cell cannot run on this JVM; null when it can. */
    public String skipReason() {
        return skipReason;
    }

    @Override
    public String toString() {
        return key();
    }
}
