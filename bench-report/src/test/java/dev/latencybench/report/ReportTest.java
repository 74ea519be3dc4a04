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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.report.data.PauseSummary;

class ReportTest {
    @TempDir
    Path tmp;
    private Path run;
    private String md;
    private String html;

    @BeforeEach
    void writeReport() throws IOException {
        run = tmp.resolve("r1");
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000, 5_000_000, 2, 300_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 2, 300_000)
                .cell("chronicle", "temurin-25.0.3__zgc", "OK", 500, 3_000_000, 1, 30_000)
                .cell("baseline", "temurin-25.0.3__zgc", "FAILED", 100, 2_000_000, 1, 30_000)
                .unmeasured("openjdk-17.0.15__zgc-gen", "SKIPPED", "generational ZGC needs JDK 21 or newer")
                .write();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(run, new PrintStream(console, true, StandardCharsets.UTF_8));
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("report written in"));
        md = FixtureRun.wholeMarkdown(run); // every table, the pauses and the other metrics too
        html = Files.readString(run.resolve("report.html"));
    }

    @Test
    void theStudyTableHasARowPerCellWithItsPercentiles() {
        // 297,000 samples at 1.00us (fork 1), 297,000 at 1.10us (fork 2), 6,000 (1%) at 5.00-5.002ms:
        // the 300,000th value is 1.10us; p99.9 and up are slow; 60 samples lie beyond p99.99, so it is marked
        // each column in one unit, named in the header (100 ns to 1.10 µs: the middle value's ns); the lowest of
        // the OK, unflagged cells but the floor in bold: the busy zgc chronicle is flagged, so one cell is left,
        // and one cell is no ranking; 3 samples beyond p99.99 of 30,000: not shown
        assertTrue(md.contains("| JVM | GC | variant | status | p50 (ns) | p90 (ns) | p99 (ns) | p99.9 (ms) | p99.99 (ms)"
                + " | max (ms) | samples |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | OK | 1,100 | 1,100 | 1,100 | 5.01 | 5.01 † | 5.01"
                + " | 600,000 |"), md);
        assertTrue(md.contains("| temurin-25.0.3 | zgc | chronicle | OK, flagged | 500 | 500 | 500 | 3.00 † | — (3) | 3.00"
                + " | 30,000 |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | baseline | OK | 110 | 110 | 110 | 2.00 | 2.00 † | 2.00"
                + " | 600,000 |"), "the floor is not ranked: " + md);
        assertTrue(md.contains("| temurin-25.0.3 | zgc | baseline | FAILED |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | zgc-gen | - | SKIPPED | - |"), md);
        // a column per collector and percentile; a column without figures names no unit
        assertTrue(md.contains("| JVM | g1 p50 (µs) | g1 p99.99 (ms) | zgc p50 (µs) | zgc p99.99 | zgc-gen p50"
                + " | zgc-gen p99.99 |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | 1.10 | 5.01 † |  |  | SKIPPED |  |"), md);
        assertTrue(md.contains("| temurin-25.0.3 |  |  | 0.500 | — (3) |  |  |"), md);
    }

    @Test
    void reasonsFlagsSpreadFloorEnvironmentAndCommandAreThere() {
        assertTrue(md.contains("`temurin-25.0.3__zgc / baseline` FAILED: rate not held: 12% of sends late"), md);
        assertTrue(md.contains("`openjdk-17.0.15__zgc-gen` SKIPPED: generational ZGC needs JDK 21 or newer"), md);
        assertTrue(md.contains("`temurin-25.0.3__zgc / chronicle`: busy machine"), md);
        // two forks, p50 at 1.00us and 1.10us: (1.10 - 1.00) / 1.05 = 10%
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | 2 | 300,000 / 10% | 60,000 / 10% | 6,000 / 10%"
                + " | 600 / 0% | 60 † / 0% |"), md);
        // the variant, its floor and the difference in one unit
        assertTrue(md.contains("| JVM | GC | variant | p50 (ns) | baseline p50 (ns) | own cost (ns) | ratio | p99.9 (ms)"
                + " | baseline p99.9 (ms) |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n"
                + "| openjdk-17.0.15 | g1 | chronicle | 1,100 | 110 | 990 | 10.00x | 5.01 | 2.00 |\n\n"), md);
        assertFalse(md.contains("The harness's own cost"), "no reference variant, no harness table");
        assertFalse(md.contains("The CPUs moved"), "no round trips probed, no placement warning");
        assertTrue(md.contains("Fixture CPU @ 3.0GHz"), md);
        // two safepoints, 3,928,716 + 123,593 ns; two collections
        // every cell paused alike: no ranking, no bold
        assertTrue(md.contains("| JVM | GC | variant | collections | safepoints | total stopped (ms) | longest (ms) |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | 2 | 2 | 4.05 | 3.93 |"), md);
        assertTrue(md.contains("**Host caveat:** 2 CPU(s) available, none isolated."), md);
        assertTrue(html.contains("<strong>Host caveat:</strong> 2 CPU(s) available"), html);
        assertTrue(md.contains("| WARN | isolcpus | none | add isolcpus=1 |"), md);
        assertTrue(md.contains("scripts/bench run --jvms 17,25 --gcs g1,zgc --scale smoke"), md);
        // the busy cell does not rank, so one cell is left
        assertTrue(md.contains("- **chronicle, median `latency`: only `openjdk-17.0.15 g1` ranks.** `openjdk-17.0.15 g1`"
                + " 1.10µs (forks 1.00µs–1.10µs).\n"), md);
        assertTrue(md.contains("- **chronicle, not ranked:** `temurin-25.0.3 zgc` (flagged: busy machine).\n"), md);
    }

    @Test
    void chartsAreSvgDrawingsAndThePageInlinesEachOnce() throws IOException {
        // a spectrum per JVM x GC, a line per variant; no timeline from logs of 3 and 6 intervals
        assertFalse(Files.exists(run.resolve("charts").resolve("queue-chronicle-timeline.svg")));
        for (String base : new String[] {"queue-median", "queue-p99_99", "queue-openjdk-17.0.15__g1-spectrum",
            "queue-temurin-25.0.3__zgc-spectrum"}) {
            String svg = Files.readString(run.resolve("charts").resolve(base + ".svg"));
            assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" viewBox=\"0 0 1000 "),
                    base);
            assertTrue(svg.contains("<path d=\"M") || svg.contains("<rect x="), base + " draws lines or bars");
            assertTrue(md.contains("](charts/" + base + ".svg)"), base);
            assertTrue(html.contains(svg.replaceFirst("<svg", "<svg class=\"chart\"").strip()), base + " inlined");
        }
        assertTrue(html.contains("(<a href=\"charts/queue-median.svg\">SVG</a>)</figcaption>"), html);
        try (var files = Files.list(run.resolve("charts"))) {
            assertTrue(files.allMatch(f -> f.toString().endsWith(".svg")), "only SVGs");
        }
        assertEquals(1, html.split("querySelectorAll\\('svg.chart \\[data-l\\]'\\)", -1).length - 1,
                "the legend's script once");
        assertFalse(html.contains("<?xml"), "no XML prolog inside the page");
        assertFalse(Pattern.compile("<script[^>]*\\ssrc=|<link[^>]*\\shref=|@import|url\\(\\s*['\"]?https?:")
                .matcher(html).find(), "self-contained: nothing loaded from elsewhere");
        Matcher url = Pattern.compile("https?://[^\\s\"')<]+").matcher(html);
        while (url.find()) { // the SVG namespace is a name, not a fetch
            assertEquals("http://www.w3.org/2000/svg", url.group(), "a URL in the page");
        }
        assertTrue(html.contains("<td class=\"bad\">FAILED</td>"), "failed cells stand out");
    }

    @Test
    void aYardstickSlowerThanTheHarnessGivesNoNegativeCostButSaysWhy() throws IOException {
        Path r3 = tmp.resolve("r3");
        new FixtureRun(r3)
                .cell("chronicle", "temurin-25.0.3__g1", "OK", 1_100, 3_000_000, 1, 30_000)
                .cell("reference", "temurin-25.0.3__g1", "OK", 1_960, 3_000_000, 1, 30_000)
                .write();
        Report.write(r3, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String report = Files.readString(r3.resolve("REPORT.md"));
        assertTrue(report.contains("| JVM | GC | variant | p50 (µs) | reference p50 (µs) | harness's cost | ratio"
                + " | p99.9 (ms) | reference p99.9 (ms) | note |"), report);
        assertTrue(report.contains("| temurin-25.0.3 | g1 | chronicle | 1.10 | 1.96 | - | - | 3.00 † | 3.00 † | `reference`"
                + " slower at p50 than `chronicle`, which does more work: the conditions differed (compare the CPUs'"
                + " round trip and pacing), not a negative cost |"), report);
        assertFalse(report.contains("-860") || report.contains("0.56x"), report);
    }

    @Test
    void theHarnessIsSetAgainstTheReferenceLoopAndMovedCpusAreCalledOut() throws IOException {
        Path r2 = tmp.resolve("r2");
        new FixtureRun(r2)
                .cell("chronicle", "temurin-25.0.3__g1", "OK", 1_100, 3_000_000, 1, 30_000)
                .cell("reference", "temurin-25.0.3__g1", "OK", 1_000, 3_000_000, 1, 30_000)
                .cell("baseline", "temurin-25.0.3__g1", "OK", 100, 2_000_000, 1, 30_000)
                .roundTrip("chronicle", "temurin-25.0.3__g1", 160, 540)
                .roundTrip("reference", "temurin-25.0.3__g1", 170, 175)
                .oneIntervalPerPeriod("reference", "temurin-25.0.3__g1")
                .write();
        Report.write(r2, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String report = FixtureRun.wholeMarkdown(r2); // the samples-beyond table with its round trips is the page's
        assertTrue(report.contains("### The harness's own cost"), report);
        assertTrue(report.contains("| JVM | GC | variant | p50 (µs) | reference p50 (µs) | harness's cost (µs) | ratio"
                + " | p99.9 (ms) | reference p99.9 (ms) |"), report);
        assertTrue(report.contains("| temurin-25.0.3 | g1 | chronicle | 1.10 | 1.00 | 0.100 | 1.10x | 3.00 † | 3.00 † |"),
                report);
        assertFalse(report.contains("| temurin-25.0.3 | g1 | baseline | 0.100 | 1.00 |"), "the floor is not a harness");
        // the reference is a transport too: it stands against the floor, and has the lowest own cost
        assertTrue(report.contains("| temurin-25.0.3 | g1 | reference | **1.00** | 0.100 | **0.900** | 10.00x | 3.00 †"
                + " | 2.00 † |"), report);
        assertTrue(report.contains("**The CPUs moved.**") && report.contains("ranged from 160ns to 540ns"), report);
        // what this run measured, no remembered range
        assertTrue(report.contains("more than the 1.5x one placement stays within, and every transfer between them got"
                + " slower or faster with it. The medians of this run, each at its round trips: `chronicle` 1.10µs at"
                + " 160ns - 540ns; `reference` 1.00µs at 170ns - 175ns. Compare only cells"), report);
        assertTrue(report.contains("| CPU round trip (ns) |"), report);
        assertTrue(report.contains("| 160 - 540 |") && report.contains("| 170 - 175 |"), report);
        assertTrue(report.contains("| temurin-25.0.3 | g1 | baseline | 1 |") && report.contains(" | - |"),
                "a cell without probes shows a dash: " + report);
        // the reference hands over one interval per period: its spectrum is drawn, its timeline would be empty
        assertTrue(Files.exists(r2.resolve("charts").resolve("queue-spectrum.svg")));
        assertFalse(Files.exists(r2.resolve("charts").resolve("queue-reference-timeline.svg")), "no empty chart");

        // with several forks its log holds one interval per fork: still no line to draw
        Path r3 = tmp.resolve("r3");
        new FixtureRun(r3)
                .cell("chronicle", "temurin-25.0.3__g1", "OK", 1_100, 3_000_000, 2, 30_000)
                .cell("reference", "temurin-25.0.3__g1", "OK", 1_000, 3_000_000, 2, 30_000)
                .oneIntervalPerPeriod("reference", "temurin-25.0.3__g1", 2)
                .write();
        Report.write(r3, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertTrue(Files.exists(r3.resolve("charts").resolve("queue-spectrum.svg")));
        assertFalse(Files.exists(r3.resolve("charts").resolve("queue-reference-timeline.svg")), "no empty chart");
        assertTrue(Files.readString(r3.resolve("REPORT.md")).contains("whose interval log holds one interval per"
                + " measured period"));
        // chronicle's log holds 3 intervals, fewer than 10: no timeline, and one sentence says why
        assertFalse(Files.exists(r2.resolve("charts").resolve("queue-chronicle-timeline.svg")));
        assertTrue(report.contains("No latency over time for the runs whose interval log holds 3 intervals, fewer than"
                + " 10: too few points to show a trend."), report);
        assertTrue(report.contains("Left out of the latency over time: `temurin-25.0.3 g1` of reference, whose interval"
                + " log holds one interval per measured period"), report);
    }

    @Test
    void oneForkACellRanksNothingWhereverItsCpusSat() throws IOException {
        Path r3 = tmp.resolve("r3");
        new FixtureRun(r3)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_040, 3_000_000, 1, 30_000)
                .cell("chronicle", "temurin-25.0.3__g1", "OK", 400, 3_000_000, 1, 30_000)
                .cell("reference", "openjdk-17.0.15__g1", "OK", 300, 3_000_000, 1, 30_000)
                .cell("reference", "temurin-25.0.3__g1", "OK", 150, 3_000_000, 1, 30_000)
                .roundTrip("chronicle", "openjdk-17.0.15__g1", 327, 332)
                .roundTrip("chronicle", "temurin-25.0.3__g1", 121, 179)
                .roundTrip("reference", "openjdk-17.0.15__g1", 120, 125)
                .roundTrip("reference", "temurin-25.0.3__g1", 110, 119)
                .write();
        Report.write(r3, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String report = Files.readString(r3.resolve("REPORT.md"));
        // one fork a cell: no spread between forks, so no ranking, whatever the within-run intervals say
        assertTrue(report.contains("- **chronicle, median `latency`: not ranked, one fork per cell.** Lowest"
                + " `temurin-25.0.3 g1` 400ns (95% 400ns–400ns, order statistics of 30,000). Not ranked, one fork:"
                + " `openjdk-17.0.15 g1` 1.04µs (2.60×; 95% 1.04µs–1.04µs, order statistics of 30,000).\n"), report);
        assertTrue(report.contains("- **reference, median `latency`: not ranked, one fork per cell.**"), report);
        assertTrue(report.contains("- **[queue](#scenario-queue)**: `temurin-25.0.3 g1` median, 400ns; not ranked, one"
                + " fork a cell; `openjdk-17.0.15 g1` 1.04µs."), report);
    }

    @Test
    void pausesAreReadInTheJdk11AndJdk17Formats() {
        assertEquals(87_700, PauseSummary.pauseNs("[2.1s][info][safepoint] Total time for which application threads"
                + " were stopped: 0.0000877 seconds, Stopping threads took: 0.0000123 seconds"));
        assertEquals(60_550, PauseSummary.pauseNs("[0.378s][info][safepoint   ] Safepoint \"ThreadDump\", Time since"
                + " last: 282259752 ns, Reaching safepoint: 3085 ns, At safepoint: 56033 ns, Leaving safepoint: 1432 ns,"
                + " Total: 60550 ns, Threads: 0 runnable, 11 total"));
        assertEquals(-1, PauseSummary.pauseNs("[0.003s][info][gc] Using G1"));
    }

    @Test
    void aCorruptIntervalLogIsNamedAndItsCellLeftOutOfEveryLineChartAlike() throws IOException {
        String spectrum = Files.readString(run.resolve("charts/queue-temurin-25.0.3__zgc-spectrum.svg"));
        assertTrue(spectrum.contains("chronicle"), "the intact run charts chronicle on both cells");
        Path hlog = run.resolve("queue/chronicle/temurin-25.0.3__zgc/latency.hlog");
        List<String> lines = Files.readAllLines(hlog);
        int last = lines.size() - 2; // the last latency interval: start,length,max,base64 histogram
        String[] fields = lines.get(last).split(",");
        fields[3] = "AAAA" + fields[3].substring(4); // the histogram's header destroyed
        lines.set(last, String.join(",", fields));
        Files.write(hlog, lines);

        List<String> problems = Report.write(run, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8));
        assertEquals(List.of(hlog + " is unreadable after its first 2 interval(s): it yields 20,000 of the 30,000 values"
                + " of latency result.json counts: temurin-25.0.3 zgc is left out of the percentile spectrum and the"
                + " latency over time of chronicle (its table rows come from result.json)"), problems,
                "named for the console too, so that bench report and bench run exit 1");
        String report = Files.readString(run.resolve("REPORT.md"));
        assertTrue(report.contains("**Left out:** `" + hlog + "` is unreadable after its first 2 interval(s): it yields"
                + " 20,000 of the 30,000 values of `latency` result.json counts: temurin-25.0.3 zgc is left out of the percentile"
                + " spectrum and the latency over time of chronicle (its table rows come from result.json)."), report);
        assertTrue(report.contains("| temurin-25.0.3 | zgc | chronicle | OK, flagged | 500 |"),
                "its table row stays (flagged: no bold)");
        assertFalse(report.contains("charts/queue-temurin-25.0.3__zgc-spectrum.svg"), "no chart without a line");
        assertTrue(Files.readString(run.resolve("charts/queue-openjdk-17.0.15__g1-spectrum.svg"))
                .contains("chronicle"));
    }

    @Test
    void aFolderWithoutResultsIsAClearError() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> Report.write(empty, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("holds no results"), e.getMessage());
    }
}
