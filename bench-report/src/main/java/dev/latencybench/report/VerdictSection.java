package dev.latencybench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.view.HowSure;
import dev.latencybench.report.data.Bounds;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * The answer first: per variant but the floor, and at the median and p99.99 of the primary metric, the JVM × GC cell
 * with the lowest value and whether each other cell really differs from it by {@link HowSure}'s rule. Cells of one
 * fork, percentiles on too few samples, and cells not OK or flagged are not ranked. Stateless.
 */
final class VerdictSection {
    /** The percentiles ranked, as indices of {@link Percentiles#NAMES}: the median and p99.99. */
    private static final int[] RANKED = {0, 4};
    /** The forks per cell the advice asks for. */
    static final int FORKS_FOR_A_RANKING = dev.latencybench.core.view.HowSure.FORKS_FOR_A_RANKING;

    /** How a cell compares with the lowest one, by {@link HowSure}. */
    enum Call {
        /** The ratio's interval reaches within the noise threshold of 1. */
        TIE,
        /** Higher by the ratio's interval, but by no more than the floor moves across cells by itself. */
        TIE_FLOOR,
        /** Higher: the ratio's interval lies above 1 by more than the noise threshold. */
        SLOWER,
        /** One of the two ran one fork: no spread between forks, not ranked. */
        ONE_FORK
    }

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
                        oneFork |= verdict.calls.containsKey(Call.ONE_FORK);
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
                + " 95% interval of the two cells' ratio, a bootstrap over their forks (the within-run interval where"
                + " wider), lies beyond 1 by more than " + Math.round(HowSure.NOISE * 100) + "%"
                + (floorRows(data, scenario, study).size() < 2 ? "" : " and the difference is larger than the floor `"
                + study.floor + "` moves across cells by itself") + "; otherwise the two tie,"
                + " and on this machine the choice between them does not matter for that percentile.");
    }

    /** For a tail percentile, how many ranked cells' floors are as slow there (the machine's tail); else empty. */
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

    /** The compared cell with fewest samples beyond percentile {@code i}, as text, when too few to show; else null. */
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
        long[] floorValues = floor.stream().mapToLong(r -> value(r, metric, i)).sorted().toArray();
        Verdict verdict = new Verdict(best, metric, i, floorValues.length < 2 ? null
                : new long[] {floorValues[0], floorValues[floorValues.length - 1]});
        HowSure.Side bestSide = side(best, metric, i);
        for (RunData.Row r : sorted.subList(1, sorted.size())) {
            HowSure.Ratio ratio = HowSure.compare(side(r, metric, i), bestSide);
            boolean withinFloor = verdict.floor != null
                    && value(r, metric, i) - value(best, metric, i) <= verdict.floor[1] - verdict.floor[0];
            Call call = ratio.call == HowSure.Call.ONE_FORK ? Call.ONE_FORK
                    : ratio.call != HowSure.Call.HIGHER ? Call.TIE : withinFloor ? Call.TIE_FLOOR : Call.SLOWER;
            verdict.add(r, call, ratio);
        }
        return verdict;
    }

    /** A cell's value at percentile {@code i}, its forks' values and its within-run interval, for {@link HowSure}. */
    static HowSure.Side side(RunData.Row r, String metric, int i) {
        long[] forks = r.forks(metric).stream().mapToLong(x -> Percentiles.percentile(x, i)).toArray();
        HowSure.Side side = HowSure.Side.of(value(r, metric, i), forks);
        Bounds.Interval within = Bounds.withinRun(r, metric, i);
        return within == null ? side : side.within(within.lowNs(), within.highNs());
    }

    static long value(RunData.Row r, String metric, int i) {
        return Percentiles.percentile(r.summary(metric), i);
    }

    /** Lowest and highest of the cell's forks' values; null with fewer than two forks. */
    static long[] forkRange(RunData.Row r, String metric, int i) {
        long[] v = r.forks(metric).stream().mapToLong(x -> Percentiles.percentile(x, i)).sorted().toArray();
        return v.length < 2 ? null : new long[] {v[0], v[v.length - 1]};
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
        String command = Objects.requireNonNullElse(data.run().command, "");
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
        final Map<Call, List<RunData.Row>> calls = new EnumMap<>(Call.class);
        /** The floor's lowest and highest value across cells; null without two floor cells. */
        final long[] floor;
        /** Each other cell's ratio to the best, with its interval. */
        final Map<RunData.Row, HowSure.Ratio> ratios = new java.util.LinkedHashMap<>();
        boolean fewSamples;

        Verdict(RunData.Row best, String metric, int pct, long[] floor) {
            this.best = best;
            this.floor = floor;
            this.metric = metric;
            this.pct = pct;
            this.fewSamples = !confident(best);
        }

        void add(RunData.Row r, Call call, HowSure.Ratio ratio) {
            calls.computeIfAbsent(call, c -> new ArrayList<>()).add(r);
            ratios.put(r, ratio);
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
        String text(String variant, String metric, String floorName) {
            int others = count(Call.values());
            int unknown = count(Call.ONE_FORK);
            int ties = count(Call.TIE, Call.TIE_FLOOR);
            String who = "`" + best.label() + "`";
            String headline;
            if (others == 0) {
                headline = "only " + who + " ranks";
            } else if (unknown == others) {
                headline = "not ranked, one fork per cell";
            } else if (unknown > 0) {
                headline = who + " is lowest, but a cell of one fork cannot be ranked";
            } else if (ties == 0) {
                headline = who + " is best";
            } else if (ties == others) {
                headline = "a tie";
            } else {
                headline = "a tie for best between " + who + " and " + (ties == 1 ? "`"
                        + calls.getOrDefault(Call.TIE, calls.get(Call.TIE_FLOOR)).get(0).label() + "`"
                        : ties + " other cells");
            }
            StringBuilder sb = new StringBuilder("**").append(variant).append(", ").append(pctName()).append(" `")
                    .append(metric).append("`: ").append(headline).append(".** ");
            sb.append(others == 0 ? "" : "Lowest ").append(who).append(' ').append(value(best, null));
            sb.append(". ");
            group(sb, Call.TIE, "Tied with it, the ratio's 95% interval over the forks reaches within "
                    + Math.round(HowSure.NOISE * 100) + "% of 1");
            if (floor != null) {
                group(sb, Call.TIE_FLOOR, "Tied with it, within how far the floor `" + floorName + "` moves across"
                        + " cells by itself (" + (floor[0] == floor[1] ? Units.formatNs(floor[0]) + " in every cell"
                        : Units.formatNs(floor[0]) + " to " + Units.formatNs(floor[1])) + ")");
            }
            group(sb, Call.SLOWER, "Higher, the ratio's 95% interval over the forks lies above 1");
            group(sb, Call.ONE_FORK, "Not ranked, one fork");
            return sb.toString().trim();
        }

        private void group(StringBuilder sb, Call call, String what) {
            List<RunData.Row> rows = calls.get(call);
            if (rows == null) {
                return;
            }
            List<String> items = new ArrayList<>();
            for (RunData.Row r : rows) {
                HowSure.Ratio ratio = ratios.get(r);
                items.add("`" + r.label() + "` " + value(r, ratio == null ? null : ratio.describe()));
            }
            sb.append(what).append(": ").append(String.join(", ", items)).append(". ");
        }

        /** {@code 1.07us (1.05× (0.98–1.12); forks 1.01us–1.11us)}, marked where it rests on few samples. */
        private String value(RunData.Row r, String ratio) {
            long v = VerdictSection.value(r, metric, pct);
            long[] forks = forkRange(r, metric, pct);
            List<String> notes = new ArrayList<>();
            if (ratio != null) {
                notes.add(ratio);
            }
            if (forks != null) {
                notes.add(forks[0] == forks[1] ? "every fork " + Units.formatNs(forks[0])
                        : "forks " + Units.formatNs(forks[0]) + "–" + Units.formatNs(forks[1]));
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
