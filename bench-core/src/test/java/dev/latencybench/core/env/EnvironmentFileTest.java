package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultLayout;

class EnvironmentFileTest {
    /** The committed runs' cells: env.json files as the suite wrote them before the version field. */
    private static final Path RESULTS = Paths.get("..", "results");

    @TempDir
    Path dir;

    @Test
    void readsEveryMemberOfTheCommittedFilesAsAKnownOne() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(RESULTS)) {
            files = s.filter(p -> p.getFileName().toString().equals(ResultLayout.ENV_JSON)).sorted()
                    .collect(Collectors.toList());
        }
        assertFalse(files.isEmpty(), "no env.json under " + RESULTS.toAbsolutePath());
        for (Path f : files) {
            EnvironmentFile env = EnvironmentFile.read(f);
            assertEquals(1, env.version(), f.toString());
            assertEquals(0, env.others.size(), f + ": every field is known");
            assertFalse(env.toJson().has("formatVersion"), f + ": a file without the version is written back without");
        }
    }

    @Test
    void aFileWrittenNowHasTheVersionFirst() throws IOException {
        Path out = dir.resolve("env.json");
        new Environment(dir).snapshot().write(out);
        assertTrue(Files.readString(out, StandardCharsets.UTF_8).startsWith("{\n  \"formatVersion\": 1,\n"));
    }

    @Test
    void readsTheFieldsByTheirMeaning() throws IOException {
        Path f = RESULTS.resolve("device-16core-chain/chain/chronicle-instances-4/temurin-25.0.3__g1/env.json");
        EnvironmentFile env = EnvironmentFile.read(f);
        assertEquals("temurin-25.0.3", env.jdk.id);
        assertEquals(32178700288L, env.jdk.maxHeapBytes);
        assertEquals("g1", env.gc);
        assertEquals(16, env.cpu.availableProcessors);
        assertEquals("0-15", env.cpu.online);
        assertEquals("131981020 kB", env.os.memTotal);
        assertEquals("vm", env.os.host);
        assertEquals("isolcpus", env.hostCheck.get(0).id);
        assertEquals("WARN", env.hostCheck.get(0).status);
        assertNull(env.hostCheck.get(6).advice);
        assertEquals("31a5550cb69c4dd723a7144ebd8c9230e9fee587", env.suiteCommit);
        assertEquals("pinning turned off", env.pinning.get(0).note);
        assertEquals("7182", env.pinning.get(0).fork);
        assertEquals(0.1, env.machineLoad.get(0).busyThresholdCores);
        assertTrue(env.machineLoad.get(0).busy);
    }

    @Test
    void keepsFieldsItDoesNotKnowAndReadsAMissingVersionAsOne() {
        JsonObject o = JsonParser.parseString("{\"jdk\": {\"id\": \"j\", \"vendorUrl\": \"u\"}, \"gc\": \"zgc\","
                + " \"cpu\": {\"model\": \"M\", \"availableProcessors\": 2}, "
                + " \"pinning\": [{\"requested\": \"auto\", \"senderCpu\": 2, \"receiverCpu\": -1, \"pinned\": false,"
                + " \"failure\": \"refused\", \"fork\": \"12\", \"spare\": 1}], \"numa\": {\"nodes\": 2}}")
                .getAsJsonObject();
        EnvironmentFile env = EnvironmentFile.fromJson(o);
        assertEquals(1, env.version());
        assertEquals("u", env.jdk.others.get("vendorUrl").getAsString());
        assertEquals(2, env.cpu.availableProcessors);
        assertEquals(2, env.pinning.get(0).roleCpus().get("sender"));
        assertEquals(-1, env.pinning.get(0).roleCpus().get("receiver"));
        assertEquals(JsonParser.parseString("{\"nodes\": 2}"), env.others.get("numa"));
        JsonObject back = env.toJson();
        assertEquals(o, back, "the same members and values");
        assertEquals(List.of("jdk", "gc", "cpu", "pinning", "numa"), List.copyOf(back.keySet()),
                "the known members in their order, then the unknown ones");
    }

    @Test
    void aDamagedMemberIsNamedWithTheFile() throws IOException {
        Path f = dir.resolve("env.json");
        Files.writeString(f, "{\"cpu\": {\"model\": \"M\", \"availableProcessors\": \"many\"}}");
        IOException e = assertThrows(IOException.class, () -> EnvironmentFile.read(f));
        assertEquals(f + " is damaged: member cpu.availableProcessors is not a whole number (it is \"many\")",
                e.getMessage());
    }

    @Test
    void aCellFileAddsTheForksPartToTheForksCapture() {
        EnvironmentFile fork = new Environment(dir).snapshot();
        assertNull(fork.suiteCommit);
        EnvironmentFile.Pinning pin = EnvironmentFile.Pinning.read(JsonParser.parseString(
                "{\"requested\": \"none\", \"plan\": \"none\", \"note\": \"off\", \"fork\": \"1\"}").getAsJsonObject());
        EnvironmentFile.MachineLoad load = EnvironmentFile.MachineLoad.read(JsonParser.parseString(
                "{\"otherProcessesCores\": 0.0, \"busy\": false, \"fork\": \"1\"}").getAsJsonObject());
        EnvironmentFile cell = EnvironmentFile.fromJson(fork.toJson()).forCell("abc", List.of(pin), List.of(load));
        JsonObject json = cell.toJson();
        assertEquals(List.of("formatVersion", "jdk", "gc", "vmFlags", "cpu", "os", "hostCheck", "suiteCommit", "pinning",
                "machineLoad"), List.copyOf(json.keySet()));
        assertEquals("abc", json.get("suiteCommit").getAsString());
        assertEquals("{\"otherProcessesCores\":0.0,\"busy\":false,\"fork\":\"1\"}",
                json.getAsJsonArray("machineLoad").get(0).toString());
        assertEquals("{\"formatVersion\":1,\"suiteCommit\":\"abc\",\"pinning\":[],\"machineLoad\":[]}",
                EnvironmentFile.EMPTY.forCell("abc", List.of(), List.of()).toJson().toString());
    }
}
