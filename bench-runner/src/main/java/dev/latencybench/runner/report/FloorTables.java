package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;

/**
 * Each variant next to a variant the study gives a role, on the same JVM and collector, by the
 * primary metric: against the floor (what is left when the measured system costs nothing) and
 * against the yardstick (the published study's own loop, so the difference is the harness's).
 * The roles come from the results ({@link RunData.Study}); a study without them gets neither table.
 * Stateless.
 */
final class FloorTables {
    private FloorTables() {
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants) {
        RunData.Study study = data.study(scenario);
        if (study.floor != null) {
            against(doc, data, scenario, variants, study.floor, "own cost", "Against the machine's floor",
                    "The `" + study.floor + "` variant is the study's floor: the same harness, pacing and pinning with"
                    + " the least the study can put between its clocks. A variant's own cost is the difference; tails"
                    + " the floor shares come from the machine, not the variant.");
        }
        if (study.yardstick != null) {
            List<String> measuredByHarness = variants.stream().filter(v -> !study.isFloor(v)).toList();
            against(doc, data, scenario, measuredByHarness, study.yardstick, "harness's cost",
                    "The harness's own cost", "The `" + study.yardstick + "` variant is the study's yardstick: the"
                    + " published study's own loop over the same system, no harness code in its hot path. The"
                    + " difference is what the harness's hot path adds; within the run-to-run spread of the medians"
                    + " it is nothing.");
        }
    }

    /** Each of {@code variants} next to the {@code yardstick} variant of the same cell: p50, the difference, p99.9. */
    static void against(Doc doc, RunData data, String scenario, List<String> variants, String yardstick,
                        String differenceHeader, String heading, String explanation) {
        if (!variants.contains(yardstick) || variants.size() < 2) {
            return;
        }
        List<List<String>> out = new ArrayList<>();
        for (String v : variants) {
            if (v.equals(yardstick)) {
                continue;
            }
            for (RunData.Row r : data.rows(scenario, v)) {
                RunData.Row y = data.rows(scenario, yardstick).stream()
                        .filter(b -> b.cell.equals(r.cell) && b.charted()).findFirst().orElse(null);
                if (!r.charted() || y == null || y.primary().p50 <= 0) { // a failed cell is no yardstick
                    continue;
                }
                LatencySummary rs = r.primary();
                LatencySummary ys = y.primary();
                out.add(List.of(r.jvm, r.gc, v, Units.formatNs(rs.p50), Units.formatNs(ys.p50),
                        Units.formatNs(rs.p50 - ys.p50), String.format(Locale.ROOT, "%.2fx", (double) rs.p50 / ys.p50),
                        Units.formatNs(rs.p99_9), Units.formatNs(ys.p99_9)));
            }
        }
        if (out.isEmpty()) {
            return;
        }
        doc.h(3, heading);
        doc.p(explanation);
        doc.table(List.of("JVM", "GC", "variant", "p50", yardstick + " p50", differenceHeader, "ratio", "p99.9",
                yardstick + " p99.9"), out, Doc.numericFrom(3, 9));
    }
}
