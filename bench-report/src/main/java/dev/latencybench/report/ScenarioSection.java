package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.MessageLoad;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * One scenario's part of the report: it only orders the parts, each its own class, from what was run and the verdict
 * to the tables, charts and what made a cell suspect. A scenario none of whose cells ended OK says so first, and one
 * with no figures that hold ranks and charts nothing. Stateless.
 */
final class ScenarioSection {
    private ScenarioSection() {
    }

    static void write(Doc doc, RunData data, String scenario, Path charts, List<String> problems) throws IOException {
        List<String> variants = data.variants(scenario);
        RunData.Study study = data.study(scenario);
        List<RunData.Row> all = data.scenarios.get(scenario);
        doc.h(2, "Scenario " + scenario);
        RunData.Row sample = all.stream().filter(r -> r.result != null).findFirst().orElse(null);
        if (sample != null) {
            doc.p(facts(sample.result));
        }
        boolean noneOk = all.stream().noneMatch(r -> "OK".equals(r.status));
        if (noneOk) {
            noneOk(doc, all);
            if (all.stream().noneMatch(RunData.Row::charted)) { // nothing measured that holds: no chart, no ranking
                doc.p("Nothing is ranked or charted: no cell has figures to show but those of a failed measurement,"
                        + " which the tables below list as they were recorded.");
                SummaryTables.write(doc, study, all, marks(data, scenario), legend(scenario));
                Pauses.write(doc, all, study.floor);
                return;
            }
        }
        SearchSection.write(doc, data, scenario, charts);
        ViewSection.write(doc, data, scenario, charts); // the study's own part, where its module gives one
        List<String> cells = measuredCells(data, scenario, variants);
        // a search's or sweep's steps are points on its chart, not variants to rank: its answer is the verdict
        boolean stepped = !data.searches(scenario).isEmpty()
                || all.stream().anyMatch(r -> r.result != null && r.result.step != null);
        if (!stepped) {
            VerdictSection.write(doc, data, scenario, variants);
            // bars per JVM x GC compare cells: with one cell per variant there is nothing to set side by side
            boolean compared = variants.stream().anyMatch(v -> !study.isFloor(v)
                    && data.rows(scenario, v).stream().filter(RunData.Row::measured).count() >= 2);
            if (compared) {
                BarCharts.write(doc, data, scenario, variants, cells, charts);
            }
            if (dev.latencybench.report.data.Views.of(scenario) == null) {
                List<VariantAnswer> answers = VariantAnswer.of(data, scenario);
                if (answers.stream().anyMatch(a -> !a.cells.isEmpty())) {
                    doc.h(3, "The answer's figures");
                    answers.forEach(a -> a.table(doc, scenario));
                }
            }
            Pivot.write(doc, data, scenario, variants);
        }
        if (stepped && !data.searches(scenario).isEmpty()) { // the search's step table above holds every step
            doc.htmlOnly("Every step's percentiles of every metric are in report.html and summary.csv; the step"
                    + " table above gives each step's figures that decide.");
            SummaryTables.write(doc, study, all, marks(data, scenario), legend(scenario));
            doc.endHtmlOnly();
        } else {
            SummaryTables.write(doc, study, all, marks(data, scenario), legend(scenario));
        }
        if (!cells.isEmpty()) {
            TailCauses.write(doc, data, scenario, variants, charts);
            SpectrumTimeline.write(doc, data, scenario, variants, charts, problems);
        }
        Confidence.write(doc, all);
        Pauses.write(doc, all, study.floor);
        FloorTables.write(doc, data, scenario, variants);
        if (!noneOk) { // else said at the top
            Notes.write(doc, all);
        }
    }

    /** A scenario none of whose cells ended OK: said first, how many ended how, then each cell's reasons and flags. */
    private static void noneOk(Doc doc, List<RunData.Row> all) {
        Map<String, Integer> byStatus = new LinkedHashMap<>();
        all.forEach(r -> byStatus.merge(r.status, 1, Integer::sum));
        List<String> counts = new ArrayList<>();
        byStatus.forEach((status, n) -> counts.add(n + " " + status));
        boolean allFailed = byStatus.size() == 1 && byStatus.containsKey("FAILED");
        String what = !allFailed ? "**No cell of this scenario ended OK**"
                : all.size() == 1 ? "**The one cell of this scenario failed**"
                : "**Every cell of this scenario failed**";
        doc.p(what + " (" + String.join(", ", counts) + "): there is no answer to read from it. Why, cell by cell:");
        List<String> why = new ArrayList<>();
        for (RunData.Row r : all) {
            why.add("`" + r.cell + (r.variant.isEmpty() ? "" : " / " + r.variant) + "` " + r.status + ": "
                    + (r.reasons.isEmpty() ? "no reason recorded" : Doc.plain(String.join("; ", r.reasons)))
                    + (r.notes.isEmpty() ? "" : " (flagged: " + Doc.plain(String.join("; ", r.notes)) + ")"));
        }
        doc.bullets(why);
    }

    /** What was run: the load (rate and payload, else the plan's description), the scale, durations and forks. */
    static String facts(CellResult result) {
        String timing = String.format(Locale.ROOT, "scale `%s`: warm-up %s + measured %s per fork, %d fork(s) per"
                + " cell.", result.scale, Units.formatDuration(result.warmupNs), Units.formatDuration(result.measureNs),
                result.forks);
        MessageLoad load = result.part(MessageLoad.PART); // where the study records it
        if (load != null && load.known()) {
            return String.format(Locale.ROOT, "%,d msg/s, %d-byte payload, %s", load.ratePerSec, load.payloadBytes,
                    timing);
        }
        if (result.description != null && !result.description.isEmpty()) {
            String d = result.description;
            return d + (d.endsWith(".") ? " " : ". ") + Character.toUpperCase(timing.charAt(0)) + timing.substring(1);
        }
        return Character.toUpperCase(timing.charAt(0)) + timing.substring(1);
    }

    /** The scenario's cells that some variant measured, in matrix order. */
    private static List<String> measuredCells(RunData data, String scenario, List<String> variants) {
        List<String> cells = new ArrayList<>();
        for (String c : data.cells(scenario)) {
            if (variants.stream().anyMatch(v -> data.rows(scenario, v).stream().anyMatch(r -> r.cell.equals(c)
                    && r.measured()))) {
                cells.add(c);
            }
        }
        return cells;
    }

    /** The study's own mark per row of its generic tables ({@link StudyView#valueMark}); none without a view. */
    private static java.util.function.Function<RunData.Row, String> marks(RunData data, String scenario) {
        dev.latencybench.core.view.StudyView view = dev.latencybench.report.data.Views.of(scenario);
        if (view == null) {
            return r -> "";
        }
        List<RunData.Row> rows = data.scenarios.get(scenario);
        List<dev.latencybench.core.view.ViewRow> seen = dev.latencybench.report.data.Views.rows(data, scenario);
        java.util.Map<RunData.Row, String> marks = new java.util.IdentityHashMap<>();
        for (int i = 0; i < rows.size(); i++) { // Views.rows keeps the scenario's row order
            marks.put(rows.get(i), view.valueMark(seen.get(i)));
        }
        return r -> marks.getOrDefault(r, "");
    }

    private static String legend(String scenario) {
        dev.latencybench.core.view.StudyView view = dev.latencybench.report.data.Views.of(scenario);
        return view == null ? null : view.valueMarkLegend();
    }
}
