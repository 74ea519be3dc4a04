package dev.latencybench.runner;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.study.Study;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.runner.matrix.RunRequest;

/**
 * The warm-up policy of a {@code +graal} cell: the Graal compiler first compiles itself, so such a cell
 * warms up longer by {@link #EXTRA_WARMUP_NS} than its study's plan says, unless the run set
 * {@link Periods#WARMUP} itself. Stateless.
 */
final class GraalWarmup {
    /** Extra warm-up of a {@code +graal} cell: the Graal compiler first compiles itself (about 11 s on 2 cores). */
    static final long EXTRA_WARMUP_NS = 15_000_000_000L;

    private GraalWarmup() {
    }

    /** Whether the cell's warm-up is lengthened: a {@code +graal} JVM, and no warm-up set by the run. */
    static boolean lengthens(Map<String, String> runProperties, Cell cell) {
        return cell.jvm().graal() && !runProperties.containsKey(Periods.WARMUP);
    }

    /**
     * The scenario properties of one cell: the run's, and for a {@code +graal} JVM a warm-up longer by
     * {@link #EXTRA_WARMUP_NS} unless the run set {@code bench.warmup} itself.
     */
    static Map<String, String> cellProperties(RunRequest request, Cell cell, Scenarios scenarios) {
        Map<String, String> props = new LinkedHashMap<>(request.properties);
        if (lengthens(props, cell)) {
            try {
                Study study = scenarios.get(cell.scenario());
                long warmupNs = study.plan(new BenchProperties(props), CpuTopology.system()).periods().warmupNs();
                props.put(Periods.WARMUP, (warmupNs + EXTRA_WARMUP_NS) / 1_000_000 + "ms");
            } catch (RuntimeException e) {
                // the cell's launcher reports a bad property itself
            }
        }
        return props;
    }
}
