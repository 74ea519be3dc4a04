package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.Metrics;
import dev.latencybench.report.data.RunData;

class RunDataTest {
    @TempDir
    Path tmp;

    @Test
    void aResultWrittenBeforeMetricsWereNamedReadsAsLatencyAndServiceWithTheFloorAndYardstickByName()
            throws IOException {
        RunData old = RunData.load(new FixtureRun(tmp.resolve("old"))
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000).write().dir);
        RunData named = RunData.load(new FixtureRun(tmp.resolve("named")).named(Metrics.ONE_WAY, "floor", null)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000).write().dir);
        RunData.Row o = old.rows("queue", "chronicle").get(0);
        RunData.Row n = named.rows("queue", "chronicle").get(0);
        assertEquals(Metrics.ONE_WAY, o.metrics);
        assertEquals(Metrics.ONE_WAY, n.metrics);
        for (String metric : List.of("latency", "service")) {
            assertEquals(n.summary(metric), o.summary(metric), metric);
        }
        assertEquals(n.primary(), o.primary());
        assertEquals(1_100, o.primary().p50);
        assertEquals(n.primaryForks(), o.primaryForks());
        assertEquals(2, o.primaryForks().size());
        assertEquals(List.of(), o.forks("service"), "an old result kept only the latency's forks");
        assertEquals(2, n.forks("service").size());

        assertEquals("baseline", old.study("queue").floor);
        assertEquals("reference", old.study("queue").yardstick);
        assertEquals("floor", named.study("queue").floor);
        assertNull(named.study("queue").yardstick, "a study that declares roles and no yardstick has none");
    }

    @Test
    void theDeclaredFloorGoesLastWhateverItsName() throws IOException {
        RunData data = RunData.load(new FixtureRun(tmp.resolve("jet")).shape("jet", "a window")
                .named(ReportShapesTest.WINDOW, "direct", null)
                .cell("direct", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 1, 30_000)
                .cell("pipeline", "openjdk-17.0.15__g1", "OK", 1_000, 3_000_000, 1, 30_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 1_000, 3_000_000, 1, 30_000).write().dir);
        assertEquals(List.of("baseline", "pipeline", "direct"), data.variants("jet"));
        assertEquals(ReportShapesTest.WINDOW, data.study("jet").metrics);
        assertEquals(List.of("first", "last", "spread"), data.rows("jet", "pipeline").get(0).metrics.names());
    }
}
