package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** A matrix run's cells with their status, flags and time, and the JVMs it found. Stateless. */
final class CellsSection {
    private CellsSection() {
    }

    static void write(Doc doc, RunData data) {
        if (!data.runJson.has("cells")) {
            return;
        }
        List<List<String>> out = new ArrayList<>();
        for (JsonElement e : data.runJson.getAsJsonArray("cells")) {
            JsonObject c = e.getAsJsonObject();
            List<String> flags = new ArrayList<>();
            c.getAsJsonArray("flags").forEach(f -> flags.add(Report.shortFlag(f.getAsString())));
            out.add(List.of(c.get("scenario").getAsString(), c.get("jvm").getAsString(), c.get("gc").getAsString(),
                    c.get("status").getAsString(), flags.isEmpty() ? "(none)" : "`" + String.join(" ", flags) + "`",
                    c.has("seconds") ? String.format(Locale.ROOT, "%.0f s", c.get("seconds").getAsDouble()) : "-"));
        }
        doc.h(2, "Cells and their flags");
        doc.p("Flags of each cell's benchmark JVMs besides the scenario's own (module opens and the like, in"
                + " `jmh.json`). A `+graal` JVM runs the GraalVM compiler through JVMCI; it compiles itself first,"
                + " so short warm-ups leave its compilations inside the measurement.");
        doc.table(List.of("scenario", "JVM", "GC", "status", "flags", "time"), out, Doc.numericFrom(5, 6));
        if (data.runJson.has("jvms")) {
            List<List<String>> jvms = new ArrayList<>();
            for (JsonElement e : data.runJson.getAsJsonArray("jvms")) {
                JsonObject j = e.getAsJsonObject();
                jvms.add(List.of(j.get("name").getAsString(), j.get("vendor").getAsString(),
                        j.get("version").getAsString(), "`" + j.get("java").getAsString() + "`"));
            }
            doc.table(List.of("JVM", "vendor", "version", "java"), jvms, Doc.numericFrom(4, 4));
        }
    }
}
