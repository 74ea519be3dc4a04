package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.view.Table;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.report.data.RunData;
import dev.latencybench.runner.report.doc.Doc;

/**
 * A matrix run's cells with their status, flags and time, in the report's row order (scenario, then
 * JVM and collector in the run's order). The JVMs themselves are in {@link EnvironmentSection}.
 * Stateless.
 */
final class CellsSection {
    private CellsSection() {
    }

    static void write(Doc doc, RunData data) {
        if (!data.runJson.has("cells")) {
            return;
        }
        List<JsonObject> cells = new ArrayList<>();
        for (JsonElement e : data.runJson.getAsJsonArray("cells")) {
            cells.add(e.getAsJsonObject());
        }
        List<String> scenarios = new ArrayList<>(data.scenarios.keySet());
        cells.sort(Comparator.comparingInt((JsonObject c) -> scenarios.indexOf(c.get("scenario").getAsString()))
                .thenComparingInt(c -> data.jvms().indexOf(c.get("jvm").getAsString()))
                .thenComparingInt(c -> data.gcs().indexOf(c.get("gc").getAsString())));
        Table t = new Table().text("scenario").text("JVM").text("GC").text("status").text("flags").number("time (s)");
        for (JsonObject c : cells) {
            List<String> flags = new ArrayList<>();
            c.getAsJsonArray("flags").forEach(f -> flags.add(GraalJit.shortFlag(f.getAsString())));
            t.row(List.of(c.get("scenario").getAsString(), c.get("jvm").getAsString(), c.get("gc").getAsString(),
                    c.get("status").getAsString(), flags.isEmpty() ? "(none)" : "`" + String.join(" ", flags) + "`",
                    c.has("seconds") ? String.format(Locale.ROOT, "%.0f", c.get("seconds").getAsDouble()) : "-"));
        }
        doc.h(2, "Cells and their flags");
        doc.p("Flags of each cell's benchmark JVMs besides the scenario's own (module opens and the like, in"
                + " JMH's `jmh-<scenario>-<variant>.json`). A `+graal` JVM runs the GraalVM compiler through JVMCI; it compiles itself first,"
                + " so short warm-ups leave its compilations inside the measurement.");
        doc.table(t);
    }
}
