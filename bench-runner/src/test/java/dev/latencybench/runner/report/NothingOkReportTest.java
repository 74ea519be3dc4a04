package dev.latencybench.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/**
 * A run whose every cell of a scenario failed still gets its report: the scenario's section says so
 * first, with each cell's reasons, shows what each measured in its table, and ranks and charts nothing
 * (a chart of failed figures only was an exception before, and no report at all).
 */
class NothingOkReportTest {
    @TempDir
    Path tmp;

    @Test
    void aScenarioWhoseEveryCellFailedIsReportedWithItsReasons() throws IOException {
        Path run = tmp.resolve("r");
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "FAILED", 1_000, 5_000_000, 1, 30_000)
                .cell("baseline", "openjdk-17.0.15__g1", "FAILED", 100, 2_000_000, 1, 30_000)
                .write();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(run, new PrintStream(console, true, StandardCharsets.UTF_8));

        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("**No cell of this scenario ended OK** (2 of 2 failed, were interrupted or skipped)"), md);
        assertTrue(md.contains("- `openjdk-17.0.15__g1 / chronicle` FAILED: rate not held: 12% of sends late"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | FAILED |"), "what it measured is shown: " + md);
        assertFalse(md.contains("### Verdict"), "nothing is ranked");
        assertFalse(md.contains("charts/queue-median"), "nothing is charted");
        assertTrue(Files.isRegularFile(run.resolve("report.html")));
        assertTrue(Files.readString(run.resolve("report.html")).contains("No cell of this scenario ended OK"));
    }

    @Test
    void theReportCommandNamesAFileItCannotReadWithoutAStackTrace() throws IOException {
        Path run = tmp.resolve("cut");
        new FixtureRun(run).cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 30_000).write();
        Path result;
        try (var files = Files.walk(run)) {
            result = files.filter(p -> p.getFileName().toString().equals("result.json")).findFirst().orElseThrow();
        }
        Files.writeString(result, "{\"status\": \"OK\", \"metr");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        dev.latencybench.runner.cli.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.latencybench.runner.cli.UsageException.class,
                () -> Report.command(run, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().startsWith("bench report: cannot read " + result), e.getMessage());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "no report was claimed");
    }
}
