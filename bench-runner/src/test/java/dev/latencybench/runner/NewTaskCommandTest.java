package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmDiscovery;

/** {@code bench new-task} where nothing can be written: exit status 2 and a sentence, nothing written. */
class NewTaskCommandTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;

    @BeforeEach
    void setUp() throws IOException {
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")),
                Path.of(System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp),
                Path.of(System.getProperty("java.home"), "bin", "java"), Files.createDirectories(tmp.resolve("m")));
    }

    @Test
    void aFolderWhereNoFileCanBeMadeIsOneSentenceOfBadInput() {
        assertEquals(2, Main.run(ctx, new String[] {"new-task", "/proc/mytask"}));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.matches("latency-bench: bench new-task: /proc/mytask: no file can be made in /proc \\([^)]+\\);"
                + " name a new folder where this user may write\\R"), e);
        assertFalse(Files.exists(Path.of("/proc/mytask")));
    }

    @Test
    void aFolderUnderAFileIsOneSentenceOfBadInput() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertEquals(2, Main.run(ctx, new String[] {"new-task", file.resolve("mytask").toString()}));
        assertEquals("latency-bench: bench new-task: " + file.resolve("mytask") + ": " + file + " is a file, so"
                + " nothing can be created under it; name a new folder where this user may write"
                + System.lineSeparator(), err.toString(StandardCharsets.UTF_8));
    }
}
