package dev.latencybench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.Metrics;
import dev.latencybench.report.FixtureRun;

/**
 * {@code bench compare} judges each percentile by the forks' noise ({@code HowSure}): two runs of one distribution
 * read "no change beyond noise", a real slowdown gates, and runs that cannot tell a change from noise (one fork a
 * side, smoke scale, flagged) are named on the second line and not gated unless {@code --gate-anyway}.
 */
class CompareNoiseTest {
    private static final String G1 = "openjdk-17.0.15__g1";
    private static final String ZGC = "openjdk-17.0.15__zgc"; // the fixture flags chronicle's zgc cell busy
    /** Three forks of the base: each moves as a whole, as a rerun on another placement does. */
    private static final double[] BASE_FORKS = {1.00, 1.08, 0.95};
    /** Three other forks of the same distribution: an A/A pair draws different forks. */
    private static final double[] SAME_FORKS = {1.04, 0.97, 1.06};
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /**
     * A run of the chronicle and baseline cells of g1 whose chronicle latencies are {@code times} the base's, with
     * both metrics' forks kept (latency and service record alike).
     */
    private Path run(String name, String scale, double times, double[] forks) {
        return run(name, scale, times, 1, forks);
    }

    /** As {@link #run(String, String, double, double[])}, the floor (baseline) {@code floorTimes} as slow too. */
    private Path run(String name, String scale, double times, double floorTimes, double[] forks) {
        return new FixtureRun(tmp.resolve(name)).scale(scale).named(Metrics.ONE_WAY, "baseline", null)
                .cell("chronicle", G1, "OK", Math.round(1_000 * times), Math.round(5_000_000 * times), forks, 300_000)
                .cell("baseline", G1, "OK", Math.round(100 * floorTimes), Math.round(2_000_000 * floorTimes), forks,
                        300_000)
                .write().dir;
    }

    private int compare(Path base, Path candidate, String... gateAnyway) throws IOException {
        out.reset();
        return Compare.command(base.toString(), candidate.toString(), "10%", gateAnyway.length > 0, null,
                new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String line(int n) {
        return out().split("\n")[n];
    }

    @Test
    void anAaPairOfThreeForksEachReadsNoChangeBeyondNoise() throws IOException {
        Path a = run("a", "standard", 1, BASE_FORKS);
        Path b = run("b", "standard", 1, SAME_FORKS);
        assertEquals(0, compare(a, b), out());
        assertEquals("no change beyond noise", line(0), out());
        assertTrue(line(1).startsWith("latency-bench compare: "), "everything gates, so no line says otherwise: "
                + out());
        // the medians differ by a few percent, and the interval over the forks holds 1 either side
        Matcher p50 = Pattern.compile("\nqueue/chronicle/" + G1 + " +(\\d\\.\\d\\d)x \\((\\d\\.\\d+)–(\\d\\.\\d+)\\) ")
                .matcher(out());
        assertTrue(p50.find(), out());
        assertTrue(Double.parseDouble(p50.group(2)) < 1 && Double.parseDouble(p50.group(3)) > 1, p50.group());
        assertTrue(out().contains("  ~\n"), out());
        assertFalse(out().contains("REGRESSION"), out());
        assertTrue(out().contains("2 comparison(s), 0 regression(s) beyond noise and 10%"), out());
    }

    @Test
    void twoOneForkSmokeRunsAreNotGatedNotJudgedAndShowNoInterval() throws IOException {
        Path a = run("a", "smoke", 1, new double[] {1.00});
        Path same = run("same", "smoke", 1, new double[] {1.04});
        assertEquals(0, compare(a, same), out());
        assertEquals("no verdict: no noise to judge against (no percentile differs by more than 10%)", line(0), out());
        assertEquals("not gated: one fork a side (smoke scale); --gate-anyway to gate", line(1), out());
        assertTrue(out().contains("  not judged: one fork, so noise cannot be told from a change\n"), out());
        assertFalse(out().contains("x ("), "no interval without a spread between forks: " + out());

        // slower by 30%: a difference, but one fork a side cannot tell it from a rerun's
        Path slower = run("slower", "smoke", 1.3, new double[] {1.00});
        assertEquals(0, compare(a, slower), out());
        // p50 ... p99.9 of latency and of service; p99.99 rests on too few samples to count
        assertEquals("no verdict: no noise to judge against (8 percentiles differ by more than 10%)", line(0), out());
        assertEquals("not gated: one fork a side (smoke scale); --gate-anyway to gate", line(1), out());
        assertTrue(out().contains("not judged: one fork, so noise cannot be told from a change; beyond 10%: p50 1.00us"
                + " -> 1.30us, "), out());

        // asked to gate anyway, the within-run interval is all the evidence there is
        assertEquals(1, compare(a, slower, "--gate-anyway"), out());
        assertTrue(line(0).startsWith("1 regression beyond noise and 10%: queue/chronicle/" + G1 + " p"), out());
        assertEquals("gated anyway (--gate-anyway): one fork a side (smoke scale)", line(1), out());
        assertEquals(0, compare(a, same, "--gate-anyway"), "a 4% difference is within the threshold: " + out());
    }

    @Test
    void aRealSlowdownOfThreeForksEachGates() throws IOException {
        Path base = run("base", "standard", 1, BASE_FORKS);
        Path slower = run("slower", "standard", 1.3, SAME_FORKS);
        assertEquals(1, compare(base, slower), out());
        assertTrue(line(0).startsWith("1 regression beyond noise and 10%: queue/chronicle/" + G1 + " p"), out());
        assertTrue(line(0).matches(".* 1\\.\\d\\dx \\(1\\.\\d+–1\\.\\d+\\)"), "the worst with its interval: " + line(0));
        assertTrue(out().contains("  REGRESSION: p50 1.00us -> 1.35us, "), out());
        assertTrue(out().contains("2 comparison(s), 1 regression(s) beyond noise and 10%"), out());

        assertEquals(0, compare(slower, base), "faster is no regression: " + out());
        assertTrue(line(0).startsWith("no regression; 1 faster beyond noise and 10%: queue/chronicle/" + G1 + " p"),
                out());

        // a slowdown of 5%: within the threshold, whatever the noise
        Path little = run("little", "standard", 1.05, BASE_FORKS);
        assertEquals(0, compare(base, little), out());
        assertEquals("no change beyond noise", line(0), out());
    }

    @Test
    void aSlowdownAtSmokeScaleIsShownNotGatedUnlessAsked() throws IOException {
        Path base = run("base", "smoke", 1, BASE_FORKS);
        Path slower = run("slower", "smoke", 1.3, SAME_FORKS);
        assertEquals(0, compare(base, slower), out());
        assertTrue(line(0).startsWith("no gated regression; 1 beyond noise and 10%, not gated: "), "the first line"
                + " reads as the exit status does (was: 1 regression beyond noise and 10%): " + out());
        assertEquals("not gated: smoke scale; --gate-anyway to gate", line(1), out());
        assertTrue(out().contains(" (not gated)\n"), out());
        assertTrue(out().contains("1 regression(s) beyond noise and 10% (1 not gated)"), out());
        assertEquals(1, compare(base, slower, "--gate-anyway"), out());
    }

    /**
     * The floor (and a yardstick) is a control: the harness with nothing in it, the published code. A pair whose floor
     * alone is 30% slower in every fork is the machine's drift (a real A/A pair on the 2-vCPU VM read the floor's
     * p99.9 1.18x and the published loop's p99 1.95x beyond their forks' spread): shown, named, not gated.
     */
    @Test
    void aControlThatMovedIsShownAndNamedNotGated() throws IOException {
        Path base = run("base", "standard", 1, BASE_FORKS);
        Path drifted = run("drifted", "standard", 1, 1.3, SAME_FORKS);
        assertEquals(0, compare(base, drifted), out());
        assertTrue(out().contains("queue/baseline/" + G1 + ": a control (a yardstick or the floor: a change there is"
                + " the machine's), shown, not gated"), out());
        assertTrue(out().contains("(not gated)"), "its regression is shown: " + out());
    }

    @Test
    void theFirstLineCountsAndNamesTheGatedRegressionsAndSaysHowManyMoreAreNot() throws IOException {
        Path base = run("base", "standard", 1, BASE_FORKS);
        Path slower = run("slower", "standard", 1.3, 2, SAME_FORKS);
        assertEquals(1, compare(base, slower), out());
        // the control moved further (2x) but does not gate: the worst named is the worst that gates
        assertTrue(line(0).matches("1 regression beyond noise and 10% \\(\\d+ more not gated\\): queue/chronicle/"
                + java.util.regex.Pattern.quote(G1) + " p.*"), out());
    }

    @Test
    void flaggedCellsAreNamedAndNotGated() throws IOException {
        Path base = new FixtureRun(tmp.resolve("base")).scale("standard")
                .named(Metrics.ONE_WAY, "baseline", null)
                .cell("chronicle", G1, "OK", 1_000, 5_000_000, BASE_FORKS, 300_000)
                .cell("chronicle", ZGC, "OK", 1_000, 5_000_000, BASE_FORKS, 300_000).write().dir;
        Path slower = new FixtureRun(tmp.resolve("slower")).scale("standard")
                .named(Metrics.ONE_WAY, "baseline", null)
                .cell("chronicle", G1, "OK", 1_000, 5_000_000, SAME_FORKS, 300_000)
                .cell("chronicle", ZGC, "OK", 1_300, 6_500_000, SAME_FORKS, 300_000).write().dir;
        assertEquals(0, compare(base, slower), out());
        assertTrue(line(0).startsWith("no gated regression; 1 beyond noise and 10%, not gated: queue/chronicle/" + ZGC
                + " p"), out());
        assertEquals("not gated for 1 of 2 cells: flagged busy machine in both runs (queue/chronicle/" + ZGC
                + "); --gate-anyway to gate", line(1), out());
        assertEquals(1, compare(base, slower, "--gate-anyway"), out());
        assertTrue(line(0).startsWith("1 regression beyond noise and 10%: queue/chronicle/" + ZGC + " p"), out());
        assertEquals("gated anyway (--gate-anyway): flagged busy machine in both runs (queue/chronicle/" + ZGC + ")",
                line(1), out());
    }

    /**
     * Two smoke runs of one build on a shared 2-core machine: the candidate's baseline cell did not hold its rate
     * (FAILED) because the machine was busy. Shown and counted, not gated: smoke scale says so.
     */
    @Test
    void aCellThatFailedInASmokeRunIsShownNotGated() throws IOException {
        Path base = run("base", "smoke", 1, BASE_FORKS);
        Path failed = new FixtureRun(tmp.resolve("failed")).scale("smoke").named(Metrics.ONE_WAY, "baseline", null)
                .cell("chronicle", G1, "OK", 1_000, 5_000_000, SAME_FORKS, 300_000)
                .cell("baseline", G1, "FAILED", 100, 2_000_000, SAME_FORKS, 300_000)
                .write().dir;
        assertEquals(0, compare(base, failed), out());
        assertEquals("no gated regression; 1 beyond noise and 10%, not gated: queue/baseline/" + G1 + " OK in the base,"
                + " FAILED in the candidate", line(0), out());
        assertEquals("not gated: smoke scale; --gate-anyway to gate", line(1), out());
        assertTrue(out().contains("REGRESSION (OK in the base, FAILED in the candidate: rate not held: 12% of sends"
                + " late) (not gated)\n"), out());
        assertEquals(1, compare(base, failed, "--gate-anyway"), out());
    }
}
