package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    @TempDir
    Path dir;

    private static JsonObject sample() {
        JsonObject o = new JsonObject();
        o.addProperty("status", "OK");
        o.addProperty("sent", 12_345_678_901L);
        o.addProperty("achievedRatePerSec", 99_987.5);
        o.addProperty("command", "./mvnw -Pbench -Dbench.rate=100K <html> & 'quotes'");
        JsonArray reasons = new JsonArray();
        reasons.add("a");
        reasons.add("b");
        o.add("reasons", reasons);
        o.add("nested", new JsonObject());
        return o;
    }

    private List<String> namesIn(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void jsonRoundTrip() throws IOException {
        Path file = dir.resolve("result.json");
        ResultFiles.writeJson(file, sample());
        assertEquals(sample(), ResultFiles.readJson(file));
    }

    @Test
    void atomicWriteLeavesNoTemporaryFile() throws IOException {
        ResultFiles.writeJson(dir.resolve("result.json"), sample());
        ResultFiles.writeString(dir.resolve("notes.txt"), "hello");
        assertEquals(List.of("notes.txt", "result.json"), namesIn(dir));
    }

    @Test
    void writeCreatesMissingFolders() throws IOException {
        Path file = dir.resolve("run/queue/chronicle/result.json");
        ResultFiles.writeJson(file, sample());
        assertEquals(List.of("result.json"), namesIn(file.getParent()));
    }

    @Test
    void writeReplacesAnExistingFile() throws IOException {
        Path file = dir.resolve("result.json");
        ResultFiles.writeJson(file, sample());
        JsonObject second = new JsonObject();
        second.addProperty("status", "FAILED");
        ResultFiles.writeJson(file, second);
        assertEquals(second, ResultFiles.readJson(file));
        assertEquals(List.of("result.json"), namesIn(dir));
    }

    @Test
    void jsonIsPrettyPrintedUnescapedAndEndsWithANewline() throws IOException {
        Path file = dir.resolve("result.json");
        JsonObject o = new JsonObject();
        o.addProperty("command", "a <b> & c");
        ResultFiles.writeJson(file, o);
        assertEquals("{\n  \"command\": \"a <b> & c\"\n}\n",
                new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    @Test
    void writeStringWritesUtf8() throws IOException {
        Path file = dir.resolve("t.txt");
        ResultFiles.writeString(file, "p99 ≤ 5 µs");
        assertEquals("p99 ≤ 5 µs", new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    @Test
    void moveAtomicallyReplacesTheTarget() throws IOException {
        Path from = Files.write(dir.resolve("a"), "new".getBytes(StandardCharsets.UTF_8));
        Path to = Files.write(dir.resolve("b"), "old".getBytes(StandardCharsets.UTF_8));
        ResultFiles.moveAtomically(from, to);
        assertFalse(Files.exists(from));
        assertEquals("new", new String(Files.readAllBytes(to), StandardCharsets.UTF_8));
    }

    @Test
    void readingABrokenFileNamesIt() throws IOException {
        Path file = Files.write(dir.resolve("fork.json"), "{\"status\": ".getBytes(StandardCharsets.UTF_8));
        IOException e = assertThrows(IOException.class, () -> ResultFiles.readJson(file));
        assertTrue(e.getMessage().startsWith("cannot read " + file + ": "), e.getMessage());
    }

    @Test
    void readingAJsonArrayIsAnError() throws IOException {
        Path file = Files.write(dir.resolve("fork.json"), "[1, 2]".getBytes(StandardCharsets.UTF_8));
        IOException e = assertThrows(IOException.class, () -> ResultFiles.readJson(file));
        assertTrue(e.getMessage().startsWith("cannot read " + file + ": "), e.getMessage());
    }

    @Test
    void aWriteThatFailsLeavesNothingBehindAndSaysTheDiskIsFull() throws IOException {
        Path file = dir.resolve("latency.hlog");
        IOException e = assertThrows(IOException.class, () -> ResultFiles.write(file, tmp -> {
            Files.write(tmp, "half a fi".getBytes(StandardCharsets.UTF_8));
            throw new FileSystemException(tmp.toString(), null, "No space left on device");
        }));
        assertTrue(e.getMessage().startsWith("cannot write " + file + ": No space left on device (the disk is full:"
                + " the file system of " + dir + " has "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" bytes free)"), e.getMessage());
        assertEquals(List.of(), namesIn(dir), "neither the final name nor the temporary file");
    }

    @Test
    void aFolderThatCannotBeMadeNamesTheFile() throws IOException {
        // a path under a regular file cannot be written, even by root
        Path file = Files.write(dir.resolve("plain"), new byte[0]).resolve("run.json");
        IOException e = assertThrows(IOException.class, () -> ResultFiles.writeString(file, "{}"));
        assertTrue(e.getMessage().startsWith("cannot write " + file + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("disk is full"), e.getMessage());
        assertEquals(List.of("plain"), namesIn(dir));
    }
}
