package dev.latencybench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.view.Answer;
import dev.latencybench.core.view.HowSure;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.Bounds;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * The answer of one variant measured per JVM × GC, and the table it is read from: cells ranked by median, each with
 * its interval and ratio to the lowest. Unflagged OK cells rank; when all are flagged they rank with a caution, so a
 * flag cautions and never silences. With one cell, its median is set against the study's yardstick.
 */
final class VariantAnswer {
    /** One ranked cell: its row, median and interval, and its ratio to the lowest with that ratio's interval. */
    record Cell(RunData.Row row, long medianNs, Bounds.Interval interval, double ratio, double ratioLow,
                double ratioHigh, String call) {
    }

    /** The call of a cell the rule cannot rank: it, or the lowest, ran one fork. */
    static final String ONE_FORK = "one fork, not ranked";

    final String variant;
    final String metric;
    /** Ranked cells, the lowest median first; empty when no cell measured anything. */
    final List<Cell> cells;
    /** The highest percentile (index into {@link Percentiles#NAMES}) above the median every cell rests on; -1: none. */
    final int tail;
    /** The floor's median on the best cell; -1 without a floor there. */
    final long floorNs;
    /** The yardstick on the best cell, its ratio the best's median over the yardstick's; null without one. */
    final Cell yardstick;
    final String yardstickName;
    final Answer answer;

    private VariantAnswer(String variant, String metric, List<Cell> cells, int tail, long floorNs, Cell yardstick,
                          String yardstickName, Answer answer) {
        this.variant = variant;
        this.metric = metric;
        this.cells = cells;
        this.tail = tail;
        this.floorNs = floorNs;
        this.yardstick = yardstick;
        this.yardstickName = yardstickName;
        this.answer = answer;
    }

    /** The answers of the scenario's variants but its floor and its yardsticks, in the run's order. */
    static List<VariantAnswer> of(RunData data, String scenario) {
        RunData.Study study = data.study(scenario);
        List<VariantAnswer> out = new ArrayList<>();
        for (String v : data.variants(scenario)) {
            if (study.isControl(v)) {
                continue;
            }
            out.add(of(data, scenario, study, v));
        }
        return out;
    }

    private static VariantAnswer of(RunData data, String scenario, RunData.Study study, String v) {
        String metric = study.metrics.primary().name();
        List<RunData.Row> measured = data.rows(scenario, v).stream()
                .filter(r -> "OK".equals(r.status) && r.measured() && r.summary(metric) != null).toList();
        if (measured.isEmpty()) {
            return new VariantAnswer(v, metric, List.of(), -1, -1, null, null,
                    Answer.none("no cell ended OK; see its section"));
        }
        List<RunData.Row> clean = measured.stream().filter(r -> r.notes.isEmpty()).toList();
        List<RunData.Row> ranked = clean.isEmpty() ? measured : clean;
        String caution = null;
        if (clean.isEmpty()) {
            caution = FloorTables.firstWords(measured.get(0).notes) + (measured.size() > 1 ? " on every cell" : "");
        } else if (clean.size() < measured.size()) {
            caution = (measured.size() - clean.size()) + " flagged cell" + (measured.size() - clean.size() == 1 ? ""
                    : "s") + " not ranked";
        }
        List<RunData.Row> sorted = new ArrayList<>(ranked);
        sorted.sort(Comparator.comparingLong(r -> r.summary(metric).p50));
        List<RunData.Row> floor = VerdictSection.floorRows(data, scenario, study);
        VerdictSection.Verdict verdict = sorted.size() < 2 ? null : VerdictSection.judge(sorted, floor, metric, 0);
        RunData.Row best = sorted.get(0);
        List<Cell> cells = new ArrayList<>();
        for (RunData.Row r : sorted) {
            long m = r.summary(metric).p50;
            Bounds.Interval in = Bounds.of(r, metric, 0);
            HowSure.Ratio ratio = r == best ? null : verdict.ratios.get(r);
            cells.add(ratio == null ? new Cell(r, m, in, 1, Double.NaN, Double.NaN, "lowest")
                    : new Cell(r, m, in, ratio.ratio, ratio.low, ratio.high, call(verdict, r)));
        }

        int tail = tail(sorted, metric);
        RunData.Row floorRow = study.floor == null ? null : data.row(scenario, study.floor, best.cell);
        long floorNs = floorRow != null && "OK".equals(floorRow.status) && floorRow.measured()
                && floorRow.summary(metric) != null ? floorRow.summary(metric).p50 : -1;
        int shared = Answer.sharedWords(sorted.stream().map(RunData.Row::label).toList());
        java.util.function.Function<RunData.Row, String> name = r -> Answer.dropWords(r.label(), shared);
        String bestName = name.apply(best);
        Answer a;
        Cell y = yardstick(data, scenario, study, best, metric);
        if (cells.size() == 1) {
            a = Answer.only(bestName, "median", Units.formatNs(cells.get(0).medianNs));
            if (y != null && !y.row.notes.isEmpty()) {
                a = a.also("`" + study.yardstick + "` flagged, so no harness cost");
            } else if (y != null && y.medianNs > cells.get(0).medianNs) {
                // the yardstick does less work: slower, it ran under other conditions (as FloorTables says)
                a = a.also("`" + study.yardstick + "` " + Units.formatNs(y.medianNs) + ", slower though it does less:"
                        + " conditions differed, no harness cost");
            } else if (y != null) {
                a = a.against(study.yardstick, "that of", Answer.ratio(y.ratio), interval(y));
            }
        } else if (cells.get(1).call.equals(ONE_FORK)) { // a smoke run: the figures, and that nothing ranks
            a = Answer.only(bestName, "median", Units.formatNs(cells.get(0).medianNs))
                    .also("not ranked, one fork a cell");
            for (Cell c : cells.subList(1, cells.size())) {
                a = a.also("`" + name.apply(c.row) + "` " + Units.formatNs(c.medianNs));
            }
        } else {
            Cell second = cells.get(1);
            a = second.call.equals("tie") ? Answer.best(bestName, "lowest median", range(cells.get(0)) + " and "
                    + range(second))
                    .tiesWith(name.apply(second.row))
                    : Answer.best(bestName, "lowest median", Units.formatNs(cells.get(0).medianNs))
                    .against(name.apply(second.row), "below", Answer.ratio(second.ratio), interval(second));
            Cell worst = cells.get(cells.size() - 1);
            if (cells.size() > 2 && worst.call.equals("higher")) {
                a = a.also(Answer.ratio(worst.ratio) + " (" + interval(worst) + ") below the highest, `"
                        + name.apply(worst.row) + "`");
            } else if (cells.size() > 2) {
                a = a.also("ties with the highest, `" + name.apply(worst.row) + "`");
            }
        }
        List<RunData.Row> lost = data.rows(scenario, v).stream().filter(r -> !"OK".equals(r.status)).toList();
        List<String> all = new ArrayList<>(sorted.stream().map(RunData.Row::label).toList());
        lost.forEach(r -> all.add(r.label()));
        int sharedByAll = Answer.sharedWords(all); // a failed cell's name short only where it stays unambiguous
        List<String> failed = lost.stream().map(r -> "`" + Answer.dropWords(r.label(), sharedByAll) + "` "
                + r.status.toLowerCase(Locale.ROOT)).toList();
        if (!failed.isEmpty()) { // a cell asked for and lost is said, not left out as if never asked
            a = a.also("not ranked: " + String.join(", ", failed));
        }
        if (floorNs >= 0) {
            long cost = cells.get(0).medianNs - floorNs;
            a = a.also("floor " + Units.formatNs(floorNs) + (cost > 0 ? ", +" + Units.formatNs(cost) + " over it"
                    : ""));
            if (cost < 0) { // less than the plainest code on the same cell: conditions differed between the two
                caution = (caution == null ? "" : caution + "; ") + "median below its floor";
            }
        }
        a = a.cause(cause(best));
        if (tail > 0 && cells.size() > 1 && !cells.get(1).call.equals(ONE_FORK)) {
            a = a.also(tailClause(sorted, floor, metric, tail, name));
        }
        return new VariantAnswer(v, metric, cells, tail, floorNs, y, study.yardstick, a.caution(caution));
    }

    /** Why the best cell's tail is what it is ({@link TailPart#causeClause}); null where nothing was attributed. */
    static String cause(RunData.Row r) {
        TailPart t = tail(r);
        return t == null ? null : t.causeClause();
    }

    /** The level {@link #cause} speaks of: beyond p99.9 where enough lie there, else beyond p99, else kept. */
    static TailPart.Level level(TailPart t) {
        return t.enoughAt(TailPart.Level.P99_9) ? TailPart.Level.P99_9 : t.enoughAt(TailPart.Level.P99)
                ? TailPart.Level.P99 : TailPart.Level.KEPT;
    }

    /** {@code 20 / 0 / 3 / 1 of 24}: gc, safepoint, platform and code, then any cause that shared samples. */
    static String causes(TailPart.Beyond b) {
        StringBuilder split = new StringBuilder();
        for (Cause c : Cause.values()) {
            if (b.sharedBy(c) > 0) {
                split.append(String.format(Locale.ROOT, ", %s shared %,d", c.label(), b.sharedBy(c)));
            }
        }
        return counts(b) + split;
    }

    private static String counts(TailPart.Beyond b) {
        if (b.other > 0) {
            return b.platform + b.code == 0
                    ? String.format(Locale.ROOT, "%,d / %,d / %,d other of %,d", b.gc, b.safepoint, b.other, b.attributed)
                    : String.format(Locale.ROOT, "%,d / %,d / %,d / %,d, %,d other of %,d", b.gc, b.safepoint,
                            b.platform, b.code, b.other, b.attributed);
        }
        return String.format(Locale.ROOT, "%,d / %,d / %,d / %,d of %,d", b.gc, b.safepoint, b.platform, b.code,
                b.attributed);
    }

    /** The cell's tail part; null for a result without one. */
    static TailPart tail(RunData.Row r) {
        if (r.result == null || r.result.tail == null) {
            return null;
        }
        com.google.gson.JsonObject o = new com.google.gson.JsonObject();
        o.add(TailPart.MEMBER, r.result.tail);
        return TailPart.of(o);
    }

    /** The best at the highest percentile every ranked cell rests on, or that they tie there. */
    private static String tailClause(List<RunData.Row> sorted, List<RunData.Row> floor, String metric, int i,
                                     java.util.function.Function<RunData.Row, String> name) {
        VerdictSection.Verdict v = VerdictSection.judge(sorted, floor, metric, i);
        String pct = Percentiles.NAMES[i];
        boolean tie = (v.calls.containsKey(VerdictSection.Call.TIE) || v.calls.containsKey(VerdictSection.Call.TIE_FLOOR))
                && !v.calls.containsKey(VerdictSection.Call.SLOWER);
        if (tie) {
            return pct + " ties";
        }
        return pct + " lowest on `" + name.apply(v.best) + "`, " + Units.formatNs(VerdictSection.value(v.best, metric,
                i));
    }

    /** The highest of p90..p99.99 that every cell rests on at least {@link Percentiles#SHOWN_BEYOND} samples for. */
    private static int tail(List<RunData.Row> rows, String metric) {
        for (int i = Percentiles.NAMES.length - 1; i > 0; i--) {
            final int k = i;
            if (rows.stream().allMatch(r -> Percentiles.shown(r.summary(metric).count, Percentiles.PCTS[k]))) {
                return i;
            }
        }
        return -1;
    }

    /** How the verdict rule calls {@code r} against the lowest: {@code tie}, {@code higher}, or why it cannot say. */
    private static String call(VerdictSection.Verdict verdict, RunData.Row r) {
        for (var e : verdict.calls.entrySet()) {
            if (e.getValue().contains(r)) {
                return switch (e.getKey()) {
                    case TIE, TIE_FLOOR -> "tie";
                    case SLOWER -> "higher";
                    case ONE_FORK -> ONE_FORK;
                };
            }
        }
        return "";
    }

    /** The cell's median against the yardstick's on the same JVM × GC; null when the yardstick has no median. */
    private static Cell yardstick(RunData data, String scenario, RunData.Study study, RunData.Row r, String metric) {
        if (study.yardstick == null) {
            return null;
        }
        RunData.Row y = data.row(scenario, study.yardstick, r.cell);
        if (y == null || !"OK".equals(y.status) || !y.measured() || y.summary(metric) == null
                || y.summary(metric).p50 <= 0) {
            return null;
        }
        HowSure.Ratio ratio = HowSure.compare(VerdictSection.side(r, metric, 0), VerdictSection.side(y, metric, 0));
        return new Cell(y, y.summary(metric).p50, Bounds.of(y, metric, 0), ratio.ratio, ratio.low, ratio.high,
                "yardstick");
    }

    /** {@code 450ns–1.10µs}: the forks' lowest to highest median; {@code 450ns} where they agree or it has one. */
    private static String range(Cell c) {
        return c.interval == null || !c.interval.acrossForks() || c.interval.lowNs() == c.interval.highNs()
                ? Units.formatNs(c.medianNs) : Units.formatNs(c.interval.lowNs()) + "–"
                + Units.formatNs(c.interval.highNs());
    }

    private static String interval(Cell c) {
        return Double.isNaN(c.ratioLow) ? null : Answer.ratioInterval(c.ratio, c.ratioLow, c.ratioHigh);
    }

    /** The table the answer's figures are read from: a row per ranked cell, lowest median first. */
    void table(Doc doc, String scenario) {
        if (cells.isEmpty()) {
            return;
        }
        String tailName = tail > 0 ? Percentiles.NAMES[tail] : null;
        Table t = new Table().text("JVM × GC").lowest("p50").time("low").sameUnitAs("p50").time("high")
                .sameUnitAs("p50").number("× the lowest").number("95% of the ratio").text("verdict");
        if (tailName != null) {
            t.time(tailName);
        }
        if (floorNs >= 0) {
            t.time("floor p50").sameUnitAs("p50").time("over the floor").sameUnitAs("p50");
        }
        boolean tails = cells.stream().anyMatch(c -> cause(c.row) != null);
        if (tails) {
            t.text("tail: gc / safepoint / platform / code");
        }
        if (yardstick != null) {
            t.time(yardstickName + " p50").sameUnitAs("p50").number("× " + yardstickName)
                    .number("95% of it");
        }
        for (Cell c : cells) {
            List<Object> row = new ArrayList<>();
            row.add(c.row.label() + (c.row.notes.isEmpty() ? "" : " (flagged)"));
            row.add(Table.Time.of(c.medianNs).ranked(c.row.notes.isEmpty()));
            row.add(c.interval == null ? "—" : Table.Time.of(c.interval.lowNs()));
            row.add(c.interval == null ? "—" : Table.Time.of(c.interval.highNs()));
            row.add(Answer.ratio(c.ratio));
            row.add(Double.isNaN(c.ratioLow) ? "—" : interval(c));
            row.add(c.call);
            if (tailName != null) {
                LatencySummary s = c.row.summary(metric);
                row.add(Table.Time.percentile(Percentiles.percentile(s, tail), s.count, Percentiles.PCTS[tail]));
            }
            if (floorNs >= 0) {
                boolean first = c == cells.get(0);
                row.add(first ? Table.Time.of(floorNs) : "");
                row.add(first && c.medianNs > floorNs ? Table.Time.of(c.medianNs - floorNs) : "");
            }
            if (tails) { // at the level the clause speaks of, so its figures are here
                TailPart tp = cause(c.row) == null ? null : tail(c.row);
                row.add(tp == null ? "—" : level(tp).label + ": " + causes(tp.at(level(tp))));
            }
            if (yardstick != null) {
                boolean first = c == cells.get(0);
                row.add(first ? Table.Time.of(yardstick.medianNs) : "");
                row.add(first ? Answer.ratio(yardstick.ratio) : "");
                row.add(first && !Double.isNaN(yardstick.ratioLow) ? interval(yardstick) : "");
            }
            t.row(row);
        }
        doc.p("The answer's figures, `" + variant + "`, median `" + metric + "`: each cell against the lowest, with"
                + " its median's range (the forks' lowest to highest; with one fork, the order statistics' 95% interval)"
                + " and the ratio's 95% interval, a bootstrap over the forks (none with one fork: not ranked).");
        doc.table(t);
    }
}
