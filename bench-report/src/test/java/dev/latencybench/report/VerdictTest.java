package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.Metrics;

/**
 * The verdict at the top of each study, and the floor's check of the tails, read from REPORT.md. The
 * fixture's fork k records its cell's typical latency times 1 + 0.1 k, so three forks of 500 ns span
 * 500 ns to 600 ns, and its slow latencies (1 in 100) set the p99.9 and p99.99.
 */
class VerdictTest {
    private static final String G1_17 = "openjdk-17.0.15__g1";
    private static final String G1_25 = "temurin-25.0.3__g1";
    private static final String ZGC_25 = "temurin-25.0.3__zgc";

    @TempDir
    Path tmp;

    private static String write(Path run) throws IOException {
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return Files.readString(run.resolve("REPORT.md"));
    }

    @Test
    void aVariantWithOneCellHasNothingToRankAndSaysSoOnce() throws IOException {
        Path run = tmp.resolve("single");
        new FixtureRun(run)
                .cell("chronicle", G1_17, "OK", 1_000, 3_000_000, 3, 30_000)
                .cell("reference", G1_17, "OK", 900, 3_000_000, 3, 30_000)
                .write();
        String md = write(run);
        assertTrue(md.contains("- **`chronicle`, `reference`: one JVM and collector each, nothing to rank.**"), md);
        assertFalse(md.contains("ranks.**"), "no line per metric for a lone cell: " + md);
    }

    @Test
    void forksThatLieApartNameTheBestCellAndFlaggedCellsDoNotRank() throws IOException {
        Path run = tmp.resolve("apart");
        new FixtureRun(run)
                .cell("chronicle", G1_17, "OK", 1_000, 3_000_000, 3, 30_000)
                .cell("chronicle", G1_25, "OK", 500, 2_000_000, 3, 30_000)
                .cell("chronicle", ZGC_25, "OK", 400, 1_000_000, 3, 30_000) // the fixture flags it busy
                .write();
        String md = write(run);
        // medians: forks at 500, 550, 600 ns (merged 550 ns) against 1.00, 1.10, 1.20 us (merged 1.10 us)
        assertTrue(md.contains("- **chronicle, median `latency`: `temurin-25.0.3 g1` is best.** Lowest"
                + " `temurin-25.0.3 g1` 550ns (forks 500ns–600ns). Higher, the ratio's 95% interval over the forks lies"
                + " above 1: `openjdk-17.0.15 g1` 1.10µs (2.00× (1.77–2.26); forks 1.00µs–1.20µs).\n"), md);
        assertTrue(md.contains("- **[queue](#scenario-queue)**: `temurin-25.0.3 g1` lowest median, 550ns, 2.00×"
                + " (1.77–2.26) below `openjdk-17.0.15 g1`;"), md);
        // p99.99: 9 samples beyond it in each cell (3 forks of 30,000), fewer than 10: not ranked
        assertTrue(md.contains("- **chronicle, p99.99 `latency`: cannot tell**, 9 samples beyond it in"
                + " `openjdk-17.0.15 g1` (fewer than 10).\n"), md);
        assertFalse(md.contains("p99.99 `latency`: `temurin-25.0.3 g1` is best"), md);
        // the busy cell had the lowest values, and is named instead of ranked
        assertTrue(md.contains("- **chronicle, not ranked:** `temurin-25.0.3 zgc` (flagged: busy machine).\n"), md);
        assertFalse(md.contains("Lowest `temurin-25.0.3 zgc`"), md);
        // three forks ran: no fork advice, but the marked tails ask for the longer scale
        assertTrue(md.contains("**For firmer tails, run the longer scale `standard`:** values marked † rest on fewer"
                + " than 100 samples beyond them:\n\n```\nscripts/bench run --jvms 17,25 --gcs g1,zgc"
                + " -Dbench.scale=standard\n```\n"), md);
        assertFalse(md.contains("**For a ranking"), md);
        // the verdict comes first, before any table, and the median and p99.99 charts right after it
        int verdict = md.indexOf("### Verdict\n");
        int firstTable = md.indexOf("\n| ");
        assertTrue(verdict > 0 && verdict < md.indexOf("- **chronicle, median"), md);
        assertTrue(md.indexOf("How the verdict is made") < md.indexOf("](charts/queue-median.svg)"), md);
        // p99.99 rests on 9 samples beyond it a cell: not drawn, as the tables do not give it
        assertTrue(md.contains("No bar chart of the p99.99 latency"), md);
        assertTrue(md.indexOf("](charts/queue-median.svg)") < firstTable, md);
        assertFalse(md.contains("At a glance"), "the verdict replaces it: " + md);
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("<li><strong>chronicle, median <code>latency</code>: <code>temurin-25.0.3 g1</code> is"
                + " best.</strong> Lowest <code>temurin-25.0.3 g1</code> 550ns"), "bold holds code spans: " + html);
    }

    @Test
    void aFailedCellIsNamedOnTheFirstScreenNotLeftOutAsIfNeverAsked() throws IOException {
        Path run = tmp.resolve("failed");
        new FixtureRun(run)
                .cell("chronicle", G1_17, "FAILED", 1_000, 3_000_000, 3, 30_000)
                .cell("chronicle", G1_25, "OK", 500, 2_000_000, 3, 30_000)
                .cell("chronicle", "temurin-25.0.3__parallel", "OK", 1_100, 2_000_000, 3, 30_000)
                .write();
        String md = write(run);
        String line = md.lines().filter(l -> l.startsWith("- **[queue](#scenario-queue)**: ")).findFirst().orElse("");
        assertTrue(line.contains("not ranked: `openjdk-17.0.15 g1` failed"), line);
        assertTrue(line.startsWith("- **[queue](#scenario-queue)**: `g1` lowest median, 550ns, 2.20× ("), line);
    }

    @Test
    void forksThatOverlapAreATie() throws IOException {
        Path run = tmp.resolve("overlap");
        new FixtureRun(run)
                .cell("chronicle", G1_17, "OK", 1_050, 2_000_000, 3, 300_000)
                .cell("chronicle", G1_25, "OK", 1_000, 2_000_000, 3, 300_000)
                .write();
        String md = write(run);
        // 1.00 - 1.20 us against 1.05 - 1.26 us
        assertTrue(md.contains("- **chronicle, median `latency`: a tie.** Lowest `temurin-25.0.3 g1` 1.10µs (forks"
                + " 1.00µs–1.20µs). Tied with it, the ratio's 95% interval over the forks reaches within 2% of 1:"
                + " `openjdk-17.0.15 g1` 1.16µs (1.05× (0.93–1.19); forks 1.05µs–1.26µs).\n"), md);
        // the answer names no winner, and gives both ranges
        assertTrue(md.contains("- **[queue](#scenario-queue)**: `temurin-25.0.3 g1` and `openjdk-17.0.15 g1` tie at the"
                + " median (1.00µs–1.20µs and 1.05µs–1.26µs)"), md);
        assertTrue(md.contains("- **chronicle, p99.99 `latency`: a tie.**"), md);
        assertFalse(md.contains("is best"), md);
        assertTrue(md.contains("otherwise the two tie, and on this machine the choice between them does not matter"),
                md);
        assertFalse(md.contains("than the floor"), "no floor ran, so none is used: " + md);
    }

    @Test
    void oneForkPerCellRanksNothingAndSaysWhatToRun() throws IOException {
        String md = write(floorAboveOnJdk17(tmp.resolve("one")));
        // one fork each: however far apart the within-run intervals lie, no spread between forks, no ranking
        assertTrue(md.contains("- **chronicle, median `latency`: not ranked, one fork per cell.** Lowest"
                + " `temurin-25.0.3 g1` 500ns (95% 500ns–500ns, order statistics of 300,000). Not ranked, one fork:"
                + " `openjdk-17.0.15 g1` 1.00µs (2.00×; 95% 1.00µs–1.00µs, order statistics of 300,000).\n"), md);
        assertTrue(md.contains("- **[queue](#scenario-queue)**: `temurin-25.0.3 g1` median, 500ns; not ranked, one fork"
                + " a cell; `openjdk-17.0.15 g1` 1.00µs;"), md);
        assertFalse(md.contains("is best"), md);
        assertTrue(md.contains("**For a ranking, run 3 forks per cell and the longer scale `standard`:** cells that ran"
                + " one fork have no spread, so no difference between them can be told from run-to-run noise:\n\n```\n"
                + "scripts/bench run --jvms 17,25 --gcs g1,zgc -Dbench.forks=3 -Dbench.scale=standard\n```\n"), md);
        assertFalse(md.contains("baseline, median"), "the floor is not ranked: " + md);
    }

    @Test
    void aStudyOfAnotherShapeIsJudgedByItsPrimaryMetricAndItsOwnFloor() throws IOException {
        Path run = tmp.resolve("jet");
        new FixtureRun(run)
                .shape("jet", "window: 10 s sliding by 1 s over 1,000 keys; CPUs: 2,4")
                .named(ReportShapesTest.WINDOW, "direct", null)
                .cell("direct", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 3, 300_000)
                .cell("pipeline", "openjdk-17.0.15__g1", "OK", 1_000, 3_000_000, 3, 300_000)
                .cell("direct", "openjdk-17.0.15__zgc", "OK", 600, 2_000_000, 3, 300_000)
                .cell("pipeline", "openjdk-17.0.15__zgc", "OK", 1_300, 3_000_000, 3, 300_000)
                .write();
        String md = write(run);
        // the forks lie apart (1.00 - 1.20 us against 1.30 - 1.56 us), but the floor moves 550 ns across the
        // two cells by itself (110 ns to 660 ns), more than the 330 ns between them: a tie
        assertTrue(md.contains("- **pipeline, median `first`: a tie.** Lowest `openjdk-17.0.15 g1` 1.10µs (forks"
                + " 1.00µs–1.20µs). Tied with it, within how far the floor `direct` moves across cells by itself"
                + " (110ns to 660ns): `openjdk-17.0.15 zgc` 1.43µs (1.30× (1.15–1.47); forks 1.30µs–1.56µs).\n"), md);
        assertTrue(md.contains("- **pipeline, p99.99 `first`: a tie.**"), md);
        assertTrue(md.contains("the difference is larger than the floor `direct` moves across cells by itself"), md);
        assertFalse(md.contains("direct, median"), "the floor is not ranked: " + md);
        assertFalse(md.contains("baseline"), md);
        assertFalse(md.contains("`latency`"), md);
    }

    @Test
    void aFloorTailAtOrAboveTheVariantsIsTheMachines() throws IOException {
        String md = write(floorAboveOnJdk17(tmp.resolve("floor")));
        // jdk 17: the floor's p99.9 and p99.99 (2.00ms) above chronicle's (1.00ms); jdk 25: below (502us < 3.00ms)
        assertTrue(md.contains("**In 1 of the 2 cells compared, the tail is the machine's.** There the floor"
                + " `baseline`, which puts the least between the clocks, is as slow or slower at p99.9 or p99.99 than"
                + " the variant on the same JVM and collector"), md);
        // p99.99 of 300,000 samples has 30 beyond it: a tail to set against the floor
        assertTrue(md.contains("- `openjdk-17.0.15 g1`, `chronicle`: `baseline` p99.9 2.00ms against 1.00ms, p99.99"
                + " 2.00ms against 1.00ms: these tails are the machine's, not `chronicle`'s.\n"), md);
        assertFalse(md.contains("`temurin-25.0.3 g1`, `chronicle`: `baseline`"), md);
        // the verdict's p99.99 line says it too
        assertTrue(md.contains("In 1 of 2 cells the floor `baseline` is as slow or slower at p99.99: that tail is the"
                + " machine's, not the variant's (see the floor table)."), md);
    }

    @Test
    void aFloorTailBelowTheVariantsSaysNothing() throws IOException {
        Path run = tmp.resolve("below");
        new FixtureRun(run)
                .cell("chronicle", G1_17, "OK", 1_000, 3_000_000, 1, 300_000)
                .cell("baseline", G1_17, "OK", 100, 500_000, 1, 300_000)
                .write();
        String md = write(run);
        assertTrue(md.contains("### Against the machine's floor"), md);
        assertFalse(md.contains("the tail is the machine's"), md);
        assertFalse(md.contains("the machine's, not"), md);
    }

    /** One fork per cell; on JDK 17 the floor's tail (2 ms) is above chronicle's (1 ms), on JDK 25 below. */
    private static Path floorAboveOnJdk17(Path run) {
        new FixtureRun(run)
                .cell("chronicle", G1_17, "OK", 1_000, 1_000_000, 1, 300_000)
                .cell("baseline", G1_17, "OK", 100, 2_000_000, 1, 300_000)
                .cell("chronicle", G1_25, "OK", 500, 3_000_000, 1, 300_000)
                .cell("baseline", G1_25, "OK", 100, 500_000, 1, 300_000)
                .write();
        return run;
    }
}
