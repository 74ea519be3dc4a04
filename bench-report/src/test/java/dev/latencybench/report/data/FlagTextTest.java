package dev.latencybench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.PercentileTrust;
import dev.latencybench.core.result.CellResult;

/** Flags of results written before the flags said their figures read as a new run writes them. */
class FlagTextTest {
    private static final String OLD_BUSY = "busy machine: other processes used CPU time during the measurement (see"
            + " machineLoad)";
    private static final String OLD_PLACEMENT = "CPU placement changed: the cache-line round trip between the"
            + " producer's and the consumer's CPUs ranged from 158ns to 468ns (probed before and after each period):"
            + " the host moved the CPUs, or something else ran on them, so the percentiles mix two conditions (see"
            + " cpuPair)";

    private static CellResult result(String json) {
        return CellResult.read(JsonParser.parseString(json).getAsJsonObject());
    }

    @Test
    void anOldBusyFlagIsWrittenAgainFromTheResultsMachineLoad() {
        CellResult r = result("{\"status\":\"OK\",\"machineLoad\":[{\"otherProcessesCores\":0.13348768100712033,"
                + "\"stealCores\":0.0,\"busyThresholdCores\":0.1,\"busy\":true,\"fork\":\"2981\"}]}");
        assertEquals(List.of("busy machine: other processes used 0.13 cores, more than the 0.10 allowed",
                "unpinned: the spinning threads were not pinned to CPUs"),
                FlagText.current(List.of(OLD_BUSY, "unpinned: the spinning threads were not pinned to CPUs"), r));
    }

    @Test
    void anOldPlacementFlagIsWrittenAgainFromTheResultsRoundTrips() {
        CellResult r = result("{\"status\":\"OK\",\"cpuPair\":{\"roundTripMinNs\":158,\"roundTripMaxNs\":468}}");
        assertEquals(List.of("CPU placement changed: the cache-line round trip between the producer's and the"
                + " consumer's CPUs ranged from 158ns to 468ns (probed before and after each period), 3.0x apart where"
                + " one placement stays within 1.5x: the host moved the CPUs, or something else ran on them, so the"
                + " percentiles mix two conditions"), FlagText.current(List.of(OLD_PLACEMENT), r));
    }

    @Test
    void withoutTheFiguresTheFieldNameIsDroppedAndTheRestKept() {
        CellResult r = result("{\"status\":\"OK\"}");
        assertEquals(List.of("busy machine: other processes used CPU time during the measurement"),
                FlagText.current(List.of(OLD_BUSY), r));
        List<String> current = List.of("busy machine: other processes used 0.26 cores, more than the 0.10 allowed");
        assertEquals(current, FlagText.current(current, r), "a new flag is kept as it is");
    }

    @Test
    void theConsoleAndTheReportHideAndMarkTheSamePercentiles() {
        // 2,000 samples: 2 beyond p99.9, hidden by both; 30,000: 30 beyond, shown and marked; 200,000: 200, plain
        assertEquals("-(2)", PercentileTrust.console("104ms", 2_000, 99.9));
        assertFalse(Percentiles.shown(2_000, 99.9));
        assertEquals("104ms*", PercentileTrust.console("104ms", 30_000, 99.9));
        assertTrue(Percentiles.shown(30_000, 99.9) && !Percentiles.confident(30_000, 99.9));
        assertEquals("104ms", PercentileTrust.console("104ms", 200_000, 99.9));
        assertTrue(Percentiles.confident(200_000, 99.9));
    }

    @Test
    void theGraalCompilersModulePathIsShownByItsRelease() {
        assertEquals("--upgrade-module-path=<GraalVM compiler 23.1.11>", FlagText.shortFlag(
                "--upgrade-module-path=/x/graal/23.1.11/compiler-23.1.11.jar:/x/graal/23.1.11/word-23.1.11.jar"));
        assertEquals("--upgrade-module-path=<GraalVM compiler jars>", FlagText.shortFlag("--upgrade-module-path=/a.jar"));
        assertEquals("-XX:+UseJVMCICompiler", FlagText.shortFlag("-XX:+UseJVMCICompiler"));
    }
}
