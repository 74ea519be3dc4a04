package dev.latencybench.runner.report;

import java.util.List;
import java.util.Locale;

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
        Table t = new Table().text("JVM").text("GC").text("variant").lowest("p50").time(yardstick + " p50")
                .lowest(differenceHeader).number("ratio").lowest("p99.9").time(yardstick + " p99.9");
        for (RunData.Row r : data.scenarios.get(scenario)) { // the report's row order
            if (r.variant.equals(yardstick) || !variants.contains(r.variant)) {
                continue;
            }
            RunData.Row y = data.rows(scenario, yardstick).stream()
                    .filter(b -> b.cell.equals(r.cell) && b.charted()).findFirst().orElse(null);
            if (!r.charted() || y == null || y.primary().p50 <= 0) { // a failed cell is no yardstick
                continue;
            }
            LatencySummary rs = r.primary();
            LatencySummary ys = y.primary();
            boolean ranked = "OK".equals(r.status) && "OK".equals(y.status);
            t.row(List.of(r.jvm, r.gc, r.variant, Table.Time.of(rs.p50).ranked(ranked), Table.Time.of(ys.p50),
                    Table.Time.of(rs.p50 - ys.p50).ranked(ranked),
                    String.format(Locale.ROOT, "%.2fx", (double) rs.p50 / ys.p50),
                    Table.Time.of(rs.p99_9).ranked(ranked), Table.Time.of(ys.p99_9)));
        }
        if (t.isEmpty()) {
            return;
        }
        doc.h(3, heading);
        doc.p(explanation);
        t.writeTo(doc);
    }
}
