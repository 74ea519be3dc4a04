package dev.latencybench.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.testing.CountingStudy;

/** A cell's plan file: what it keeps, that it reads back as written, and the one line a damaged one gives. */
class CellPlanTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    @TempDir
    Path tmp;

    @Test
    void aPlanKeepsTheTextGivenAndTheStudysSettingsAndReadsBackAsWritten() throws Exception {
        CountingStudy study = new CountingStudy();
        Map<String, String> given = Map.of(Periods.SCALE, "smoke", Periods.FORKS, "2", CountingStudy.FOLDER,
                tmp.toString());
        CellPlan plan = CellPlan.of("counting", "jvm__g1", given, study.plan(new BenchProperties(given),
                CpuTopology.system()));
        Path file = CellPlan.file(tmp, "counting", "jvm__g1");
        plan.write(file);
        assertEquals(tmp.resolve("counting/jvm__g1.plan.json"), file);
        CellPlan read = CellPlan.read(file);
        assertEquals(plan.study(), read.study());
        assertEquals(plan.cell(), read.cell());
        assertEquals(plan.given(), read.given());
        assertEquals(plan.settings(), read.settings());

        int reads = CountingStudy.READS.get();
        Study.Plan launcher = study.planOf(read.settings());
        assertEquals(reads, CountingStudy.READS.get(), "the launcher's plan runs no reader");
        assertEquals(Scale.SMOKE, launcher.periods().scale);
        assertEquals(2, launcher.periods().forks);
        assertEquals(2 * S, launcher.periods().measureNs);
        assertEquals(read.settings(), launcher.settings());
        assertEquals("2", read.properties(Map.of()).given().get(Periods.FORKS), "the text, for the run's settings");
    }

    @Test
    void aRefusedCellSaysWhyWhenItsSettingsAreAskedFor() throws Exception {
        Path file = CellPlan.file(tmp, "counting", "c");
        CellPlan.refused("counting", "c", Map.of(), "nothing to run on JDK 8").write(file);
        assertEquals("nothing to run on JDK 8", assertThrows(ConfigException.class, () -> CellPlan.read(file)
                .settings()).getMessage());
    }

    @Test
    void aMissingOrDamagedPlanIsOneLineNamingTheFile() throws Exception {
        Path file = tmp.resolve("q/c.plan.json");
        assertEquals("the cell's plan " + file + " is not there",
                assertThrows(ConfigException.class, () -> CellPlan.read(file)).getMessage());
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"study\": \"q\", \"given\": {}}");
        assertEquals("the cell's plan " + file + " is not as the suite writes it: it lacks the study, the properties"
                + " given or the study's settings", assertThrows(ConfigException.class, () -> CellPlan.read(file))
                .getMessage());
        Files.writeString(file, "{\"study\": [1, 2");
        String m = assertThrows(ConfigException.class, () -> CellPlan.read(file)).getMessage();
        assertEquals(true, m.startsWith("the cell's plan " + file + " is not as the suite writes it: "), m);
        assertEquals(false, m.contains("\n"), m);
    }

    @Test
    void settingsNotAsTheStudyWritesThemAreOneLineNamingTheStudy() {
        String m = assertThrows(ConfigException.class, () -> new CountingStudy().planOf(
                com.google.gson.JsonParser.parseString("{\"ratePerSec\": \"fast\"}"))).getMessage();
        assertEquals(true, m.startsWith("the counting study's settings in the cell's plan are not as it writes them: "),
                m);
    }
}
