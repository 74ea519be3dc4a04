package dev.latencybench.runner.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    void theConsoleAndTheReportHideTheSamePercentiles() {
        assertEquals(Percentiles.SHOWN_BEYOND, PercentileTrust.SHOWN_BEYOND);
        assertEquals(Percentiles.CONFIDENT_BEYOND, PercentileTrust.CONFIDENT_BEYOND);
        for (long count : new long[] {2, 3, 2_000, 30_000, 200_000}) {
            for (double pct : Percentiles.PCTS) {
                assertEquals(Percentiles.beyond(count, pct), PercentileTrust.beyond(count, pct));
            }
        }
    }
}
