package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.result.ResultFiles;

class UnderLoadTest {
    private static final CpuLoadProbe.Load BUSY = new CpuLoadProbe.Load(1.5, 0.4, 0, 0, true);
    private static final CpuLoadProbe.Load QUIET = new CpuLoadProbe.Load(0.02, 0.4, 0, 0, true);

    private static JsonObject json(String s) {
        return JsonParser.parseString(s).getAsJsonObject();
    }

    private static CpuLoadProbe.Load notAsked() {
        return fail("the load now is not read where the result says");
    }

    @Test
    void anOkResultPasses() {
        assertDoesNotThrow(() -> UnderLoad.assertOk(json("{\"status\":\"OK\",\"reasons\":[]}"), "chronicle"));
        assertThrows(AssertionError.class, () -> UnderLoad.assertOk(json("{\"status\":\"FAILED\",\"reasons\":[\"no"
                + " latency was measured\"]}"), "chronicle"));
    }

    @Test
    void aPointThatDidNotKeepUpOnAFlaggedMachineNamesTheFlag() {
        JsonObject r = json("{\"status\":\"FAILED\",\"reasons\":[\"rate not held: the producer ended 2.1s behind"
                + " schedule\"],\"flags\":[\"busy machine: other processes used 1.72 cores, more than the 0.10"
                + " allowed\"]}");
        assertEquals("the machine was busy, so a point did not keep up (busy machine: other processes used 1.72 cores,"
                + " more than the 0.10 allowed); rerun on a quieter machine. chronicle: FAILED, reasons [rate not held:"
                + " the producer ended 2.1s behind schedule], flags [busy machine: other processes used 1.72 cores,"
                + " more than the 0.10 allowed]", UnderLoad.explain(r, "chronicle", UnderLoadTest::notAsked));
    }

    @Test
    void withoutAFlagTheLoadNowDecides() {
        JsonObject r = json("{\"status\":\"FAILED\",\"reason\":\"did not keep up: the source fell 300ms behind\"}");
        String busy = UnderLoad.explain(r, "jet 100", () -> BUSY, 4);
        assertTrue(busy.startsWith("the machine is busy (other processes use 1.50 cores now, steal 0.00), so a point"
                + " did not keep up; rerun on a quieter machine. jet 100: FAILED"), busy);
        String quiet = UnderLoad.explain(r, "jet 100", () -> QUIET, 4);
        assertTrue(quiet.startsWith("a point did not keep up on a machine that is not busy now (other processes 0.02"
                + " cores): not the load. jet 100: FAILED"), quiet);
    }

    @Test
    void onTwoCpusAPointThatDidNotKeepUpIsTheMachines() {
        JsonObject r = json("{\"status\":\"FAILED\",\"reasons\":[\"rate not held: 188,797 of 200,000 messages"
                + " sent\"]}");
        assertEquals("the machine is busy with the run itself on 2 CPUs, fewer than the 4 a spinning pair and the rest"
                + " of the run need, so a point did not keep up; rerun on a machine of 4 or more. chronicle: FAILED,"
                + " reasons [rate not held: 188,797 of 200,000 messages sent], flags []",
                UnderLoad.explain(r, "chronicle", UnderLoadTest::notAsked, 2));
    }

    @Test
    void anyOtherFailureIsReportedAsItIs() {
        JsonObject r = json("{\"status\":\"FAILED\",\"reasons\":[\"the JVM exited with 1\"],\"flags\":[\"busy machine:"
                + " other processes used 1.72 cores, more than the 0.10 allowed\"]}");
        assertEquals("kafka: FAILED, reasons [the JVM exited with 1], flags [busy machine: other processes used 1.72"
                + " cores, more than the 0.10 allowed]", UnderLoad.explain(r, "kafka", UnderLoadTest::notAsked));
    }

    @Test
    void aRunThatExitedOneForAPointThatDidNotKeepUpSaysSo(@TempDir Path tmp) throws Exception {
        Path ok = Files.createDirectories(tmp.resolve("r1/queue/baseline/cell"));
        Files.writeString(ok.resolve("result.json"), "{\"status\":\"OK\",\"reasons\":[]}");
        Path slow = Files.createDirectories(tmp.resolve("r1/queue/chronicle/cell"));
        Files.writeString(slow.resolve("result.json"), "{\"status\":\"FAILED\",\"reasons\":[\"rate not held: the"
                + " producer ended 2.1s behind schedule\"],\"flags\":[\"busy machine: other processes used 1.72 cores,"
                + " more than the 0.10 allowed\"]}");
        // the forks saw a busy machine: not asserted, and the build goes on
        TestAbortedException aborted = assertThrows(TestAbortedException.class,
                () -> UnderLoad.assertExitZero(1, "console", tmp));
        assertTrue(aborted.getMessage().startsWith("not asserted: the machine was busy, so a point did not keep up"
                + " (busy machine: other processes used 1.72 cores, more than the 0.10 allowed); rerun on a quieter"
                + " machine. r1/queue/chronicle/cell: FAILED"), aborted.getMessage());
        assertEquals(List.of(UnderLoad.explain(ResultFiles.readJson(slow.resolve("result.json")),
                "r1/queue/chronicle/cell", UnderLoadTest::notAsked)),
                UnderLoad.assertExitZeroUnlessBusy(1, "console", tmp), "the other studies are still checked");
        assertThrows(TestAbortedException.class, () -> UnderLoad.assertOk(ResultFiles.readJson(
                slow.resolve("result.json")), "chronicle"));

        Files.writeString(slow.resolve("result.json"), "{\"status\":\"FAILED\",\"reasons\":[\"the JVM exited"
                + " with 1\"]}");
        assertThrows(AssertionError.class, () -> UnderLoad.assertExitZeroUnlessBusy(1, "console", tmp));
        AssertionError e = assertThrows(AssertionError.class, () -> UnderLoad.assertExitZero(1, "console", tmp));
        assertTrue(e.getMessage().startsWith("console ==> expected: <0> but was: <1>"), e.getMessage());
        assertDoesNotThrow(() -> UnderLoad.assertExitZero(0, "console", tmp));
    }
}
