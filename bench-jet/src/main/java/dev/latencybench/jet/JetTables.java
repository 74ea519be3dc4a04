package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Table;
import dev.latencybench.core.view.View;

/** The sliding-window study's report tables: every measured point, and the harness's own cost. Stateless. */
final class JetTables {
    private JetTables() {
    }

    /**
     * Each point of the suite's pipeline beside the published one's at the same JVM, collector and keys, with ratios
     * only where both held their rate; nothing without both variants.
     * @param yardstick the variant the study declared its yardstick
     */
    static void harnessCost(View v, Map<String, List<JetView.Point>> byCell, long slideNs, String yardstick) {
        Map<String, JetView.Point> yardsticks = new LinkedHashMap<>();
        byCell.values().forEach(l -> l.stream().filter(p -> yardstick.equals(p.variant()))
                .forEach(p -> yardsticks.put(p.row().label() + "/" + p.keys(), p)));
        if (yardsticks.isEmpty()) {
            return;
        }
        // fits 1,400 px: the heap and the CPU per result are in the points table above
        Table t = new Table().text("JVM × GC").number("keys").time("p50")
                .time(yardstick + " p50").sameUnitAs("p50").time("p99").time(yardstick + " p99").sameUnitAs("p99")
                .time("p99.99").time(yardstick + " p99.99").sameUnitAs("p99.99")
                .number("p99.99 ratio").number("CPU (cores)").number(yardstick + " CPU").number("CPU ratio")
                .text("same answer");
        int compared = 0;
        int agreed = 0;
        for (List<JetView.Point> points : byCell.values()) {
            for (JetView.Point p : points) {
                JetView.Point y = yardsticks.get(p.row().label() + "/" + p.keys());
                if (yardstick.equals(p.variant()) || y == null) {
                    continue;
                }
                LatencySummary f = p.first();
                LatencySummary g = y.first();
                boolean both = p.ok() && y.ok();
                double cpu = p.jet().cpuCores();
                double ycpu = y.jet().cpuCores();
                Boolean under = JetView.under(p, slideNs);
                Boolean yUnder = JetView.under(y, slideNs);
                String same;
                if (!y.ok()) {
                    same = "no yardstick: `" + yardstick + "` " + y.row().status
                            + (y.row().reasons.isEmpty() ? "" : " (" + y.row().reasons.get(0) + ")");
                } else if (under == null || yUnder == null) { // not counted: neither agrees nor disagrees
                    same = "cannot tell: " + (under == null ? "" : (under ? "under" : "over") + " the slide, ")
                            + "too few results beyond p99.99" + (under == null && yUnder == null ? " in both"
                            : " in `" + (under == null ? p.variant() : yardstick) + "`");
                } else {
                    compared++;
                    agreed += under.equals(yUnder) ? 1 : 0;
                    same = under.equals(yUnder) ? "yes (" + (under ? "under" : "over") + " the slide)"
                            : "**no**: " + (under ? "under" : "over") + " the slide, `" + yardstick + "` "
                            + (yUnder ? "under" : "over");
                }
                t.row(List.of(p.row().label(), String.format(Locale.ROOT, "%,d", p.keys()),
                        Table.Time.percentile(f.p50, f.count, 50),
                        Table.Time.percentile(g.p50, g.count, 50).suffix(WHOLE_MS),
                        Table.Time.percentile(f.p99, f.count, 99),
                        Table.Time.percentile(g.p99, g.count, 99).suffix(WHOLE_MS),
                        Table.Time.percentile(f.p99_99, f.count, 99.99),
                        Table.Time.percentile(g.p99_99, g.count, 99.99).suffix(WHOLE_MS),
                        both && g.p99_99 > 0 ? Table.Figure.percentile(String.format(Locale.ROOT, "%.2fx",
                                (double) f.p99_99 / g.p99_99), Math.min(f.count, g.count), 99.99) : "-",
                        cores(cpu), cores(ycpu),
                        both && cpu > 0 && ycpu > 0 ? String.format(Locale.ROOT, "%.2fx", cpu / ycpu) : "-", same));
            }
        }
        if (t.isEmpty()) {
            return;
        }
        v.heading(1, "The harness's own cost");
        v.paragraph("The `" + yardstick + "` variant is the published pipeline (its source stamping events in whole"
                + " milliseconds, at most 256 a call, `rebalance()`, the sliding count, one key in 10,000 kept and"
                + " the latency of its first result per window end taken in whole ms) with none of the suite's code"
                + " inside the job. The suite's pipeline times every result of every window end and checks every"
                + " count. Both ran on the same JVM, collector, heap, rate and keys; the differences are what the suite's"
                + " measuring costs."
                + " A ratio is given only where both held their rate. The yardstick's latencies are"
                + " whole milliseconds, as the study took them, so below a few ms the ratio says little.");
        if (compared > 0) {
            v.paragraph(agreed == compared ? "At every point where the yardstick held, both variants give the same answer."
                    : String.format(Locale.ROOT, "**The variants disagree at %d of the %d points where the yardstick"
                    + " held**: there the suite's measuring changes the answer; read the yardstick's.", compared - agreed,
                    compared));
        }
        v.table(t);
        v.paragraph(WHOLE_MS_NOTE);
    }

    /** {@code 3,560 / 4,096 MB}: the most heap the point used, and the JVM's limit (-Xmx, or the default). */
    static String heap(JetView.Point p) {
        String used = String.format(Locale.ROOT, "%,d", p.jet().heapUsedMaxBytes() >> 20);
        long max = p.row().maxHeapBytes;
        return used + " / " + (max > 0 ? String.format(Locale.ROOT, "%,d MB", max >> 20) : "? MB");
    }

    /** The mark on the yardstick's latencies in the table of points, which {@link #WHOLE_MS_NOTE} explains. */
    static final String WHOLE_MS = " ‡";
    /** What {@link #WHOLE_MS} means, below the table of points. */
    static final String WHOLE_MS_NOTE = "‡: taken in whole milliseconds, as the published job took them: a value"
            + " stands for itself to 1 ms more (0: under 1 ms).";

    /**
     * The table of every point; the yardstick's whole-ms latencies carry {@link #WHOLE_MS}.
     * @param yardstick the variant the study declared its yardstick; null for none
     */
    static void points(View v, Map<String, List<JetView.Point>> byCell, String yardstick) {
        boolean marked = false;
        Table t = new Table().text("JVM × GC").number("keys").text("status").number("items/s (in + out)")
                .time("p50").time("p99").time("p99.99").time("last p99.99").number("source lag (max, when)")
                .text("heap used (max) / limit").number("CPU (cores)").number("GC CPU (cores)").text("why it failed");
        for (Map.Entry<String, List<JetView.Point>> e : byCell.entrySet()) {
            String cell = e.getKey();
            for (JetView.Point p : e.getValue()) {
                LatencySummary f = p.first();
                LatencySummary last = p.row().summary("last-result");
                JetResult.Figures j = p.jet();
                List<Object> cells = new ArrayList<>();
                cells.add(cell);
                cells.add(String.format(Locale.ROOT, "%,d", p.keys()));
                cells.add(p.row().status);
                cells.add(JetView.items(p.itemsPerSec()) + " (" + JetView.items(j.inputPerSec()) + " + "
                        + JetView.items(j.outputPerSec()) + ")");
                String mark = p.variant().equals(yardstick) ? WHOLE_MS : "";
                marked |= !mark.isEmpty();
                cells.add(Table.Time.percentile(f.p50, f.count, 50).suffix(mark));
                cells.add(Table.Time.percentile(f.p99, f.count, 99).suffix(mark));
                cells.add(Table.Time.percentile(f.p99_99, f.count, 99.99).suffix(mark));
                cells.add(last == null || last.count == 0 ? "-"
                        : Table.Time.percentile(last.p99_99, last.count, 99.99).suffix(mark));
                cells.add(Units.formatNs(j.sourceMaxLagNs()) + (j.sourceMaxLagAtNs() != null && j.sourceMaxLagNs() > 0
                        ? " at " + Units.formatNs(j.sourceMaxLagAtNs()) : ""));
                cells.add(heap(p));
                cells.add(cores(j.cpuCores()));
                cells.add(cores(j.gcCpuCores()));
                cells.add(p.ok() ? "" : String.join("; ", p.row().reasons));
                t.row(cells);
            }
        }
        v.table(t);
        if (marked) {
            v.paragraph(WHOLE_MS_NOTE);
        }
    }


    private static String cores(double v) {
        return v < 0 ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}
