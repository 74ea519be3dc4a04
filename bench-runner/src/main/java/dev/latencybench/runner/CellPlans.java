package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * Each cell's plan and rough worst-case time, resolved once before the first cell and written into the run folder
 * for the launcher and its benchmark JVMs to read. Immutable once made.
 */
final class CellPlans {
    /** What a cell's launcher adds beside its study's steps (its start, the JVM's probe, the merge), roughly. */
    static final long LAUNCHER_OVERHEAD_NS = 3_000_000_000L;

    private final Map<String, CellPlan> plans = new LinkedHashMap<>();
    private final Map<String, Long> estimates = new LinkedHashMap<>();
    /** Each cell's rounds of forks by key: its forks where they are its answer's evidence, else 1. */
    private final Map<String, Integer> rounds = new LinkedHashMap<>();
    /** The property texts read for each cell, by its key, once per read: a test proves each is read once. */
    private final Map<String, List<String>> parsed = new LinkedHashMap<>();

    private CellPlans() {
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
        // the run's values as its check resolved them; the cell's own are read here
        BenchProperties read = new BenchProperties(given, request.properties, request.resolved(cell.scenario()));
        CellPlan plan;
        long estimate;
        try {
            Study study = scenarios.get(cell.scenario());
            RunSettings.read(read, RunSettings.DEFAULT_RESULTS);
            Study.Plan studyPlan = study.plan(read, CpuTopology.system());
            Map<String, String> decided = new LinkedHashMap<>();
            estimate = studyPlan.estimatedMaxNs() + LAUNCHER_OVERHEAD_NS;
            if (GraalWarmup.lengthens(request.properties, cell)) {
                decided.put(Periods.WARMUP, Long.toString(studyPlan.periods().warmupNs + GraalWarmup.EXTRA_WARMUP_NS));
                // every fork of every step may warm up that much longer
                estimate += (studyPlan.schedule().maxSteps() * studyPlan.periods().forks
                        + studyPlan.schedule().maxDecidingSteps() * studyPlan.periods().extraConfirmForks())
                        * GraalWarmup.EXTRA_WARMUP_NS;
            }
            plan = CellPlan.of(cell.scenario(), cell.name(), read, decided);
            // a fixed list's forks run in rounds across the matrix; a search or sweep decides step by step
            if (studyPlan.periods().forks > 1 && studyPlan.schedule().decision(List.of()) == null) {
                rounds.put(cell.key(), studyPlan.periods().forks);
            }
        } catch (RuntimeException e) { // the cell's launcher reads the text itself and says what is wrong
            plan = CellPlan.of(cell.scenario(), cell.name(), new BenchProperties(given), Map.of());
            estimate = -1;
        }
        plans.put(cell.key(), plan);
        estimates.put(cell.key(), estimate);
        parsed.put(cell.key(), read.parsed());
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

    /** The names of the property texts read to resolve a cell's plan, once per read, in order. */
    List<String> parsed(Cell cell) {
        return parsed.getOrDefault(cell.key(), List.of());
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
