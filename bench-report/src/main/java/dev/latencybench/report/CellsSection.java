package dev.latencybench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.FlagText;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/** A matrix run's cells with their status, flags and time, in the report's row order. Stateless. */
final class CellsSection {
    private CellsSection() {
    }

    static void write(Doc doc, RunData data) {
        if (data.run().cells == null) {
            return;
        }
        List<RunManifest.CellEntry> cells = new ArrayList<>(data.run().cells);
        List<String> scenarios = new ArrayList<>(data.scenarios.keySet());
        cells.sort(Comparator.comparingInt((RunManifest.CellEntry c) -> scenarios.indexOf(c.scenario))
                .thenComparingInt(c -> data.jvms().indexOf(c.jvm))
                .thenComparingInt(c -> data.gcs().indexOf(c.gc)));
        Table t = new Table().text("scenario").text("JVM").text("GC").text("status").text("flags").number("time (s)");
        for (RunManifest.CellEntry c : cells) {
            List<String> flags = new ArrayList<>();
            c.flags.forEach(f -> flags.add(FlagText.shortFlag(f)));
            t.row(List.of(c.scenario, c.jvm, c.gc, c.status, flags.isEmpty() ? "(none)" : "`"
                    + String.join(" ", flags) + "`", c.seconds != null ? String.format(Locale.ROOT, "%.0f",
                    c.seconds) : "-"));
        }
        doc.h(2, "Cells and their flags");
        doc.p("Flags of each cell's benchmark JVMs besides the scenario's own (module opens and the like, in"
                + " JMH's `jmh-<scenario>-<variant>.json`). A `+graal` JVM runs the GraalVM compiler through JVMCI; it compiles itself first,"
                + " so short warm-ups leave its compilations inside the measurement.");
        doc.table(t);
    }
}
