package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.study.CellPlan;

/** A benchmark JVM takes its cell's values from the plan file the launcher names, without reading their text. */
class StudyBenchmarkPlanTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);
    private static final RunLength LENGTH = RunLength.of(S, 2 * S, 10 * S, 30 * S, 20 * S, 100 * S);

    @TempDir
    Path tmp;

    @Test
    void aForkReadsItsCellsPlanFileAndNoTextItResolved() throws Exception {
        BenchProperties launcher = new BenchProperties(Map.of(Periods.WARMUP, "3s", Periods.SCALE, "smoke"));
        Periods.read(launcher, Scale.STANDARD, LENGTH);
        Path file = CellPlan.file(tmp, "study", "jvm__g1");
        CellPlan.of("study", "jvm__g1", launcher, Map.of()).write(file);

        BenchProperties fork = StudyBenchmark.properties(file.toString());
        Periods periods = Periods.read(fork, Scale.STANDARD, LENGTH);
        assertEquals(3 * S, periods.warmupNs);
        assertEquals(Scale.SMOKE, periods.scale);
        assertEquals(List.of(), fork.parsed());
        assertEquals("3s", fork.given().get(Periods.WARMUP), "the text as given, for what reads it as text");
    }
}
