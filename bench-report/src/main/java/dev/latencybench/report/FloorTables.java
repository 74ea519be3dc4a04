package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * Each variant next to the study's floor (what is left when the measured system costs nothing) and its yardstick (the
 * published study's own loop, so the difference is the harness's), on the same JVM and collector. Where the floor's
 * tail reaches a variant's, the report says that tail is the machine's. Stateless.
 */
final class FloorTables {
    /** Said under a floor's or yardstick's table where a row could not be set against it. */
    private static final String UNLIKE = " Where the two did not run under the same conditions (either was flagged:"
            + " its CPUs moved, the machine was busy, a thread unpinned) or the measure reads slower at the median"
            + " than the variant that does more work (that is the conditions, not a negative cost), no difference"
            + " is given and the note says why.";
    /** The tails checked against the floor, as indices of {@link Percentiles#NAMES}: p99.9 and p99.99. */
    private static final int[] TAILS = {3, 4};

    private FloorTables() {
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants) {
        RunData.Study study = data.study(scenario);
        if (study.floor != null) {
            if (against(doc, data, scenario, variants, study.floor, "own cost", "Against the machine's floor",
                    "The `" + study.floor + "` variant is the study's floor: the same harness, pacing and pinning with"
                    + " the least the study can put between its clocks. A variant's own cost is the difference; tails"
                    + " the floor shares come from the machine, not the variant.")) {
                machineTails(doc, data, scenario, variants, study.floor);
            }
        }
        if (study.yardstick != null) {
            List<String> measuredByHarness = variants.stream().filter(v -> !study.isFloor(v)).toList();
            against(doc, data, scenario, measuredByHarness, study.yardstick, "harness's cost",
                    "The harness's own cost", "The `" + study.yardstick + "` variant is the study's yardstick: the"
                    + " published study's own loop over the same system, no harness code in its hot path. The"
                    + " difference is what the harness's hot path adds; within the run-to-run spread of the medians"
                    + " it is nothing.");
        }
        study.yardsticks.forEach((variant, yardstick) -> {
            if (variants.contains(variant) && variants.contains(yardstick)) {
                againstLoop(doc, data, scenario, variant, yardstick);
            }
        });
    }

    /** One variant against its own yardstick (the chain study's {@code kafka} against {@code kafka-loop}). */
    private static void againstLoop(Doc doc, RunData data, String scenario, String variant, String yardstick) {
        against(doc, data, scenario, List.of(variant, yardstick),
                yardstick, "harness's cost", "The harness's own cost: " + variant, "The `" + yardstick + "` variant"
                + " is `" + variant + "`'s yardstick: the plainest loop over the same system with the same settings,"
                + " a producer thread and a consumer thread, no harness code between them. Beside one chain without"
                + " services (`bench.chain.services=0`, `bench.chain.instances=1`: one hop), the difference is what"
                + " the harness adds.");
    }

    /** Says which variants' p99.9 or p99.99 the floor reaches on the same cell: those tails are the machine's. */
    static void machineTails(Doc doc, RunData data, String scenario, List<String> variants, String floor) {
        List<String> cells = new ArrayList<>();
        int compared = 0;
        for (String v : variants) {
            if (v.equals(floor)) {
                continue;
            }
            for (RunData.Row r : data.rows(scenario, v)) {
                RunData.Row f = floorOf(data, scenario, floor, r);
                if (!r.charted() || f == null) {
                    continue;
                }
                compared++;
                List<String> tails = new ArrayList<>();
                for (int i : TAILS) {
                    if (!Percentiles.shown(f.primary().count, Percentiles.PCTS[i])
                            || !Percentiles.shown(r.primary().count, Percentiles.PCTS[i])) {
                        continue; // the few worst samples, not a tail
                    }
                    long fv = Percentiles.percentile(f.primary(), i);
                    long rv = Percentiles.percentile(r.primary(), i);
                    if (fv >= rv) {
                        tails.add(Percentiles.NAMES[i] + " " + Units.formatNs(fv) + " against " + Units.formatNs(rv));
                    }
                }
                if (!tails.isEmpty()) {
                    cells.add("`" + r.label() + "`, `" + v + "`: `" + floor + "` " + String.join(", ", tails) + ": "
                            + (tails.size() == 1 ? "this tail is" : "these tails are") + " the machine's, not `" + v
                            + "`'s.");
                }
            }
        }
        if (cells.isEmpty()) {
            return;
        }
        String where = cells.size() < compared ? cells.size() + " of the " + compared + " cells compared"
                : compared == 1 ? "the one cell compared" : "all " + compared + " cells compared";
        doc.p("**In " + where + ", the tail is the machine's.** There the floor `" + floor + "`, which puts the least"
                + " between the clocks, is as slow or slower at p99.9 or p99.99 than the variant on the same JVM and"
                + " collector: that tail comes from the machine (the scheduler, interrupts, the JVM's own threads),"
                + " and a faster variant would not lower it.");
        doc.bullets(cells);
    }

    /** The floor's row of {@code r}'s cell when it is charted (a failed cell is no floor); null otherwise. */
    static RunData.Row floorOf(RunData data, String scenario, String floor, RunData.Row r) {
        return data.rows(scenario, floor).stream().filter(b -> b.cell.equals(r.cell) && b.charted()).findFirst()
                .orElse(null);
    }

    /** Why {@code r} and its measure {@code y} cannot be compared (flagged, or unlike conditions); else null. */
    static String unlike(RunData.Row r, RunData.Row y, String yardstick) {
        if (!y.notes.isEmpty()) { // the result's flags (a Row's flags are the JVM's)
            return "`" + yardstick + "` flagged (" + firstWords(y.notes) + "): no measure to set it against";
        }
        if (!r.notes.isEmpty()) {
            return "`" + r.variant + "` flagged (" + firstWords(r.notes) + "): not comparable";
        }
        if (y.primary().p50 > r.primary().p50) {
            return "`" + yardstick + "` slower at p50 than `" + r.variant + "`, which does more work: the conditions"
                    + " differed (compare the CPUs' round trip and pacing), not a negative cost";
        }
        return null;
    }

    /** Each flag's name, the words before its first colon ({@code busy machine}), joined by "; ". */
    static String firstWords(List<String> flags) {
        List<String> names = new ArrayList<>();
        for (String f : flags) {
            int colon = f.indexOf(':');
            names.add(colon > 0 ? f.substring(0, colon) : f);
        }
        return String.join("; ", names);
    }

    /** Each variant beside the {@code yardstick} of the same cell; false when no cell has both (nothing written). */
    static boolean against(Doc doc, RunData data, String scenario, List<String> variants, String yardstick,
                        String differenceHeader, String heading, String explanation) {
        if (!variants.contains(yardstick) || variants.size() < 2) {
            return false;
        }
        List<List<Object>> rows = new ArrayList<>();
        boolean anyNote = false;
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
            String unlike = unlike(r, y, yardstick);
            anyNote |= unlike != null;
            boolean ranked = "OK".equals(r.status) && "OK".equals(y.status) && unlike == null;
            boolean medians = Percentiles.shown(rs.count, 50) && Percentiles.shown(ys.count, 50);
            rows.add(new ArrayList<>(List.of(r.jvm, r.gc, r.variant,
                    Table.Time.percentile(rs.p50, rs.count, 50).ranked(ranked),
                    Table.Time.percentile(ys.p50, ys.count, 50),
                    unlike != null || !medians ? "-" : Table.Time.of(rs.p50 - ys.p50).ranked(ranked),
                    unlike != null || !medians ? "-" : String.format(Locale.ROOT, "%.2fx", (double) rs.p50 / ys.p50),
                    Table.Time.percentile(rs.p99_9, rs.count, 99.9).ranked(ranked),
                    Table.Time.percentile(ys.p99_9, ys.count, 99.9),
                    unlike == null ? "" : unlike)));
        }
        if (rows.isEmpty()) {
            return false;
        }
        Table t = new Table().text("JVM").text("GC").text("variant").lowest("p50").time(yardstick + " p50")
                .sameUnitAs("p50").lowest(differenceHeader).sameUnitAs("p50").number("ratio").lowest("p99.9")
                .time(yardstick + " p99.9").sameUnitAs("p99.9");
        if (anyNote) {
            t.text("note");
        }
        for (List<Object> row : rows) {
            t.row(anyNote ? row : row.subList(0, row.size() - 1));
        }
        doc.h(3, heading);
        doc.p(anyNote ? explanation + UNLIKE : explanation);
        doc.table(t);
        return true;
    }
}
