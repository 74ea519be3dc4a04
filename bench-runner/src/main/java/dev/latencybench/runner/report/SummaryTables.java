package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.view.Table;
import dev.latencybench.runner.report.data.Percentiles;
import dev.latencybench.runner.report.data.RunData;
import dev.latencybench.runner.report.doc.Doc;

/**
 * The study's tables: one per declared metric, primary first, headed by the metric's name and what it
 * measures; a row per cell and variant in the report's order ({@link RunData}: JVM, collector,
 * variant, the floor last) with p50 … p99.99, max and the sample count, each column in one unit with
 * its lowest value in bold (cells that ended OK, the floor left out), values resting on too few
 * samples marked. Stateless.
 */
final class SummaryTables {
    private SummaryTables() {
    }

    /**
     * The tables, the primary metric's first; the others' only in report.html, where they fold, REPORT.md naming
     * them and where they are.
     */
    static void write(Doc doc, RunData.Study study, List<RunData.Row> rows) {
        List<Metric> all = study.metrics.all();
        for (int i = 0; i < all.size(); i++) {
            Metric m = all.get(i);
            if (i == 1) {
                List<String> names = all.subList(1, all.size()).stream().map(o -> "`" + o.name() + "`").toList();
                doc.htmlOnly("The tables of the other metric" + (names.size() == 1 ? "" : "s") + ", " + String.join(
                        ", ", names) + ", are in report.html; every figure is in [summary.csv](summary.csv).");
            }
            doc.h(3, "`" + m.name() + "`: " + m.what());
            doc.table(table(study, m.name(), rows));
        }
        if (all.size() > 1) {
            doc.endHtmlOnly();
        }
    }

    static Table table(RunData.Study study, String metric, List<RunData.Row> rows) {
        String unit = study.metrics.get(metric).unit();
        if (!unit.equals("ns")) {
            return counts(metric, unit, rows);
        }
        Table t = new Table().text("JVM").text("GC").text("variant").text("status");
        for (String name : Percentiles.NAMES) {
            t.lowest(name);
        }
        t.lowest("max").number("samples");
        for (RunData.Row r : rows) {
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant.isEmpty() ? "-" : r.variant, r.status));
            LatencySummary s = r.summary(metric);
            boolean ranked = "OK".equals(r.status) && !study.isFloor(r.variant);
            if (r.measured() && s != null) {
                for (int i = 0; i < Percentiles.PCTS.length; i++) {
                    row.add(Table.Time.of(Percentiles.percentile(s, i)).ranked(ranked)
                            .suffix(Percentiles.confident(s.count, Percentiles.PCTS[i]) ? "" : Percentiles.LOW));
                }
                row.add(Table.Time.of(s.max).ranked(ranked));
                row.add(String.format(Locale.ROOT, "%,d", s.count));
            } else {
                for (int i = 0; i < Percentiles.NAMES.length + 2; i++) {
                    row.add("-");
                }
            }
            t.row(row);
        }
        return t;
    }

    /** A metric in another unit than time (memory in KiB, say): its values as they are, with the unit. */
    private static Table counts(String metric, String unit, List<RunData.Row> rows) {
        Table t = new Table().text("JVM").text("GC").text("variant").text("status");
        for (String name : Percentiles.NAMES) {
            t.number(name + " (" + unit + ")");
        }
        t.number("max (" + unit + ")").number("samples");
        for (RunData.Row r : rows) {
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant.isEmpty() ? "-" : r.variant, r.status));
            LatencySummary s = r.summary(metric);
            boolean has = r.measured() && s != null;
            for (int i = 0; i < Percentiles.PCTS.length; i++) {
                row.add(has ? String.format(Locale.ROOT, "%,d", (long) Percentiles.percentile(s, i)) : "-");
            }
            row.add(has ? String.format(Locale.ROOT, "%,d", s.max) : "-");
            row.add(has ? String.format(Locale.ROOT, "%,d", s.count) : "-");
            t.row(row);
        }
        return t;
    }
}
