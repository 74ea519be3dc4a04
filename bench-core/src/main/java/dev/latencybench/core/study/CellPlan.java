package dev.latencybench.core.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import com.google.gson.JsonParseException;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.result.ResultFiles;

/**
 * One cell's plan, resolved once and kept as {@code <run>/<study>/<cell>.plan.json}: the properties the cell was
 * given, each value resolved ({@link BenchProperties#resolved()}) with what the runner decided for the cell, and,
 * for people, the defaults the other properties came to.
 *
 * <pre>
 *   runner: text --BenchProperties, once--> plan.json --> launcher: properties(its -D)  (reads no value again)
 *                                                 \-----> each fork: properties(the step's -D)  (idem)
 * </pre>
 *
 * <p>{@link #properties} hands each value back as resolved while its text is unchanged; defaults are resolved by
 * each reader, since some hang on a step. Immutable once made.
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
    /** Each given property resolved, and what the runner decided for the cell. */
    private Map<String, String> values;
    /** Every other property the study's plan read, at its default: for people only. */
    private Map<String, String> defaults;

    private CellPlan() {
    }

    /** The plan of a cell from the properties its study's plan read, with values {@code decided} beside them. */
    public static CellPlan of(String study, String cell, BenchProperties read, Map<String, String> decided) {
        CellPlan p = new CellPlan();
        p.study = study;
        p.cell = cell;
        p.given = new LinkedHashMap<>();
        p.values = new LinkedHashMap<>();
        p.defaults = new LinkedHashMap<>();
        p.given.putAll(read.given());
        read.resolved().forEach((name, value) -> (read.given().containsKey(name) ? p.values : p.defaults)
                .put(name, value));
        decided.forEach((name, value) -> {
            p.defaults.remove(name);
            p.values.put(name, value);
        });
        return p;
    }

    /** {@code <run>/<study>/<cell>.plan.json}. */
    public static Path file(Path runDir, String study, String cell) {
        return runDir.resolve(study).resolve(cell + FILE_ENDING);
    }

    /** The given properties with {@code overrides} over them; a value whose text is unchanged is not read again. */
    public BenchProperties properties(Map<String, String> overrides) {
        Map<String, String> text = new LinkedHashMap<>(given);
        text.putAll(overrides);
        return new BenchProperties(text, given, values);
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

    /** The values the launcher and the forks use, resolved. */
    public Map<String, String> values() {
        return java.util.Collections.unmodifiableMap(values);
    }

    /** The defaults the rest came to where the plan was made. */
    public Map<String, String> defaults() {
        return java.util.Collections.unmodifiableMap(defaults);
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
        if (p == null || p.study == null || p.given == null || p.values == null) {
            throw new ConfigException("the cell's plan " + file + " is not as the suite writes it: it lacks the study,"
                    + " the properties given or their values");
        }
        if (p.defaults == null) {
            p.defaults = new LinkedHashMap<>();
        }
        return p;
    }
}
