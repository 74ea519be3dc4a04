package dev.latencybench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;

/** The line a step ends with on the console. */
class CellSummaryTest {
    private static CellSummary cell(String status, LatencySummary latency) {
        return new CellSummary("chronicle", "openjdk-17.0.15__g1", status, List.of(), List.of(), Metrics.ONE_WAY,
                List.of(latency, latency), Path.of("/tmp/r/queue/chronicle/openjdk-17.0.15__g1"));
    }

    @Test
    void aStepEndsWithItsStatusAndThePrimaryMetricsMedianAndTail() {
        LatencySummary latency = new LatencySummary(1_354, 3_163, 28_367, 524_799, 983_551, 1_811_455, 3_000_000);
        assertEquals("[queue/chronicle] done: OK  latency p50 1.35us  p99 28.4us  p99.99 984us  3,000,000 samples",
                cell("OK", latency).doneLine("queue/chronicle"));
    }

    @Test
    void aStepThatRecordedNothingSaysSo() {
        assertEquals("[queue/chronicle] done: FAILED  no latency recorded",
                cell("FAILED", new LatencySummary(0, 0, 0, 0, 0, 0, 0)).doneLine("queue/chronicle"));
    }
}
