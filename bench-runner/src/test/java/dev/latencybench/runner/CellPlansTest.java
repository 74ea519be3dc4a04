package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.fork.ForkPlan;
import dev.latencybench.core.fork.ForkedStudy;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmInfo;
import dev.latencybench.runner.jvm.JvmProber;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * A cell's plan is resolved once, by the runner: its study's reader makes the settings, and the launcher and the
 * benchmark JVMs that read the cell's plan file take them from there, the same as the reader's. Studies are found by
 * discovery; none is named.
 */
class CellPlansTest {
    @TempDir
    Path tmp;

    private final Scenarios scenarios = Scenarios.discover();
    /** The first study of {@code --scenarios all}: any would do. */
    private final Study study = scenarios.get(scenarios.defaultNames().get(0));

    private RunRequest request(Map<String, String> properties) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        JvmInfo info = new JvmProber(null, new GraalJit(tmp.resolve("graal"))).probe(java, false);
        // a +graal JVM by its name: the warm-up policy reads only that
        List<Jvm> jvms = List.of(new Jvm("own", java, List.of(), info, "test"),
                new Jvm("own+graal", java, List.of(), info, "test"));
        return new RunRequest(tmp.resolve("results"), "r1", List.of(study.name()), Map.of(), jvms,
                List.of(Collector.DEFAULT), Map.of(), List.of(), properties, "scripts/bench run");
    }

    @Test
    void theLauncherAndTheForksTakeTheSettingsTheRunnersReaderMadeFromThePlanFile() throws Exception {
        RunRequest request = request(Map.of(Periods.SCALE, "smoke", Periods.WARMUP, "2s"));
        List<Cell> cells = request.cells();
        CellPlans plans = CellPlans.of(request, cells, scenarios);
        plans.write(request, Map.of());
        assertEquals(2, cells.size(), cells.toString());
        Study.Plan fromText = CellPlans.read(study, request.properties);
        for (Cell cell : cells) {
            Path file = CellPlan.file(request.runDir(), study.name(), cell.name());
            assertTrue(Files.isRegularFile(file), file.toString());
            CellPlan plan = CellPlan.read(file);
            assertEquals("2s", plan.given().get(Periods.WARMUP), "the run set the warm-up: a +graal cell keeps it");

            // the launcher: the study's plan from the settings, the run's own settings from the text and its -D
            Study.Plan launched = study.planOf(plan.settings());
            RunSettings run = RunSettings.read(plan.properties(Map.of(RunSettings.VERBOSE, "true")),
                    RunSettings.DEFAULT_RESULTS);
            assertEquals(TimeUnit.SECONDS.toNanos(2), launched.periods().warmupNs);
            assertEquals(cell.jvm().java(), run.java);
            assertEquals(cell.jvm().name(), run.jvmName);
            assertTrue(run.verbose);
            assertEquals(fromText.periods().warmupNs, launched.periods().warmupNs);
            assertEquals(fromText.periods().measureNs, launched.periods().measureNs);
            assertEquals(fromText.periods().forks, launched.periods().forks);
            assertEquals(fromText.variants(), launched.variants());
            assertEquals(fromText.estimatedMaxNs(), launched.estimatedMaxNs());

            // a benchmark JVM: the settings at its step
            ForkPlan forked = ((ForkedStudy<?>) study).forkOf(launched.variants().get(0), run, plan.settings(),
                    Map.of());
            assertEquals(TimeUnit.SECONDS.toNanos(2), forked.periods().warmupNs);
        }
    }

    /** {@code --resume}: a cell that runs again gets its plan anew; a finished cell keeps the plan it ran with. */
    @Test
    void aResumedRunWritesThePlansOfTheCellsThatRunAgainOnly() throws Exception {
        RunRequest request = request(Map.of(Periods.SCALE, "smoke"));
        List<Cell> cells = request.cells();
        CellPlans.of(request, cells, scenarios).write(request, Map.of(
                cells.get(0).key(), new CellOutcome(CellOutcome.OK, null, 0, 1),
                cells.get(1).key(), new CellOutcome(CellOutcome.INTERRUPTED, "interrupted while it ran", 0, 1)));
        assertFalse(Files.exists(CellPlans.file(request, cells.get(0))), "kept as it ran");
        assertTrue(Files.isRegularFile(CellPlans.file(request, cells.get(1))), "runs again");
    }

    @Test
    void aGraalCellsLongerWarmupIsDecidedOnTheValueReadAndKeptInItsPlan() {
        RunRequest request = request(Map.of(Periods.SCALE, "smoke"));
        CellPlans plans = CellPlans.of(request, request.cells(), scenarios);
        Study.Plan fromText = CellPlans.read(study, request.properties);
        long smokeWarmupNs = fromText.periods().warmupNs;
        Map<String, Long> warmups = new LinkedHashMap<>();
        for (Cell cell : request.cells()) {
            warmups.put(cell.jvm().name(), study.planOf(plans.plan(cell).settings()).periods().warmupNs);
        }
        assertEquals(Map.of("own", smokeWarmupNs, "own+graal", smokeWarmupNs + GraalWarmup.EXTRA_WARMUP_NS), warmups);
        Cell graal = request.cells().get(1);
        Cell plain = request.cells().get(0);
        assertEquals((smokeWarmupNs + GraalWarmup.EXTRA_WARMUP_NS) + "ns",
                plans.plan(graal).given().get(Periods.WARMUP), "the runner's decision, as the cell's warm-up");
        assertFalse(plans.plan(plain).given().containsKey(Periods.WARMUP), "the study's default");
        // the estimate holds the longer warm-up: each of the schedule's forks warms up 15 s longer
        long forks = fromText.periods().forks;
        long steps = plans.estimates().get(graal.key()) - plans.estimates().get(plain.key());
        assertTrue(steps >= forks * GraalWarmup.EXTRA_WARMUP_NS, plans.estimates().toString());
    }

    @Test
    void aCellWhoseSettingsTheReaderRefusesFailsWithItsReason() throws Exception {
        RunRequest request = request(Map.of(Periods.SCALE, "smoke", Periods.WARMUP, "-3s"));
        CellPlans plans = CellPlans.of(request, request.cells(), scenarios);
        Cell cell = request.cells().get(0);
        assertEquals(-1L, plans.estimates().get(cell.key()));
        String why = assertThrows(ConfigException.class, () -> plans.plan(cell).settings()).getMessage();
        assertTrue(why.startsWith(Periods.WARMUP + "=-3s"), why);
    }
}
