package dev.latencybench.runner;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.latencybench.report.data.FlagText;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.matrix.Cell;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.runner.matrix.MatrixRunner;
import dev.latencybench.runner.matrix.RunRequest;

/** The matrix as {@code bench run} prints it before the first cell, and all a dry run prints. Stateless. */
final class MatrixPreview {
    private MatrixPreview() {
    }

    /** {@code previous}: a resumed run's outcomes by key; {@code estimates}: each cell's time at most, or negative. */
    static void print(PrintStream out, RunRequest request, List<Cell> cells, Map<String, CellOutcome> previous,
                      Map<String, Long> estimates) {
        out.println("latency-bench matrix: " + cells.size() + " cell(s), results in " + request.runDir());
        long totalNs = 0;
        for (Jvm j : request.jvms) {
            out.printf(Locale.ROOT, "  JVM %-28s %s (%s %s)%n", j.name(), j.java(), j.info().vendor(),
                    j.info().version());
        }
        for (Cell c : cells) {
            CellOutcome o = previous.get(c.key());
            String state = c.skipReason() != null ? "skip: " + c.skipReason()
                    : o != null && o.finished() ? "done (" + o.status + ")" : c.flags().stream()
                    .map(FlagText::shortFlag).collect(Collectors.joining(" "));
            if (c.skipReason() == null && GraalWarmup.lengthens(request.properties, c)) {
                state += " (warm-up +" + GraalWarmup.EXTRA_WARMUP_NS / 1_000_000_000L + "s: Graal compiles itself first)";
            }
            if (c.skipReason() == null && !(o != null && o.finished())) {
                long e = estimates.get(c.key());
                if (e >= 0 && totalNs >= 0) {
                    totalNs += e;
                } else {
                    totalNs = -1;
                }
                state = (e < 0 ? "time unknown" : "at most " + MatrixRunner.minutes(e / 1e9)) + (state.isEmpty() ? ""
                        : "  " + state);
            }
            out.printf(Locale.ROOT, "  %-44s %s%n", c.key(), state);
        }
        if (totalNs >= 0 && cells.stream().anyMatch(c -> c.skipReason() == null)) { // not "0 s" for nothing
            out.println("  time: at most about " + MatrixRunner.minutes(totalNs / 1e9) + " for the cells to run (each"
                    + " schedule's worst case: a capacity search usually stops well before it; start and warm-up"
                    + " included)");
        }
        if (!request.properties.isEmpty()) {
            out.println("  properties: " + request.properties);
        }
    }
}
