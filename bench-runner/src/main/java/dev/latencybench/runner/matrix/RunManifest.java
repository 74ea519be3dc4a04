package dev.latencybench.runner.matrix;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.env.Environment;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.runner.jvm.Jvm;

/**
 * {@code run.json} of a matrix run: what was asked (scenarios, JVMs with their java binary and
 * flags, collectors, tuning, properties, the command that repeats it) and every cell's outcome so
 * far. Rewritten atomically after each cell, so an interrupted run still says what it did.
 */
public final class RunManifest {
    public static final String FILE = "run.json";
    /** What {@code --resume} reads back: every {@code run.json} this class writes has them. */
    public static final List<String> MEMBERS = List.of("scenarios", "jvms", "gcs", "gcArgs", "jvmArgs", "properties",
            "command", "cells");

    /** How the machine or suite differed when {@code --resume-anyway} finished the run ({@link RunRequest#resumedDespite}). */
    public static final String RESUMED_DESPITE = "resumedDespite";

    private final RunRequest request;
    private final String started = Instant.now().toString();

    public RunManifest(RunRequest request) {
        this.request = request;
    }

    public void write(List<Cell> cells, Map<String, CellOutcome> outcomes, boolean finished) throws IOException {
        JsonObject o = new JsonObject();
        o.addProperty("runId", request.runId);
        o.addProperty("started", started);
        if (finished) {
            o.addProperty("finished", Instant.now().toString());
        }
        o.addProperty("host", Environment.hostName());
        o.addProperty("command", request.command);
        o.addProperty("runnerJava", System.getProperty("java.home"));
        o.add("scenarios", strings(request.scenarios));
        JsonArray jvms = new JsonArray();
        for (Jvm j : request.jvms) {
            JsonObject jo = new JsonObject();
            jo.addProperty("name", j.name());
            jo.addProperty("java", j.java().toString());
            jo.addProperty("version", j.info().version());
            jo.addProperty("vendor", j.info().vendor());
            jo.addProperty("source", j.source());
            jo.add("flags", strings(j.flags()));
            jvms.add(jo);
        }
        o.add("jvms", jvms);
        List<String> gcs = new ArrayList<>();
        request.collectors.forEach(c -> gcs.add(c.id()));
        o.add("gcs", strings(gcs));
        JsonObject gcArgs = new JsonObject();
        request.gcArgs.forEach((k, v) -> gcArgs.add(k, strings(v)));
        o.add("gcArgs", gcArgs);
        o.add("jvmArgs", strings(request.extraJvmArgs));
        JsonObject props = new JsonObject();
        request.properties.forEach(props::addProperty);
        o.add("properties", props);
        if (!request.resumedDespite.isEmpty()) {
            o.add(RESUMED_DESPITE, strings(request.resumedDespite));
        }
        JsonArray cellArray = new JsonArray();
        for (Cell c : cells) {
            JsonObject co = new JsonObject();
            co.addProperty("scenario", c.scenario());
            co.addProperty("jvm", c.jvm().name());
            co.addProperty("gc", c.gcId());
            co.addProperty("cell", c.name());
            co.add("flags", strings(c.flags()));
            CellOutcome out = outcomes.get(c.key());
            if (out == null && c.skipReason() != null) {
                out = new CellOutcome(CellOutcome.SKIPPED, c.skipReason(), 0, 0);
            }
            co.addProperty("status", out == null ? "PENDING" : out.status);
            if (out != null && out.reason != null) {
                co.addProperty("reason", out.reason);
            }
            if (out != null && out.seconds > 0) {
                co.addProperty("seconds", Math.round(out.seconds * 10) / 10.0);
                co.addProperty("exitCode", out.exitCode);
            }
            co.addProperty("log", "logs/" + c.scenario() + "__" + c.name() + ".log");
            cellArray.add(co);
        }
        o.add("cells", cellArray);
        ResultFiles.writeJson(request.runDir().resolve(FILE), o);
    }

    /** The outcomes recorded in a run's {@code run.json}, by cell key ({@code queue/openjdk-17.0.15__g1}). */
    public static Map<String, CellOutcome> outcomes(JsonObject runJson) {
        Map<String, CellOutcome> m = new LinkedHashMap<>();
        for (JsonElement e : runJson.getAsJsonArray("cells")) {
            JsonObject c = e.getAsJsonObject();
            String status = c.get("status").getAsString();
            if (status.equals("PENDING")) {
                continue;
            }
            m.put(c.get("scenario").getAsString() + "/" + c.get("cell").getAsString(), new CellOutcome(status,
                    c.has("reason") ? c.get("reason").getAsString() : null,
                    c.has("exitCode") ? c.get("exitCode").getAsInt() : 0,
                    c.has("seconds") ? c.get("seconds").getAsDouble() : 0));
        }
        return m;
    }

    public static List<String> strings(JsonArray a) {
        List<String> l = new ArrayList<>();
        a.forEach(x -> l.add(x.getAsString()));
        return l;
    }

    private static JsonArray strings(List<String> items) {
        JsonArray a = new JsonArray();
        items.forEach(a::add);
        return a;
    }

    public static Path file(Path runDir) {
        return runDir.resolve(FILE);
    }
}
