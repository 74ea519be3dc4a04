package dev.latencybench.core.record;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The metrics a study declares, in order, the first one primary: the one the report ranks by, the
 * JMH profiler publishes and the interval log leaves untagged (HdrHistogram's log processor reads
 * it by default). Immutable.
 */
public final class Metrics {
    /**
     * The queue study's two metrics, and what every result written before metrics were named holds
     * ({@code latencyNs}, {@code serviceTimeNs}).
     */
    public static final Metrics ONE_WAY = new Metrics(List.of(
            Metric.nanos("latency", "latency from the intended send time (free of coordinated omission)"),
            Metric.nanos("service", "service time from the actual send time (what the original study printed)")));

    private final List<Metric> all;

    public Metrics(List<Metric> all) {
        if (all.isEmpty()) {
            throw new IllegalArgumentException("a study records at least one metric");
        }
        List<String> names = new ArrayList<>();
        for (Metric m : all) {
            if (names.contains(m.name())) {
                throw new IllegalArgumentException("metric declared twice: " + m.name());
            }
            names.add(m.name());
        }
        this.all = Collections.unmodifiableList(new ArrayList<>(all));
    }

    public static Metrics of(Metric primary, Metric... others) {
        List<Metric> l = new ArrayList<>();
        l.add(primary);
        Collections.addAll(l, others);
        return new Metrics(l);
    }

    public List<Metric> all() {
        return all;
    }

    public Metric primary() {
        return all.get(0);
    }

    public int size() {
        return all.size();
    }

    /** The position of a metric, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The declared metric of that name; throws naming the declared ones when there is none. */
    public Metric get(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no metric '" + name + "'; declared: " + names());
        }
        return all.get(i);
    }

    public List<String> names() {
        List<String> n = new ArrayList<>();
        all.forEach(m -> n.add(m.name()));
        return n;
    }

    /** The interval log's tag of a metric: none (null) for the primary one, its name for the others. */
    public String tag(Metric m) {
        return m.equals(primary()) ? null : m.name();
    }

    /** {@code {name: {what, unit}, ...}} in declaration order. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        all.forEach(m -> o.add(m.name(), m.toJson()));
        return o;
    }

    /**
     * {@code {name: {what, unit, p50, ..., count}, ...}} in declaration order: each declaration with its
     * merged percentiles where {@code summaries} has them; what {@link #summariesOf} reads back.
     */
    public JsonObject toJson(java.util.Map<String, LatencySummary> summaries) {
        JsonObject o = new JsonObject();
        for (Metric metric : all) {
            JsonObject s = metric.toJson();
            LatencySummary summary = summaries.get(metric.name());
            if (summary != null) {
                summary.toJson().entrySet().forEach(e -> s.add(e.getKey(), e.getValue()));
            }
            o.add(metric.name(), s);
        }
        return o;
    }

    /**
     * Reads the declarations of a {@code result.json}: its {@code metrics} (whose members carry
     * {@code what} and {@code unit}) with {@code primary} first; {@link #ONE_WAY} for a result
     * written before metrics were named.
     */
    public static Metrics fromResult(JsonObject result) {
        if (!result.has("metrics") || !result.get("metrics").isJsonObject()) {
            return ONE_WAY;
        }
        JsonObject metrics = result.getAsJsonObject("metrics");
        String primary = result.has("primary") ? result.get("primary").getAsString() : null;
        List<Metric> l = new ArrayList<>();
        for (String name : metrics.keySet()) {
            JsonElement e = metrics.get(name);
            JsonObject m = e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
            Metric metric = new Metric(name, m.has("what") ? m.get("what").getAsString() : name,
                    m.has("unit") ? m.get("unit").getAsString() : "ns", Metric.Writers.ONE);
            if (name.equals(primary)) {
                l.add(0, metric);
            } else {
                l.add(metric);
            }
        }
        return new Metrics(l);
    }

    /**
     * The merged percentiles of each metric in a {@code result.json}, in declaration order: its
     * {@code metrics} object, or for a result written before metrics were named, {@code latencyNs}
     * as {@code latency} and {@code serviceTimeNs} as {@code service}. A metric without figures is
     * left out.
     */
    public static java.util.Map<String, LatencySummary> summariesOf(JsonObject result) {
        java.util.Map<String, LatencySummary> out = new java.util.LinkedHashMap<>();
        if (result.has("metrics") && result.get("metrics").isJsonObject()) {
            JsonObject metrics = result.getAsJsonObject("metrics");
            for (Metric m : fromResult(result).all()) {
                JsonElement e = metrics.get(m.name());
                if (e.isJsonObject() && e.getAsJsonObject().has("p50")) {
                    out.put(m.name(), LatencySummary.fromJson(e.getAsJsonObject()));
                }
            }
            return out;
        }
        String[][] legacy = {{"latency", "latencyNs"}, {"service", "serviceTimeNs"}};
        for (String[] l : legacy) {
            if (result.has(l[1]) && result.get(l[1]).isJsonObject()) {
                out.put(l[0], LatencySummary.fromJson(result.getAsJsonObject(l[1])));
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metrics && ((Metrics) o).all.equals(all);
    }

    @Override
    public int hashCode() {
        return all.hashCode();
    }

    @Override
    public String toString() {
        return all.toString();
    }
}
