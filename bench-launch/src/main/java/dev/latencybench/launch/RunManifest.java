package dev.latencybench.launch;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.DamagedFile;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.json.Others;
import dev.latencybench.core.result.ResultFiles;

/**
 * {@code run.json}, written and read back only here: what a matrix or single-study run was asked and every cell's
 * outcome so far. Members the file lacks stay null and members this suite does not know are kept in
 * {@link #unknown}, so a read-modify-write loses nothing. Immutable.
 */
public final class RunManifest {
    public static final String FILE = "run.json";
    /** The layout this suite writes; a file without the member is read as this layout's first version. */
    public static final int FORMAT_VERSION = 1;
    /** How the machine or suite differed when {@code --resume-anyway} finished the run. */
    public static final String RESUMED_DESPITE = "resumedDespite";
    /** A cell's status before it ran. */
    public static final String PENDING = "PENDING";

    /** A JVM of the matrix, as asked: its name, the java binary it was given, what it said it is, its flags. */
    public static final class JvmEntry {
        public final String name;
        public final String java;
        public final String version;
        public final String vendor;
        public final String source;
        public final List<String> flags;

        public JvmEntry(String name, String java, String version, String vendor, String source, List<String> flags) {
            this.name = name;
            this.java = java;
            this.version = version;
            this.vendor = vendor;
            this.source = source;
            this.flags = flags;
        }
    }

    /** A cell of the matrix and how it ended; {@link #status} is a {@link CellOutcome} status or {@link #PENDING}. */
    public static final class CellEntry {
        public final String scenario;
        public final String jvm;
        public final String gc;
        public final String cell;
        public final List<String> flags;
        public final String status;
        public final String reason;
        public final Double seconds;
        public final Integer exitCode;
        public final String log;

        public CellEntry(String scenario, String jvm, String gc, String cell, List<String> flags, String status,
                String reason, Double seconds, Integer exitCode, String log) {
            this.scenario = scenario;
            this.jvm = jvm;
            this.gc = gc;
            this.cell = cell;
            this.flags = flags;
            this.status = status;
            this.reason = reason;
            this.seconds = seconds;
            this.exitCode = exitCode;
            this.log = log;
        }

        /** {@code queue/openjdk-17.0.15__g1}: the cell's key, as the runner's cell names it. */
        public String key() {
            return scenario + "/" + cell;
        }
    }

    public final Integer formatVersion;
    public final String runId;
    public final String started;
    public final String finished;
    public final String study;
    public final List<String> variants;
    public final String host;
    public final String command;
    public final String runnerJava;
    public final List<String> scenarios;
    public final List<JvmEntry> jvms;
    public final List<String> gcs;
    public final Map<String, List<String>> gcArgs;
    public final List<String> jvmArgs;
    public final Map<String, String> properties;
    public final List<String> resumedDespite;
    public final List<CellEntry> cells;
    @Others
    private final JsonObject unknown;

    public RunManifest(Integer formatVersion, String runId, String started, String finished, String study,
            List<String> variants, String host, String command, String runnerJava,
            List<String> scenarios, List<JvmEntry> jvms, List<String> gcs, Map<String, List<String>> gcArgs,
            List<String> jvmArgs, Map<String, String> properties, List<String> resumedDespite, List<CellEntry> cells,
            JsonObject unknown) {
        this.formatVersion = formatVersion;
        this.runId = runId;
        this.started = started;
        this.finished = finished;
        this.study = study;
        this.variants = variants;
        this.host = host;
        this.command = command;
        this.runnerJava = runnerJava;
        this.scenarios = scenarios;
        this.jvms = jvms;
        this.gcs = gcs;
        this.gcArgs = gcArgs;
        this.jvmArgs = jvmArgs;
        this.properties = properties;
        this.resumedDespite = resumedDespite;
        this.cells = cells;
        this.unknown = unknown == null ? new JsonObject() : unknown.deepCopy();
    }

    /** The members of the file this suite does not know, in the file's order; a copy. */
    public JsonObject unknown() {
        return unknown == null ? new JsonObject() : unknown.deepCopy();
    }

    /** Writes it as {@code <runDir>/run.json}, atomically. */
    public void write(Path runDir) throws IOException {
        ResultFiles.writeJson(file(runDir), toJson());
    }

    /** Reads {@code <runDir>/run.json}; one that is not as this type writes it, a {@link DamagedFile} naming it. */
    public static RunManifest read(Path runDir) throws DamagedFile {
        Path file = file(runDir);
        JsonObject json = JsonCodec.readObject(file);
        try {
            return fromJson(json);
        } catch (MemberProblem p) {
            throw DamagedFile.of(file, p);
        }
    }

    public static Path file(Path runDir) {
        return runDir.resolve(FILE);
    }

    /** The file's layout: 1 for a file from before {@code formatVersion} was written. */
    public int version() {
        return formatVersion == null ? 1 : formatVersion;
    }

    /** The file's JSON, members in the order this suite writes them, then the unknown ones. */
    public JsonObject toJson() {
        return JsonCodec.toJsonObject(this);
    }

    /** A {@code run.json} read back; a member of the wrong shape throws a {@link MemberProblem} naming it. */
    public static RunManifest fromJson(JsonObject o) {
        RunManifest run = JsonCodec.fromJson(o, RunManifest.class);
        for (int i = 0; run.jvms != null && i < run.jvms.size(); i++) {
            if (run.jvms.get(i) == null || run.jvms.get(i).name == null) {
                throw MemberProblem.missing("jvms[" + i + "].name");
            }
        }
        for (int i = 0; run.cells != null && i < run.cells.size(); i++) {
            CellEntry c = run.cells.get(i);
            if (c == null || c.scenario == null || c.cell == null) {
                throw MemberProblem.missing("cells[" + i + "]." + (c == null || c.scenario == null ? "scenario"
                        : "cell"));
            }
        }
        return run;
    }

    /** The members {@code --resume} needs that this file lacks: all for a study's file, none for a matrix run's. */
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
}
