package dev.latencybench.launch;

import dev.latencybench.launch.CellOutcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.result.ResultFiles;

class RunManifestTest {
    /** run.json files of real runs (results/device-16core-chain, results/device-16core-jet), as the runner wrote them. */
    private static final List<String> REAL = List.of("device-16core-chain.run.json", "device-16core-jet.run.json");

    @TempDir
    Path tmp;

    /** A run.json of a real run, read and written again: the same members and values; no version added. */
    @Test
    void aRealRunFileReadAndWrittenAgainHasTheSameMembersWithoutAVersionAdded() throws Exception {
        for (String name : REAL) {
            String original = Files.readString(resource(name), StandardCharsets.UTF_8);
            RunManifest run = RunManifest.fromJson(JsonParser.parseString(original).getAsJsonObject());
            assertEquals(1, run.version(), name + " predates the field: version 1");
            Path dir = Files.createDirectories(tmp.resolve(name));
            run.write(dir);
            assertEquals(JsonParser.parseString(original), JsonParser.parseString(Files.readString(RunManifest.file(dir),
                    StandardCharsets.UTF_8)), name);
            assertEquals(run.toJson(), RunManifest.read(dir).toJson(), name);
        }
    }

    @Test
    void aRealRunFileReadsBackTyped() throws Exception {
        RunManifest run = RunManifest.fromJson(ResultFiles.readJson(resource("device-16core-chain.run.json")));
        assertEquals("device-16core-chain", run.runId);
        assertEquals(List.of("chain"), run.scenarios);
        assertEquals("temurin-25.0.3", run.jvms.get(0).name);
        assertEquals(List.of("default"), run.gcs);
        assertEquals(Map.of(), run.gcArgs);
        assertEquals("256", run.properties.get("bench.chain.limit"));
        RunManifest.CellEntry cell = run.cells.get(0);
        assertEquals("chain/temurin-25.0.3__g1", cell.key());
        assertEquals(CellOutcome.INTERRUPTED, cell.status);
        assertNull(cell.seconds);
        assertEquals(List.of(), run.missing());
        assertNull(run.study);
        assertNull(run.resumedDespite);
        CellOutcome out = run.outcomes().get("chain/temurin-25.0.3__g1");
        assertEquals("interrupted while it ran", out.reason);
        assertEquals(0, out.exitCode);
    }

    /** What a newer suite adds to run.json survives a read and a write by this one, after the members it knows. */
    @Test
    void membersThisSuiteDoesNotKnowAreKeptOnAReadModifyWrite() throws Exception {
        JsonObject json = ResultFiles.readJson(resource("device-16core-jet.run.json"));
        JsonObject later = JsonParser.parseString("{\"kind\": \"later\", \"n\": [1, 2]}").getAsJsonObject();
        json.add("newerMember", later);
        json.addProperty("formatVersion", 2);
        RunManifest run = RunManifest.fromJson(json);
        assertEquals(2, run.version());
        assertEquals(later, run.unknown().get("newerMember"));
        JsonObject written = run.toJson();
        assertEquals(later, written.get("newerMember"));
        List<String> names = List.copyOf(written.keySet());
        assertEquals("newerMember", names.get(names.size() - 1), names.toString());

    }

    /** A single study's run.json (the study jar's): its study and variants typed, its own members kept. */
    @Test
    void aStudyRunFileReadsBackWithItsOwnMembersKept() {
        JsonObject json = JsonParser.parseString("{\"runId\": \"r\", \"started\": \"2026-11-27T00:00:00Z\", \"study\":"
                + " \"queue\", \"variants\": [\"chronicle\", \"baseline\"], \"schedule\": \"fixed\", \"scale\": \"smoke\","
                + " \"properties\": {\"bench.rate\": \"10K\"}, \"host\": \"h\", \"command\": \"java -jar x\"}")
                .getAsJsonObject();
        RunManifest run = RunManifest.fromJson(json);
        assertEquals("queue", run.study);
        assertEquals(List.of("chronicle", "baseline"), run.variants);
        assertNull(run.cells);
        assertEquals(List.of("scenarios", "jvms", "gcs", "gcArgs", "jvmArgs", "cells"), run.missing());
        assertEquals(Map.of(), run.outcomes());
        assertEquals(json, run.toJson());
    }

    @Test
    void aMemberOfTheWrongShapeIsNamed() {
        JsonObject json = JsonParser.parseString("{\"gcs\": 5}").getAsJsonObject();
        assertEquals("member gcs is not a list (it is a number)",
                assertThrows(MemberProblem.class, () -> RunManifest.fromJson(json)).getMessage());
        JsonObject cells = JsonParser.parseString("{\"cells\": [{\"scenario\": \"queue\"}]}").getAsJsonObject();
        assertEquals("member cells[0].cell is missing",
                assertThrows(MemberProblem.class, () -> RunManifest.fromJson(cells)).getMessage());
        JsonObject jvm = JsonParser.parseString("{\"jvms\": [{\"name\": {}}]}").getAsJsonObject();
        assertEquals("member jvms[0].name is not text (it is an object)",
                assertThrows(MemberProblem.class, () -> RunManifest.fromJson(jvm)).getMessage());
    }

    @Test
    void aDamagedFileIsNamedWithItsMember() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("damaged"));
        Files.writeString(RunManifest.file(dir), "{\"cells\": [{\"scenario\": \"queue\", \"cell\": \"c\","
                + " \"seconds\": \"long\"}]}");
        assertEquals(RunManifest.file(dir) + " is damaged: member cells[0].seconds is not a number (it is \"long\")",
                assertThrows(DamagedFile.class, () -> RunManifest.read(dir)).getMessage());
    }

    @Test
    void anEmptyFileHasEveryMemberMissing() {
        RunManifest run = RunManifest.fromJson(new JsonObject());
        assertEquals(List.of("scenarios", "jvms", "gcs", "gcArgs", "jvmArgs", "properties", "command", "cells"),
                run.missing());
        assertNull(run.runId);
        assertTrue(run.unknown().entrySet().isEmpty());
    }

    private static Path resource(String name) throws URISyntaxException, IOException {
        var url = RunManifestTest.class.getResource(name);
        if (url == null) {
            throw new IOException("no test resource " + name);
        }
        return Path.of(url.toURI());
    }
}
