package dev.latencybench.runner;

import java.util.Map;

import dev.latencybench.core.config.Periods;
import dev.latencybench.runner.matrix.Cell;

/**
 * The warm-up policy of a {@code +graal} cell: the Graal compiler first compiles itself, so such a cell
 * warms up longer by {@link #EXTRA_WARMUP_NS} than its study's plan says, unless the run set
 * {@link Periods#WARMUP} itself. {@link CellPlans} adds it to the warm-up it read, once, in the cell's plan.
 * Stateless.
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
}
