package dev.latencybench.jet;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.view.Chart;
import dev.latencybench.core.view.Comparison;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/**
 * The sliding-window study's part of the report: per JVM × GC the highest items/s at which the p99.99 stayed under
 * the window's slide, charts of latency against throughput, and the tables of {@link JetTables}. Stateless.
 */
public final class JetView implements StudyView {
    private static final double LOG_SPAN = 10;
    private static final long DEFAULT_SLIDE_NS = 10_000_000L;
    /** Fewer results than this beyond a percentile: it is not used to judge a point (the suite's one threshold). */
    static final long SHOWN_BEYOND = LatencySummary.SHOWN_BEYOND;
    /** The fewest load points a line needs for a latency-against-throughput chart: fewer draw no curve. */
    static final int MIN_CHART_POINTS = 3;

    /** One measured point of one JVM × GC. */
    public record Point(ViewRow row, JetResult.Figures jet) {
        /** The step's variant, {@code jet} or {@code reference}; else the folder name before {@code -keys-}. */
        String variant() {
            CellResult r = row.result;
            String stepVariant = dev.latencybench.core.schedule.Step.variantOf(r.step);
            if (stepVariant != null) {
                return stepVariant;
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
            return row.ok();
        }
    }

    @Override
    public String study() {
        return JetStudy.NAME;
    }

    @Override
    public View answer(List<ViewRow> rows) {
        View v = new View();
        Map<String, List<Point>> byCell = points(rows);
        if (byCell.isEmpty()) {
            return v;
        }
        long slideNs = slideNs(byCell);
        v.answer("", JetAnswer.of(byCell, slideNs, yardstick(rows)));
        v.heading(1, "Latency against throughput");
        v.paragraph("Input + output items/s is what each point achieved: the events the source emitted and the window"
                + " results the pipeline emitted, per second. The failure line is the window's slide ("
                + Units.formatNs(slideNs) + "): a window's result that comes later than that comes after the next"
                + " window's end. The highest throughput at which the p99.99 of `" + primaryName(byCell)
                + "` stayed under it:");
        v.bullets(answers(byCell, slideNs));
        v.bullets(ranking(byCell, slideNs));
        int points = byCell.values().stream().mapToInt(List::size).max().orElse(0);
        if (points < MIN_CHART_POINTS) { // one or two points draw no curve: the table holds them
            v.paragraph(String.format(Locale.ROOT, "No latency-against-throughput chart: each line has %d load point%s,"
                    + " fewer than %d (sweep `-Dbench.jet.keys` over more counts to draw one).", points, points == 1
                    ? "" : "s", MIN_CHART_POINTS));
        } else {
            String[] names = {"p99.99", "p99.9", "p99"};
            double[] pcts = {99.99, 99.9, 99};
            List<ToLongFunction<LatencySummary>> figures = List.of(s -> s.p99_99, s -> s.p99_9, s -> s.p99);
            for (int i = 0; i < names.length; i++) {
                Chart c = chart(byCell, names[i], pcts[i], figures.get(i), slideNs);
                if (c != null) {
                    v.chart(c);
                }
            }
            v.paragraph("A point whose percentile has fewer than " + SHOWN_BEYOND + " results beyond it is left out of"
                    + " that percentile's chart: it would be the few worst results, not the percentile.");
        }
        String yardstick = yardstick(rows);
        JetTables.points(v, byCell, yardstick);
        if (yardstick != null) {
            JetTables.harnessCost(v, byCell, slideNs, yardstick);
        }
        return v;
    }

    /** The yardstick's latencies are whole milliseconds, as the published job took them: marked ‡ in every table. */
    @Override
    public String valueMark(ViewRow row) {
        if (row.result == null || row.result.part(JetResult.PART).jet() == null) {
            return "";
        }
        String yardstick = yardstick(List.of(row));
        return yardstick != null && new Point(row, row.result.part(JetResult.PART).jet()).variant().equals(yardstick)
                ? JetTables.WHOLE_MS : "";
    }

    @Override
    public String valueMarkLegend() {
        return JetTables.WHOLE_MS_NOTE;
    }

    /** The variant the results declare the yardstick; for results written before roles, the published pipeline. */
    private static String yardstick(List<ViewRow> rows) {
        for (ViewRow r : rows) {
            if (r.result != null) {
                return r.result.declaresRoles() ? r.result.roles.get(Study.Plan.YARDSTICK) : JetStudy.REFERENCE;
            }
        }
        return null;
    }

    @Override
    public Comparison compare(List<ViewRow> base, List<ViewRow> candidate, double maxRegression) {
        Map<String, List<Point>> b = points(base);
        Map<String, List<Point>> c = points(candidate);
        List<String> lines = new ArrayList<>();
        int regressions = 0;
        long slideNs = b.isEmpty() ? DEFAULT_SLIDE_NS : slideNs(b);
        for (String cell : b.keySet()) {
            if (!c.containsKey(cell)) {
                continue;
            }
            Point bp = bestUnderSlide(b.get(cell), slideNs);
            Point cp = bestUnderSlide(c.get(cell), slideNs);
            if (bp == null && cp == null) {
                continue;
            }
            double ratio = bp == null ? Double.POSITIVE_INFINITY : cp == null ? 0 : cp.itemsPerSec() / bp.itemsPerSec();
            String verdict = ratio < 1 - maxRegression ? "REGRESSION: holds less"
                    : ratio > 1 + maxRegression ? "improvement: holds more" : "same";
            if (ratio < 1 - maxRegression) {
                regressions++;
            }
            lines.add(String.format(Locale.ROOT, "%-42s base %s, candidate %s, %s  %s", study() + "/" + cell,
                    held(bp), held(cp), Double.isInfinite(ratio) ? "from none" : Comparison.ratio(ratio), verdict));
        }
        return new Comparison(String.format(Locale.ROOT, "throughput under the slide (the highest items/s with p99.99"
                + " under it; candidate / base, a drop beyond %s is a regression)", Comparison.percent(maxRegression)),
                lines, regressions);
    }

    private static String held(Point p) {
        return p == null ? "none" : items(p.itemsPerSec()) + " items/s";
    }

    /** The measured points per JVM × GC (and variant, where several), each line's by rising items/s. */
    public static Map<String, List<Point>> points(List<ViewRow> rows) {
        List<Point> all = new ArrayList<>();
        for (ViewRow r : rows) {
            JetResult.Figures jet = r.result == null ? null : r.result.part(JetResult.PART).jet();
            if (jet != null && r.measured()) {
                all.add(new Point(r, jet));
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
    static Point bestUnderSlide(List<Point> points, long slideNs) {
        Point best = null;
        for (Point p : points) {
            if (under(p, slideNs) == Boolean.TRUE && (best == null || p.itemsPerSec() > best.itemsPerSec())) {
                best = p;
            }
        }
        return best;
    }

    /**
     * Whether a point kept its p99.99 under the slide; null when it cannot tell. A p99.99 resting on too few results
     * is not used: then the max or a well-founded lower percentile decides. A point that did not end OK is over.
     */
    static Boolean under(Point p, long slideNs) {
        if (!p.ok()) {
            return Boolean.FALSE;
        }
        LatencySummary s = p.first();
        if (LatencySummary.shown(s.count, 99.99)) {
            return s.p99_99 < slideNs;
        }
        if (s.max < slideNs) {
            return Boolean.TRUE;
        }
        long[] lower = {s.p99_9, s.p99, s.p90};
        double[] pcts = {99.9, 99, 90};
        for (int i = 0; i < lower.length; i++) {
            if (LatencySummary.shown(s.count, pcts[i]) && lower[i] >= slideNs) {
                return Boolean.FALSE;
            }
        }
        return null;
    }

    /** What a point's verdict rests on: its p99.99 when it rests on enough results, else its max and the count. */
    private static String evidence(Point p) {
        LatencySummary s = p.first();
        long beyond = LatencySummary.beyond(s.count, 99.99);
        if (beyond >= SHOWN_BEYOND) {
            return String.format(Locale.ROOT, "p99.99 %s, %,d results beyond it", Units.formatNs(s.p99_99), beyond);
        }
        long needed = LatencySummary.neededFor(99.99);
        return String.format(Locale.ROOT, "%,d results put %,d beyond p99.99, %,d needed; max %s", s.count, beyond,
                needed, Units.formatNs(s.max));
    }

    static long slideNs(Map<String, List<Point>> byCell) {
        Long slideNs = byCell.values().iterator().next().get(0).row().result.part(JetResult.PART).slideNs();
        return slideNs != null ? slideNs : DEFAULT_SLIDE_NS;
    }

    private static String primaryName(Map<String, List<Point>> byCell) {
        return byCell.values().iterator().next().get(0).row().primaryMetric();
    }

    /** Per JVM × GC: the highest items/s of an OK point under the line, and the first point above it. */
    static List<String> answers(Map<String, List<Point>> byCell, long slideNs) {
        List<String> out = new ArrayList<>();
        byCell.forEach((cell, points) -> {
            Point best = null;
            Point broke = null;
            for (Point p : points) {
                boolean under = under(p, slideNs) == Boolean.TRUE;
                if (under) {
                    best = p;
                } else if (broke == null || best != null && broke.itemsPerSec() < best.itemsPerSec()) {
                    broke = p;
                }
            }
            Point undecided = points.stream().filter(p -> under(p, slideNs) == null).findFirst().orElse(null);
            if (best == null) {
                out.add("**" + cell + "**: " + (undecided != null ? "cannot tell at this length; " + String.format(
                        Locale.ROOT, "%,d keys (%s items/s): ", undecided.keys(), items(undecided.itemsPerSec()))
                        + evidence(undecided) : "at no point measured; the lowest, " + describe(points.get(0))));
                return;
            }
            String above = broke == null || broke.itemsPerSec() < best.itemsPerSec() ? ""
                    : "; above it, " + describe(broke);
            out.add("**" + cell + "**: " + String.format(Locale.ROOT, "%s items/s (%,d keys, %s)",
                    items(best.itemsPerSec()), best.keys(), evidence(best)) + above);
        });
        return out;
    }

    /** Per variant with several lines, the one that held the most under the slide, the others set against it. */
    static List<String> ranking(Map<String, List<Point>> byCell, long slideNs) {
        Map<String, Map<String, VerdictRule.Range>> byVariant = new LinkedHashMap<>();
        byCell.forEach((line, points) -> {
            VerdictRule.Range r = underTheSlide(points, slideNs);
            if (r != null) {
                byVariant.computeIfAbsent(points.get(0).variant(), k -> new LinkedHashMap<>()).put(line, r);
            }
        });
        List<String> out = new ArrayList<>();
        byVariant.forEach((variant, lines) -> {
            if (lines.size() < 2) {
                return;
            }
            Map.Entry<String, VerdictRule.Range> best = null;
            for (Map.Entry<String, VerdictRule.Range> e : lines.entrySet()) {
                if (best == null || e.getValue().value > best.getValue().value) {
                    best = e;
                }
            }
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%sthe most under the slide: **%s**"
                    + " (%s items/s)", byVariant.size() > 1 ? "`" + variant + "`, " : "", best.getKey(),
                    items(best.getValue().value)));
            for (Map.Entry<String, VerdictRule.Range> e : lines.entrySet()) {
                if (e == best) {
                    continue;
                }
                VerdictRule.Ruling r = VerdictRule.compare(e.getValue(), best.getValue(), VerdictRule.Better.HIGHER,
                        x -> items(x) + " items/s");
                sb.append("; **").append(e.getKey()).append("** ").append(r.tie() ? "ties with it"
                        : r.outcome == VerdictRule.Outcome.WORSE ? "holds less" : "cannot be ranked against it")
                        .append(": ").append(r.reason);
            }
            out.add(sb.append('.').toString());
        });
        return out;
    }

    /** A line's highest rate under the slide, from its best point to the first above that broke it; null if none. */
    static VerdictRule.Range underTheSlide(List<Point> points, long slideNs) {
        Point best = bestUnderSlide(points, slideNs);
        if (best == null) {
            return null;
        }
        long pass = Math.round(best.itemsPerSec());
        long fail = Long.MAX_VALUE;
        for (Point p : points) {
            long rate = Math.round(p.itemsPerSec());
            if (under(p, slideNs) == Boolean.FALSE && rate > pass) {
                fail = Math.min(fail, rate);
            }
        }
        return fail == Long.MAX_VALUE ? VerdictRule.Range.atLeast(pass) : VerdictRule.Range.bracket(pass, fail);
    }

    private static String describe(Point p) {
        return String.format(Locale.ROOT, "%,d keys (%s items/s) %s", p.keys(), items(p.itemsPerSec()), p.ok()
                ? "had " + evidence(p) : "ended " + p.row().status
                + (p.row().reasons.isEmpty() ? "" : ": " + p.row().reasons.get(0)));
    }

    /** {@code 1.2M}, {@code 20K}, {@code 950}: three significant digits, no trailing zeros. */
    static String items(double v) {
        double scaled = v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v;
        String unit = v >= 1e6 ? "M" : v >= 1e3 ? "K" : "";
        return new BigDecimal(scaled).round(new MathContext(3)).stripTrailingZeros().toPlainString() + unit;
    }

    /** One percentile against items/s, a line per JVM × GC, without ill-founded points; null when none is drawn. */
    static Chart chart(Map<String, List<Point>> byCell, String name, double pct, ToLongFunction<LatencySummary> figure,
                       long slideNs) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (List<Point> points : byCell.values()) {
            for (Point p : points) {
                lo = Math.min(lo, p.itemsPerSec());
                hi = Math.max(hi, p.itemsPerSec());
            }
        }
        if (hi <= 0) {
            return null;
        }
        boolean log = hi >= LOG_SPAN * lo;
        String scenario = JetStudy.NAME;
        Chart c = new Chart(scenario + "-throughput-" + name.replace('.', '_'), scenario + ": " + name + " of "
                + primaryName(byCell) + " against input + output items/s", "input + output items/s"
                + (log ? " (log scale)" : ""), log);
        ticks(lo, hi, log).forEach(t -> c.tick(t, items(t)));
        c.level(slideNs, "the slide, " + Units.formatNs(slideNs));
        int[] drawnAtAll = {0};
        byCell.forEach((line, points) -> {
            List<Chart.Point> drawn = new ArrayList<>();
            for (Point p : points) {
                if (LatencySummary.shown(p.first().count, pct)) {
                    drawn.add(new Chart.Point(p.itemsPerSec(), Math.max(1, figure.applyAsLong(p.first())), p.ok()));
                }
            }
            drawnAtAll[0] += drawn.size();
            c.series(line, drawn);
        });
        return drawnAtAll[0] == 0 ? null : c;
    }

    /** 1, 2, 5 x 10^k within [lo, hi] on a log axis; five even steps on a linear one, less those that print alike. */
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
                double v = lo + (hi - lo) * i / Math.max(1, steps);
                if (t.isEmpty() || !items(v).equals(items(t.get(t.size() - 1)))) { // points close together: one label
                    t.add(v);
                }
            }
        }
        return t;
    }
}
