package dev.latencybench.runner.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;

/** Stop-the-world pauses per cell, from each fork's GC and safepoint log. Stateless. */
final class Pauses {
    private Pauses() {
    }

    static void write(Doc doc, List<RunData.Row> rows) throws IOException {
        List<List<String>> out = new ArrayList<>();
        for (RunData.Row r : rows) {
            PauseSummary p = PauseSummary.of(r.dir);
            if (p.logs == 0) {
                continue;
            }
            out.add(List.of(r.jvm, r.gc, r.variant, String.format(Locale.ROOT, "%,d", p.collections),
                    String.format(Locale.ROOT, "%,d", p.safepoints), p.safepoints == 0 ? "-" : Units.formatNs(p.totalNs),
                    p.safepoints == 0 ? "-" : Units.formatNs(p.maxNs)));
        }
        if (out.isEmpty()) {
            return;
        }
        doc.h(3, "Stop-the-world pauses");
        doc.p("From each fork's GC and safepoint log (`gc-<pid>.log`), over the fork's whole life, warm-up"
                + " included: a spike that lines up with a long pause is the JVM's; one without is the machine's or"
                + " the measured system's.");
        doc.table(List.of("JVM", "GC", "variant", "collections", "safepoints", "total stopped", "longest"), out,
                Doc.numericFrom(3, 7));
    }
}
