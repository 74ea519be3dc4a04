package dev.latencybench.core.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;

import dev.latencybench.core.result.ResultFiles;

/**
 * The runs committed under {@code results/}: the compatibility test of every file type. A type reads each of its
 * files and writes it back; the file written must hold the same members with the same values (compared as JSON
 * trees: the order of an object's members is not compared, a number's spelling neither, {@code 1} and {@code 1.0}).
 */
public final class CommittedRuns {
    private CommittedRuns() {
    }

    /** A file type's read and write: the JSON its type writes for the file it read. */
    public interface ReadWrite {
        JsonElement readAndWrite(Path file) throws IOException;
    }

    /** {@code results/} of this checkout, from a module's folder (where surefire runs) or the root. */
    public static Path results() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("results")) && Files.isRegularFile(p.resolve("mvnw"))) {
                return p.resolve("results");
            }
        }
        throw new IllegalStateException("no results/ above " + here);
    }

    /** The committed files whose name {@code name} accepts, in path order; fails when there is none. */
    public static List<Path> files(Predicate<String> name) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(results())) {
            files = s.filter(Files::isRegularFile).filter(p -> name.test(p.getFileName().toString())).sorted()
                    .collect(Collectors.toList());
        }
        assertFalse(files.isEmpty(), "no such file under " + results());
        return files;
    }

    /**
     * Reads each file through its type, writes what the type gives as the suite writes files, and asserts that the
     * written file holds what the committed one does. Returns how many files it checked.
     */
    public static int assertRoundTrips(List<Path> files, ReadWrite type, Path tmp) throws IOException {
        for (Path f : files) {
            JsonElement committed = JsonParser.parseString(Files.readString(f, StandardCharsets.UTF_8));
            Path out = tmp.resolve(f.getFileName());
            ResultFiles.writeJson(out, type.readAndWrite(f));
            JsonElement written = JsonParser.parseString(Files.readString(out, StandardCharsets.UTF_8));
            String difference = difference(committed, written, "");
            if (difference != null) {
                fail(f + " is written back with other members or values: " + difference);
            }
        }
        return files.size();
    }

    /** The first place where {@code written} differs from {@code committed}, in words; null where none does. */
    static String difference(JsonElement committed, JsonElement written, String at) {
        if (committed.equals(written)) {
            return null;
        }
        if (committed.isJsonObject() && written.isJsonObject()) {
            for (String name : committed.getAsJsonObject().keySet()) {
                JsonElement w = written.getAsJsonObject().get(name);
                if (w == null) {
                    return "member " + at + name + " is missing";
                }
                String d = difference(committed.getAsJsonObject().get(name), w, at + name + ".");
                if (d != null) {
                    return d;
                }
            }
            for (String name : written.getAsJsonObject().keySet()) {
                if (!committed.getAsJsonObject().has(name)) {
                    return "member " + at + name + " is added";
                }
            }
        }
        if (committed.isJsonArray() && written.isJsonArray()
                && committed.getAsJsonArray().size() == written.getAsJsonArray().size()) {
            for (int i = 0; i < committed.getAsJsonArray().size(); i++) {
                String d = difference(committed.getAsJsonArray().get(i), written.getAsJsonArray().get(i),
                        (at.endsWith(".") ? at.substring(0, at.length() - 1) : at) + "[" + i + "].");
                if (d != null) {
                    return d;
                }
            }
        }
        String where = at.isEmpty() ? "the file" : "member " + at.substring(0, at.length() - 1);
        return where + " was " + abbreviated(committed) + ", is " + abbreviated(written);
    }

    private static String abbreviated(JsonElement e) {
        String s = e.toString();
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }
}
