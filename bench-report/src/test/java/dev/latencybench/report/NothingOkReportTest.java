package dev.latencybench.report;

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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;
import dev.latencybench.report.doc.DocRenderer;

/**
 * A run whose every cell of a scenario failed still gets its report: the scenario's section says so
 * first, with each cell's reasons, shows what each measured in its tables, and ranks and charts nothing
 * (a bar chart of failed figures only was an exception before, and no report at all). A chart with
 * nothing to draw in a scenario that has OK cells is a sentence, and one that cannot be drawn stops its
 * scenario's section, not the report.
 */
class NothingOkReportTest {
    private static final String G1 = "openjdk-17.0.15__g1";
    private static final String ZGC = "openjdk-17.0.15__zgc";

    @TempDir
    Path tmp;

    /** The queue study on two cells, every variant of each FAILED, as a run at a rate the machine cannot hold ends. */
    private Path allFailed() {
        Path run = tmp.resolve("r");
        new FixtureRun(run)
                .cell("chronicle", G1, "FAILED", 1_000, 5_000_000, 1, 30_000)
                .cell("baseline", G1, "FAILED", 100, 2_000_000, 1, 30_000)
                .cell("chronicle", ZGC, "FAILED", 1_200, 6_000_000, 1, 30_000)
                .cell("baseline", ZGC, "FAILED", 120, 2_500_000, 1, 30_000)
                .write();
        return run;
    }

    @Test
    void aScenarioWhoseEveryCellFailedIsReportedWithItsReasons() throws IOException {
        Path run = allFailed();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        List<String> problems = Report.write(run, new PrintStream(console, true, StandardCharsets.UTF_8));

        assertEquals(List.of(), problems, "every file was read and every part drawn");
        String said = console.toString(StandardCharsets.UTF_8);
        assertTrue(said.startsWith("latency-bench: the answers (the report's first screen):\n  queue: no answer: no cell"
                + " ended OK (FAILED).\nlatency-bench: report written in "), said);
        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("## Scenario queue\n\n100,000 msg/s, 256-byte payload, scale `smoke`"), md);
        assertTrue(md.contains("**Every cell of this scenario failed** (4 FAILED): there is no answer to read from it."
                + " Why, cell by cell:\n\n"
                + "- `openjdk-17.0.15__g1 / chronicle` FAILED: rate not held: 12% of sends late\n"
                + "- `openjdk-17.0.15__g1 / baseline` FAILED: rate not held: 12% of sends late\n"
                + "- `openjdk-17.0.15__zgc / chronicle` FAILED: rate not held: 12% of sends late (flagged: busy"
                + " machine: other processes used CPU time during the measurement)\n"
                + "- `openjdk-17.0.15__zgc / baseline` FAILED: rate not held: 12% of sends late\n"), md);
        assertTrue(md.contains("Nothing is ranked or charted: no cell has figures to show but those of a failed"
                + " measurement, which the tables below list as they were recorded."), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | FAILED | 1.00 |"), "what it measured: " + md);
        assertTrue(md.contains("### Stop-the-world pauses"), "the pauses may tell why: " + md);
        assertFalse(md.contains("### Verdict"), "nothing is ranked");
        assertFalse(md.contains("### Failed, skipped and flagged cells"), "the reasons are said once, at the top");
        assertFalse(md.contains("charts/queue-"), "nothing is charted");
        try (var charts = Files.list(run.resolve("charts"))) {
            assertEquals(List.of(), charts.toList());
        }
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("<strong>Every cell of this scenario failed</strong> (4 FAILED)"), html);
        assertTrue(html.contains("openjdk-17.0.15__zgc / baseline</code> FAILED: rate not held: 12% of sends late"),
                html);
    }

    @Test
    void aScenarioOfFailedAndSkippedCellsCountsEachStatus() throws IOException {
        Path run = tmp.resolve("mixed");
        new FixtureRun(run)
                .cell("chronicle", G1, "FAILED", 1_000, 5_000_000, 1, 30_000)
                .unmeasured(ZGC, "SKIPPED", "zgc needs JDK 15 or newer")
                .write();
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("**No cell of this scenario ended OK** (1 FAILED, 1 SKIPPED): there is no answer to read"
                + " from it."), md);
        assertTrue(md.contains("- `openjdk-17.0.15__zgc` SKIPPED: zgc needs JDK 15 or newer\n"), md);
    }

    /** No cell charted (every one failed): no variant has two cells to compare, so no bar chart and no sentence. */
    @Test
    void barChartsWithNothingToDrawAreLeftOut() throws IOException {
        Path run = allFailed();
        RunData data = RunData.load(run);
        Doc doc = new Doc();
        BarCharts.write(doc, data, "queue", data.variants("queue"), data.cells("queue"), run.resolve("charts"));
        String md = DocRenderer.markdown(doc);
        assertFalse(md.contains("bar chart"), md);
        assertFalse(Files.exists(run.resolve("charts/queue-median.svg")));
    }

    /** A median of 0 (a clock in whole ms) is a bar of no height on the linear axis: both charts are drawn. */
    @Test
    void aMedianOf0IsABarOfNoHeightAndBothChartsAreDrawn() throws IOException {
        Path run = tmp.resolve("zero");
        new FixtureRun(run)
                .cell("chronicle", G1, "OK", 0, 5_000_000, 1, 300_000)
                .cell("chronicle", ZGC, "OK", 0, 6_000_000, 1, 300_000)
                .write(); // 300,000 samples: 30 beyond p99.99, so it is drawn
        List<String> problems = Report.write(run, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8));

        assertEquals(List.of(), problems);
        String md = Files.readString(run.resolve("REPORT.md"));
        assertFalse(md.contains("No bar chart of the median latency"), md);
        assertTrue(md.contains("charts/queue-median.svg"), md);
        assertTrue(md.contains("charts/queue-p99_99.svg"), md);
        // bars stand on a linear axis from 0, never on a log one
        assertFalse(Files.readString(run.resolve("charts/queue-median.svg")).contains("log scale"));
    }

    /** A value no section can use (a round trip that is not a number) stops its scenario's section, not the report. */
    @Test
    void aSectionThatCannotBeDrawnStopsItsScenarioNotTheReport() throws IOException {
        Path run = tmp.resolve("odd");
        new FixtureRun(run)
                .cell("chronicle", G1, "OK", 1_000, 5_000_000, 1, 30_000)
                .cell("chronicle", ZGC, "OK", 1_200, 6_000_000, 1, 30_000)
                .write();
        Path result = run.resolve("queue/chronicle").resolve(ZGC).resolve("result.json");
        Files.writeString(result, Files.readString(result).replaceFirst("\\{",
                "{\"cpuPair\": {\"roundTripMinNs\": \"fast\"},"));
        List<String> problems = Report.write(run, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8));

        assertEquals(List.of("scenario queue: the rest of its section could not be drawn: member cpuPair.roundTripMinNs is"
                + " not a whole number (it is \"fast\")"), problems);
        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("**The rest of this scenario's section could not be drawn:** member cpuPair.roundTripMinNs"),
                md);
        assertTrue(md.contains("## Cells and their flags"), "the report goes on after the scenario: " + md);
    }
}
