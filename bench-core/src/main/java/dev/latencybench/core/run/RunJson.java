package dev.latencybench.core.run;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/**
 * A single study's {@code run.json} (a matrix run's is the runner's) and the command that repeats
 * the run. Stateless.
 */
final class RunJson {
    private RunJson() {
    }

    static void write(RunSettings run, Study study, Study.Plan plan, BenchProperties properties, String command,
                      String commit, PrintStream err) {
        JsonObject o = new JsonObject();
        o.addProperty("runId", run.runId());
        o.addProperty("started", Instant.ofEpochMilli(dev.latencybench.core.time.SystemClock.INSTANCE.epochMillis())
                .toString());
        o.addProperty("study", study.name());
        JsonArray variants = new JsonArray();
        plan.variants().forEach(variants::add);
        o.add("variants", variants);
        o.addProperty("schedule", plan.schedule().describe());
        o.addProperty("scale", plan.periods().scale().id());
        o.addProperty("description", plan.description());
        JsonObject props = new JsonObject();
        properties.given().forEach(props::addProperty);
        o.add("properties", props);
        o.addProperty("java", System.getProperty("java.home"));
        o.addProperty("host", Environment.hostName());
        o.addProperty("suiteCommit", commit);
        o.addProperty("command", command);
        try {
            ResultFiles.writeJson(run.runDir().resolve("run.json"), o);
        } catch (IOException e) {
            err.println("latency-bench: cannot write run.json: " + e.getMessage());
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
