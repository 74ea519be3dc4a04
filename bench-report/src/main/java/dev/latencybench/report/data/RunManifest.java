package dev.latencybench.report.data;

import static dev.latencybench.core.result.JsonFields.put;
import static dev.latencybench.core.result.JsonFields.putObjects;
import static dev.latencybench.core.result.JsonFields.putRest;
import static dev.latencybench.core.result.JsonFields.putStringMap;
import static dev.latencybench.core.result.JsonFields.putStrings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultFiles;

/**
 * {@code run.json}, the one type that writes it and reads it back: what a matrix run was asked (scenarios,
 * JVMs with their java binary and flags, collectors, tuning, properties, the command that repeats it) and every
 * cell's outcome so far. The runner rewrites it atomically after each cell, so an interrupted run still
 * says what it did; the report and {@code --resume} read it back through {@link #fromJson}, never by member name.
 *
 * <p>A single study's {@code run.json} (written by bench-core's study launcher) reads back here too: it has
 * {@link #study} and {@link #variants} and none of the matrix's members. A member the file lacks is null here
 * ({@link #cells} null: not a matrix run), so that what was absent stays absent when written again. Members this
 * suite does not know (a newer suite's, or a study's own) are kept in {@link #unknown} and written after the known
 * ones, so a read-modify-write loses nothing. A file without {@code formatVersion} predates the field and has the
 * layout of version 1. Immutable but for {@link #unknown}, which is copied in and out.
 */
public record RunManifest(int formatVersion, String runId, String started, String finished, String study,
                          List<String> variants, String host, String command, String runnerJava, List<String> scenarios,
                          List<JvmEntry> jvms, List<String> gcs, Map<String, List<String>> gcArgs, List<String> jvmArgs,
                          Map<String, String> properties, List<String> resumedDespite, List<CellEntry> cells,
                          JsonObject unknown) {
    public static final String FILE = "run.json";
    /** The layout this suite writes; a file without the member is read as this layout's first version. */
    public static final int FORMAT_VERSION = 1;
    /** How the machine or suite differed when {@code --resume-anyway} finished the run, as the runner recorded it. */
    public static final String RESUMED_DESPITE = "resumedDespite";
    /** A cell's status before it ran. */
    public static final String PENDING = "PENDING";

    /** Every member this suite knows; the others are {@link #unknown}. */
    private static final Set<String> KNOWN = Set.of("formatVersion", "runId", "started", "finished", "study",
            "variants", "host", "command", "runnerJava", "scenarios", "jvms", "gcs", "gcArgs", "jvmArgs", "properties",
            RESUMED_DESPITE, "cells");

    /** A JVM of the matrix, as asked: its name, the java binary it was given, what it said it is, its flags. */
    public record JvmEntry(String name, String java, String version, String vendor, String source,
                           List<String> flags) {
        JsonObject toJson() {
            JsonObject o = new JsonObject();
            put(o, "name", name);
            put(o, "java", java);
            put(o, "version", version);
            put(o, "vendor", vendor);
            put(o, "source", source);
            putStrings(o, "flags", flags);
            return o;
        }

        static JvmEntry fromJson(JsonObject o, String where) {
            return new JvmEntry(required(o, "name", where), string(o, "java", where), string(o, "version", where),
                    string(o, "vendor", where), string(o, "source", where), strings(o, "flags", where));
        }
    }

    /**
     * A cell of the matrix and how it ended: {@link #status} is a {@link CellOutcome} status or {@link #PENDING};
     * {@link #seconds} and {@link #exitCode} are there once it ran, {@link #reason} when it did not end OK.
     */
    public record CellEntry(String scenario, String jvm, String gc, String cell, List<String> flags, String status,
                            String reason, Double seconds, Integer exitCode, String log) {
        /** {@code queue/openjdk-17.0.15__g1}: the cell's key, as the runner's cell names it. */
        public String key() {
            return scenario + "/" + cell;
        }

        JsonObject toJson() {
            JsonObject o = new JsonObject();
            put(o, "scenario", scenario);
            put(o, "jvm", jvm);
            put(o, "gc", gc);
            put(o, "cell", cell);
            putStrings(o, "flags", flags);
            put(o, "status", status);
            put(o, "reason", reason);
            put(o, "seconds", seconds);
            put(o, "exitCode", exitCode);
            put(o, "log", log);
            return o;
        }

        static CellEntry fromJson(JsonObject o, String where) {
            Number seconds = number(o, "seconds", where);
            Number exitCode = number(o, "exitCode", where);
            return new CellEntry(required(o, "scenario", where), string(o, "jvm", where), string(o, "gc", where),
                    required(o, "cell", where), strings(o, "flags", where), string(o, "status", where),
                    string(o, "reason", where), seconds == null ? null : seconds.doubleValue(),
                    exitCode == null ? null : exitCode.intValue(), string(o, "log", where));
        }
    }

    public RunManifest {
        unknown = unknown == null ? new JsonObject() : unknown.deepCopy();
    }

    /** The members of the file this suite does not know, in the file's order; a copy. */
    @Override
    public JsonObject unknown() {
        return unknown.deepCopy();
    }

    /** Writes it as {@code <runDir>/run.json}, atomically. */
    public void write(Path runDir) throws IOException {
        ResultFiles.writeJson(file(runDir), toJson());
    }

    /** Reads {@code <runDir>/run.json}. */
    public static RunManifest read(Path runDir) throws IOException {
        return fromJson(ResultFiles.readJson(file(runDir)));
    }

    public static Path file(Path runDir) {
        return runDir.resolve(FILE);
    }

    /** The file's JSON, members in the order this suite writes them, then the unknown ones. */
    public JsonObject toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("formatVersion", formatVersion);
        put(o, "runId", runId);
        put(o, "started", started);
        put(o, "finished", finished);
        put(o, "study", study);
        putStrings(o, "variants", variants);
        put(o, "host", host);
        put(o, "command", command);
        put(o, "runnerJava", runnerJava);
        putStrings(o, "scenarios", scenarios);
        putObjects(o, "jvms", jvms, JvmEntry::toJson);
        putStrings(o, "gcs", gcs);
        if (gcArgs != null) {
            JsonObject args = new JsonObject();
            gcArgs.forEach((k, v) -> putStrings(args, k, v));
            o.add("gcArgs", args);
        }
        putStrings(o, "jvmArgs", jvmArgs);
        putStringMap(o, "properties", properties);
        putStrings(o, RESUMED_DESPITE, resumedDespite);
        putObjects(o, "cells", cells, CellEntry::toJson);
        putRest(o, unknown);
        return o;
    }

    /**
     * A {@code run.json} read back. A member of the wrong shape (a list that is not one, a cell without its name)
     * throws an {@link IllegalArgumentException} that names the member and what it found.
     */
    public static RunManifest fromJson(JsonObject o) {
        Number version = number(o, "formatVersion", "");
        JsonArray jvmArray = array(o, "jvms", "");
        List<JvmEntry> jvms = null;
        if (jvmArray != null) {
            jvms = new ArrayList<>();
            for (int i = 0; i < jvmArray.size(); i++) {
                jvms.add(JvmEntry.fromJson(object(jvmArray.get(i), "jvms[" + i + "]"), "jvms[" + i + "]."));
            }
        }
        JsonArray cellArray = array(o, "cells", "");
        List<CellEntry> cells = null;
        if (cellArray != null) {
            cells = new ArrayList<>();
            for (int i = 0; i < cellArray.size(); i++) {
                cells.add(CellEntry.fromJson(object(cellArray.get(i), "cells[" + i + "]"), "cells[" + i + "]."));
            }
        }
        Map<String, List<String>> gcArgs = null;
        JsonObject args = objectMember(o, "gcArgs");
        if (args != null) {
            gcArgs = new LinkedHashMap<>();
            for (String gc : args.keySet()) {
                gcArgs.put(gc, strings(args, gc, "gcArgs."));
            }
        }
        Map<String, String> properties = null;
        JsonObject props = objectMember(o, "properties");
        if (props != null) {
            properties = new LinkedHashMap<>();
            for (String name : props.keySet()) {
                properties.put(name, string(props, name, "properties."));
            }
        }
        JsonObject unknown = new JsonObject();
        o.entrySet().stream().filter(e -> !KNOWN.contains(e.getKey())).forEach(e -> unknown.add(e.getKey(),
                e.getValue()));
        return new RunManifest(version == null ? FORMAT_VERSION : version.intValue(), string(o, "runId", ""),
                string(o, "started", ""), string(o, "finished", ""), string(o, "study", ""), strings(o, "variants", ""),
                string(o, "host", ""), string(o, "command", ""), string(o, "runnerJava", ""),
                strings(o, "scenarios", ""), jvms, strings(o, "gcs", ""), gcArgs, strings(o, "jvmArgs", ""),
                properties, strings(o, RESUMED_DESPITE, ""), cells, unknown);
    }

    /**
     * The members a matrix run's file has and {@code --resume} needs, that this file lacks, in the order written:
     * all of them for a study's file, none for one that {@code bench run} wrote.
     */
    public List<String> missing() {
        Map<String, Object> needed = new LinkedHashMap<>();
        needed.put("scenarios", scenarios);
        needed.put("jvms", jvms);
        needed.put("gcs", gcs);
        needed.put("gcArgs", gcArgs);
        needed.put("jvmArgs", jvmArgs);
        needed.put("properties", properties);
        needed.put("command", command);
        needed.put("cells", cells);
        List<String> missing = new ArrayList<>();
        needed.forEach((member, value) -> {
            if (value == null) {
                missing.add(member);
            }
        });
        return missing;
    }

    /** The outcomes recorded so far, by cell key ({@code queue/openjdk-17.0.15__g1}); a pending cell has none. */
    public Map<String, CellOutcome> outcomes() {
        Map<String, CellOutcome> m = new LinkedHashMap<>();
        for (CellEntry c : cells == null ? List.<CellEntry>of() : cells) {
            if (PENDING.equals(c.status)) {
                continue;
            }
            m.put(c.key(), new CellOutcome(c.status, c.reason, c.exitCode == null ? 0 : c.exitCode,
                    c.seconds == null ? 0 : c.seconds));
        }
        return m;
    }

    /** A member's value; null when the file lacks it or has JSON null there. */
    private static JsonElement member(JsonObject o, String member) {
        JsonElement e = o.get(member);
        return e == null || e.isJsonNull() ? null : e;
    }

    private static String string(JsonObject o, String member, String where) {
        JsonElement e = member(o, member);
        if (e == null) {
            return null;
        }
        if (!e.isJsonPrimitive()) {
            throw notAsWritten(where + member, "a string", e);
        }
        return e.getAsString();
    }

    private static String required(JsonObject o, String member, String where) {
        String s = string(o, member, where);
        if (s == null) {
            throw new IllegalArgumentException(where + member + " is missing");
        }
        return s;
    }

    private static Number number(JsonObject o, String member, String where) {
        JsonElement e = member(o, member);
        if (e == null) {
            return null;
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
            throw notAsWritten(where + member, "a number", e);
        }
        return e.getAsNumber();
    }

    private static JsonArray array(JsonObject o, String member, String where) {
        JsonElement e = member(o, member);
        if (e != null && !e.isJsonArray()) {
            throw notAsWritten(where + member, "a list", e);
        }
        return e == null ? null : e.getAsJsonArray();
    }

    private static List<String> strings(JsonObject o, String member, String where) {
        JsonArray a = array(o, member, where);
        if (a == null) {
            return null;
        }
        List<String> l = new ArrayList<>();
        for (JsonElement x : a) {
            if (!x.isJsonPrimitive()) {
                throw notAsWritten(where + member, "a list of strings", a);
            }
            l.add(x.getAsString());
        }
        return Collections.unmodifiableList(l);
    }

    private static JsonObject objectMember(JsonObject o, String member) {
        JsonElement e = member(o, member);
        return e == null ? null : object(e, member);
    }

    private static JsonObject object(JsonElement e, String where) {
        if (!e.isJsonObject()) {
            throw notAsWritten(where, "an object", e);
        }
        return e.getAsJsonObject();
    }

    private static IllegalArgumentException notAsWritten(String member, String expected, JsonElement found) {
        String text = found.toString();
        return new IllegalArgumentException(member + " is not " + expected + " (it is " + (text.length() > 60
                ? text.substring(0, 60) + "..." : text) + ")");
    }
}
