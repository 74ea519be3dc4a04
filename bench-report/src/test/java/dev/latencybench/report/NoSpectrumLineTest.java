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

/**
 * A cell with no spectrum line: a handful of samples is drawn a dot each; hundreds of samples that are mostly 0 (a
 * clock that counts whole milliseconds, as the Jet study's published pipeline has) are said in words. Once they were
 * drawn as hundreds of dots on the axis's floor, read as 1 ns each, with a hover that listed every one.
 */
class NoSpectrumLineTest {
    @TempDir
    Path tmp;

    @Test
    void aHandfulIsDottedAndManySamplesOfZeroAreSaidInWords() throws IOException {
        Path run = tmp.resolve("run");
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 300_000)
                .cell("reference", "openjdk-17.0.15__g1", "OK", 0, 5_000_000, 1, 300)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 1, 6)
                .write();
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("No spectrum line and no dots in queue for `reference`: 297 of its 300 samples are 0,"
                + " under what its clock tells apart, and the highest is 5.01ms."), md);
        assertTrue(md.contains("No spectrum line for `baseline` (6 samples) in queue"), md);
        assertTrue(Files.isRegularFile(run.resolve("charts/queue-samples.svg")), "the handful, a dot each");
        String dots = Files.readString(run.resolve("charts/queue-samples.svg"));
        assertTrue(dots.contains("<title>baseline</title>"), dots);
        assertFalse(dots.contains("<title>reference"), "no dot for a sample of 0: " + dots);
    }
}
