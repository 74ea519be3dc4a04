package dev.latencybench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.CpuPlacement;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.report.data.Bounds;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * The answer first: per variant but the floor, and per ranked percentile of the primary metric
 * (median and p99.99), the JVM × GC cell with the lowest value and, for every other cell, whether it
 * is really different from it. Two cells tie when their forks' values overlap (min to max of each
 * fork's value of that percentile), or when they differ by no more than the floor variant's own
 * values spread across the cells (the machine moves the floor that far by itself). With one fork a
 * cell's interval is its histogram's order-statistic 95% interval ({@link Bounds}): it ranks, marked as
 * resting on the sampling within one run only; without a readable histogram it has no spread and nothing
 * ranks it: the verdict says what to run for a ranking. A percentile with fewer than 10 samples beyond it in
 * any compared cell is not ranked. Only cells that ended OK without flags rank; the others are named with
 * their status or flag. Stateless.
 */
final class VerdictSection {
    /** The percentiles ranked, as indices of {@link Percentiles#NAMES}: the median and p99.99. */
    private static final int[] RANKED = {0, 4};
    /** The forks per cell the advice asks for: the fewest whose min to max says something. */
    static final int FORKS_FOR_A_RANKING = 3;

    /** How a cell compares with the lowest one. */
    enum Call {
        /** Within the floor's own spread across cells. */
        TIE_FLOOR,
        /** The forks' values of the two overlap. */
        TIE_FORKS,
        /** Higher, and the forks of the two lie apart. */
        SLOWER,
        /** The two cells' CPUs were placed differently: the host may make the difference. */
        PLACED_APART,
        /** One of the two ran one fork: no spread to tell the difference from noise. */
        ONE_FORK,
        /** One fork on a side, and the within-run 95% intervals (order statistics) of the two overlap. */
        TIE_WITHIN_RUN,
        /** Higher, and the within-run 95% intervals lie apart; one fork on a side, so a rerun may still move it. */
        SLOWER_WITHIN_RUN
    }

    /** What one fork's interval covers, said wherever it decides. */
    static final String WITHIN_RUN_ONLY = "one fork: within-run interval only; run -Dbench.forks=" + FORKS_FOR_A_RANKING
            + " for run-to-run spread";

    private VerdictSection() {
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants) {
        RunData.Study study = data.study(scenario);
        String metric = study.metrics.primary().name();
        List<String> lines = new ArrayList<>();
        List<String> single = new ArrayList<>();
        boolean oneFork = false;
        boolean fewSamples = false;
        boolean judged = false; // some variant's cells were set against each other: the rule is said
        for (String v : variants) {
            if (study.isFloor(v)) {
                continue;
            }
            List<RunData.Row> rows = data.rows(scenario, v);
            List<RunData.Row> ranked = rows.stream().filter(VerdictSection::ranks).toList();
            if (rows.size() == 1 && ranked.size() == 1) { // one cell of this variant: nothing to rank it against
                single.add("`" + v + "`");
            } else {
                java.util.Map<Integer, String> primaryBest = new java.util.HashMap<>();
                for (Metric m : study.metrics.all()) { // the primary metric first, then the others it declares
                    for (int i : RANKED) {
                        if (ranked.isEmpty() || ranked.stream().anyMatch(r -> r.summary(m.name()) == null
                                || r.forks(m.name()).isEmpty() && !r.primaryForks().isEmpty())) {
                            break; // results written before metrics were named kept per-fork figures of latency only
                        }
                        boolean primary = m.name().equals(metric);
                        String thin = thin(ranked, m.name(), i);
                        if (thin != null) {
                            if (primary) {
                                lines.add("**" + v + ", " + (i == 0 ? "median" : Percentiles.NAMES[i]) + " `" + m.name()
                                        + "`: cannot tell**, " + thin + ".");
                                fewSamples = true; // a longer run puts more beyond it
                            }
                            continue;
                        }
                        Verdict verdict = judge(ranked, floorRows(data, scenario, study), m.name(), i);
                        if (primary) {
                            primaryBest.put(i, verdict.best.cell);
                        } else if (verdict.best.cell.equals(primaryBest.get(i))) {
                            continue; // the same cell is best as by the primary metric: nothing new to say
                        }
                        oneFork |= verdict.calls.containsKey(Call.ONE_FORK)
                                || verdict.calls.containsKey(Call.TIE_WITHIN_RUN)
                                || verdict.calls.containsKey(Call.SLOWER_WITHIN_RUN);
                        fewSamples |= verdict.fewSamples;
                        judged = true;
                        lines.add(verdict.text(v, m.name(), study.floor)
                                + (primary ? machineTail(data, scenario, study.floor, ranked, i) : ""));
                    }
                }
            }
            List<String> out = new ArrayList<>();
            for (RunData.Row r : rows) {
                if (!ranks(r)) {
                    out.add("`" + r.label() + "` (" + why(r) + ")");
                }
            }
            if (!out.isEmpty()) {
                lines.add("**" + v + ", not ranked:** " + String.join(", ", out) + ".");
            }
        }
        if (!single.isEmpty()) {
            lines.add(0, "**" + String.join(", ", single) + ": one JVM and collector each, nothing to rank.** Run"
                    + " more JVMs or collectors (`scripts/bench run --jvms ... --gcs ...`) to compare them; the"
                    + " tables below hold the figures.");
        }
        if (lines.isEmpty()) {
            return;
        }
        doc.h(3, "Verdict");
        doc.bullets(lines);
        if (oneFork || fewSamples) {
            advice(doc, data, oneFork, fewSamples);
        }
        if (!judged) {
            return;
        }
        doc.p("How the verdict is made: per variant and metric (`" + metric + "`, the study's primary metric, first),"
                + " the lowest value at the median and the p99.99, among the cells that ended OK without a flag (another"
                + " metric is listed where its lowest cell is not the primary metric's). A difference is real when the"
                + " two cells' forks do not overlap (each fork's value, lowest to highest)"
                + (floorRows(data, scenario, study).size() < 2 ? "" : " and it is larger than the floor `"
                + study.floor + "` moves across cells by itself") + "; otherwise the two tie, and on this machine the"
                + " choice between them does not matter for that percentile.");
    }

    /**
     * For a tail percentile, how many of the ranked cells' floors are as slow or slower there (see
     * {@link FloorTables#machineTails}): those tails are the machine's. Empty for the median, and where
     * no floor reaches the variant's tail.
     */
    private static String machineTail(RunData data, String scenario, String floor, List<RunData.Row> ranked, int i) {
        if (floor == null || i == 0) {
            return "";
        }
        int compared = 0;
        int machine = 0;
        for (RunData.Row r : ranked) {
            RunData.Row f = FloorTables.floorOf(data, scenario, floor, r);
            if (f != null) {
                compared++;
                machine += Percentiles.percentile(f.primary(), i) >= Percentiles.percentile(r.primary(), i) ? 1 : 0;
            }
        }
        if (machine == 0) {
            return "";
        }
        return String.format(Locale.ROOT, " In %s of %d cells the floor `%s` is as slow or slower at %s: %s the"
                + " machine's, not the variant's (see the floor table).", machine == compared ? "all" : machine,
                compared, floor, Percentiles.NAMES[i], machine == 1 ? "that tail is" : "those tails are");
    }

    /**
     * {@code 2 samples beyond it in `openjdk-17.0.15 g1` (fewer than 10)}: the compared cell with the fewest
     * samples beyond percentile {@code i}, when it has fewer than {@link Percentiles#SHOWN_BEYOND}; null when
     * every cell has enough.
     */
    static String thin(List<RunData.Row> ranked, String metric, int i) {
        RunData.Row fewest = null;
        for (RunData.Row r : ranked) {
            if (!Percentiles.shown(r.summary(metric).count, Percentiles.PCTS[i])
                    && (fewest == null || r.summary(metric).count < fewest.summary(metric).count)) {
                fewest = r;
            }
        }
        if (fewest == null) {
            return null;
        }
        long beyond = Percentiles.beyond(fewest.summary(metric).count, Percentiles.PCTS[i]);
        return String.format(Locale.ROOT, "%,d sample%s beyond it in `%s` (fewer than %d)", beyond,
                beyond == 1 ? "" : "s", fewest.label(), Percentiles.SHOWN_BEYOND);
    }

    /** A cell ranks when it ended OK, measured its primary metric and raised no flag. */
    static boolean ranks(RunData.Row r) {
        return "OK".equals(r.status) && r.measured() && r.notes.isEmpty();
    }

    /** Why a cell does not rank: its status, or its flags' short names ({@code busy machine}). */
    private static String why(RunData.Row r) {
        if (!"OK".equals(r.status)) {
            return r.status;
        }
        if (!r.measured()) {
            return "no " + r.metrics.primary().name() + " measured";
        }
        return "flagged: " + FloorTables.firstWords(r.notes);
    }

    static List<RunData.Row> floorRows(RunData data, String scenario, RunData.Study study) {
        return study.floor == null ? List.of()
                : data.rows(scenario, study.floor).stream().filter(VerdictSection::ranks).toList();
    }

    /** The lowest of {@code ranked} at percentile {@code i}, and how each other cell compares with it. */
    static Verdict judge(List<RunData.Row> ranked, List<RunData.Row> floor, String metric, int i) {
        List<RunData.Row> sorted = new ArrayList<>(ranked);
        sorted.sort(Comparator.comparingLong(r -> value(r, metric, i)));
        RunData.Row best = sorted.get(0);
        VerdictRule.Range floorRange = floor.size() < 2 ? null
                : VerdictRule.Range.across("cells", floor.stream().map(r -> value(r, metric, i)).toList());
        Verdict verdict = new Verdict(best, metric, i, floorRange);
        for (RunData.Row r : sorted.subList(1, sorted.size())) {
            verdict.add(r, call(best, r, metric, i, floorRange));
        }
        return verdict;
    }

    /**
     * The suite's one {@link VerdictRule} (the floor's spread, then the forks' overlap, then one fork), with
     * the queue study's own check between a tie and a ranking: CPUs the host placed differently.
     */
    private static Call call(RunData.Row best, RunData.Row r, String metric, int i, VerdictRule.Range floor) {
        VerdictRule.Ruling c = VerdictRule.compare(forks(r, metric, i), forks(best, metric, i), floor,
                VerdictRule.Better.LOWER, Units::formatNs);
        if (c.outcome == VerdictRule.Outcome.TIE_FLOOR) {
            return Call.TIE_FLOOR;
        }
        boolean withinRun = !forks(r, metric, i).noun.equals("forks") || !forks(best, metric, i).noun.equals("forks");
        if (c.outcome == VerdictRule.Outcome.TIE_OVERLAP) {
            return withinRun ? Call.TIE_WITHIN_RUN : Call.TIE_FORKS;
        }
        if (placementDiffers(best, r)) {
            return Call.PLACED_APART;
        }
        return c.outcome == VerdictRule.Outcome.CANNOT_TELL ? Call.ONE_FORK
                : withinRun ? Call.SLOWER_WITHIN_RUN : Call.SLOWER;
    }

    /**
     * A cell's merged value at percentile {@code i} with its forks' values around it, for the rule; with one fork,
     * its histogram's within-run 95% interval ({@link Bounds#of}), where it can be read.
     */
    private static VerdictRule.Range forks(RunData.Row r, String metric, int i) {
        long v = value(r, metric, i);
        VerdictRule.Range f = VerdictRule.Range.of(v, "forks",
                r.forks(metric).stream().map(x -> Percentiles.percentile(x, i)).toList());
        if (f.hasSpread()) {
            return f;
        }
        Bounds.Interval b = Bounds.of(r, metric, i);
        return b == null ? f : VerdictRule.Range.interval(v, Math.min(b.lowNs(), v), Math.max(b.highNs(), v),
                "within-run 95% intervals");
    }

    /**
     * Whether two cells ran on CPUs whose cache-line round trips differ by more than
     * {@link CpuPlacement#CHANGE_FACTOR}: their difference may be the host's, not the JVM's.
     */
    static boolean placementDiffers(RunData.Row a, RunData.Row b) {
        long[] x = a.roundTripNs();
        long[] y = b.roundTripNs();
        return x != null && y != null && Math.min(x[0], y[0]) > 0
                && Math.max(x[1], y[1]) > Math.min(x[0], y[0]) * CpuPlacement.CHANGE_FACTOR;
    }

    static long value(RunData.Row r, String metric, int i) {
        return Percentiles.percentile(r.summary(metric), i);
    }

    /** Lowest and highest of the cell's forks' values; null with fewer than two forks. */
    static long[] forkRange(RunData.Row r, String metric, int i) {
        VerdictRule.Range f = VerdictRule.Range.of(value(r, metric, i), "forks",
                r.forks(metric).stream().map(x -> Percentiles.percentile(x, i)).toList());
        return f.hasSpread() ? new long[] {f.low, f.high} : null;
    }

    /** {@code 343ns to 463ns}; {@code 100ns in every cell} when the two agree. */
    private static String span(VerdictRule.Range range) {
        return range.low == range.high ? Units.formatNs(range.low) + " in every cell"
                : Units.formatNs(range.low) + " to " + Units.formatNs(range.high);
    }

    /** What to run for a ranking: more forks, and a longer scale where the tails rest on few samples. */
    private static void advice(Doc doc, RunData data, boolean oneFork, boolean fewSamples) {
        String scale = null;
        for (List<RunData.Row> rows : data.scenarios.values()) {
            for (RunData.Row r : rows) {
                if (scale == null && r.result != null && r.result.scale != null) {
                    scale = r.result.scale;
                }
            }
        }
        String longer = "smoke".equals(scale) ? "standard" : "standard".equals(scale) ? "paper" : null;
        List<String> props = new ArrayList<>();
        if (oneFork) {
            props.add("-Dbench.forks=" + FORKS_FOR_A_RANKING);
        }
        if (longer != null && (fewSamples || "smoke".equals(scale))) {
            props.add("-Dbench.scale=" + longer);
        }
        String why = oneFork ? "cells that ran one fork have no spread, so no difference between them can be told"
                + " from run-to-run noise" : "values marked" + Percentiles.LOW + " rest on fewer than "
                + Percentiles.CONFIDENT_BEYOND + " samples beyond them";
        String what = (oneFork ? FORKS_FOR_A_RANKING + " forks per cell" : "")
                + (props.size() > 1 || !oneFork && !props.isEmpty() ? (oneFork ? " and " : "") + "the longer scale `"
                + longer + "`" : "");
        if (props.isEmpty()) {
            doc.p("**For a firmer ranking:** " + why + "; run longer (`-Dbench.duration`) or on a quieter host.");
            return;
        }
        String command = Objects.requireNonNullElse(data.run().command(), "");
        if (command.startsWith("scripts/bench run")) {
            command = command.replaceAll("\\s+-Dbench\\.forks=\\S+", "");
            if (props.stream().anyMatch(p -> p.startsWith("-Dbench.scale="))) {
                command = command.replaceAll("\\s+(--scale[= ]|-Dbench\\.scale=)\\S+", "");
            }
            command = command + " " + String.join(" ", props);
        } else {
            command = String.join(" ", props);
        }
        doc.p("**For " + (oneFork ? "a ranking" : "firmer tails") + ", run " + what + ":** " + why + ":");
        doc.code(command);
    }

    /** The lowest cell at one percentile and how the others compare with it. */
    static final class Verdict {
        final RunData.Row best;
        final String metric;
        final int pct;
        /** The floor's values across cells; null without two floor cells. */
        final VerdictRule.Range floorRange;
        final Map<Call, List<RunData.Row>> calls = new EnumMap<>(Call.class);
        boolean fewSamples;

        Verdict(RunData.Row best, String metric, int pct, VerdictRule.Range floorRange) {
            this.best = best;
            this.metric = metric;
            this.pct = pct;
            this.floorRange = floorRange;
            this.fewSamples = !confident(best);
        }

        void add(RunData.Row r, Call call) {
            calls.computeIfAbsent(call, c -> new ArrayList<>()).add(r);
            fewSamples |= !confident(r);
        }

        private boolean confident(RunData.Row r) {
            return Percentiles.confident(r.summary(metric).count, Percentiles.PCTS[pct]);
        }

        private int count(Call... of) {
            int n = 0;
            for (Call c : of) {
                n += calls.getOrDefault(c, List.of()).size();
            }
            return n;
        }

        /** The headline: who is best, a tie, or no ranking; then each other cell by how it compares. */
        String text(String variant, String metric, String floor) {
            int others = count(Call.values());
            int unknown = count(Call.ONE_FORK, Call.PLACED_APART);
            int ties = count(Call.TIE_FLOOR, Call.TIE_FORKS, Call.TIE_WITHIN_RUN);
            String who = "`" + best.label() + "`";
            String headline;
            if (others == 0) {
                headline = "only " + who + " ranks";
            } else if (unknown == others) {
                headline = "no ranking possible" + (count(Call.ONE_FORK) == others ? ", one fork per cell" : "");
            } else if (unknown > 0) {
                headline = who + " is lowest, but not every difference can be told from noise";
            } else if (ties == 0) {
                headline = who + " is best";
            } else if (ties == others) {
                headline = "a tie";
            } else {
                headline = "a tie for best between " + who + " and " + (ties == 1 ? "`"
                        + calls.getOrDefault(Call.TIE_FLOOR, calls.getOrDefault(Call.TIE_FORKS,
                        calls.get(Call.TIE_WITHIN_RUN))).get(0).label() + "`"
                        : ties + " other cells");
            }
            if (count(Call.TIE_WITHIN_RUN, Call.SLOWER_WITHIN_RUN) > 0) {
                headline += ", by within-run intervals";
            }
            StringBuilder sb = new StringBuilder("**").append(variant).append(", ").append(pctName()).append(" `")
                    .append(metric).append("`: ").append(headline).append(".** ");
            sb.append(others == 0 ? "" : "Lowest ").append(who).append(' ').append(value(best, null));
            sb.append(". ");
            group(sb, Call.TIE_FORKS, "Tied with it, their forks overlap");
            group(sb, Call.TIE_WITHIN_RUN, "Tied with it, their within-run 95% intervals overlap (" + WITHIN_RUN_ONLY
                    + ")");
            if (floorRange != null) {
                group(sb, Call.TIE_FLOOR, "Tied with it, within how far the floor `" + floor + "` moves across cells"
                        + " by itself (" + span(floorRange) + ")");
            }
            group(sb, Call.SLOWER, "Slower beyond the forks' spread");
            group(sb, Call.SLOWER_WITHIN_RUN, "Slower, their within-run 95% intervals lie apart (" + WITHIN_RUN_ONLY
                    + ")");
            group(sb, Call.PLACED_APART, "Not comparable, the host placed their CPUs differently, which alone moves"
                    + " medians");
            group(sb, Call.ONE_FORK, "Undecided, one fork" + (floorRange == null ? "" : " (each differs by more than"
                    + " the floor moves across cells, " + span(floorRange) + ", yet one fork cannot say how far a rerun"
                    + " moves it)"));
            return sb.toString().trim();
        }

        private void group(StringBuilder sb, Call call, String what) {
            List<RunData.Row> rows = calls.get(call);
            if (rows == null) {
                return;
            }
            List<String> items = new ArrayList<>();
            long bestValue = VerdictSection.value(best, metric, pct);
            for (RunData.Row r : rows) {
                long v = VerdictSection.value(r, metric, pct);
                String note = bestValue <= 0 ? null : String.format(Locale.ROOT, "%.2fx", (double) v / bestValue);
                if (call == Call.PLACED_APART) {
                    note = (note == null ? "" : note + "; ") + "CPU round trip " + Confidence.roundTrip(r.roundTripNs())
                            + " against " + Confidence.roundTrip(best.roundTripNs());
                }
                items.add("`" + r.label() + "` " + value(r, note));
            }
            sb.append(what).append(": ").append(String.join(", ", items)).append(". ");
        }

        /** {@code 1.07us (1.05x; forks 1.01us - 1.11us)}, marked where it rests on few samples. */
        private String value(RunData.Row r, String ratio) {
            long v = VerdictSection.value(r, metric, pct);
            long[] forks = forkRange(r, metric, pct);
            List<String> notes = new ArrayList<>();
            if (ratio != null) {
                notes.add(ratio);
            }
            if (forks != null) {
                notes.add(forks[0] == forks[1] ? "every fork " + Units.formatNs(forks[0])
                        : "forks " + Units.formatNs(forks[0]) + " - " + Units.formatNs(forks[1]));
            } else {
                Bounds.Interval b = Bounds.of(r, metric, pct);
                if (b != null) {
                    notes.add(b.describe());
                }
            }
            return Units.formatNs(v) + (confident(r) ? "" : Percentiles.LOW)
                    + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
        }

        private String pctName() {
            return pct == 0 ? "median" : Percentiles.NAMES[pct];
        }
    }
}
