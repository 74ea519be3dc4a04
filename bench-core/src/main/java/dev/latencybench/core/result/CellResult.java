package dev.latencybench.core.result;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.json.Others;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;

/**
 * One cell's {@code result.json}, typed, written by the merger and read by the report and compare through
 * {@link JsonCodec}, so each member is named once, as a field of one of its parts. The study's own members travel as
 * {@link #recorded} and {@link #accounted} and are read back through its {@link ResultPart}.
 *
 * <p>{@link #read} also reads results from before metrics were named and before studies declared roles. A plain
 * holder: not thread-safe.
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
    /** Null in an older result. */
    public Integer forksWithData;
    public String description;
    /** Role to variant ({@code floor}, {@code yardstick}), as the study declared; null in an older result. */
    public Map<String, String> roles = new LinkedHashMap<>();
    public Metrics metrics;
    /** Merged percentiles per metric, in declaration order; a metric without figures is absent. */
    public Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    /** Each fork's percentiles per metric, in fork order; a metric whose forks were not kept is absent. */
    public Map<String, List<ForkFigures>> forkSummaries = new LinkedHashMap<>();
    /** Why the primary metric's tail was slow; null when not attributed. */
    public JsonObject tail;
    public JsonArray pinning = new JsonArray();
    public JsonArray machineLoad = new JsonArray();
    public String command;
    /**
     * The study's own members: its recorded settings (after {@code scale}) and its accounting (after {@code roles}).
     * A result read back has them all in {@code recorded}, so it is written back with every member it had.
     */
    public JsonObject recorded = new JsonObject();
    public JsonObject accounted = new JsonObject();
    /** The result as read (null for one built to be written): what a study's {@link ResultPart} reads. */
    private JsonObject read;
    /** Read from a result written before metrics were named: written back in that layout. */
    private boolean oneWayLegacy;

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
        JsonObject r = JsonCodec.toJsonObject(new Head(status, reasons, flags, study, variant, step, cell, runId, scale));
        recorded.entrySet().forEach(e -> r.add(e.getKey(), e.getValue()));
        add(r, new Middle(warmupNs, measureNs, forks, forksWithData, description, roles));
        accounted.entrySet().forEach(e -> r.add(e.getKey(), e.getValue()));
        if (oneWayLegacy) {
            add(r, Metrics.legacyJson(summaries));
            add(r, new OneWayForks(forkJson(forkSummaries.get(metrics.primary().name()))));
        } else {
            add(r, metrics.recordedJson(summaries));
            Map<String, List<ForkJson>> byMetric = new LinkedHashMap<>();
            for (Metric metric : metrics.all()) {
                byMetric.put(metric.name(), forkJson(forkSummaries.getOrDefault(metric.name(), List.of())));
            }
            add(r, new Forks(byMetric));
        }
        add(r, new End(tail, pinning, machineLoad, command));
        return r;
    }

    /**
     * Reads a {@code result.json} of this format or an older one, whose missing members stay empty.
     *
     * @throws MemberProblem naming a member of the wrong kind
     */
    public static CellResult read(JsonObject r) {
        CellResult c = new CellResult();
        c.read = r;
        Head h = JsonCodec.fromJson(r, Head.class);
        c.status = h.status;
        c.reasons = h.reasons == null ? new ArrayList<>() : h.reasons;
        c.flags = h.flags == null ? new ArrayList<>() : h.flags;
        c.study = h.study;
        c.variant = h.variant;
        c.step = h.step;
        c.cell = h.cell;
        c.runId = h.runId;
        c.scale = h.scale;
        Middle m = JsonCodec.fromJson(r, Middle.class);
        c.warmupNs = m.warmupNs == null ? 0 : m.warmupNs;
        c.measureNs = m.measureNs == null ? 0 : m.measureNs;
        c.forks = m.forks == null ? 0 : m.forks;
        c.forksWithData = m.forksWithData;
        c.description = m.description;
        c.roles = m.roles;
        c.oneWayLegacy = JsonCodec.fromJson(r, Metrics.Recorded.class).metrics == null;
        c.metrics = Metrics.fromResult(r);
        c.summaries = Metrics.summariesOf(r);
        if (c.oneWayLegacy) {
            List<ForkJson> forks = JsonCodec.fromJson(r, OneWayForks.class).forkLatencyNs;
            if (forks != null) {
                c.forkSummaries.put(Metrics.ONE_WAY.primary().name(), figures(forks));
            }
        } else {
            Map<String, List<ForkJson>> byMetric = JsonCodec.fromJson(r, Forks.class).forkMetrics;
            if (byMetric != null) {
                byMetric.forEach((metric, forks) -> c.forkSummaries.put(metric, figures(forks)));
            }
        }
        End e = JsonCodec.fromJson(r, End.class);
        c.tail = e.tail;
        c.pinning = e.pinning == null ? new JsonArray() : e.pinning;
        c.machineLoad = e.machineLoad == null ? new JsonArray() : e.machineLoad;
        c.command = e.command;
        r.entrySet().forEach(x -> {
            if (!KNOWN.contains(x.getKey())) {
                c.recorded.add(x.getKey(), x.getValue());
            }
        });
        return c;
    }

    /** Reads a {@code result.json} file; one not as this type writes it throws a {@code DamagedFile}. */
    public static CellResult read(Path file) throws IOException {
        JsonObject json = JsonCodec.readObject(file);
        try {
            return read(json);
        } catch (MemberProblem p) {
            throw DamagedFile.of(file, p);
        }
    }

    /** Whether the result declares its roles (older results do not). */
    public boolean declaresRoles() {
        return roles != null;
    }

    /** A study's own members of this result, typed; null when the result has none of them. */
    public <T> T part(ResultPart<T> part) {
        return part.read(read != null ? read : toJson());
    }

    /** The result as read, for what is not typed yet; null for one being written. */
    public JsonObject json() {
        return read;
    }

    private static List<ForkFigures> figures(List<ForkJson> forks) {
        List<ForkFigures> l = new ArrayList<>();
        for (ForkJson f : forks) {
            l.add(new ForkFigures(f.fork, LatencySummary.fromJson(f.figures)));
        }
        return l;
    }

    private static List<ForkJson> forkJson(List<ForkFigures> figures) {
        if (figures == null) {
            return null;
        }
        List<ForkJson> l = new ArrayList<>();
        figures.forEach(f -> l.add(new ForkJson(f.fork, f.summary.toJson())));
        return l;
    }

    private static void add(JsonObject into, Object part) {
        add(into, JsonCodec.toJsonObject(part));
    }

    private static void add(JsonObject into, JsonObject members) {
        members.entrySet().forEach(e -> into.add(e.getKey(), e.getValue()));
    }

    /* The members of result.json in parts, in the merger's order; each is named here once. */

    private static final class Head {
        final String status;
        final List<String> reasons;
        final List<String> flags;
        final String study;
        final String variant;
        final JsonObject step;
        final String cell;
        final String runId;
        final String scale;

        Head(String status, List<String> reasons, List<String> flags, String study, String variant, JsonObject step,
             String cell, String runId, String scale) {
            this.status = status;
            this.reasons = reasons;
            this.flags = flags;
            this.study = study;
            this.variant = variant;
            this.step = step;
            this.cell = cell;
            this.runId = runId;
            this.scale = scale;
        }
    }

    private static final class Middle {
        final Long warmupNs;
        final Long measureNs;
        final Integer forks;
        final Integer forksWithData;
        final String description;
        final Map<String, String> roles;

        Middle(Long warmupNs, Long measureNs, Integer forks, Integer forksWithData, String description,
               Map<String, String> roles) {
            this.warmupNs = warmupNs;
            this.measureNs = measureNs;
            this.forks = forks;
            this.forksWithData = forksWithData;
            this.description = description;
            this.roles = roles;
        }
    }

    private static final class Forks {
        final Map<String, List<ForkJson>> forkMetrics;

        Forks(Map<String, List<ForkJson>> forkMetrics) {
            this.forkMetrics = forkMetrics;
        }
    }

    /** Fork figures of the one-way study's latency, from before metrics were named. */
    private static final class OneWayForks {
        final List<ForkJson> forkLatencyNs;

        OneWayForks(List<ForkJson> forkLatencyNs) {
            this.forkLatencyNs = forkLatencyNs;
        }
    }

    /** One fork's figures ({@link LatencySummary}'s members), then its name. */
    private static final class ForkJson {
        final String fork;
        @Others
        final JsonObject figures;

        ForkJson(String fork, JsonObject figures) {
            this.fork = fork;
            this.figures = figures;
        }
    }

    private static final class End {
        final JsonObject tail;
        final JsonArray pinning;
        final JsonArray machineLoad;
        final String command;

        End(JsonObject tail, JsonArray pinning, JsonArray machineLoad, String command) {
            this.tail = tail;
            this.pinning = pinning;
            this.machineLoad = machineLoad;
            this.command = command;
        }
    }

    /** Every member this type names; the others are the study's own. */
    private static final Set<String> KNOWN = known(Head.class, Middle.class, Forks.class, OneWayForks.class, End.class,
            Metrics.Recorded.class, Metrics.Legacy.class);

    private static Set<String> known(Class<?>... parts) {
        Set<String> names = new HashSet<>();
        for (Class<?> p : parts) {
            names.addAll(JsonCodec.memberNames(p));
        }
        return names;
    }
}
