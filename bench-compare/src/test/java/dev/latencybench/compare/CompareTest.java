package dev.latencybench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.launch.UsageException;
import dev.latencybench.report.FixtureRun;

class CompareTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** At standard scale: smoke-scale figures are not gated (CompareNoiseTest). */
    private Path run(String name, long chronicleNs, long slowNs, String status) {
        return new FixtureRun(tmp.resolve(name)).scale("standard")
                .cell("chronicle", "openjdk-17.0.15__g1", status, chronicleNs, slowNs, 2, 300_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 2, 300_000)
                .write().dir;
    }

    private int compare(String base, String candidate) throws IOException {
        return compare(base, candidate, "10%", null);
    }

    private int compare(String base, String candidate, String maxRegression, Path output) throws IOException {
        return Compare.command(base, candidate, maxRegression, output, new PrintStream(out, true,
                StandardCharsets.UTF_8));
    }

    /** Whether the output has a match of {@code regex}. */
    private boolean has(String regex) {
        return java.util.regex.Pattern.compile(regex).matcher(out()).find();
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theSameRunHasNoRegression() throws IOException {
        Path base = run("base", 1_000, 5_000_000, "OK");
        assertEquals(0, compare(base.toString(), base.toString()));
        assertTrue(out().startsWith("no change beyond noise\nlatency-bench compare: "), out());
        assertTrue(has("queue/chronicle/openjdk-17\\.0\\.15__g1 +1\\.00x \\(0\\.9\\d–1\\.\\d\\d\\) "), out());
        assertTrue(out().contains("2 comparison(s), 0 regression(s) beyond noise and 10%"), out());
    }

    @Test
    void aSlowerPercentileBeyondTheThresholdFailsAndAWiderThresholdPasses() throws IOException {
        Path base = run("base", 1_000, 5_000_000, "OK");
        Path slower = run("slower", 1_000, 7_500_000, "OK");
        assertEquals(1, compare(base.toString(), slower.toString()));
        // 1% of the samples got slower: p99.9 regresses; p99.99 too, but 60 samples beyond it are too few to gate
        assertTrue(out().contains("  REGRESSION: p99.9 5.01ms -> 7.50ms\n"), out());
        assertTrue(out().startsWith("1 regression beyond noise and 10%: queue/chronicle/openjdk-17.0.15__g1 p99.9"
                + " 1.50x (1.4"), out());
        assertTrue(out().contains("1 regression(s) beyond noise and 10%"), out());
        assertEquals(0, compare(base.toString(), slower.toString(), "60%", null));
        assertEquals(0, compare(slower.toString(), base.toString()), "faster is never a regression");
    }

    /**
     * The 2-vCPU VM's forks land on one of two CPU placements, 1.5 times apart: two of three forks on the fast one in
     * the base and on the slow one in the candidate move the merged median by 1.5, which the forks of each run
     * already disagree by.
     */
    @Test
    void aSlowdownWithinTheForksSpreadIsNoiseNotARegression() throws IOException {
        Path base = new FixtureRun(tmp.resolve("base")).scale("standard").cell("chronicle", "openjdk-17.0.15__g1",
                "OK", 1_000, 5_000_000, new double[] {1.0, 1.5, 1.0}, 300_000).write().dir;
        Path slower = new FixtureRun(tmp.resolve("slower")).scale("standard").cell("chronicle", "openjdk-17.0.15__g1",
                "OK", 1_000, 5_000_000, new double[] {1.5, 1.0, 1.5}, 300_000).write().dir;
        assertEquals(0, compare(base.toString(), slower.toString()), out());
        assertTrue(out().contains("  ~  slower within the noise: p50 1.00us -> 1.50us\n"), out());
        assertTrue(out().startsWith("no change beyond noise\n"), out());
        assertTrue(out().contains("1 comparison(s), 0 regression(s) beyond noise and 10%"), out());
    }

    @Test
    void aCellThatStoppedWorkingIsARegression() throws IOException {
        Path base = run("base", 1_000, 5_000_000, "OK");
        Path broken = run("broken", 1_000, 5_000_000, "FAILED");
        assertEquals(1, compare(base.toString(), broken.toString()));
        assertTrue(out().contains("REGRESSION (OK in the base, FAILED in the candidate: rate not held"), out());
    }

    @Test
    void runsWithNothingInCommonOrBadArgumentsAreUsageErrors() {
        Path base = run("base", 1_000, 5_000_000, "OK");
        Path other = new FixtureRun(tmp.resolve("other")).cell("chronicle", "temurin-25.0.3__zgc", "OK", 500, 1_000_000,
                1, 3000).write().dir;
        UsageException e = assertThrows(UsageException.class, () -> compare(base.toString(), other.toString()));
        assertTrue(e.getMessage().contains("no cell and variant in common"), e.getMessage());
        assertTrue(out().contains("note: queue/chronicle/openjdk-17.0.15__g1: only in the base run"), out());
        assertThrows(UsageException.class, () -> compare(base.toString(), tmp.resolve("none").toString()));
        assertThrows(UsageException.class, () -> compare(base.toString(), base.toString(), "-5%", null));
        assertEquals(0.025, Compare.parseThreshold("2.5%"), 1e-12);
    }

    @Test
    void aCellTheBaseHadOkAndTheCandidateLacksIsARegression() throws IOException {
        Path base = new FixtureRun(tmp.resolve("base")).scale("standard")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000)
                .cell("chronicle", "openjdk-17.0.15__parallel", "OK", 1_000, 5_000_000, 2, 300_000).write().dir;
        // interrupted before its second cell: run.json lists it as not run, and it has no results
        Path interrupted = new FixtureRun(tmp.resolve("interrupted")).scale("standard")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000)
                .unmeasured("openjdk-17.0.15__parallel", "NOT_RUN", "the run was interrupted before this cell").write().dir;
        assertEquals(1, compare(base.toString(), interrupted.toString()), out());
        assertTrue(out().contains("queue/chronicle/openjdk-17.0.15__parallel"), out());
        assertTrue(out().contains("REGRESSION (OK in the base, no result in the candidate: NOT_RUN: the run was"
                + " interrupted before this cell)"), out());
        assertTrue(out().contains("2 comparison(s), 1 regression(s) beyond noise and 10%"), out());
        assertTrue(out().startsWith("1 regression beyond noise and 10%: queue/chronicle/openjdk-17.0.15__parallel OK in the"
                + " base, no result in the candidate: NOT_RUN"), out());

        out.reset();
        Path narrower = new FixtureRun(tmp.resolve("narrower")).scale("standard")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000).write().dir;
        assertEquals(1, compare(base.toString(), narrower.toString()), out());
        assertTrue(out().contains("REGRESSION (OK in the base, not in the candidate run)"), out());
    }

    @Test
    void anOutputThatCannotBeWrittenIsBadInputBeforeAnyComparison() throws IOException {
        Path base = run("base", 1_000, 5_000_000, "OK");
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        UsageException e = assertThrows(UsageException.class, () -> compare(base.toString(), base.toString(), "10%",
                file.resolve("table.txt")));
        assertEquals("bench compare: --output " + file.resolve("table.txt") + ": " + file + " is a file, so nothing"
                + " can be created under it; give a file in a writable folder", e.getMessage());
        assertEquals("", out(), "refused before comparing");
        e = assertThrows(UsageException.class, () -> compare(base.toString(), base.toString(), "10%", tmp));
        assertTrue(e.getMessage().contains(tmp + " is a folder"), e.getMessage());

        Path written = tmp.resolve("new/table.txt");
        assertEquals(0, compare(base.toString(), base.toString(), "10%", written));
        assertEquals(out(), Files.readString(written));
    }

    /** 2.62 ms to 1.42 us is 0.00054 of the base: two significant digits, never "0.00x". */
    @Test
    void aLargeSpeedUpNeverReadsAsZero() throws IOException {
        Path base = run("base", 2_620_000, 5_000_000, "OK");
        Path faster = run("faster", 1_420, 5_000_000, "OK");
        assertEquals(0, compare(base.toString(), faster.toString()), out());
        assertTrue(has("queue/chronicle/openjdk-17\\.0\\.15__g1 +0\\.00054x "), out());
        assertTrue(!out().contains("0.00x"), out());
        assertEquals("0.00054x", dev.latencybench.core.view.Comparison.ratio(1_420 / 2_620_000.0));
        assertEquals("0.10x", dev.latencybench.core.view.Comparison.ratio(0.1));
        assertEquals("0.099x", dev.latencybench.core.view.Comparison.ratio(0.0987));
        assertEquals("1.04x", dev.latencybench.core.view.Comparison.ratio(1.04));
        assertEquals("0x", dev.latencybench.core.view.Comparison.ratio(0));
        assertEquals("-", dev.latencybench.core.view.Comparison.ratio(Double.NaN));
    }

    /** /proc passes the kernel's writable check for root and refuses every new file: bad input, before comparing. */
    @Test
    void anOutputUnderProcIsBadInputBeforeAnyComparison() {
        Path base = run("base", 1_000, 5_000_000, "OK");
        UsageException e = assertThrows(UsageException.class, () -> compare(base.toString(), base.toString(), "10%",
                Path.of("/proc/nope/x.txt")));
        assertTrue(e.getMessage().startsWith("bench compare: --output /proc/nope/x.txt: "), e.getMessage());
        assertTrue(e.getMessage().contains("/proc"), e.getMessage());
        assertTrue(e.getMessage().endsWith("; give a file in a writable folder"), e.getMessage());
        assertEquals("", out(), "refused before comparing");
    }

    @Test
    void theThresholdIsPrintedAsGiven() throws IOException {
        Path base = run("base", 1_000, 5_000_000, "OK");
        assertEquals(0, compare(base.toString(), base.toString(), "1000%", null));
        assertTrue(out().contains("regression threshold 1000%\n"), out());
        assertTrue(out().contains("0 regression(s) beyond noise and 1000%\n"), out());
        assertEquals("10%", Compare.pct(0.10));
        assertEquals("2.5%", Compare.pct(0.025));
        assertEquals("0%", Compare.pct(0));
        assertEquals("12.35%", Compare.pct(0.123456));
    }

    /** Bonferroni over 120 ratios asks 99.958% of each: printed so, never rounded up to 100%. */
    @Test
    void aFamilysConfidenceIsNeverPrintedAs100Percent() {
        assertEquals("95.0", Compare.percent(0.95));
        assertEquals("99.96", Compare.percent(1 - 0.05 / 120));
        assertEquals("99.9996", Compare.percent(1 - 0.05 / 12_000));
    }

    private Path namedRun(String name, long chronicleNs, long slowNs, int forks) {
        return new FixtureRun(tmp.resolve(name)).scale("standard")
                .named(dev.latencybench.core.record.Metrics.ONE_WAY, "baseline", "reference")
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", chronicleNs, slowNs, forks, 300_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, forks, 300_000)
                .write().dir;
    }

    @Test
    void anOldFormatRunAndANamedMetricsRunOfTheQueueStudyCompareMetricByMetric() throws IOException {
        Path old = run("old", 1_000, 5_000_000, "OK");
        Path named = namedRun("named", 1_000, 5_000_000, 2);
        assertEquals(0, compare(old.toString(), named.toString()), out());
        // the primary metric's row reads as before; the service row is named, and with no forks of it in the
        // old result there is no spread to judge against: shown, not judged
        assertTrue(has("\nqueue/chronicle/openjdk-17.0.15__g1 +1.00x \\([^)]*\\) .*  ~\n  service +1.00x "), out());
        assertTrue(out().contains("1.00x †  not judged: the forks' figures of this metric were not kept, so noise"
                + " cannot be told from a change\n"), out());
        assertTrue(out().contains("2 comparison(s), 0 regression(s) beyond noise and 10%"), out());

        out.reset();
        Path slower = namedRun("slower", 1_000, 7_500_000, 2);
        assertEquals(1, compare(old.toString(), slower.toString()), out());
        assertTrue(out().contains("REGRESSION: p99.9 5.01ms -> 7.50ms\n"), out());
        assertTrue(out().contains("1 regression(s) beyond noise and 10%"), out());
    }

    @Test
    void aSecondMetricThatGotSlowerIsARegressionWhenItsForksAreKnown() throws IOException {
        Path base = namedRun("base", 1_000, 5_000_000, 3);
        // the candidate's service time only got slower: twice the latency's, in every fork
        Path cand = new FixtureRun(tmp.resolve("cand")).scale("standard")
                .named(dev.latencybench.core.record.Metrics.ONE_WAY, "baseline", "reference").spreadMetrics()
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 3, 300_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 3, 300_000)
                .write().dir;
        assertEquals(1, compare(base.toString(), cand.toString()), out());
        assertTrue(has("\nqueue/chronicle/openjdk-17.0.15__g1 +1.00x .*  ~\n  service +2.00x "), out());
        assertTrue(out().contains("REGRESSION: p50 1.10us -> 2.20us, "), out());
        // the floor (baseline) is a control, shown and not gated: the first line names the regression that gates
        assertTrue(out().startsWith("1 regression beyond noise and 10% (1 more not gated): queue/chronicle/"
                + "openjdk-17.0.15__g1 service p50 2.00x"), out());
        assertTrue(out().contains("2 comparison(s), 2 regression(s) beyond noise and 10%"), out());
    }
}
