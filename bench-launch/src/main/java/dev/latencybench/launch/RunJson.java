package dev.latencybench.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/** A single study's {@code run.json} and the command that repeats the run. Stateless. */
final class RunJson {
    private RunJson() {
    }

    static void write(RunSettings run, Study study, Study.Plan plan, BenchProperties properties, String command,
                      String commit, PrintStream err) {
        StudyRun o = new StudyRun(run.runId, Instant.ofEpochMilli(
                dev.latencybench.core.time.SystemClock.INSTANCE.epochMillis()).toString(), study.name(),
                List.copyOf(plan.variants()), plan.schedule().describe(), plan.periods().scale.id(), plan.description(),
                new LinkedHashMap<>(properties.given()), System.getProperty("java.home"), Environment.hostName(), commit,
                command);
        try {
            ResultFiles.writeJson(run.runDir().resolve("run.json"), JsonCodec.toJson(o));
        } catch (IOException e) {
            err.println("latency-bench: cannot write run.json: " + e.getMessage());
        }
    }

    /** The members of a single study's {@code run.json}; {@code RunManifest} reads them back by the same names. */
    private static final class StudyRun {
        final String runId;
        final String started;
        final String study;
        final List<String> variants;
        final String schedule;
        final String scale;
        final String description;
        final Map<String, String> properties;
        final String java;
        final String host;
        final String suiteCommit;
        final String command;

        StudyRun(String runId, String started, String study, List<String> variants, String schedule, String scale,
                 String description, Map<String, String> properties, String java, String host, String suiteCommit,
                 String command) {
            this.runId = runId;
            this.started = started;
            this.study = study;
            this.variants = variants;
            this.schedule = schedule;
            this.scale = scale;
            this.description = description;
            this.properties = properties;
            this.java = java;
            this.host = host;
            this.suiteCommit = suiteCommit;
            this.command = command;
        }
    }

    /** The command that reproduces this run's settings (the run id aside), with the study's own jar. */
    static String reproduceCommand(Study study, BenchProperties properties) {
        StringBuilder sb = new StringBuilder("java");
        properties.given().forEach((k, v) -> {
            if (!k.equals(RunSettings.RUN_ID) && !k.equals(RunSettings.VERBOSE)) { // VERBOSE: the console only
                sb.append(" '-D").append(k).append('=').append(v).append('\'');
            }
        });
        // the module's jar: the chain study's is bench-kafka's, not a bench-chain that does not exist
        return sb.append(" -jar ").append(study.jar()).toString();
    }
}
