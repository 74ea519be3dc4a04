package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;

/**
 * The study's tables: one per declared metric, primary first, headed by the metric's name and what it
 * measures; a row per cell and variant (the floor last) with p50 … p99.99, max and the sample count,
 * values resting on too few samples marked. Stateless.
 */
final class SummaryTables {
    private static final List<String> HEADER = List.of("JVM", "GC", "variant", "status", "p50", "p90", "p99",
            "p99.9", "p99.99", "max", "samples");

    private SummaryTables() {
    }

    static void write(Doc doc, RunData.Study study, List<RunData.Row> rows) {
        for (Metric m : study.metrics.all()) {
            doc.h(3, "`" + m.name() + "`: " + m.what());
            doc.table(HEADER, rows(study, m.name(), rows), Doc.numericFrom(4, HEADER.size()));
        }
    }

    private static List<List<String>> rows(RunData.Study study, String metric, List<RunData.Row> rows) {
        List<List<String>> out = new ArrayList<>();
        List<RunData.Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing((RunData.Row r) -> study.isFloor(r.variant))
                .thenComparing(r -> r.variant)); // stable: matrix order within a variant
        for (RunData.Row r : sorted) {
            List<String> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant.isEmpty() ? "-" : r.variant, r.status));
            LatencySummary s = r.summary(metric);
            if (r.measured() && s != null) {
                for (int i = 0; i < Percentiles.PCTS.length; i++) {
                    row.add(Units.formatNs(Percentiles.percentile(s, i))
                            + (Percentiles.confident(s.count, Percentiles.PCTS[i]) ? "" : Percentiles.LOW));
                }
                row.add(Units.formatNs(s.max));
                row.add(String.format(Locale.ROOT, "%,d", s.count));
            } else {
                for (int i = 4; i < HEADER.size(); i++) {
                    row.add("-");
                }
            }
            out.add(row);
        }
        return out;
    }
}
