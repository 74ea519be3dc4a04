package dev.latencybench.core.schedule;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.annotations.SerializedName;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.json.Others;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;

/**
 * A cell's {@code <study>/<cell>.schedule.json}, typed: the one type that writes and reads it. A field the file
 * lacks is null; unknown fields are kept in {@code others}. Immutable apart from the JSON objects it holds.
 */
public final class ScheduleFile {
    /** How a schedule file's name ends: {@code <study>/<cell>.schedule.json}. */
    public static final String SUFFIX = ".schedule.json";
    /** The layout written now. */
    public static final int VERSION = 1;

    /** The file's layout; null in a file from before it was written (version 1). */
    @SerializedName("formatVersion")
    private final Integer version;
    /** {@link Schedule#describe()}, e.g. {@code capacity search of kafka: 1, 2, 4, ...; pass: p99.9 < 100ms}. */
    public final String schedule;
    /** The cell's folder name, e.g. {@code temurin-25.0.3__g1}. */
    public final String cell;
    /** The primary metric's name: each step's figure is written under it. */
    public final String primary;
    /** The steps in the order they ran; null where the file has none. */
    public final List<RanStep> steps;
    /** What a variant's steps shared, as the study described it, by variant; null where nothing was. */
    public final JsonObject shared;
    /** The answer; null where the schedule answers no question. */
    public final transient Decision decision;
    /** The decision's members as the file holds them; {@link Decision} reads and writes them. */
    @SerializedName("decision")
    private final JsonObject decisionJson;
    /** The top-level fields this type does not know, in the file's order. */
    @Others
    public final JsonObject others;

    /** One step as it ran: the step's name, variant, properties and description, its status and primary figure. */
    public static final class RanStep {
        public final String name;
        public final String variant;
        /** The system properties the step set, in order; the first is the one a search varies. */
        public final Map<String, String> properties;
        public final String description;
        /** As {@link StepOutcome.Status} names it. */
        public final String status;
        /** The step's primary figure, under the primary metric's name; null where it measured nothing. */
        public final transient LatencySummary summary;
        @Others
        public final JsonObject others;

        public RanStep(String name, String variant, Map<String, String> properties, String description, String status,
                       LatencySummary summary, JsonObject others) {
            this.name = name;
            this.variant = variant;
            this.properties = properties;
            this.description = description;
            this.status = status;
            this.summary = summary;
            this.others = others;
        }

        /** The step as the launcher ran it. */
        public static RanStep of(StepOutcome done) {
            Step s = done.step;
            return new RanStep(s.name(), s.variant(), s.properties(), s.describe(), done.status.name(),
                    done.summary, new JsonObject());
        }

        /** This step with its figure read from its others' member {@code figure}. */
        RanStep withFigure(String figure) {
            JsonElement f = others.get(figure);
            if (f == null || !f.isJsonObject()) {
                return this;
            }
            JsonObject rest = others.deepCopy();
            rest.remove(figure);
            return new RanStep(name, variant, properties, description, status, LatencySummary.fromJson(f.getAsJsonObject()),
                    rest);
        }

        /** This step with its figure among its others, under {@code figure}, for the codec to write. */
        RanStep withFigureInOthers(String figure) {
            if (summary == null) {
                return this;
            }
            JsonObject all = new JsonObject();
            all.add(figure, summary.toJson());
            others.entrySet().forEach(e -> all.add(e.getKey(), e.getValue()));
            return new RanStep(name, variant, properties, description, status, null, all);
        }
    }

    public ScheduleFile(int version, String schedule, String cell, String primary, List<RanStep> steps,
                        JsonObject shared, Decision decision, JsonObject others) {
        this(Integer.valueOf(version), schedule, cell, primary, steps, shared, decision, others);
    }

    private ScheduleFile(Integer version, String schedule, String cell, String primary, List<RanStep> steps,
                         JsonObject shared, Decision decision, JsonObject others) {
        this.version = version;
        this.schedule = schedule;
        this.cell = cell;
        this.primary = primary;
        this.steps = steps;
        this.shared = shared;
        this.decision = decision;
        this.decisionJson = decision == null ? null : decision.toJson();
        this.others = others;
    }

    /** The file the launcher writes when a cell's schedule ends or stops; {@code decision} may be null. */
    public static ScheduleFile of(String schedule, String cell, String primary, List<StepOutcome> done,
                                  Map<String, JsonObject> shared, Decision decision) {
        List<RanStep> steps = new ArrayList<>();
        done.forEach(d -> steps.add(RanStep.of(d)));
        JsonObject sh = null;
        if (!shared.isEmpty()) {
            sh = new JsonObject();
            shared.forEach(sh::add);
        }
        return new ScheduleFile(VERSION, schedule, cell, primary, steps, sh, decision, new JsonObject());
    }

    /** The {@code summary} of what {@code variant}'s steps shared; null where they shared nothing or it has none. */
    public String sharedSummary(String variant) {
        JsonElement s = shared == null ? null : shared.get(variant);
        return s == null || !s.isJsonObject() ? null : JsonCodec.fromJson(s, Shared.class).summary;
    }

    /** What a variant's steps shared as {@code shared} holds it: the study's description, then its summary. */
    public static JsonObject shared(JsonObject description, String summary) {
        JsonObject o = description.deepCopy();
        JsonCodec.toJsonObject(new Shared(summary)).entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
        return o;
    }

    /** The member of a variant's {@code shared} description this type reads: its summary for people. */
    private static final class Shared {
        final String summary;

        Shared(String summary) {
            this.summary = summary;
        }
    }

    /** The file's layout: {@link #VERSION} when written now, 1 for a file from before the member was written. */
    public int version() {
        return version == null ? 1 : version;
    }

    /** Reads what {@link #toJson} wrote; a member of the wrong kind is a {@code MemberProblem} naming it. */
    public static ScheduleFile fromJson(JsonObject o) {
        ScheduleFile f = JsonCodec.fromJson(o, ScheduleFile.class);
        String figure = figure(f.primary);
        List<RanStep> steps = null;
        if (f.steps != null) {
            steps = new ArrayList<>();
            for (RanStep s : f.steps) {
                steps.add(s.withFigure(figure));
            }
        }
        Decision decision;
        try {
            decision = f.decisionJson == null ? null : Decision.read(f.decisionJson);
        } catch (MemberProblem p) {
            throw p.under("$.decision");
        }
        return new ScheduleFile(f.version, f.schedule, f.cell, f.primary, steps, f.shared, decision, f.others);
    }

    /** The metric whose figures each step carries: the primary one, {@code latency} in a file that names none. */
    public String figure() {
        return figure(primary);
    }

    private static String figure(String primary) {
        return primary == null ? "latency" : primary;
    }

    /** Reads a schedule file; a damaged one is a {@code DamagedFile} naming it and the member. */
    public static ScheduleFile read(Path file) throws IOException {
        JsonObject json = JsonCodec.readObject(file);
        try {
            return fromJson(json);
        } catch (MemberProblem p) {
            throw DamagedFile.of(file, p);
        }
    }

    /** The file's JSON: the version first, then the fields in their usual order. */
    public JsonObject toJson() {
        String figure = figure();
        List<RanStep> written = null;
        if (steps != null) {
            written = new ArrayList<>();
            for (RanStep s : steps) {
                written.add(s.withFigureInOthers(figure));
            }
        }
        return JsonCodec.toJsonObject(new ScheduleFile(version, schedule, cell, primary, written, shared, decision,
                others));
    }

    /** Writes the file through a temporary file. */
    public void write(Path file) throws IOException {
        ResultFiles.writeJson(file, toJson());
    }
}
