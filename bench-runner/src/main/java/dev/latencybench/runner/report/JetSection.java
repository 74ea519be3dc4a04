package dev.latencybench.runner.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.jet.JetResult;
import dev.latencybench.runner.report.chart.ChartOutput;
import dev.latencybench.runner.report.chart.LatencyAxis;
import dev.latencybench.runner.report.chart.LineChart;
import dev.latencybench.runner.report.data.RunData;
import dev.latencybench.runner.report.doc.Doc;
import dev.latencybench.runner.report.doc.Table;

/**
 * Latency against throughput, for a study whose points carry the sliding-window study's {@code jet}
 * figures (its {@code result.json}): first the answer in words, per JVM × GC the highest input +
 * output items/s at which the primary metric's p99.99 stayed under the window's slide (the study's
 * failure line); then p99.99, p99.9 and p99 against the items/s each point achieved, one line per
 * JVM × GC, the slide drawn; then a table of every point with what the JVM used. Points that failed
 * (the source did not keep up, a wrong count) are crosses, not part of a line. Stateless.
 */
public final class JetSection {
    private static final double LOG_SPAN = 10;

    private JetSection() {
    }

    /**
     * One measured point of one JVM × GC.
     *
     * @param maxHeapBytes the heap limit its JVM reported in env.json (-Xmx, or the default); -1 when unknown
     */
    public record Point(RunData.Row row, JetResult.Figures jet, long maxHeapBytes) {
        /**
         * {@code jet} or {@code reference}: the step's variant; for a result without its step, the folder's
         * name before {@code -keys-}.
         */
        String variant() {
            CellResult r = row.result;
            if (r.step != null && r.step.has("variant")) {
                return r.step.get("variant").getAsString();
            }
            String v = r.variant != null ? r.variant : row.variant;
            int k = v.indexOf("-keys-");
            return k > 0 ? v.substring(0, k) : v;
        }

        public double itemsPerSec() {
            return jet.itemsPerSec();
        }

        long keys() {
            return jet.keys() == null ? -1 : jet.keys();
        }

        LatencySummary first() {
            return row.primary();
        }

        boolean ok() {
            return "OK".equals(row.status);
        }
    }

    /** Writes the section when the scenario's results carry the figures; nothing otherwise. */
    static void write(Doc doc, RunData data, String scenario, Path charts) throws IOException {
        Map<String, List<Point>> byCell = points(data, scenario);
        if (byCell.isEmpty()) {
            return;
        }
        long slideNs = slideNs(byCell);
        doc.h(3, "Latency against throughput");
        doc.p("Input + output items/s is what each point achieved: the events the source emitted and the window"
                + " results the pipeline emitted, per second. The failure line is the window's slide ("
                + Units.formatNs(slideNs) + "): a window's result that comes later than that comes after the next"
                + " window's end. The highest throughput at which the p99.99 of `" + primaryName(byCell)
                + "` stayed under it:");
        doc.bullets(answers(byCell, slideNs));
        String[] names = {"p99.99", "p99.9", "p99"};
        List<ToLongFunction<LatencySummary>> figures = List.of(s -> s.p99_99, s -> s.p99_9, s -> s.p99);
        for (int i = 0; i < names.length; i++) {
            LineChart c = chart(scenario, byCell, names[i], figures.get(i), slideNs);
            if (c != null) {
                String base = scenario + "-throughput-" + names[i].replace('.', '_');
                ChartOutput.write(c, charts, base, c.getTitle(), c.panelLines(0));
                doc.chart(base, c.getTitle());
            }
        }
        table(byCell).writeTo(doc);
        String yardstick = data.study(scenario).yardstick;
        if (yardstick != null) {
            harnessCost(doc, byCell, slideNs, yardstick);
        }
    }

    /**
     * Each point of the suite's pipeline against the published one at the same JVM, collector and key
     * count: the latency percentiles and the process's CPU, side by side, with the ratios; whether the two
     * give the same answer (under the slide or not). A ratio only where both points held their rate: a
     * yardstick that did not is no yardstick, and the table says so instead. Nothing without both variants.
     *
     * @param yardstick the variant the study declared its yardstick
     */
    static void harnessCost(Doc doc, Map<String, List<Point>> byCell, long slideNs, String yardstick) {
        Map<String, Point> yardsticks = new LinkedHashMap<>();
        byCell.values().forEach(l -> l.stream().filter(p -> yardstick.equals(p.variant()))
                .forEach(p -> yardsticks.put(p.row().label() + "/" + p.keys(), p)));
        if (yardsticks.isEmpty()) {
            return;
        }
        Table t = new Table().text("JVM × GC").number("keys").text("heap used (max) / limit").time("p50")
                .time(yardstick + " p50").time("p99").time(yardstick + " p99").time("p99.99").time(yardstick + " p99.99")
                .number("p99.99 ratio").number("CPU (cores)").number(yardstick + " CPU").number("CPU ratio")
                .text("same answer");
        int compared = 0;
        int agreed = 0;
        for (List<Point> points : byCell.values()) {
            for (Point p : points) {
                Point y = yardsticks.get(p.row().label() + "/" + p.keys());
                if (yardstick.equals(p.variant()) || y == null) {
                    continue;
                }
                LatencySummary f = p.first();
                LatencySummary g = y.first();
                boolean both = p.ok() && y.ok();
                double cpu = p.jet().cpuCores();
                double ycpu = y.jet().cpuCores();
                boolean under = p.ok() && f.p99_99 < slideNs;
                boolean yUnder = y.ok() && g.p99_99 < slideNs;
                String same;
                if (!y.ok()) {
                    same = "no yardstick: `" + yardstick + "` " + y.row().status
                            + (y.row().reasons.isEmpty() ? "" : " (" + y.row().reasons.get(0) + ")");
                } else {
                    compared++;
                    agreed += under == yUnder ? 1 : 0;
                    same = under == yUnder ? "yes (" + (under ? "under" : "over") + " the slide)"
                            : "**no**: " + (under ? "under" : "over") + " the slide, `" + yardstick + "` "
                            + (yUnder ? "under" : "over");
                }
                t.row(List.of(p.row().label(), String.format(Locale.ROOT, "%,d", p.keys()), heap(p),
                        Table.Time.of(f.p50), Table.Time.of(g.p50), Table.Time.of(f.p99), Table.Time.of(g.p99),
                        Table.Time.of(f.p99_99), Table.Time.of(g.p99_99),
                        both && g.p99_99 > 0 ? String.format(Locale.ROOT, "%.2fx", (double) f.p99_99 / g.p99_99) : "-",
                        cores(cpu), cores(ycpu),
                        both && cpu > 0 && ycpu > 0 ? String.format(Locale.ROOT, "%.2fx", cpu / ycpu) : "-", same));
            }
        }
        if (t.isEmpty()) {
            return;
        }
        doc.h(3, "The harness's own cost");
        doc.p("The `" + yardstick + "` variant is the published pipeline (its source stamping events in whole"
                + " milliseconds, at most 256 a call, `rebalance()`, the sliding count, one key in 10,000 kept and"
                + " the latency of its first result per window end taken in whole ms) with none of the suite's code"
                + " inside the job. The suite's pipeline times every result of every window end and checks every"
                + " count. Both ran on the same JVM, collector, heap, rate and keys; the differences are what the suite's"
                + " measuring costs. A ratio is given only where both held their rate. The yardstick's latencies are"
                + " whole milliseconds, as the study took them, so below a few ms the ratio says little.");
        if (compared > 0) {
            doc.p(agreed == compared ? "At every point where the yardstick held, both variants give the same answer."
                    : String.format(Locale.ROOT, "**The variants disagree at %d of the %d points where the yardstick"
                    + " held**: there the suite's measuring changes the answer; read the yardstick's.", compared - agreed,
                    compared));
        }
        t.writeTo(doc);
    }

    /** {@code 3,560 / 4,096 MB}: the most heap the point used, and the JVM's limit (-Xmx, or the default). */
    static String heap(Point p) {
        String used = String.format(Locale.ROOT, "%,d", p.jet().heapUsedMaxBytes() >> 20);
        long max = p.maxHeapBytes();
        return used + " / " + (max > 0 ? String.format(Locale.ROOT, "%,d MB", max >> 20) : "? MB");
    }

    /** The heap limit the cell's JVM reported in its env.json; -1 when it has none. */
    static long maxHeapBytes(RunData.Row row) {
        if (row.dir == null) {
            return -1;
        }
        Path env = row.dir.resolve(ResultLayout.ENV_JSON);
        try {
            if (!Files.isRegularFile(env)) {
                return -1;
            }
            JsonObject jdk = ResultFiles.readJson(env).getAsJsonObject("jdk");
            return jdk != null && jdk.has("maxHeapBytes") ? jdk.get("maxHeapBytes").getAsLong() : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The measured points, per JVM × GC in the run's order (and per variant, {@code openjdk-17 g1 reference},
     * where the run has more than one), each line's by rising items/s.
     */
    public static Map<String, List<Point>> points(RunData data, String scenario) {
        List<Point> all = new ArrayList<>();
        for (RunData.Row r : data.scenarios.getOrDefault(scenario, List.of())) {
            JetResult.Figures jet = r.result == null ? null : r.result.part(JetResult.PART).jet();
            if (jet != null && r.measured()) {
                all.add(new Point(r, jet, maxHeapBytes(r)));
            }
        }
        boolean several = all.stream().map(Point::variant).distinct().count() > 1;
        Map<String, List<Point>> byCell = new LinkedHashMap<>();
        for (Point p : all) {
            String line = several ? p.row().label() + " " + p.variant() : p.row().label();
            byCell.computeIfAbsent(line, k -> new ArrayList<>()).add(p);
        }
        byCell.values().forEach(l -> l.sort((a, b) -> Double.compare(a.itemsPerSec(), b.itemsPerSec())));
        return byCell;
    }

    /** The OK point with the highest items/s whose p99.99 stayed under the slide; null when none did. */
    public static Point bestUnderSlide(List<Point> points, long slideNs) {
        Point best = null;
        for (Point p : points) {
            if (p.ok() && p.first().p99_99 < slideNs && (best == null || p.itemsPerSec() > best.itemsPerSec())) {
                best = p;
            }
        }
        return best;
    }

    public static long slideNs(Map<String, List<Point>> byCell) {
        Long slideNs = byCell.values().iterator().next().get(0).row().result.part(JetResult.PART).slideNs();
        return slideNs != null ? slideNs : 10_000_000L;
    }

    private static String primaryName(Map<String, List<Point>> byCell) {
        return byCell.values().iterator().next().get(0).row().metrics.primary().name();
    }

    /** Per JVM × GC: the highest items/s of an OK point under the line, and the first point above it. */
    static List<String> answers(Map<String, List<Point>> byCell, long slideNs) {
        List<String> out = new ArrayList<>();
        byCell.forEach((cell, points) -> {
            Point best = null;
            Point broke = null;
            for (Point p : points) {
                boolean under = p.ok() && p.first().p99_99 < slideNs;
                if (under) {
                    best = p;
                } else if (broke == null || best != null && broke.itemsPerSec() < best.itemsPerSec()) {
                    broke = p;
                }
            }
            if (best == null) {
                out.add("**" + cell + "**: at no point measured; the lowest, " + describe(points.get(0)));
                return;
            }
            String above = broke == null || broke.itemsPerSec() < best.itemsPerSec() ? ""
                    : "; above it, " + describe(broke);
            out.add("**" + cell + "**: " + String.format(Locale.ROOT, "%s items/s (%,d keys, p99.99 %s)",
                    items(best.itemsPerSec()), best.keys(), Units.formatNs(best.first().p99_99)) + above);
        });
        return out;
    }

    private static String describe(Point p) {
        return String.format(Locale.ROOT, "%,d keys (%s items/s) %s", p.keys(), items(p.itemsPerSec()), p.ok()
                ? "had p99.99 " + Units.formatNs(p.first().p99_99) : "ended " + p.row().status
                + (p.row().reasons.isEmpty() ? "" : ": " + p.row().reasons.get(0)));
    }

    /** {@code 1.2M}, {@code 20K}, {@code 950}: three significant digits, no trailing zeros. */
    public static String items(double v) {
        double scaled = v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v;
        String unit = v >= 1e6 ? "M" : v >= 1e3 ? "K" : "";
        return new BigDecimal(scaled).round(new MathContext(3)).stripTrailingZeros().toPlainString() + unit;
    }

    /** One figure against items/s, a line per JVM × GC (OK points), crosses for failed ones; null without points. */
    static LineChart chart(String scenario, Map<String, List<Point>> byCell, String name,
                           ToLongFunction<LatencySummary> figure, long slideNs) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double minUs = slideNs / 1e3;
        double maxUs = slideNs / 1e3;
        for (List<Point> points : byCell.values()) {
            for (Point p : points) {
                lo = Math.min(lo, p.itemsPerSec());
                hi = Math.max(hi, p.itemsPerSec());
                minUs = Math.min(minUs, Math.max(1, figure.applyAsLong(p.first())) / 1e3);
                maxUs = Math.max(maxUs, figure.applyAsLong(p.first()) / 1e3);
            }
        }
        if (hi <= 0) {
            return null;
        }
        boolean log = hi >= LOG_SPAN * lo;
        List<Double> tickValues = ticks(lo, hi, log);
        double[] ticks = new double[tickValues.size()];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = x(tickValues.get(i), log);
            labels.add(items(tickValues.get(i)));
        }
        double xl = x(lo, log);
        double xh = x(hi, log);
        double pad = xh > xl ? (xh - xl) * 0.05 : Math.max(1, Math.abs(xl) * 0.05);
        LatencyAxis y = LatencyAxis.fit(minUs, maxUs);
        String title = scenario + ": " + name + " of " + primaryName(byCell) + " against input + output items/s";
        LineChart c = new LineChart(title, "input + output items/s" + (log ? " (log scale)" : ""), xl - pad, xh + pad,
                ticks, labels, y, 1).xScale(log ? LineChart.XScale.LOG10 : LineChart.XScale.LINEAR);
        c.addLevel(y.of(slideNs / 1e3), "the slide, " + Units.formatNs(slideNs));
        int slot = 0;
        for (Map.Entry<String, List<Point>> e : byCell.entrySet()) {
            List<Point> ok = e.getValue().stream().filter(Point::ok).toList();
            double[] xs = new double[ok.size()];
            double[] ys = new double[ok.size()];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = x(ok.get(i).itemsPerSec(), log);
                ys[i] = y.of(Math.max(1, figure.applyAsLong(ok.get(i).first())) / 1e3);
            }
            for (Point p : e.getValue()) {
                if (!p.ok()) {
                    c.addFailure(x(p.itemsPerSec(), log), y.of(Math.max(1, figure.applyAsLong(p.first())) / 1e3), slot, 0);
                }
            }
            c.addLine(e.getKey(), xs, ys, slot, 2f, 0);
            slot++;
        }
        c.fitHeight();
        return c;
    }

    private static double x(double v, boolean log) {
        return log ? Math.log10(Math.max(1, v)) : v;
    }

    /** 1, 2, 5 x 10^k within [lo, hi] on a log axis; five even steps on a linear one. */
    static List<Double> ticks(double lo, double hi, boolean log) {
        List<Double> t = new ArrayList<>();
        if (log) {
            for (double decade = Math.pow(10, Math.floor(Math.log10(lo))); decade <= hi; decade *= 10) {
                for (double m : new double[] {1, 2, 5}) {
                    if (decade * m >= lo * 0.999 && decade * m <= hi * 1.001) {
                        t.add(decade * m);
                    }
                }
            }
        }
        if (t.size() < 2) {
            t.clear();
            int steps = hi > lo ? 4 : 0;
            for (int i = 0; i <= steps; i++) {
                t.add(lo + (hi - lo) * i / Math.max(1, steps));
            }
        }
        return t;
    }

    /** Every point: its throughput, latencies, how far the source fell behind, and what the JVM used. */
    static Table table(Map<String, List<Point>> byCell) {
        Table t = new Table().text("JVM × GC").number("keys").text("status").number("input/s").number("output/s")
                .time("p50").time("p99").time("p99.99").time("last p99.99").number("source lag (max, when)")
                .text("heap used (max) / limit").number("CPU (cores)").number("GC CPU (cores)").text("why it failed");
        byCell.forEach((cell, points) -> {
            for (Point p : points) {
                LatencySummary f = p.first();
                LatencySummary last = p.row().summary("last-result");
                JetResult.Figures j = p.jet();
                List<Object> cells = new ArrayList<>();
                cells.add(cell);
                cells.add(String.format(Locale.ROOT, "%,d", p.keys()));
                cells.add(p.row().status);
                cells.add(items(j.inputPerSec()));
                cells.add(items(j.outputPerSec()));
                cells.add(Table.Time.of(f.p50));
                cells.add(Table.Time.of(f.p99));
                cells.add(Table.Time.of(f.p99_99));
                cells.add(last == null || last.count == 0 ? "-" : Table.Time.of(last.p99_99));
                cells.add(Units.formatNs(j.sourceMaxLagNs()) + (j.sourceMaxLagAtNs() != null && j.sourceMaxLagNs() > 0
                        ? " at " + Units.formatNs(j.sourceMaxLagAtNs()) : ""));
                cells.add(heap(p));
                cells.add(cores(j.cpuCores()));
                cells.add(cores(j.gcCpuCores()));
                cells.add(p.ok() ? "" : String.join("; ", p.row().reasons));
                t.row(cells);
            }
        });
        return t;
    }

    private static String cores(double v) {
        return v < 0 ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}
