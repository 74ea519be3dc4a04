package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;

/**
 * JVM down, collector across: the primary metric's median / p99.99 of the first variant that is not
 * the floor, with the status of cells that have no figures. Only when there are two JVMs or two
 * collectors to set side by side. Stateless.
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
        List<String> jvms = new ArrayList<>();
        List<String> gcs = new ArrayList<>();
        List<RunData.Row> rows = new ArrayList<>(data.rows(scenario, variant));
        rows.addAll(data.rows(scenario, "")); // cells without results: skipped, failed before measuring
        for (RunData.Row r : rows) {
            if (!jvms.contains(r.jvm)) {
                jvms.add(r.jvm);
            }
            if (!gcs.contains(r.gc)) {
                gcs.add(r.gc);
            }
        }
        if (jvms.size() < 2 && gcs.size() < 2) {
            return;
        }
        List<List<String>> out = new ArrayList<>();
        for (String jvm : jvms) {
            List<String> row = new ArrayList<>(List.of(jvm));
            for (String gc : gcs) {
                RunData.Row r = rows.stream().filter(x -> x.jvm.equals(jvm) && x.gc.equals(gc)).findFirst()
                        .orElse(null);
                if (r == null || !r.measured()) {
                    row.add(r == null ? "" : r.status);
                } else {
                    LatencySummary s = r.primary();
                    row.add(Units.formatNs(s.p50) + " / " + Units.formatNs(s.p99_99)
                            + ("OK".equals(r.status) ? "" : " " + r.status));
                }
            }
            out.add(row);
        }
        List<String> header = new ArrayList<>(List.of("JVM"));
        header.addAll(gcs);
        doc.p("Median / p99.99 " + study.metrics.primary().name() + " of `" + variant + "`, JVM down, collector"
                + " across:");
        doc.table(header, out, Doc.numericFrom(1, header.size()));
    }
}
