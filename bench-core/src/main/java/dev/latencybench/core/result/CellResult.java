package dev.latencybench.core.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;

/**
 * One cell's {@code result.json}, typed: what the launcher's merger writes and what the report and
 * compare read back, through this one class, so no member is named twice. The study's own members
 * (its recorded settings and its accounting's counters) are not known here: they travel as
 * {@link #studyMembers}, and a study reads them back through its {@link ResultPart}.
 *
 * <p>{@link #read} also reads results written before metrics were named ({@code latencyNs},
 * {@code serviceTimeNs}, {@code forkLatencyNs}) and before studies declared roles; {@link #toJson}
 * writes the members in the order the merger always wrote them. A plain holder: not thread-safe.
 */
public final class CellResult {
    /** {@code OK}, {@code FAILED} or {@code INTERRUPTED}. */
    public String status;
    public List<String> reasons = new ArrayList<>();
    public List<String> flags = new ArrayList<>();
    public String study;
    public String variant;
    /** The schedule's step ({@code Step.toJson()}); null for a plain variant. */
    public JsonObject step;
    /** The cell's folder name: {@code <jvm>__<gc>}. */
    public String cell;
    public String runId;
    public String scale;
    public long warmupNs;
    public long measureNs;
    public int forks;
    public int forksWithData;
    public String description;
    /** Role to variant ({@code floor}, {@code yardstick}, {@code yardstick.<variant>}), as the study declared. */
    public Map<String, String> roles = new LinkedHashMap<>();
    /** The study's declared metrics, the first primary. */
    public Metrics metrics;
    /** Merged percentiles per metric, in declaration order; a metric without figures is absent. */
    public Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    /** Each fork's percentiles per metric, in fork order; a metric whose forks were not kept is absent. */
    public Map<String, List<ForkFigures>> forkSummaries = new LinkedHashMap<>();
    /** Why the primary metric's tail was slow ({@code TailPart} of {@code core.tail}); null when not attributed. */
    public JsonObject tail;
    public JsonArray pinning = new JsonArray();
    public JsonArray machineLoad = new JsonArray();
    public String command;
    /**
     * The study's own members: written by the merger after {@code scale} (its recorded settings) and
     * after {@code roles} (its accounting); read back as the whole result, for a {@link ResultPart}.
     */
    public JsonObject recorded = new JsonObject();
    public JsonObject accounted = new JsonObject();
    /** The result as read (null for one built to be written): what a study's {@link ResultPart} reads. */
    private JsonObject read;

    /** One fork's percentiles of one metric, with the fork's name (its process id). */
    public static final class ForkFigures {
        public final String fork;
        public final LatencySummary summary;

        public ForkFigures(String fork, LatencySummary summary) {
            this.fork = fork;
            this.summary = summary;
        }
    }

    /** The members of {@code result.json}, in the order the merger writes them. */
    public JsonObject toJson() {
        JsonObject r = new JsonObject();
        r.addProperty("status", status);
        r.add("reasons", strings(reasons));
        r.add("flags", strings(flags));
        r.addProperty("study", study);
        r.addProperty("variant", variant);
        if (step != null) {
            r.add("step", step);
        }
        r.addProperty("cell", cell);
        r.addProperty("runId", runId);
        r.addProperty("scale", scale);
        recorded.entrySet().forEach(e -> r.add(e.getKey(), e.getValue()));
        r.addProperty("warmupNs", warmupNs);
        r.addProperty("measureNs", measureNs);
        r.addProperty("forks", forks);
        r.addProperty("forksWithData", forksWithData);
        r.addProperty("description", description);
        JsonObject rolesJson = new JsonObject();
        roles.forEach(rolesJson::addProperty);
        r.add("roles", rolesJson);
        accounted.entrySet().forEach(e -> r.add(e.getKey(), e.getValue()));
        r.addProperty("primary", metrics.primary().name());
        JsonObject byFork = new JsonObject();
        for (Metric metric : metrics.all()) {
            JsonArray forkArray = new JsonArray();
            for (ForkFigures f : forkSummaries.getOrDefault(metric.name(), List.of())) {
                JsonObject fs = f.summary.toJson();
                fs.addProperty("fork", f.fork);
                forkArray.add(fs);
            }
            byFork.add(metric.name(), forkArray);
        }
        r.add("metrics", metrics.toJson(summaries));
        r.add("forkMetrics", byFork);
        if (tail != null) {
            r.add("tail", tail);
        }
        r.add("pinning", pinning);
        r.add("machineLoad", machineLoad);
        r.addProperty("command", command);
        return r;
    }

    /**
     * Reads a {@code result.json}, of this format or an older one: members an older result lacks
     * stay empty (null strings, zero counts, no roles).
     */
    public static CellResult read(JsonObject r) {
        CellResult c = new CellResult();
        c.read = r;
        c.status = string(r, "status");
        c.reasons = stringList(r, "reasons");
        c.flags = stringList(r, "flags");
        c.study = string(r, "study");
        c.variant = string(r, "variant");
        c.step = r.has("step") && r.get("step").isJsonObject() ? r.getAsJsonObject("step") : null;
        c.cell = string(r, "cell");
        c.runId = string(r, "runId");
        c.scale = string(r, "scale");
        c.warmupNs = number(r, "warmupNs");
        c.measureNs = number(r, "measureNs");
        c.forks = (int) number(r, "forks");
        c.forksWithData = (int) number(r, "forksWithData");
        c.description = string(r, "description");
        if (r.has("roles") && r.get("roles").isJsonObject()) {
            JsonObject roles = r.getAsJsonObject("roles");
            for (String k : roles.keySet()) {
                if (roles.get(k).isJsonPrimitive()) {
                    c.roles.put(k, roles.get(k).getAsString());
                }
            }
        }
        c.metrics = Metrics.fromResult(r);
        c.summaries = Metrics.summariesOf(r);
        c.forkSummaries = forkSummaries(r);
        c.tail = r.has("tail") && r.get("tail").isJsonObject() ? r.getAsJsonObject("tail") : null;
        c.pinning = r.has("pinning") && r.get("pinning").isJsonArray() ? r.getAsJsonArray("pinning") : new JsonArray();
        c.machineLoad = r.has("machineLoad") && r.get("machineLoad").isJsonArray() ? r.getAsJsonArray("machineLoad")
                : new JsonArray();
        c.command = string(r, "command");
        return c;
    }

    /** Whether the result declares its roles (results written before studies declared them do not). */
    public boolean declaresRoles() {
        return read == null || read.has("roles") && read.get("roles").isJsonObject();
    }

    /** A study's own members of this result, typed; null when the result has none of them. */
    public <T> T part(ResultPart<T> part) {
        return part.read(read != null ? read : toJson());
    }

    /** The result as it was read, for what is not typed yet (the environment's members); null for one being written. */
    public JsonObject json() {
        return read;
    }

    /**
     * Each fork's percentiles per metric: {@code forkMetrics}, or for a result written before metrics
     * were named, {@code forkLatencyNs} as the one-way study's primary metric.
     */
    private static Map<String, List<ForkFigures>> forkSummaries(JsonObject r) {
        Map<String, List<ForkFigures>> out = new LinkedHashMap<>();
        if (r.has("forkMetrics") && r.get("forkMetrics").isJsonObject()) {
            JsonObject byMetric = r.getAsJsonObject("forkMetrics");
            for (String metric : byMetric.keySet()) {
                out.put(metric, figures(byMetric.getAsJsonArray(metric)));
            }
        } else if (r.has("forkLatencyNs") && r.get("forkLatencyNs").isJsonArray()) {
            out.put(Metrics.ONE_WAY.primary().name(), figures(r.getAsJsonArray("forkLatencyNs")));
        }
        return out;
    }

    private static List<ForkFigures> figures(JsonArray a) {
        List<ForkFigures> l = new ArrayList<>();
        for (JsonElement e : a) {
            JsonObject o = e.getAsJsonObject();
            l.add(new ForkFigures(string(o, "fork"), LatencySummary.fromJson(o)));
        }
        return l;
    }

    private static String string(JsonObject o, String member) {
        return o.has(member) && o.get(member).isJsonPrimitive() ? o.get(member).getAsString() : null;
    }

    private static long number(JsonObject o, String member) {
        return o.has(member) && o.get(member).isJsonPrimitive() ? o.get(member).getAsLong() : 0;
    }

    private static List<String> stringList(JsonObject o, String member) {
        List<String> l = new ArrayList<>();
        if (o.has(member) && o.get(member).isJsonArray()) {
            o.getAsJsonArray(member).forEach(x -> l.add(x.getAsString()));
        }
        return l;
    }

    private static JsonArray strings(List<String> items) {
        JsonArray a = new JsonArray();
        items.forEach(a::add);
        return a;
    }
}
