package dev.latencybench.jet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.OrderStatistics;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.view.Answer;
import dev.latencybench.core.view.HowSure;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.jet.JetView.Point;

/**
 * The Jet study's answer as data: with {@link #CAPACITY_POINTS} or more points a line, the line that held the most
 * items/s under the slide; with fewer, the line lowest in latency at the highest load all ran, judged by
 * {@link HowSure}. The yardstick is left out of the ranking where the study's own variant ran. Stateless.
 */
final class JetAnswer {
    /** Load points a line needs before a capacity is read from it. */
    static final int CAPACITY_POINTS = 3;
    private static final String[] NAMES = LatencySummary.NAMES;
    private static final double[] PCTS = LatencySummary.PCTS;

    private JetAnswer() {
    }

    static Answer of(Map<String, List<Point>> byCell, long slideNs, String yardstick) {
        List<Map.Entry<String, List<Point>>> all = new ArrayList<>();
        byCell.entrySet().stream().filter(e -> !e.getValue().get(0).variant().equals(yardstick)).forEach(all::add);
        if (all.isEmpty()) {
            all.addAll(byCell.entrySet());
        }
        int shared = Answer.sharedWords(all.stream().map(Map.Entry::getKey).toList());
        List<Map.Entry<String, List<Point>>> lines = new ArrayList<>();
        for (Map.Entry<String, List<Point>> e : all) {
            lines.add(Map.entry(Answer.dropWords(e.getKey(), shared), e.getValue()));
        }
        int most = lines.stream().mapToInt(e -> e.getValue().size()).max().orElse(0);
        Answer a = most >= CAPACITY_POINTS ? capacity(lines, slideNs) : atTheTopLoad(lines);
        if (most < CAPACITY_POINTS && !a.isNone()) {
            a = a.also(yardstick(byCell, all, yardstick, a.best, shared));
        }
        a = a.cause(cause(lines, a.best));
        for (Map.Entry<String, List<Point>> e : lines) {
            Point worst = null;
            for (Point p : e.getValue()) {
                if (p.ok() && p.first().max >= slideNs && (worst == null || p.first().max > worst.first().max)) {
                    worst = p;
                }
            }
            if (worst != null) {
                a = a.also("`" + e.getKey() + "` max " + Units.formatNs(worst.first().max) + " at " + String.format(
                        Locale.ROOT, "%,d", worst.keys()) + " keys, over the slide");
            }
        }
        return a;
    }

    /** The published pipeline's figure beside the best line's, {@code `reference` 412µs}; null without one. */
    private static String yardstick(Map<String, List<Point>> byCell, List<Map.Entry<String, List<Point>>> lines,
                                    String yardstick, String bestName, int shared) {
        Point best = null;
        for (Map.Entry<String, List<Point>> e : lines) {
            if (Answer.dropWords(e.getKey(), shared).equals(bestName)) {
                best = e.getValue().get(e.getValue().size() - 1);
            }
        }
        if (best == null || yardstick == null) {
            return null;
        }
        for (List<Point> points : byCell.values()) {
            Point top = points.get(points.size() - 1);
            if (top.variant().equals(yardstick) && top.row().cell.equals(best.row().cell) && top.ok()) {
                for (int i = PCTS.length - 1; i >= 0; i--) { // the highest percentile both rest on
                    if (LatencySummary.shown(top.first().count, PCTS[i]) && LatencySummary.shown(best.first().count,
                            PCTS[i])) {
                        long ns = top.first().percentile(i);
                        // 0 in whole ms is under 1 ms, not "0ns"
                        return "`" + yardstick + "` " + NAMES[i] + " " + (ns == 0 ? "0ms" : Units.formatNs(ns))
                                + JetTables.WHOLE_MS.trim() + (ns == 0 ? " (whole ms: under 1 ms)" : " (whole ms)");
                    }
                }
            }
        }
        return null;
    }

    /** The most items/s under the slide, best line against the next. */
    private static Answer capacity(List<Map.Entry<String, List<Point>>> lines, long slideNs) {
        List<Map.Entry<String, VerdictRule.Range>> held = new ArrayList<>();
        for (Map.Entry<String, List<Point>> e : lines) {
            VerdictRule.Range r = JetView.underTheSlide(e.getValue(), slideNs);
            if (r != null) {
                held.add(Map.entry(e.getKey(), r));
            }
        }
        if (held.isEmpty()) {
            return Answer.none("no line held the first result's p99.99 under the " + Units.formatNs(slideNs)
                    + " slide at any load tested");
        }
        held.sort(Comparator.comparingDouble((Map.Entry<String, VerdictRule.Range> e) -> e.getValue().value)
                .reversed());
        Map.Entry<String, VerdictRule.Range> best = held.get(0);
        Answer a = Answer.best(best.getKey(), "most items/s with p99.99 under the slide", count(best.getValue()));
        if (held.size() > 1) {
            Map.Entry<String, VerdictRule.Range> next = held.get(1);
            VerdictRule.Range b = best.getValue();
            VerdictRule.Range n = next.getValue();
            boolean overlap = b.low <= n.high && n.low <= b.high;
            a = overlap ? a.tiesWith(next.getKey()).also(next.getKey() + " " + count(n))
                    : a.against(next.getKey(), "over", null, null).also(next.getKey() + " " + count(n));
        }
        return a;
    }

    private static String count(VerdictRule.Range r) {
        return (r.high == Long.MAX_VALUE ? "≥" : "") + JetView.items(r.value)
                + " items/s";
    }

    /** The cause of the best line's tail at its highest OK load; null without a best line or an attributed tail. */
    static String cause(List<Map.Entry<String, List<Point>>> lines, String best) {
        for (Map.Entry<String, List<Point>> e : lines) {
            if (!e.getKey().equals(best)) {
                continue;
            }
            for (int i = e.getValue().size() - 1; i >= 0; i--) {
                Point p = e.getValue().get(i);
                if (p.ok()) {
                    TailPart t = p.row().result == null ? null : TailPart.ofMember(p.row().result.tail);
                    return t == null ? null : t.causeClause();
                }
            }
        }
        return null;
    }

    /** The lowest line at the highest load and percentile all lines share. */
    private static Answer atTheTopLoad(List<Map.Entry<String, List<Point>>> lines) {
        List<Map.Entry<String, Point>> tops = new ArrayList<>();
        for (Map.Entry<String, List<Point>> e : lines) {
            Point top = e.getValue().get(e.getValue().size() - 1);
            if (top.ok()) {
                tops.add(Map.entry(e.getKey(), top));
            }
        }
        if (tops.isEmpty()) {
            return Answer.none("no point ended OK");
        }
        int k = -1;
        for (int i = PCTS.length - 1; i >= 0 && k < 0; i--) { // the highest percentile every point rests on
            final int j = i;
            if (tops.stream().allMatch(t -> LatencySummary.shown(t.getValue().first().count, PCTS[j]))) {
                k = i;
            }
        }
        if (k < 0) {
            return Answer.none("no percentile rests on 10 results beyond it; run longer");
        }
        final int pick = k;
        tops.sort(Comparator.comparingLong(t -> t.getValue().first().percentile(pick)));
        Map.Entry<String, Point> best = tops.get(0);
        double load = tops.stream().mapToDouble(t -> t.getValue().itemsPerSec()).min().orElse(0);
        String figure = NAMES[k] + " at " + JetView.items(load) + " items/s";
        Answer a = Answer.best(best.getKey(), tops.size() > 1 ? "lowest " + figure : figure,
                Units.formatNs(best.getValue().first().percentile(k)));
        if (tops.size() < 2) {
            return a;
        }
        Map.Entry<String, Point> next = tops.get(1);
        long bv = best.getValue().first().percentile(k);
        long nv = next.getValue().first().percentile(k);
        HowSure.Ratio ratio = HowSure.compare(side(next.getValue(), k), side(best.getValue(), k));
        if (ratio.call == HowSure.Call.ONE_FORK) { // one fork a point: the figures, and that nothing ranks
            a = Answer.only(best.getKey(), figure, Units.formatNs(bv)).also("not ranked, one fork a point");
            for (Map.Entry<String, Point> t : tops.subList(1, tops.size())) {
                a = a.also("`" + t.getKey() + "` " + Units.formatNs(t.getValue().first().percentile(k)));
            }
            return a;
        }
        if (ratio.call != HowSure.Call.HIGHER) {
            a = Answer.best(best.getKey(), a.figure, Units.formatNs(bv) + " and " + Units.formatNs(nv))
                    .tiesWith(next.getKey());
        } else {
            a = a.against(next.getKey(), "below", Answer.ratio(ratio.ratio), ratio.hasInterval() ? ratio.interval() : null);
        }
        if (tops.size() > 2) {
            Map.Entry<String, Point> worst = tops.get(tops.size() - 1);
            a = a.also("`" + worst.getKey() + "` " + Units.formatNs(worst.getValue().first().percentile(k)));
        }
        return a;
    }

    /** What {@link HowSure} judges a point by at percentile {@code i}: merged, per fork, and its 95% interval. */
    private static HowSure.Side side(Point p, int i) {
        List<dev.latencybench.core.result.CellResult.ForkFigures> forks = p.row().result == null ? List.of()
                : p.row().result.forkSummaries.getOrDefault(p.row().primaryMetric(), List.of());
        long[] values = forks.stream().mapToLong(f -> f.summary.percentile(i)).toArray();
        HowSure.Side side = HowSure.Side.of(p.first().percentile(i), values);
        long[] within = interval(p, i);
        return within == null ? side : side.within(within[0], within[1]);
    }

    /** The point's 95% interval at percentile {@code i}, from its interval log; null when it cannot be read. */
    private static long[] interval(Point p, int i) {
        try {
            Histogram h = p.row().intervals().total(p.row().primaryMetric());
            return h == null || h.getTotalCount() == 0 ? null : OrderStatistics.interval95(h, PCTS[i]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
