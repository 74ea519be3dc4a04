package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
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
 * A cell's plan is resolved once, by the runner: the {@code --warmup} text is read once per cell, and the
 * launcher and the benchmark JVMs that read the cell's plan file read it (and every other value the runner
 * resolved) no more, yet get the same values. Studies are found by discovery; none is named.
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

    /**
     * A new run: its check reads the warm-up once, per study, before any cell; every cell's plan takes the value
     * from there, and reads only the cell's own settings.
     */
    @Test
    void aNewRunReadsTheWarmupOnceAndItsCellsPlansTakeTheValueItResolved() {
        Map<String, String> props = Map.of(Periods.SCALE, "smoke", Periods.WARMUP, "2s");
        Map<String, BenchProperties> read = new LinkedHashMap<>();
        NewRunRequest.checkProperties(List.of(study), props, read);
        assertEquals(1, Collections.frequency(read.get(study.name()).parsed(), Periods.WARMUP),
                read.get(study.name()).parsed().toString());
        RunRequest request = request(props).resolved(NewRunRequest.resolved(read, props));
        CellPlans plans = CellPlans.of(request, request.cells(), scenarios);
        for (Cell cell : request.cells()) {
            assertEquals(List.of(), plans.parsed(cell), cell.key());
            assertEquals(Long.toString(TimeUnit.SECONDS.toNanos(2)), plans.plan(cell).values().get(Periods.WARMUP));
            assertEquals("SMOKE", plans.plan(cell).values().get(Periods.SCALE));
        }
    }

    /**
     * A resumed run (its request carries no values): each cell's plan reads the warm-up once, and the launcher and
     * the forks that read the plan file read it no more, yet get the same values.
     */
    @Test
    void theWarmupIsReadOncePerCellAndTheLauncherAndTheForksUseTheValueFromThePlanFile() throws Exception {
        RunRequest request = request(Map.of(Periods.SCALE, "smoke", Periods.WARMUP, "2s"));
        List<Cell> cells = request.cells();
        CellPlans plans = CellPlans.of(request, cells, scenarios);
        plans.write(request, Map.of());
        assertEquals(2, cells.size(), cells.toString());
        for (Cell cell : cells) {
            assertEquals(1, Collections.frequency(plans.parsed(cell), Periods.WARMUP), cell + ": " + plans.parsed(cell));
            Path file = CellPlan.file(request.runDir(), study.name(), cell.name());
            assertTrue(Files.isRegularFile(file), file.toString());
            CellPlan plan = CellPlan.read(file);
            // the run set the warm-up: a +graal cell keeps it
            assertEquals(Long.toString(TimeUnit.SECONDS.toNanos(2)), plan.values().get(Periods.WARMUP), cell.key());

            // the launcher: its plan and settings from the file, with its own -D over them
            BenchProperties launcher = plan.properties(Map.of(RunSettings.VERBOSE, "true"));
            RunSettings run = RunSettings.read(launcher, RunSettings.DEFAULT_RESULTS);
            Study.Plan launched = study.plan(launcher, CpuTopology.system());
            assertFalse(launcher.parsed().contains(Periods.WARMUP), launcher.parsed().toString());
            assertFalse(launcher.parsed().contains(Periods.SCALE), launcher.parsed().toString());
            assertEquals(List.of(RunSettings.VERBOSE), launcher.parsed(), "only the launcher's own -D is read");
            assertEquals(TimeUnit.SECONDS.toNanos(2), launched.periods().warmupNs);
            assertEquals(cell.jvm().java(), run.java);
            assertEquals(cell.jvm().name(), run.jvmName);

            // the same values as a plan read from the text
            Study.Plan fromText = study.plan(new BenchProperties(request.properties), CpuTopology.system());
            assertEquals(fromText.periods().warmupNs, launched.periods().warmupNs);
            assertEquals(fromText.periods().measureNs, launched.periods().measureNs);
            assertEquals(fromText.periods().forks, launched.periods().forks);
            assertEquals(fromText.variants(), launched.variants());
            assertEquals(fromText.estimatedMaxNs(), launched.estimatedMaxNs());

            // a benchmark JVM: the step's -D over the plan
            if (study instanceof ForkedStudy) {
                BenchProperties fork = plan.properties(Map.of(RunSettings.STEP, launched.variants().get(0)));
                ForkPlan forked = ((ForkedStudy) study).fork(launched.variants().get(0),
                        RunSettings.read(fork, RunSettings.DEFAULT_RESULTS), fork);
                assertEquals(TimeUnit.SECONDS.toNanos(2), forked.periods().warmupNs);
                assertFalse(fork.parsed().contains(Periods.WARMUP), fork.parsed().toString());
            }
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
        long smokeWarmupNs = study.plan(new BenchProperties(request.properties), CpuTopology.system()).periods()
                .warmupNs;
        Map<String, Long> warmups = new LinkedHashMap<>();
        for (Cell cell : request.cells()) {
            assertFalse(plans.parsed(cell).contains(Periods.WARMUP), "no warm-up given: " + plans.parsed(cell));
            BenchProperties launcher = plans.plan(cell).properties(Map.of());
            warmups.put(cell.jvm().name(), study.plan(launcher, CpuTopology.system()).periods().warmupNs);
            assertFalse(launcher.parsed().contains(Periods.WARMUP), launcher.parsed().toString());
        }
        assertEquals(Map.of("own", smokeWarmupNs, "own+graal", smokeWarmupNs + GraalWarmup.EXTRA_WARMUP_NS), warmups);
        Cell graal = request.cells().get(1);
        Cell plain = request.cells().get(0);
        assertEquals(Long.toString(smokeWarmupNs + GraalWarmup.EXTRA_WARMUP_NS),
                plans.plan(graal).values().get(Periods.WARMUP));
        assertEquals(Long.toString(smokeWarmupNs), plans.plan(plain).defaults().get(Periods.WARMUP),
                "the default, for people");
        assertFalse(plans.plan(plain).values().containsKey(Periods.WARMUP), "a default is each reader's own");
        // the estimate holds the longer warm-up: each of the schedule's forks warms up 15 s longer
        long forks = study.plan(new BenchProperties(request.properties), CpuTopology.system()).periods().forks;
        long steps = plans.estimates().get(graal.key()) - plans.estimates().get(plain.key());
        assertTrue(steps >= forks * GraalWarmup.EXTRA_WARMUP_NS, plans.estimates().toString());
    }
}
