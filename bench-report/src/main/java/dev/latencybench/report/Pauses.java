package dev.latencybench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;

import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.PauseSummary;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/** Stop-the-world pauses per cell, from each fork's GC and safepoint log. Stateless. */
final class Pauses {
    private Pauses() {
    }

    /** @param floor the study's floor variant, left out of the ranking; null when it declares none */
    static void write(Doc doc, List<RunData.Row> rows, String floor) throws IOException {
        Table t = new Table().text("JVM").text("GC").text("variant").number("collections").number("safepoints")
                .lowest("total stopped").lowest("longest");
        long longestNs = -1;
        String longestIn = "";
        for (RunData.Row r : rows) {
            PauseSummary p = r.pauses();
            if (p.logs == 0) {
                continue;
            }
            if (p.safepoints > 0 && p.maxNs > longestNs) {
                longestNs = p.maxNs;
                longestIn = "`" + r.label() + (r.variant.isEmpty() ? "" : " / " + r.variant) + "`";
            }
            boolean ranked = Ranking.ranked(floor, r);
            t.row(List.of(r.jvm, r.gc, r.variant, String.format(Locale.ROOT, "%,d", p.collections),
                    String.format(Locale.ROOT, "%,d", p.safepoints),
                    p.safepoints == 0 ? "-" : Table.Time.of(p.totalNs).ranked(ranked),
                    p.safepoints == 0 ? "-" : Table.Time.of(p.maxNs).ranked(ranked)));
        }
        if (t.isEmpty()) {
            return;
        }
        doc.h(3, "Stop-the-world pauses");
        // REPORT.md gives the longest; the table per cell is the page's
        doc.htmlOnly((longestNs < 0 ? "No cell stopped at a safepoint." : "The longest stop-the-world pause: "
                + Units.formatNs(longestNs) + ", in " + longestIn + ".") + " The pauses per cell (collections,"
                + " safepoints, time stopped, longest, from each fork's `gc-<pid>.log`) are in report.html.");
        doc.p("From each fork's GC and safepoint log (`gc-<pid>.log`), over the fork's whole life, warm-up"
                + " included: a spike that lines up with a long pause is the JVM's; one without is the machine's or"
                + " the measured system's.");
        doc.table(t);
        doc.endHtmlOnly();
    }
}
