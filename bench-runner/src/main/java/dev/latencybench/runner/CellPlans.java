package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * The runner's one resolution: each study's reader runs here ({@link #read}), for the run's check and then once per
 * cell, and each cell's plan and rough worst-case time are written into the run folder for the launcher and its
 * benchmark JVMs, which run no reader. Immutable once made.
 */
final class CellPlans {
    /** What a cell's launcher adds beside its study's steps (its start, the JVM's probe, the merge), roughly. */
    static final long LAUNCHER_OVERHEAD_NS = 3_000_000_000L;

    private final Map<String, CellPlan> plans = new LinkedHashMap<>();
    private final Map<String, Long> estimates = new LinkedHashMap<>();
    /** Each cell's rounds of forks by key: its forks where they are its answer's evidence, else 1. */
    private final Map<String, Integer> rounds = new LinkedHashMap<>();

    private CellPlans() {
    }

    /** The study's reader on {@code properties}: the only call of it in the suite's main code. */
    static Study.Plan read(Study study, Map<String, String> properties) {
        return study.plan(new BenchProperties(properties), CpuTopology.system());
    }

    /** Each cell's plan and estimate, by its key: each read once (a skipped cell has none, and 0). */
    static CellPlans of(RunRequest request, List<Cell> cells, Scenarios scenarios) {
        CellPlans p = new CellPlans();
        for (Cell c : cells) {
            if (c.skipReason() == null) {
                p.resolve(request, c, scenarios);
            } else {
                p.estimates.put(c.key(), 0L);
            }
        }
        return p;
    }

    private void resolve(RunRequest request, Cell cell, Scenarios scenarios) {
        Map<String, String> given = new LinkedHashMap<>(request.properties);
        given.put(RunSettings.RESULTS, request.resultsDir.toString());
        given.put(RunSettings.RUN_ID, request.runId);
        given.put(RunSettings.JVM, cell.jvm().java().toString());
        given.put(RunSettings.JVM_NAME, cell.jvm().name());
        given.put(RunSettings.JVM_ARGS, String.join(" ", cell.flags()));
        CellPlan plan;
        long estimate;
        try {
            Study study = scenarios.get(cell.scenario());
            RunSettings.read(new BenchProperties(given), RunSettings.DEFAULT_RESULTS);
            Study.Plan studyPlan = read(study, given);
            estimate = studyPlan.estimatedMaxNs() + LAUNCHER_OVERHEAD_NS;
            if (GraalWarmup.lengthens(request.properties, cell)) {
                // a Graal cell warms up longer: the runner's decision, given to the reader as the cell's warm-up
                given.put(Periods.WARMUP, (studyPlan.periods().warmupNs + GraalWarmup.EXTRA_WARMUP_NS) + "ns");
                studyPlan = read(study, given);
                // every fork of every step may warm up that much longer
                estimate += (studyPlan.schedule().maxSteps() * studyPlan.periods().forks
                        + studyPlan.schedule().maxDecidingSteps() * studyPlan.periods().extraConfirmForks())
                        * GraalWarmup.EXTRA_WARMUP_NS;
            }
            plan = CellPlan.of(cell.scenario(), cell.name(), given, studyPlan);
            // a fixed list's forks run in rounds across the matrix; a search or sweep decides step by step
            if (studyPlan.periods().forks > 1 && studyPlan.schedule().decision(List.of()) == null) {
                rounds.put(cell.key(), studyPlan.periods().forks);
            }
        } catch (RuntimeException e) { // the cell's launcher says what is wrong, and the cell fails
            plan = CellPlan.refused(cell.scenario(), cell.name(), given, e instanceof ConfigException
                    ? e.getMessage() : "the " + cell.scenario() + " study could not read the cell's properties: " + e);
            estimate = -1;
        }
        plans.put(cell.key(), plan);
        estimates.put(cell.key(), estimate);
    }
    /** Each cell's time at most by key, roughly: 0 for a skipped cell, -1 when its plan cannot be read. */
    Map<String, Long> estimates() {
        return estimates;
    }

    /** How many rounds a cell's forks run in across the matrix: its forks for a fixed list of steps, else 1. */
    int rounds(Cell cell) {
        return rounds.getOrDefault(cell.key(), 1);
    }

    CellPlan plan(Cell cell) {
        CellPlan p = plans.get(cell.key());
        if (p == null) {
            throw new IllegalArgumentException("no plan for " + cell.key() + " (skipped, or not of this matrix)");
        }
        return p;
    }

    /** Writes the plan of each cell that runs into the run folder; a cell a resumed run keeps keeps its plan. */
    void write(RunRequest request, Map<String, CellOutcome> previous) throws IOException {
        for (Map.Entry<String, CellPlan> e : plans.entrySet()) {
            CellOutcome earlier = previous.get(e.getKey());
            if (earlier == null || !earlier.finished() || CellOutcome.SKIPPED.equals(earlier.status)) {
                e.getValue().write(file(request, e.getValue()));
            }
        }
    }

    static Path file(RunRequest request, Cell cell) {
        return CellPlan.file(request.runDir(), cell.scenario(), cell.name());
    }

    private static Path file(RunRequest request, CellPlan plan) {
        return CellPlan.file(request.runDir(), plan.study(), plan.cell());
    }
}
