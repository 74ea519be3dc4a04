package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** The host as the first env.json describes it: CPU, OS, suite commit and the host tuning checklist. Stateless. */
final class EnvironmentSection {
    private EnvironmentSection() {
    }

    static void write(Doc doc, RunData data) {
        JsonObject env = data.env;
        if (env == null) {
            return;
        }
        doc.h(2, "Environment");
        List<String> items = new ArrayList<>();
        JsonObject cpu = env.has("cpu") ? env.getAsJsonObject("cpu") : new JsonObject();
        JsonObject os = env.has("os") ? env.getAsJsonObject("os") : new JsonObject();
        items.add("CPU: " + str(cpu, "model") + ", " + str(cpu, "availableProcessors") + " CPUs available (online "
                + str(cpu, "online") + ", isolated " + orNone(str(cpu, "isolated")) + ", nohz_full "
                + orNone(str(cpu, "nohzFull")) + ")");
        items.add("OS: " + str(os, "name") + " " + str(os, "kernel") + " " + str(os, "arch") + ", THP "
                + str(os, "transparentHugePages") + ", memory " + str(os, "memTotal"));
        items.add("suite commit: `" + str(env, "suiteCommit") + "`");
        doc.bullets(items);
        if (env.has("hostCheck")) {
            List<List<String>> rows = new ArrayList<>();
            for (JsonElement e : env.getAsJsonArray("hostCheck")) {
                JsonObject f = e.getAsJsonObject();
                rows.add(List.of(str(f, "status"), str(f, "id"), str(f, "observed"), f.has("advice")
                        ? f.get("advice").getAsString() : ""));
            }
            doc.p("Host tuning checklist (`scripts/check-host` prints the same):");
            doc.table(List.of("", "check", "found", "advice"), rows, Doc.numericFrom(4, 4));
        }
    }

    private static String str(JsonObject o, String member) {
        return o.has(member) && !o.get(member).isJsonNull() ? o.get(member).getAsString() : "unknown";
    }

    private static String orNone(String s) {
        return s.isEmpty() ? "none" : s;
    }
}
