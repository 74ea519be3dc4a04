package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * The study's tables, one per declared metric, primary first: a row per cell and variant in the report's order with
 * p50 … p99.99, max and the sample count. Stateless.
 */
final class SummaryTables {
    private SummaryTables() {
    }

    /** The tables; those past the primary are in report.html only, and an unrecorded metric is one sentence. */
    static void write(Doc doc, RunData.Study study, List<RunData.Row> rows) {
        write(doc, study, rows, r -> "", null);
    }

    /**
     * @param mark   the mark set after each latency of a row ({@code ‡}), empty for none
     * @param legend what the mark means, said under a table that uses it; null when nothing is marked
     */
    static void write(Doc doc, RunData.Study study, List<RunData.Row> rows,
                      java.util.function.Function<RunData.Row, String> mark, String legend) {
        List<Metric> all = study.metrics.all();
        Metric primary = all.get(0);
        doc.h(3, "`" + primary.name() + "`: " + primary.what());
        marked(doc, table(study, primary.name(), rows, mark), rows, mark, legend);
        if (all.size() == 1) {
            return;
        }
        List<Metric> others = all.subList(1, all.size());
        for (Metric u : others) { // in REPORT.md too: a probe the task never used is a mistake to see at once
            if (unrecorded(study, u.name(), rows)) {
                doc.p("`" + u.name() + "`: no sample in any cell (" + u.what() + ": declared, never recorded).");
            }
        }
        List<String> names = others.stream().map(o -> "`" + o.name() + "`").toList();
        doc.htmlOnly("The tables of the other metric" + (names.size() == 1 ? "" : "s") + ", " + String.join(", ",
                names) + ", are in report.html; every figure is in [summary.csv](summary.csv).");
        for (Metric m : others) {
            if (!unrecorded(study, m.name(), rows)) { // else said above, instead of a table of dashes
                doc.h(3, "`" + m.name() + "`: " + m.what());
                marked(doc, table(study, m.name(), rows, mark), rows, mark, legend);
            }
        }
        doc.endHtmlOnly();
    }

    /** Whether no measured cell but the floor's recorded {@code metric}; false when nothing was measured. */
    static boolean unrecorded(RunData.Study study, String metric, List<RunData.Row> rows) {
        List<RunData.Row> asked = rows.stream().filter(r -> r.measured() && !r.variant.equals(study.floor)).toList();
        return !asked.isEmpty() && asked.stream().allMatch(r -> r.summary(metric) == null
                || r.summary(metric).count == 0);
    }

    /** A table, then what its marks mean where a row carries one. */
    private static void marked(Doc doc, Table t, List<RunData.Row> rows,
                               java.util.function.Function<RunData.Row, String> mark, String legend) {
        doc.table(t);
        if (legend != null && rows.stream().anyMatch(r -> !mark.apply(r).isEmpty())) {
            doc.p(legend);
        }
    }

    static Table table(RunData.Study study, String metric, List<RunData.Row> rows) {
        return table(study, metric, rows, r -> "");
    }

    static Table table(RunData.Study study, String metric, List<RunData.Row> rows,
                       java.util.function.Function<RunData.Row, String> mark) {
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
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant.isEmpty() ? "-" : r.variant, status(r)));
            LatencySummary s = r.summary(metric);
            boolean ranked = Ranking.ranked(study, r);
            if (r.measured() && s != null && s.count > 0) {
                String m = mark.apply(r);
                for (int i = 0; i < Percentiles.PCTS.length; i++) {
                    row.add(Table.Time.percentile(Percentiles.percentile(s, i), s.count, Percentiles.PCTS[i])
                            .ranked(ranked).suffix(m));
                }
                row.add(Table.Time.of(s.max).ranked(ranked).suffix(m));
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

    /** A table of a metric in another unit than time; KiB is printed as MiB, the report's memory unit. */
    private static Table counts(String metric, String unit, List<RunData.Row> rows) {
        boolean kib = unit.equals("KiB");
        String shownUnit = kib ? "MiB" : unit;
        Table t = new Table().text("JVM").text("GC").text("variant").text("status");
        for (String name : Percentiles.NAMES) {
            t.number(name + " (" + shownUnit + ")");
        }
        t.number("max (" + shownUnit + ")").number("samples");
        for (RunData.Row r : rows) {
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant.isEmpty() ? "-" : r.variant, status(r)));
            LatencySummary s = r.summary(metric);
            boolean has = r.measured() && s != null && s.count > 0;
            for (int i = 0; i < Percentiles.PCTS.length; i++) {
                row.add(has ? Table.Figure.percentile(count(Percentiles.percentile(s, i), kib), s.count,
                        Percentiles.PCTS[i]) : "-");
            }
            row.add(has ? count(s.max, kib) : "-");
            row.add(has ? String.format(Locale.ROOT, "%,d", s.count) : "-");
            t.row(row);
        }
        return t;
    }

    /** {@code 1,234}, or KiB as {@code 106.9} MiB. */
    private static String count(long value, boolean kib) {
        return kib ? String.format(Locale.ROOT, "%,.1f", value / 1024.0) : String.format(Locale.ROOT, "%,d", value);
    }

    /** A cell's status as the tables give it: a flagged OK is {@value #FLAGGED_OK}, never a plain OK. */
    static String status(RunData.Row r) {
        return "OK".equals(r.status) && !r.notes.isEmpty() ? FLAGGED_OK : r.status;
    }

    /** The status of a cell that ended OK but raised a flag: the tables set it apart from a plain OK. */
    static final String FLAGGED_OK = "OK, flagged";
}
