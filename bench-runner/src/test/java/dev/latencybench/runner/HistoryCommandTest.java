package dev.latencybench.runner;

import static dev.latencybench.history.HistoryRuns.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
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

import dev.latencybench.history.HistoryRuns;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmDiscovery;

/** {@code bench history} as the command line runs it: its help, its exit statuses and the files it writes. */
class HistoryCommandTest {
    private static final String NL = System.lineSeparator();
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;

    @BeforeEach
    void setUp() throws IOException {
        Path ownJava = Path.of(System.getProperty("java.home"), "bin", "java");
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")),
                Path.of(System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp), ownJava,
                Files.createDirectories(tmp.resolve("machine-tmp")));
    }

    private int run(String... args) {
        return Main.run(ctx, args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** 12 runs of one cell; from run 8 on, {@code level} times the latency. */
    private Path history(double level) throws IOException {
        Path root = tmp.resolve("results");
        HistoryRuns runs = new HistoryRuns(root);
        for (int i = 0; i < 12; i++) {
            runs.run("run-" + i, at(i), "commit" + i, i < 8 ? 1 : level);
        }
        return root;
    }

    @Test
    void helpShowsTheUsageAndTheExitStatuses() {
        assertEquals(0, run("history", "--help"));
        assertTrue(out().contains(NL + "Usage: bench history [-hV] [--csv=FILE] [--html=FILE] [--out=DIR] ROOT..." + NL),
                out());
        assertTrue(out().replaceAll("\\s+", " ").contains("1 one does (its last confirmed change is to higher"
                + " latency)"), out());
        out.reset();
        assertEquals(2, run());
        assertTrue(out().contains(NL + "  history "), out());
    }

    @Test
    void theCompletionScriptCompletesHistoryAndItsOptions() {
        assertEquals(0, run("completion"));
        assertTrue(out().contains("history"), "history in the completion script");
        assertTrue(out().contains("--html"), "history's options in the completion script");
    }

    @Test
    void aNewestRunAfterARegressionExitsOneAndWritesThePageAndCsv() throws IOException {
        Path root = history(1.4);
        assertEquals(1, run("history", root.toString(), "--out", tmp.resolve("out").toString()), err());
        assertTrue(out().contains("queue/chronicle temurin-17.0.15 g1 latency p50 (standard): "), out());
        assertTrue(out().contains(" higher from run run-8 (commit commit8)  REGRESSION" + "\n"), out());
        assertTrue(Files.readString(tmp.resolve("out/history.html")).contains("<svg "));
        assertEquals(1 + 6 * 12, Files.readAllLines(tmp.resolve("out/history.csv")).size());
    }

    @Test
    void noChangeOrAnImprovementExitsZero() throws IOException {
        Path root = history(0.7);
        assertEquals(0, run("history", root.toString(), "--csv", tmp.resolve("points.csv").toString()), err());
        assertTrue(out().contains(" lower from run run-8"), out());
        assertTrue(Files.isRegularFile(tmp.resolve("points.csv")));
    }

    @Test
    void badInputExitsTwoNamingIt() throws IOException {
        Path none = tmp.resolve("nowhere");
        assertEquals(2, run("history", none.toString()));
        assertTrue(err().contains("latency-bench: bench history: " + none + " does not exist"), err());
        err.reset();
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(2, run("history", empty.toString()));
        assertTrue(err().contains("latency-bench: bench history: no runs found under " + empty), err());
        err.reset();
        assertEquals(2, run("history"));
        assertTrue(err().contains("ROOT"), err());
        err.reset();
        Path root = history(1.0);
        assertEquals(2, run("history", root.toString(), "--html", tmp.toString()));
        assertTrue(err().contains("--html " + tmp + ": " + tmp + " is a folder"), err());
        err.reset();
        Path file = Files.writeString(tmp.resolve("a-file"), "");
        assertEquals(2, run("history", root.toString(), "--out", file.resolve("report").toString()));
        assertTrue(err().contains("latency-bench: bench history: --out " + file.resolve("report") + " cannot be made: "),
                err());
    }
}
