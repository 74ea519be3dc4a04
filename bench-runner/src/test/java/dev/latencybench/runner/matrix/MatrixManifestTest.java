package dev.latencybench.runner.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.launch.RunManifest;
import dev.latencybench.runner.jvm.Collector;

class MatrixManifestTest {
    @TempDir
    Path tmp;

    /** --resume: the request that finishes a run carries the members this suite does not know into the run.json it rewrites. */
    @Test
    void aResumedRequestKeepsTheRunFilesUnknownMembers() {
        JsonObject later = JsonParser.parseString("{\"kind\": \"later\", \"n\": [1, 2]}").getAsJsonObject();
        JsonObject json = JsonParser.parseString("{\"runId\": \"later\"}").getAsJsonObject();
        json.add("newerMember", later);
        RunManifest run = RunManifest.fromJson(json);
        RunRequest request = new RunRequest(tmp, "later", List.of("queue"), Map.of(), List.of(),
                List.of(Collector.G1), Map.of(), List.of(), Map.of(), "scripts/bench run").keeping(run.unknown())
                .resumedDespite(List.of("host: a in the run, b here"));
        RunManifest rewritten = MatrixManifest.of(request, request.cells(), Map.of(), "2026-11-27T00:00:00Z", null);
        assertEquals(later, rewritten.toJson().get("newerMember"));
        assertEquals(RunManifest.FORMAT_VERSION, rewritten.formatVersion);
        assertEquals(List.of("host: a in the run, b here"), rewritten.resumedDespite);
        assertEquals("later", rewritten.runId);
    }
}
