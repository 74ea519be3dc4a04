package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.CpuPlacement;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * How much to trust each percentile of the primary metric: per cell, the samples beyond it and how far the forks
 * disagree on it, with the CPU pair's round trip where probed. Stateless.
 */
final class Confidence {
    private Confidence() {
    }

    static void write(Doc doc, List<RunData.Row> rows) {
        boolean anyTrip = rows.stream().anyMatch(r -> r.measured() && r.roundTripNs() != null);
        Table t = new Table().text("JVM").text("GC").text("variant").number("forks");
        for (String name : Percentiles.NAMES) {
            t.number(name);
        }
        if (anyTrip) {
            t.time("CPU round trip");
        }
        boolean anyForks = false;
        long lowestTrip = Long.MAX_VALUE;
        long highestTrip = -1;
        List<String> medians = new ArrayList<>();
        for (RunData.Row r : rows) {
            if (!r.measured()) {
                continue;
            }
            LatencySummary s = r.primary();
            List<LatencySummary> forks = r.primaryForks();
            List<Object> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant, Integer.toString(forks.size())));
            for (int i = 0; i < Percentiles.PCTS.length; i++) {
                long n = Percentiles.beyond(s.count, Percentiles.PCTS[i]);
                String spread = Percentiles.spread(forks, i);
                anyForks |= !spread.isEmpty();
                row.add(String.format(Locale.ROOT, "%,d%s%s", n, n < Percentiles.CONFIDENT_BEYOND ? Percentiles.LOW
                        : "", spread.isEmpty() ? "" : " / " + spread));
            }
            long[] trip = r.roundTripNs();
            if (anyTrip) {
                row.add(trip == null ? "-" : Table.Time.range(trip[0], trip[1]));
            }
            if (trip != null && trip[0] > 0) {
                lowestTrip = Math.min(lowestTrip, trip[0]);
                highestTrip = Math.max(highestTrip, trip[1]);
                boolean oneCell = rows.stream().filter(RunData.Row::measured).map(x -> x.cell).distinct().count() == 1;
                medians.add("`" + r.variant + "`" + (oneCell ? "" : " on " + r.label()) + " "
                        + Units.formatNs(s.p50) + " at " + roundTrip(trip));
            }
            t.row(row);
        }
        if (t.isEmpty()) {
            return;
        }
        doc.h(3, "How much to trust each percentile");
        doc.p("Samples beyond each percentile" + (anyForks ? " / fork-to-fork spread ((max - min) / median of the"
                + " forks' values)" : "") + ". A percentile with fewer than " + Percentiles.CONFIDENT_BEYOND
                + " samples beyond it is marked" + Percentiles.LOW + ": longer runs (`-Dbench.scale=paper`) or more"
                + " forks (`-Dbench.forks=3`) make it firm." + (anyForks ? "" : " Every cell ran one fork, so there"
                + " is no spread to show; `-Dbench.forks=3` measures it."));
        if (highestTrip > lowestTrip * CpuPlacement.CHANGE_FACTOR) {
            doc.p(String.format(Locale.ROOT, "**The CPUs moved.** The cache-line round trip between the producer's"
                    + " and the consumer's CPUs (last column, probed before and after each period) ranged from %s to"
                    + " %s: the host placed the two CPUs differently over the run (a virtual machine's vCPUs"
                    + " moved), more than the %.1fx one placement stays within, and every transfer between them got"
                    + " slower or faster with it. The medians of this run, each at its round trips: %s. Compare only"
                    + " cells whose round trips agree, or run on a host with isolated cores.",
                    Units.formatNs(lowestTrip), Units.formatNs(highestTrip), CpuPlacement.CHANGE_FACTOR,
                    String.join("; ", medians)));
        }
        // the counts per cell are the page's: REPORT.md's tables already mark what rests on few samples
        doc.htmlOnly("The samples beyond each percentile of every cell are in report.html; the tables above mark a"
                + " percentile resting on fewer than 100 (†) or 10 (— (n)).");
        doc.table(t);
        doc.endHtmlOnly();
    }

    /** {@code 160ns - 540ns}, or one value when the lowest and highest probe agree. */
    static String roundTrip(long[] minMax) {
        return minMax[0] == minMax[1] ? Units.formatNs(minMax[0])
                : Units.formatNs(minMax[0]) + " - " + Units.formatNs(minMax[1]);
    }
}
