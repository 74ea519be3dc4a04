package dev.latencybench.runner.matrix;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.Jvm;

/** What a matrix run was asked to do, recorded in {@code run.json} for the report and {@code --resume}. Immutable. */
public final class RunRequest {
    public final Path resultsDir;
    public final String runId;
    public final List<String> scenarios;
    /** Each scenario's lowest Java feature version ({@code Study.minimumJava}); one not named runs on any. */
    public final Map<String, Integer> minimumJava;
    public final List<Jvm> jvms;
    public final List<Collector> collectors;
    public final Map<String, List<String>> gcArgs;
    public final List<String> extraJvmArgs;
    /** {@code bench.*} properties for the scenarios (scale, rate, CPUs, ...). */
    public final Map<String, String> properties;
    public final String command;
    /** How the machine or suite differed when {@code --resume-anyway} finished this run ({@link ResumeCheck}). */
    public final List<String> resumedDespite;
    /** The resumed {@code run.json}'s members this suite does not know, written back as they were. */
    final JsonObject keptMembers;

    public RunRequest(Path resultsDir, String runId, List<String> scenarios, Map<String, Integer> minimumJava,
                      List<Jvm> jvms, List<Collector> collectors, Map<String, List<String>> gcArgs, List<String> extraJvmArgs,
                      Map<String, String> properties, String command) {
        this.resultsDir = resultsDir;
        this.runId = runId;
        this.scenarios = List.copyOf(scenarios);
        this.minimumJava = Map.copyOf(minimumJava);
        this.jvms = List.copyOf(jvms);
        this.collectors = List.copyOf(collectors);
        this.gcArgs = Map.copyOf(gcArgs);
        this.extraJvmArgs = List.copyOf(extraJvmArgs);
        this.properties = new LinkedHashMap<>(properties);
        this.command = command;
        this.resumedDespite = List.of();
        this.keptMembers = new JsonObject();
    }

    private RunRequest(RunRequest r, List<String> resumedDespite, JsonObject keptMembers) {
        this.resultsDir = r.resultsDir;
        this.runId = r.runId;
        this.scenarios = r.scenarios;
        this.minimumJava = r.minimumJava;
        this.jvms = r.jvms;
        this.collectors = r.collectors;
        this.gcArgs = r.gcArgs;
        this.extraJvmArgs = r.extraJvmArgs;
        this.properties = new LinkedHashMap<>(r.properties);
        this.command = r.command;
        this.resumedDespite = List.copyOf(resumedDespite);
        this.keptMembers = keptMembers.deepCopy();
    }

    /** The same request, resumed although the machine or the suite differed this way. */
    public RunRequest resumedDespite(List<String> differences) {
        return new RunRequest(this, differences, keptMembers);
    }

    /** The same request, finishing a run whose {@code run.json} has these members this suite does not know. */
    public RunRequest keeping(JsonObject unknownMembers) {
        return new RunRequest(this, resumedDespite, unknownMembers);
    }

    public Path runDir() {
        return resultsDir.resolve(runId);
    }

    public List<Cell> cells() {
        return MatrixPlan.cells(scenarios, minimumJava, jvms, collectors, gcArgs, extraJvmArgs);
    }
}
