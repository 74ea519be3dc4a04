package dev.latencybench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.study.Study;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * How long a cell takes at most, roughly: its study's plan for the cell's properties (the schedule's
 * worst case of steps, each its forks' periods and start) and the launcher's own start; -1 when the
 * plan cannot be read (the cell's launcher then says why). Stateless.
 */
final class CellEstimates {
    /** What a cell's launcher adds beside its study's steps (its start, the JVM's probe, the merge), roughly. */
    static final long LAUNCHER_OVERHEAD_NS = 3_000_000_000L;

    private CellEstimates() {
    }

    /** Each cell's estimate by its key, every plan read once. */
    static Map<String, Long> of(RunRequest request, List<Cell> cells, Scenarios scenarios) {
        Map<String, Long> m = new LinkedHashMap<>();
        cells.forEach(c -> m.put(c.key(), estimateNs(request, c, scenarios)));
        return m;
    }

    /** One cell's estimate: 0 for a skipped cell, -1 when its plan cannot be read. */
    static long estimateNs(RunRequest request, Cell cell, Scenarios scenarios) {
        if (cell.skipReason() != null) {
            return 0;
        }
        try {
            Study study = scenarios.get(cell.scenario());
            return study.plan(new BenchProperties(GraalWarmup.cellProperties(request, cell, scenarios)),
                    CpuTopology.system()).estimatedMaxNs() + LAUNCHER_OVERHEAD_NS;
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
