package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void theConsoleShowsTwoMetricTablesAndNamesTheRest() {
        LatencySummary v = new LatencySummary(1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 10);
        dev.latencybench.core.record.Metrics hops = new dev.latencybench.core.record.Metrics(List.of(
                dev.latencybench.core.record.Metric.nanos("latency", "end to end"),
                dev.latencybench.core.record.Metric.nanos("service", "from the actual send"),
                dev.latencybench.core.record.Metric.nanos("hop-1", "topic 0"),
                dev.latencybench.core.record.Metric.nanos("hop-2", "topic 1")));
        CellSummary c = new CellSummary("chronicle-instances-2", "openjdk-17.0.15__g1", "OK", List.of(), List.of(), hops,
                List.of(v, v, v, v), java.nio.file.Path.of("x"));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        CellSummary.printTables(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8),
                "transport", List.of(c));
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(out.contains("end to end:\n") && out.contains("from the actual send:\n"), out);
        assertFalse(out.contains("topic 0:"), out);
        assertTrue(out.endsWith("  2 more metric(s), in each cell's result.json and the report: hop-1, hop-2\n"), out);
    }

    @Test
    void aMetricThatNoCellButTheFloorsLeftEmptyIsNamedOnceAsNoSample() {
        LatencySummary v = new LatencySummary(1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 10);
        LatencySummary none = new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        Metrics withProbes = new Metrics(List.of(dev.latencybench.core.record.Metric.nanos("latency", "intended"),
                dev.latencybench.core.record.Metric.nanos("call", "run()"),
                dev.latencybench.core.record.Metric.nanos("decode", "the task's probe 'decode'"),
                dev.latencybench.core.record.Metric.nanos("encode", "the task's probe 'encode'")));
        Path dir = Path.of("x");
        CellSummary task = new CellSummary("codec", "openjdk-17.0.15__g1", "OK", List.of(), List.of(), withProbes,
                List.of(v, v, none, v), dir);
        CellSummary floor = new CellSummary("floor", "openjdk-17.0.15__g1", "OK", List.of(), List.of(), withProbes,
                List.of(v, v, none, none), dir);
        assertEquals(List.of("decode: no sample in any cell (the task's probe 'decode': declared, never recorded)"),
                CellSummary.unrecorded(List.of(task, floor), "floor"), "encode was recorded by the task: not named");
        CellSummary interrupted = new CellSummary("codec", "openjdk-17.0.15__g1", "INTERRUPTED", List.of(), List.of(),
                withProbes, List.of(none, none, none, none), dir);
        assertEquals(List.of(), CellSummary.unrecorded(List.of(interrupted, floor), "floor"),
                "nothing measured by the task: no metric told apart");
    }

    @Test
    void aStepThatRecordedNothingSaysSo() {
        assertEquals("[queue/chronicle] done: FAILED  no latency recorded",
                cell("FAILED", new LatencySummary(0, 0, 0, 0, 0, 0, 0)).doneLine("queue/chronicle"));
    }

    @Test
    void aPercentileWithTooFewSamplesBeyondItIsNotPrintedAndOneWithFewIsMarked() {
        // a rate=1 run: 2 samples, 1 beyond the median, none beyond p99 or p99.99
        assertEquals("[queue/chronicle] done: OK  latency p50 -(1)  p99 -(0)  p99.99 -(0)  2 samples",
                cell("OK", new LatencySummary(4_000_000, 4_130_000, 4_130_000, 4_130_000, 4_130_000, 4_130_000, 2))
                        .doneLine("queue/chronicle"));
        // 5,000 samples: 2,500 beyond p50, 50 beyond p99 (marked), 0.5 rounded to 1 beyond p99.99 (not shown)
        assertEquals("[queue/chronicle] done: OK  latency p50 1.35us  p99 28.4us*  p99.99 -(1)  5,000 samples",
                cell("OK", new LatencySummary(1_354, 3_163, 28_367, 524_799, 983_551, 1_811_455, 5_000))
                        .doneLine("queue/chronicle"));
    }

    @Test
    void theConsoleTableMarksThinPercentilesAndSaysOnceWhatTheMarksMean() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        CellSummary.printTable(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8),
                "end to end:", "transport", List.of(cell("OK", new LatencySummary(302_000_000, 320_000_000,
                        320_000_000, 320_000_000, 320_000_000, 320_000_000, 3))), "latency");
        assertEquals("end to end:\n"
                + "  transport    jvm__gc                         p50      p90      p99    p99.9   p99.99      max"
                + "      samples  status\n"
                + "  chronicle    openjdk-17.0.15__g1            -(2)     -(0)     -(0)     -(0)     -(0)    320ms"
                + "            3  OK\n"
                + "  -(n): a percentile with n samples beyond it, fewer than 10, not shown (the few worst samples, not"
                + " a percentile); *: fewer than 100 beyond it\n",
                bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void aLongVariantOrJvmNameWidensItsColumnInsteadOfPushingItsRowAskew() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        LatencySummary s = new LatencySummary(1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 100_000);
        CellSummary.printTable(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8),
                "latency:", "transport", List.of(cell("OK", s), new CellSummary("com.example.AVeryLongTaskName",
                        "temurin-25.0.3+graal-25.0.3__shenandoah-gen", "OK", List.of(), List.of(),
                        Metrics.ONE_WAY, List.of(s, s), null)), "latency");
        List<String> lines = bytes.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
                .collect(java.util.stream.Collectors.toList());
        assertEquals("latency:", lines.get(0), "the heading, then the columns' names, then a row per cell");
        int p50 = lines.get(1).indexOf("p50");
        assertTrue(p50 > 0, lines.toString());
        assertEquals(p50, lines.get(2).indexOf("1.00us") + "1.00us".length() - "p50".length(), lines.toString());
        assertEquals(p50, lines.get(3).indexOf("1.00us") + "1.00us".length() - "p50".length(), lines.toString());
    }
}
