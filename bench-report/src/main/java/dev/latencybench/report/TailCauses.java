package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.tail.TailPart.Level;
import dev.latencybench.chart.Charts;
import dev.latencybench.chart.ShareBarChart;
import dev.latencybench.chart.ShareBars;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * Why each cell's tail is what it is: a stacked bar per charted cell, its samples beyond p99.9 cut by attributed
 * cause ({@link TailPart}), and a table of the same counts. A cell with too few attributed samples has no bar and
 * says why, so it does not read as 0. Each cause keeps its colour in every chart ({@link #slot}). Stateless.
 */
final class TailCauses {
    private TailCauses() {
    }

    /** The level the chart shows: the first where some cell has enough attributed, else the kept samples. */
    static Level level(List<TailPart> tails) {
        for (Level l : Level.values()) {
            if (tails.stream().anyMatch(t -> t != null && t.enoughAt(l))) {
                return l;
            }
        }
        return Level.KEPT;
    }

    /** What the chart counts at {@code level}, as its title and axis say: {@code the samples beyond p99.9}. */
    static String what(Level level) {
        return what(level, true);
    }

    /** As {@link #what(Level)}; at {@link Level#KEPT}, "the worst" only where {@code worst}. */
    static String what(Level level, boolean worst) {
        return level == Level.KEPT ? (worst ? "the worst samples kept" : "the samples kept") : "the samples " + level.label;
    }

    /** Whether every cell's kept samples are its worst: each lies above the cell's median. */
    static boolean keptAreWorst(List<TailPart> tails) {
        return tails.stream().allMatch(t -> t == null || t.keptWords().startsWith("of the "));
    }

    /** The palette slot of a cause: vermillion gc, purple safepoint, sky blue platform, green code, olive other. */
    static int slot(Cause c) {
        return switch (c) {
            case GC -> 3;
            case SAFEPOINT -> 5;
            case PLATFORM -> 4;
            case CODE -> 2;
            case OTHER -> 7;
        };
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants, Path charts) throws IOException {
        List<RunData.Row> rows = new ArrayList<>();
        List<TailPart> tails = new ArrayList<>();
        for (String v : variants) {
            for (RunData.Row r : data.rows(scenario, v)) {
                if (r.charted()) {
                    rows.add(r);
                    tails.add(VariantAnswer.tail(r));
                }
            }
        }
        if (tails.stream().allMatch(t -> t == null)) {
            return;
        }
        Level level = level(tails);
        String what = what(level, keptAreWorst(tails));
        boolean other = tails.stream().anyMatch(t -> t != null && t.at(level).other > 0);
        List<Cause> causes = new ArrayList<>();
        for (Cause c : Cause.values()) {
            if (c != Cause.OTHER || other) {
                causes.add(c);
            }
        }
        boolean severalVariants = rows.stream().map(r -> r.variant).distinct().count() > 1;
        List<String> parts = new ArrayList<>();
        List<Integer> slots = new ArrayList<>();
        causes.forEach(c -> {
            parts.add(c.label());
            slots.add(slot(c));
        });
        List<ShareBars> bars = new ArrayList<>();
        List<List<String>> table = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            RunData.Row r = rows.get(i);
            TailPart t = tails.get(i);
            String name = (severalVariants ? r.variant + " " : "") + r.cell.replace("__", " ");
            String why = missing(t, level);
            long[] counts = new long[causes.size()];
            for (int k = 0; k < counts.length && t != null; k++) {
                counts[k] = t.at(level).count(causes.get(k));
            }
            bars.add(why != null ? ShareBars.missing(name, why) : ShareBars.of(name, counts));
            List<String> row = new ArrayList<>();
            row.add(r.label() + (severalVariants ? " / " + r.variant : ""));
            row.add(t == null ? "—" : String.format(Locale.ROOT, "%,d", t.at(level).samples));
            row.add(t == null ? "no attribution" : String.format(Locale.ROOT, "%,d", t.at(level).attributed)
                    + (why == null ? "" : " (fewer than " + TailPart.SHARES_FROM + ": no bar)"));
            for (int k = 0; k < counts.length; k++) {
                long shared = t == null ? 0 : t.at(level).sharedBy(causes.get(k));
                row.add(t == null ? "—" : String.format(Locale.ROOT, "%,d", counts[k])
                        + (why == null ? " (" + ShareBarChart.percent(bars.get(i).share(k)) + ")" : "")
                        + (shared == 0 ? "" : String.format(Locale.ROOT, " + %,d shared", shared)));
            }
            table.add(row);
        }
        String base = (scenario + "-tail-causes").replaceAll("[^A-Za-z0-9._-]", "_");
        doc.h(3, "Why the tail: " + what + " by cause");
        boolean anyBar = bars.stream().anyMatch(b -> b.missing() == null);
        if (anyBar) {
            // the page's hint reads what the bars count from the y axis's title: keep it "share of <what> (%)"
            Charts.shares(charts, base, scenario + ": " + what + " by cause, per cell",
                    "share of " + what + " (%)", parts, slots, bars);
            doc.chart(base, scenario + ": each cell's " + what.substring(4)
                    + " by the cause each was put down to");
        }
        doc.p((level == Level.P99_9 ? "" : "No cell has " + TailPart.SHARES_FROM + " samples beyond p99.9 attributed"
                + (level == Level.P99 ? ", so the chart shows those beyond p99. " : anyBar ? " or beyond p99, so the"
                + " chart shows every sample the forks kept" + (keptAreWorst(tails) ? ", their worst. " : ". ")
                : " or beyond p99 or kept, too few for a"
                + " share: the counts are in the table, and no chart is drawn. "))
                + "Each of a cell's kept samples " + (level == Level.KEPT ? "" : level.label + " ")
                + "is put down to the cause whose stops cover the most of its time above the cell's median, at least"
                + " half of it: gc (a GC pause or stall), safepoint (another safepoint), platform (a measuring"
                + " thread's run-queue wait, or the hiccup probe saw the machine stall); else code (the measured code"
                + " or transport). Where a second cause covered a third or more of a sample too, it is counted as"
                + " shared beside its own count"
                + (other ? "; other: a result or fork that did not tell the platform and the code apart" : "")
                + (anyBar ? ". The number over a bar is how many were attributed; a cell with fewer than "
                + TailPart.SHARES_FROM + " has no bar, and says so." : "."));
        List<String> header = new ArrayList<>(List.of("cell", level.label, "attributed"));
        header.addAll(parts);
        doc.table(header, table, Doc.numericFrom(1, header.size()));
    }

    /** Why a cell has no bar; null where it has one. */
    static String missing(TailPart t, Level level) {
        if (t == null) {
            return "no attribution";
        }
        if (t.kept == 0 && t.notKept == 0 && t.beyondP99_9.samples > 0) {
            // no sample reached an outlier buffer: a loop that records into its own histograms (a yardstick)
            return "none kept: its loop keeps no outliers";
        }
        if (t.at(level).attributed < TailPart.SHARES_FROM) {
            return String.format(Locale.ROOT, "%,d attributed, fewer than %d", t.at(level).attributed,
                    TailPart.SHARES_FROM);
        }
        return null;
    }
}
