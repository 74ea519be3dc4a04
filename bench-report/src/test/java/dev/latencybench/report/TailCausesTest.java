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


import dev.latencybench.core.tail.TailPart;

/** The stacked bar of the tail's causes per cell, its table, and a cell that has no bar. */
class TailCausesTest {
    @TempDir
    Path tmp;

    /** A tail part with these counts beyond p99.9 (gc, safepoint, platform, code), out of {@code samples}. */
    static TailPart tail(long samples, long gc, long safepoint, long platform, long code) {
        TailPart t = new TailPart();
        t.beyondP99_9.samples = samples;
        t.beyondP99_9.gc = gc;
        t.beyondP99_9.safepoint = safepoint;
        t.beyondP99_9.platform = platform;
        t.beyondP99_9.code = code;
        t.beyondP99_9.attributed = gc + safepoint + platform + code;
        t.kept = t.beyondP99_9.attributed;
        return t;
    }

    private Path run(boolean withTails) throws IOException {
        Path run = tmp.resolve(withTails ? "tails" : "none");
        FixtureRun f = new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000)
                .cell("chronicle", "temurin-25.0.3__zgc", "OK", 800, 3_000_000, 2, 300_000)
                .cell("chronicle", "temurin-25.0.3__g1", "OK", 900, 4_000_000, 2, 300_000);
        if (withTails) {
            f.tail("chronicle", "openjdk-17.0.15__g1", tail(600, 18, 0, 1, 1))
                    .tail("chronicle", "temurin-25.0.3__zgc", tail(600, 0, 0, 3, 1));
        }
        f.write();
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return run;
    }

    @Test
    void withFewBeyondP99_9TheAnswerFallsBackToP99AndItsTableHoldsThoseFigures() throws IOException {
        // issue 48, row 15: 4 attributed beyond p99.9 (fewer than 10), 40 beyond p99: the clause speaks of p99
        Path run = tmp.resolve("p99");
        TailPart t = tail(600, 0, 3, 1, 0);
        t.beyondP99.samples = 6_000;
        t.beyondP99.safepoint = 31;
        t.beyondP99.platform = 6;
        t.beyondP99.code = 3;
        t.beyondP99.attributed = 40;
        t.kept = 40;
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 800, 5_000_000, 3, 300_000)
                .cell("chronicle", "temurin-25.0.3__g1", "OK", 1_600, 4_000_000, 3, 300_000)
                .tail("chronicle", "openjdk-17.0.15__g1", t)
                .write();
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String md = Files.readString(run.resolve("REPORT.md"));
        String line = md.lines().filter(l -> l.startsWith("- **[queue]")).findFirst().orElse("");
        assertTrue(line.contains("beyond p99: 31 of 40 safepoint"), line);
        assertTrue(md.contains("| beyond p99: 0 / 31 / 6 / 3 of 40 |"), "the clause's figures in its table: " + md);
        assertEquals(List.of(), AnswerFiguresTest.check("the fall-back", md, Files.readString(run.resolve(
                "report.html"))));
    }

    @Test
    void aBarPerCellByCauseWithItsTableAndACellWithoutOneSaysWhy() throws IOException {
        Path run = run(true);
        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("![queue: each cell's samples beyond p99.9 by the cause each was put down to]"
                + "(charts/queue-tail-causes.svg)"), md);
        assertTrue(md.contains("| cell | beyond p99.9 | attributed | gc | safepoint | platform | code |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 g1 | 600 | 20 | 18 (90%) | 0 (0%) | 1 (5.0%) | 1 (5.0%) |"), md);
        assertTrue(md.contains("| temurin-25.0.3 zgc | 600 | 4 (fewer than 10: no bar) | 0 | 0 | 3 | 1 |"), md);
        assertTrue(md.contains("| temurin-25.0.3 g1 | — | no attribution | — | — | — | — |"), md);
        assertTrue(Files.isRegularFile(run.resolve("charts/queue-tail-causes.svg")));
        String svg = Files.readString(run.resolve("charts/queue-tail-causes.svg"));
        assertTrue(svg.contains(">no attribution</text>"), "a bar's place says why it is empty, not 0: " + svg);
        assertTrue(svg.contains(">90%</text>") && svg.contains(">gc</text>"), svg);

        assertTrue(svg.contains("<title>openjdk-17.0.15 g1: gc 18 of 20 (90%)</title>"), svg);
        assertTrue(svg.contains(">4 attributed, fewer than 10</text>"), svg);
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains(svg.replaceFirst("<svg", "<svg class=\"chart\"").strip()), "inlined in the page");
    }

    @Test
    void aRunWithoutTailPartsHasNoSuchChart() throws IOException {
        Path run = run(false);
        assertFalse(Files.readString(run.resolve("REPORT.md")).contains("by cause"));
        assertFalse(Files.exists(run.resolve("charts/queue-tail-causes.svg")));
    }

    @Test
    void aCellWhoseLoopKeptNoOutliersSaysSoNotZeroAttributed() {
        TailPart yardstick = tail(200, 0, 0, 0, 0); // samples beyond p99.9, none offered to a buffer
        assertEquals("none kept: its loop keeps no outliers", TailCauses.missing(yardstick, TailPart.Level.P99_9));
        TailPart thin = tail(200, 0, 0, 3, 1);
        assertEquals("4 attributed, fewer than 10", TailCauses.missing(thin, TailPart.Level.P99_9));
        assertEquals("no attribution", TailCauses.missing(null, TailPart.Level.P99_9));
    }

    @Test
    void aScenarioWithTooFewBeyondP999ChartsTheSamplesBeyondP99AndThenTheKeptOnes() {
        TailPart few = tail(4, 0, 0, 3, 1); // a smoke run: 4 beyond p99.9
        few.beyondP99.samples = 40;
        few.beyondP99.gc = 30;
        few.beyondP99.code = 10;
        few.beyondP99.attributed = 40;
        assertEquals(TailPart.Level.P99, TailCauses.level(java.util.Arrays.asList(few, null)));
        assertEquals(null, TailCauses.missing(few, TailPart.Level.P99));
        TailPart fewer = tail(2, 0, 0, 2, 0);
        fewer.beyondP99.attributed = 5;
        fewer.aboveThreshold.attributed = 300;
        fewer.aboveThreshold.code = 300;
        assertEquals(TailPart.Level.KEPT, TailCauses.level(List.of(fewer)));
        assertEquals(TailPart.Level.KEPT, TailCauses.level(List.of(tail(2, 0, 0, 2, 0))), "none has 10 anywhere");
        assertEquals(300, fewer.at(TailPart.Level.KEPT).count(dev.latencybench.core.tail.Cause.CODE));
        assertEquals(TailPart.Level.P99_9, TailCauses.level(List.of(tail(600, 18, 0, 1, 1), fewer)));
    }

    @Test
    void tooFewSamplesAnywhereGiveTheTableAndNoChart() throws IOException {
        Path run = tmp.resolve("thin");
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000)
                .tail("chronicle", "openjdk-17.0.15__g1", tail(2, 0, 0, 2, 0))
                .write();
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("too few for a share: the counts are in the table, and no chart is drawn"), md);
        assertTrue(md.contains("| cell | kept | attributed | gc | safepoint | platform | code |"), md);
        assertFalse(md.contains("queue-tail-causes.svg"), md);
    }
}
