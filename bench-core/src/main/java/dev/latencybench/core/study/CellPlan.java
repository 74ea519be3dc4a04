package dev.latencybench.core.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.result.ResultFiles;

/**
 * One cell's plan, resolved once and kept as {@code <run>/<study>/<cell>.plan.json}: the {@code bench.*} properties
 * the cell was given, as text, and the study's settings its reader made of them
 * ({@link dev.latencybench.core.fork.ForkedStudy}), as data.
 *
 * <pre>
 *   runner: text --the study's reader, once--> settings --> plan.json --> launcher: Study.planOf(settings)
 *                                                                \-----> each fork: its settings, at its step
 * </pre>
 *
 * <p>The launcher and the forks read the run's own settings ({@link RunSettings}) from the text; no study's reader runs
 * after the runner's. Immutable once made.
 */
public final class CellPlan {
    /** The system property that gives a benchmark JVM its cell's plan file. */
    public static final String PROPERTY = "latencybench.plan";
    /** The ending of a plan file's name, after the cell's: {@code openjdk-17.0.15__g1.plan.json}. */
    public static final String FILE_ENDING = ".plan.json";

    /** The study's name, such as {@code queue}. */
    private String study;
    /** The cell's name, such as {@code openjdk-17.0.15__g1}. */
    private String cell;
    /** The {@code bench.*} properties the cell was given, as text. */
    private Map<String, String> given;
    /** The study's settings, as its reader resolved them ({@link Study.Plan#settings}); none when it refused. */
    private JsonElement settings;
    /** Why the study's reader refused the cell's properties; none when it made its settings. */
    private String refused;

    private CellPlan() {
    }

    /** The plan of a cell given {@code given}, whose study's reader made {@code plan}. */
    public static CellPlan of(String study, String cell, Map<String, String> given, Study.Plan plan) {
        if (plan.settings() == null) {
            throw new IllegalArgumentException("the plan of " + study + "/" + cell + " notes no settings");
        }
        CellPlan p = new CellPlan();
        p.study = study;
        p.cell = cell;
        p.given = new LinkedHashMap<>(given);
        p.settings = plan.settings();
        return p;
    }

    /** The plan of a cell whose properties the study's reader refused, saying why, so the cell fails with that. */
    public static CellPlan refused(String study, String cell, Map<String, String> given, String why) {
        CellPlan p = new CellPlan();
        p.study = study;
        p.cell = cell;
        p.given = new LinkedHashMap<>(given);
        p.refused = why;
        return p;
    }

    /** {@code <run>/<study>/<cell>.plan.json}. */
    public static Path file(Path runDir, String study, String cell) {
        return runDir.resolve(study).resolve(cell + FILE_ENDING);
    }

    /** The given properties with {@code overrides} over them: for the run's own settings. */
    public BenchProperties properties(Map<String, String> overrides) {
        Map<String, String> text = new LinkedHashMap<>(given);
        text.putAll(overrides);
        return new BenchProperties(text);
    }

    public String study() {
        return study;
    }

    public String cell() {
        return cell;
    }

    /** The properties given, as text. */
    public Map<String, String> given() {
        return java.util.Collections.unmodifiableMap(given);
    }

    /**
     * The study's settings, as its reader resolved them.
     * @throws ConfigException saying why the reader refused the cell's properties, when it did
     */
    public JsonElement settings() {
        if (refused != null) {
            throw new ConfigException(refused);
        }
        return settings.deepCopy();
    }

    /** Writes the plan to {@code file} (through a temporary name), making its folder. */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        ResultFiles.writeString(file, JsonCodec.pretty(JsonCodec.toJson(this)) + "\n");
    }

    /** Reads a plan file; a ConfigException names the file and what is wrong with it. */
    public static CellPlan read(Path file) {
        CellPlan p;
        try {
            p = JsonCodec.fromJson(com.google.gson.JsonParser.parseString(Files.readString(file)), CellPlan.class);
        } catch (NoSuchFileException e) {
            throw new ConfigException("the cell's plan " + file + " is not there");
        } catch (IOException e) {
            throw new ConfigException("cannot read the cell's plan " + file + ": " + e.getMessage());
        } catch (JsonParseException e) { // MemberProblem too: a member not as the type says
            throw new ConfigException("the cell's plan " + file + " is not as the suite writes it: "
                    + String.valueOf(e.getMessage()).split("\\R", 2)[0]);
        }
        if (p == null || p.study == null || p.given == null
                || p.refused == null && (p.settings == null || p.settings.isJsonNull())) {
            throw new ConfigException("the cell's plan " + file + " is not as the suite writes it: it lacks the study,"
                    + " the properties given or the study's settings");
        }
        return p;
    }
}
