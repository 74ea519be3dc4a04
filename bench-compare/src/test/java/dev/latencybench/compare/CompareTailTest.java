package dev.latencybench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.tail.TailPart;
import dev.latencybench.report.FixtureRun;

/** {@code bench compare} says when the main cause of a cell's tail changed. */
class CompareTailTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private static TailPart tail(long gc, long safepoint, long platform, long code) {
        TailPart t = new TailPart();
        t.beyondP99_9.gc = gc;
        t.beyondP99_9.safepoint = safepoint;
        t.beyondP99_9.platform = platform;
        t.beyondP99_9.code = code;
        t.beyondP99_9.attributed = gc + safepoint + platform + code;
        t.beyondP99_9.samples = t.beyondP99_9.attributed;
        return t;
    }

    private Path run(String name, long slowNs, TailPart tail) {
        return new FixtureRun(tmp.resolve(name)).scale("standard")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, slowNs, 2, 300_000)
                .tail("chronicle", "openjdk-17.0.15__g1", tail)
                .write().dir;
    }

    private int compare(Path base, Path candidate) throws IOException {
        return Compare.command(base.toString(), candidate.toString(), "10%", null,
                new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aRegressionWhoseTailChangedItsCauseSaysFromWhatToWhat() throws IOException {
        Path base = run("base", 5_000_000, tail(18, 0, 1, 1));
        Path slower = run("slower", 7_500_000, tail(2, 0, 15, 3));
        assertEquals(1, compare(base, slower));
        assertTrue(out().contains("REGRESSION: p99.9 5.01ms -> 7.50ms\n"), out());
        // under the cell's rows (the primary metric's, then the others')
        assertTrue(out().contains("\n  tail cause beyond p99.9: gc (18 of 20) -> platform (15 of 20)\n"), out());
    }

    @Test
    void theSameCauseOrTooFewAttributedSaysNothing() throws IOException {
        Path base = run("base", 5_000_000, tail(18, 0, 1, 1));
        Path same = run("same", 7_500_000, tail(15, 0, 3, 2));
        Path few = run("few", 7_500_000, tail(0, 0, 5, 4));
        assertEquals(1, compare(base, same));
        assertEquals(1, compare(base, few));
        assertFalse(out().contains("tail cause"), out());
    }
}
