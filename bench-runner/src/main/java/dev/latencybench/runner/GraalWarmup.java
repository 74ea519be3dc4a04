package dev.latencybench.runner;

import java.util.Map;

import dev.latencybench.core.config.Periods;
import dev.latencybench.runner.matrix.Cell;

/**
 * The warm-up policy of a {@code +graal} cell: it warms up {@link #EXTRA_WARMUP_NS} longer than its plan says,
 * unless the run set {@link Periods#WARMUP} itself. Stateless.
 */
final class GraalWarmup {
    /** Extra warm-up of a {@code +graal} cell, in which the Graal compiler compiles itself. */
    static final long EXTRA_WARMUP_NS = 15_000_000_000L;

    private GraalWarmup() {
    }

    /** Whether the cell's warm-up is lengthened: a {@code +graal} JVM, and no warm-up set by the run. */
    static boolean lengthens(Map<String, String> runProperties, Cell cell) {
        return cell.jvm().graal() && !runProperties.containsKey(Periods.WARMUP);
    }
}
