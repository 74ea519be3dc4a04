package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * JVM down, collector across: the primary metric's median and p99.99 of the first non-floor variant. Only when there
 * are two JVMs or two collectors to set side by side. Stateless.
 */
final class Pivot {
    private Pivot() {
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants) {
        RunData.Study study = data.study(scenario);
        String variant = variants.stream().filter(v -> !study.isFloor(v)).findFirst().orElse(null);
        if (variant == null) {
            return;
        }
        List<RunData.Row> rows = new ArrayList<>(data.rows(scenario, variant));
        rows.addAll(data.rows(scenario, "")); // cells without results: skipped, failed before measuring
        List<String> jvms = data.jvms().stream().filter(j -> rows.stream().anyMatch(r -> r.jvm.equals(j))).toList();
        List<String> gcs = data.gcs().stream().filter(g -> rows.stream().anyMatch(r -> r.gc.equals(g))).toList();
        if (jvms.size() < 2 && gcs.size() < 2) {
            return;
        }
        Table t = new Table().text("JVM");
        for (String gc : gcs) { // one unit per percentile across the table: every collector's p50 reads alike
            t.lowest(gc + " p50");
            if (!gc.equals(gcs.get(0))) {
                t.sameUnitAs(gcs.get(0) + " p50");
            }
            t.lowest(gc + " p99.99");
            if (!gc.equals(gcs.get(0))) {
                t.sameUnitAs(gcs.get(0) + " p99.99");
            }
        }
        for (String jvm : jvms) {
            List<Object> row = new ArrayList<>(List.of(jvm));
            for (String gc : gcs) {
                RunData.Row r = rows.stream().filter(x -> x.jvm.equals(jvm) && x.gc.equals(gc)).findFirst()
                        .orElse(null);
                if (r == null || !r.measured()) {
                    row.add(r == null ? "" : r.status);
                    row.add("");
                } else {
                    LatencySummary s = r.primary();
                    boolean ok = "OK".equals(r.status);
                    String mark = ok ? "" : " " + r.status;
                    boolean ranked = ok && r.notes.isEmpty();
                    row.add(Table.Time.percentile(s.p50, s.count, 50).ranked(ranked).suffix(mark));
                    row.add(Table.Time.percentile(s.p99_99, s.count, 99.99).ranked(ranked).suffix(mark));
                }
            }
            t.row(row);
        }
        doc.p("Median and p99.99 " + study.metrics.primary().name() + " of `" + variant + "`, JVM down, collector"
                + " across:");
        doc.table(t);
    }
}
