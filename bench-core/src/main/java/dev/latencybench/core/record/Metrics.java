package dev.latencybench.core.record;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

/**
 * The metrics a study declares, in order; the first is primary: the report ranks by it and the interval log leaves it
 * untagged. Immutable.
 */
public final class Metrics {
    /** The queue study's two metrics, which every result from before metrics were named holds. */
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

    /** The interval log's tag of a metric: null for the primary, its name for the others. */
    public String tag(Metric m) {
        return m.equals(primary()) ? null : m.name();
    }

    /** The members {@code result.json} and {@code fork.json} record the metrics in, beside their own. */
    public static final class Recorded {
        public final String primary;
        public final Map<String, Metric.Declaration> metrics;

        Recorded(String primary, Map<String, Metric.Declaration> metrics) {
            this.primary = primary;
            this.metrics = metrics;
        }
    }

    /** The members of a result from before metrics were named, kept so it is written back as it was. */
    public static final class Legacy {
        public final LatencySummary latencyNs;
        public final LatencySummary serviceTimeNs;

        Legacy(LatencySummary latencyNs, LatencySummary serviceTimeNs) {
            this.latencyNs = latencyNs;
            this.serviceTimeNs = serviceTimeNs;
        }
    }

    /** {@code {name: {what, unit}, ...}} in declaration order. */
    public JsonObject toJson() {
        return toJson(Map.of());
    }

    /** Each declaration with its merged percentiles where {@code summaries} has them; {@link #summariesOf} reads it. */
    public JsonObject toJson(Map<String, LatencySummary> summaries) {
        JsonObject o = new JsonObject();
        all.forEach(m -> o.add(m.name(), m.toJson(summaries.get(m.name()))));
        return o;
    }

    /** {@code primary} and {@code metrics} as a file records them, {@code summaries} beside the declarations. */
    public JsonObject recordedJson(Map<String, LatencySummary> summaries) {
        Map<String, Metric.Declaration> declared = new LinkedHashMap<>();
        all.forEach(m -> declared.put(m.name(), m.declaration(summaries.get(m.name()))));
        return JsonCodec.toJsonObject(new Recorded(primary().name(), declared));
    }

    /** Reads the declarations of a {@code result.json}, primary first; {@link #ONE_WAY} for an older result. */
    public static Metrics fromResult(JsonObject result) {
        Recorded r = JsonCodec.fromJson(result, Recorded.class);
        if (r.metrics == null) {
            return ONE_WAY;
        }
        List<Metric> l = new ArrayList<>();
        for (Map.Entry<String, Metric.Declaration> e : r.metrics.entrySet()) {
            String name = e.getKey();
            Metric.Declaration d = e.getValue();
            Metric metric = new Metric(name, d == null || d.what == null ? name : d.what,
                    d == null || d.unit == null ? "ns" : d.unit, Metric.Writers.ONE);
            if (name.equals(r.primary)) {
                l.add(0, metric);
            } else {
                l.add(metric);
            }
        }
        return new Metrics(l);
    }

    /** The merged percentiles of each metric in a {@code result.json}, older layouts included; none for no figures. */
    public static Map<String, LatencySummary> summariesOf(JsonObject result) {
        Map<String, LatencySummary> out = new LinkedHashMap<>();
        Recorded r = JsonCodec.fromJson(result, Recorded.class);
        if (r.metrics != null) {
            for (Metric m : fromResult(result).all()) {
                Metric.Declaration d = r.metrics.get(m.name());
                LatencySummary s = d == null ? null : d.summary();
                if (s != null) {
                    out.put(m.name(), s);
                }
            }
            return out;
        }
        Legacy legacy = JsonCodec.fromJson(result, Legacy.class);
        List<Metric> oneWay = ONE_WAY.all();
        if (legacy.latencyNs != null) {
            out.put(oneWay.get(0).name(), legacy.latencyNs);
        }
        if (legacy.serviceTimeNs != null) {
            out.put(oneWay.get(1).name(), legacy.serviceTimeNs);
        }
        return out;
    }

    /** {@code summaries} in the members of a result from before metrics were named. */
    public static JsonObject legacyJson(Map<String, LatencySummary> summaries) {
        List<Metric> oneWay = ONE_WAY.all();
        return JsonCodec.toJsonObject(new Legacy(summaries.get(oneWay.get(0).name()),
                summaries.get(oneWay.get(1).name())));
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
