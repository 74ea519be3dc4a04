package dev.latencybench.runner.matrix;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;

/**
 * What a matrix run was asked to do: where, which scenarios, JVMs and collectors, the collector
 * tuning, the extra flags and the scenario properties passed through to every cell. Recorded in
 * {@code run.json} so a report shows it and {@code --resume} repeats it. Immutable.
 */
public final class RunRequest {
    public final Path resultsDir;
    public final String runId;
    public final List<String> scenarios;
    public final List<Jvm> jvms;
    public final List<Collector> collectors;
    public final Map<String, List<String>> gcArgs;
    public final List<String> extraJvmArgs;
    /** {@code bench.*} properties for the scenarios (scale, rate, CPUs, ...). */
    public final Map<String, String> properties;
    /** The command line that repeats this run. */
    public final String command;

    public RunRequest(Path resultsDir, String runId, List<String> scenarios, List<Jvm> jvms,
                      List<Collector> collectors, Map<String, List<String>> gcArgs, List<String> extraJvmArgs,
                      Map<String, String> properties, String command) {
        this.resultsDir = resultsDir;
        this.runId = runId;
        this.scenarios = List.copyOf(scenarios);
        this.jvms = List.copyOf(jvms);
        this.collectors = List.copyOf(collectors);
        this.gcArgs = Map.copyOf(gcArgs);
        this.extraJvmArgs = List.copyOf(extraJvmArgs);
        this.properties = new LinkedHashMap<>(properties);
        this.command = command;
    }

    public Path runDir() {
        return resultsDir.resolve(runId);
    }

    public List<Cell> cells() {
        return MatrixPlan.cells(scenarios, jvms, collectors, gcArgs, extraJvmArgs);
    }
}
