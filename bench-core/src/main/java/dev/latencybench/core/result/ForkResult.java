package dev.latencybench.core.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;

/**
 * One fork's {@code fork.json}, typed: what the fork session writes and the launcher's merger reads
 * back, through this one class. The workload's own members ({@code Workload.describe}) travel as
 * {@link #described}; the study's accounting reads them from {@link #json()} (or through its
 * {@link ResultPart}). Pinning and machine load keep their members (a CPU per role of the workload)
 * as objects. A plain holder: not thread-safe.
 */
public final class ForkResult {
    /** {@code OK}, {@code FAILED} or {@code INTERRUPTED}. */
    public String status;
    public List<String> reasons = new ArrayList<>();
    public long pid;
    public long measuredNs;
    /** The workload's own members, written after {@code measuredNs}. */
    public JsonObject described = new JsonObject();
    public Metrics metrics;
    /** The fork's percentiles per metric, in declaration order. */
    public Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    /** What was asked and obtained: {@code requested}, {@code plan}, {@code note}, {@code <role>Cpu}, {@code pinned}, {@code failure}. */
    public JsonObject pinning = new JsonObject();
    /** How busy the machine was: the cores of other processes, steal, this process, its children, and {@code busy}. */
    public JsonObject machineLoad = new JsonObject();
    private JsonObject read;

    /** The members of {@code fork.json}, in the order the session writes them. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("status", status);
        JsonArray why = new JsonArray();
        reasons.forEach(why::add);
        o.add("reasons", why);
        o.addProperty("pid", pid);
        o.addProperty("measuredNs", measuredNs);
        described.entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
        o.addProperty("primary", metrics.primary().name());
        o.add("metrics", metrics.toJson(summaries));
        o.add("pinning", pinning);
        o.add("machineLoad", machineLoad);
        return o;
    }

    /** Reads a {@code fork.json}; what it lacks stays empty. */
    public static ForkResult read(JsonObject o) {
        ForkResult f = new ForkResult();
        f.read = o;
        f.status = o.has("status") ? o.get("status").getAsString() : null;
        if (o.has("reasons") && o.get("reasons").isJsonArray()) {
            o.getAsJsonArray("reasons").forEach(r -> f.reasons.add(r.getAsString()));
        }
        f.pid = o.has("pid") ? o.get("pid").getAsLong() : 0;
        f.measuredNs = o.has("measuredNs") ? o.get("measuredNs").getAsLong() : 0;
        f.metrics = Metrics.fromResult(o);
        f.summaries = Metrics.summariesOf(o);
        if (o.has("pinning") && o.get("pinning").isJsonObject()) {
            f.pinning = o.getAsJsonObject("pinning");
        }
        if (o.has("machineLoad") && o.get("machineLoad").isJsonObject()) {
            f.machineLoad = o.getAsJsonObject("machineLoad");
        }
        return f;
    }

    /** Whether the spinning threads were refused their CPUs (false when the workload pins none). */
    public boolean unpinned() {
        return pinning.has("pinned") && !pinning.get("pinned").getAsBoolean();
    }

    /** Whether other processes used CPU time during the measurement. */
    public boolean busy() {
        return machineLoad.has("busy") && machineLoad.get("busy").getAsBoolean();
    }

    /** The file as read, for the study's accounting; null for one being written. */
    public JsonObject json() {
        return read;
    }
}
