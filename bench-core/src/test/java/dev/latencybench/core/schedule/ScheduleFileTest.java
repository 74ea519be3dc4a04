package dev.latencybench.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencySummary;

class ScheduleFileTest {
    /** The committed runs: schedule files as the suite wrote them before the version field. */
    private static final Path RESULTS = Paths.get("..", "results");

    @TempDir
    Path dir;

    @Test
    void writesTheCommittedFilesBackAsTheyWereWithoutAddingAVersion() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(RESULTS)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".schedule.json")).sorted()
                    .collect(Collectors.toList());
        }
        assertFalse(files.isEmpty(), "no schedule file under " + RESULTS.toAbsolutePath());
        for (Path f : files) {
            ScheduleFile schedule = ScheduleFile.read(f);
            assertEquals(1, schedule.version(), f.toString());
            assertEquals(0, schedule.others.size(), f + ": every field is known");
            Path out = dir.resolve("s.schedule.json");
            schedule.write(out);
            String written = Files.readString(out, StandardCharsets.UTF_8);
            assertEquals(Files.readString(f, StandardCharsets.UTF_8), written, f.toString());
        }
    }

    @Test
    void readsTheStepsTheSharedBrokerAndTheDecision() throws IOException {
        ScheduleFile s = ScheduleFile.read(
                RESULTS.resolve("device-16core-chain/chain/temurin-25.0.3__g1.schedule.json"));
        assertEquals("temurin-25.0.3__g1", s.cell);
        assertEquals("latency", s.primary);
        ScheduleFile.RanStep first = s.steps.get(0);
        assertEquals("kafka-instances-1", first.name);
        assertEquals("kafka", first.variant);
        assertEquals(Map.of("bench.chain.instances", "1"), first.properties);
        assertEquals("OK", first.status);
        assertEquals(10_000, first.summary.count);
        assertTrue(s.sharedSummary("kafka").length() > 0);
        assertNull(s.sharedSummary("in-memory"));
        assertEquals(Decision.Kind.UNFINISHED, s.decision.kind);
        assertEquals(List.of("kafka", "chronicle"), List.copyOf(s.decision.parts.keySet()));
    }

    @Test
    void writesWhatTheLauncherRanAndKeepsFieldsItDoesNotKnow() {
        LatencySummary figure = new LatencySummary(1, 2, 3, 4, 5, 6, 7);
        Step step = new Step("c-instances-2", "c", Map.of("bench.chain.instances", "2"), "2 chains");
        Decision d = new Decision(Decision.Kind.AT_LIMIT, 2, "at least 2 chains", List.of("c-instances-2"), "limit");
        JsonObject broker = JsonParser.parseString("{\"kind\": \"owned\", \"summary\": \"one broker\"}")
                .getAsJsonObject();
        ScheduleFile written = ScheduleFile.of("capacity search of c", "j__g1", "e2e",
                List.of(StepOutcome.ok(step, figure)), Map.of("c", broker), d);
        JsonObject json = written.toJson();
        assertEquals("{\"formatVersion\":1,\"schedule\":\"capacity search of c\",\"cell\":\"j__g1\",\"primary\":\"e2e\","
                + "\"steps\":[{\"name\":\"c-instances-2\",\"variant\":\"c\",\"properties\":{\"bench.chain.instances\":"
                + "\"2\"},\"description\":\"c, 2 chains\",\"status\":\"OK\",\"e2e\":{\"p50\":1,\"p90\":2,\"p99\":3,"
                + "\"p99_9\":4,\"p99_99\":5,\"max\":6,\"count\":7}}],\"shared\":{\"c\":{\"kind\":\"owned\",\"summary\":"
                + "\"one broker\"}},\"decision\":" + d.toJson() + "}", json.toString());
        json.getAsJsonArray("steps").get(0).getAsJsonObject().addProperty("retries", 2);
        json.addProperty("host", "vm");
        ScheduleFile back = ScheduleFile.fromJson(json);
        assertEquals(figure, back.steps.get(0).summary);
        assertEquals(d, back.decision);
        assertEquals("one broker", back.sharedSummary("c"));
        assertEquals(json.toString(), back.toJson().toString());

        JsonObject old = JsonParser.parseString("{\"schedule\": \"fixed list\", \"cell\": \"j__g1\"}")
                .getAsJsonObject();
        ScheduleFile fixed = ScheduleFile.fromJson(old);
        assertEquals(1, fixed.version());
        assertEquals(old, fixed.toJson(), "a file from before the version is written back without it");
        assertNull(fixed.decision);
        assertNull(fixed.steps);
    }
}
