package dev.latencybench.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;

/** A cell's plan file: what it keeps, that it reads back as written, and the one line a damaged one gives. */
class CellPlanTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);
    private static final RunLength LENGTH = RunLength.of(S, 2 * S, 10 * S, 30 * S, 20 * S, 100 * S);

    @TempDir
    Path tmp;

    @Test
    void aPlanKeepsTheTextGivenItsValuesAndTheDefaultsAndReadsBackAsWritten() throws Exception {
        BenchProperties runner = new BenchProperties(Map.of(Periods.SCALE, "smoke", Periods.FORKS, "2"));
        Periods periods = Periods.read(runner, Scale.STANDARD, LENGTH);
        CellPlan plan = CellPlan.of("study", "jvm__g1", runner,
                Map.of(Periods.WARMUP, Long.toString(periods.warmupNs + 15 * S)));
        assertEquals(Map.of(Periods.SCALE, "SMOKE", Periods.FORKS, "2", Periods.WARMUP, Long.toString(16 * S)),
                plan.values());
        assertEquals(Map.of(Periods.DURATION, Long.toString(2 * S), "bench.progress", Long.toString(5 * S),
                Periods.CONFIRM_FORKS, "1"), plan.defaults());

        Path file = CellPlan.file(tmp, "study", "jvm__g1");
        plan.write(file);
        assertEquals(tmp.resolve("study/jvm__g1.plan.json"), file);
        CellPlan read = CellPlan.read(file);
        assertEquals(plan.study(), read.study());
        assertEquals(plan.cell(), read.cell());
        assertEquals(plan.given(), read.given());
        assertEquals(plan.values(), read.values());
        assertEquals(plan.defaults(), read.defaults());

        BenchProperties launcher = read.properties(Map.of());
        Periods again = Periods.read(launcher, Scale.STANDARD, LENGTH);
        assertEquals(List.of(), launcher.parsed());
        assertEquals(16 * S, again.warmupNs);
        assertEquals(Scale.SMOKE, again.scale);
        assertEquals(2, again.forks);
        assertEquals(2 * S, again.measureNs);
    }

    @Test
    void aMissingOrDamagedPlanIsOneLineNamingTheFile() throws Exception {
        Path file = tmp.resolve("q/c.plan.json");
        assertEquals("the cell's plan " + file + " is not there",
                assertThrows(ConfigException.class, () -> CellPlan.read(file)).getMessage());
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"study\": \"q\"}");
        assertEquals("the cell's plan " + file + " is not as the suite writes it: it lacks the study, the properties"
                + " given or their values", assertThrows(ConfigException.class, () -> CellPlan.read(file)).getMessage());
        Files.writeString(file, "{\"study\": [1, 2");
        String m = assertThrows(ConfigException.class, () -> CellPlan.read(file)).getMessage();
        assertEquals(true, m.startsWith("the cell's plan " + file + " is not as the suite writes it: "), m);
        assertEquals(false, m.contains("\n"), m);
    }
}
