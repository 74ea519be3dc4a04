package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.view.Comparison;
import dev.latencybench.core.view.View;
import dev.latencybench.chart.LineChart;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Views;
import dev.latencybench.report.doc.Doc;
import dev.latencybench.report.doc.DocRenderer;

/**
 * The sliding-window study's section on a fixture run of three key counts on two JVM × GC cells:
 * G1 holds p99.99 under the 10 ms slide up to 1,000 keys and breaks it at 10,000; ZGC's 10,000-key
 * point failed (the source did not keep up). The answer, the charts and the table say so.
 */
class JetReportTest {
    private static final String G1 = StudyRuns.G1;
    private static final String ZGC = StudyRuns.ZGC;
    private static final Metrics METRICS = StudyRuns.JET_METRICS;

    @TempDir
    Path tmp;

    private Path run() throws IOException {
        return run("run", 5_000_000);
    }

    /** @param g1At1000 the slow latency of G1's 1,000-key point: 5 ms holds the line, 20 ms breaks it */
    private Path run(String name, long g1At1000) throws IOException {
        return run(name, g1At1000, 10_000_000L);
    }

    private Path run(String name, long g1At1000, long slideNs) throws IOException {
        return StudyRuns.jet(tmp.resolve(name), g1At1000, slideNs);
    }

    @Test
    void theAnswerIsTheHighestThroughputUnderTheSlidePerJvmAndCollector() throws IOException {
        Path dir = run();
        RunData data = RunData.load(dir);
        String md = DocRenderer.markdown(Report.build(data, dir.resolve("charts")));
        assertTrue(md.contains("### Latency against throughput"), md);
        assertTrue(md.contains("- **openjdk-17.0.15 g1**: 110K items/s (1,000 keys, p99.99 5.01ms, 20 results beyond"
                + " it); above it, 10,000 keys (1.01M items/s) had p99.99 50.0ms, 20 results beyond it"), md);
        assertTrue(md.contains("- **openjdk-17.0.15 zgc**: 110K items/s (1,000 keys, p99.99 3.00ms, 20 results beyond"
                + " it); above it, 10,000"
                + " keys (1.01M items/s) ended FAILED: did not keep up: the source ended 2.00s behind its schedule"), md);
        for (String p : List.of("p99_99", "p99_9", "p99")) {
            assertTrue(Files.isRegularFile(dir.resolve("charts/jet-throughput-" + p + ".svg")), p);
        }
    }

    /**
     * A study's view of a run is made once, for the first screen, its section and the console alike: {@link
     * Views#view} keeps what it made with the run ({@code OneReaderTest}: the one call of {@code StudyView.answer}).
     */
    @Test
    void aRunsViewIsMadeOnceForEverySectionThatShowsIt() throws IOException {
        RunData data = RunData.load(run());
        View first = Views.view(data, "jet");
        assertNotNull(first);
        assertSame(first, Views.view(data, "jet"), "made once per run read");
        assertNull(Views.view(data, "no-such-study"));
    }

    /** The study's own view of the run, as the report gets it. */
    private static View view(Path dir) throws IOException {
        return Views.of("jet").answer(Views.rows(RunData.load(dir), "jet"));
    }

    private static List<View.Block> blocks(View v, View.Kind kind) {
        return v.blocks().stream().filter(b -> b.kind == kind).toList();
    }

    @Test
    void theChartDrawsTheSlideAndALinePerCellWithFailedPointsAsCrosses() throws IOException {
        List<View.Block> charts = blocks(view(run()), View.Kind.CHART);
        assertEquals(List.of("jet: p99.99 of first-result against input + output items/s",
                "jet: p99.9 of first-result against input + output items/s",
                "jet: p99 of first-result against input + output items/s"), charts.stream().map(b -> b.text).toList());
        LineChart c = ViewSection.lineChart(charts.get(0).chart());
        assertEquals(List.of("openjdk-17.0.15 g1", "openjdk-17.0.15 zgc"), c.panelLines(0));
        assertEquals(c.yAxis().of(10_000), c.level(), 1e-9, "the slide, 10 ms, in the axis' unit");
        assertEquals(3, c.line("openjdk-17.0.15 g1")[0].length);
        assertEquals(2, c.line("openjdk-17.0.15 zgc")[0].length, "the failed point is not on the line");
        assertEquals(1, c.failures(0).size());
        assertEquals(List.of("20K", "50K", "100K", "200K", "500K", "1M"), c.xTickLabels());
    }

    @Test
    void theTableHasEveryPointWithWhatTheJvmUsed() throws IOException {
        Doc doc = new Doc();
        doc.table(blocks(view(run()), View.Kind.TABLE).get(0).table());
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(6, t.rows().size());
        List<String> last = t.rows().get(5);
        assertEquals(List.of("openjdk-17.0.15 zgc", "10,000", "FAILED", "1.01M (10K + 1M)"), last.subList(0, 4));
        assertEquals(List.of("2.00s", "512 / ? MB", "1.25", "0.50"), last.subList(8, 12));
        assertTrue(last.get(12).startsWith("did not keep up"), last.toString());
    }

    /**
     * Adds the published pipeline's points: the same latencies, 1.00 core where the suite's used 1.25 (at 100
     * results a second per key: 12,500 ns and 10,000 ns per result at 1,000 keys).
     */
    private static Path withReference(Path dir) throws IOException {
        for (String cell : List.of(G1, ZGC)) {
            for (long keys : List.of(100L, 1_000L, 10_000L)) {
                JsonObject r = ResultFiles.readJson(dir.resolve("jet/jet-keys-" + keys).resolve(cell).resolve("result.json"));
                JsonObject step = new JsonObject();
                step.addProperty("variant", "reference");
                r.add("step", step);
                r.getAsJsonObject("jet").addProperty("cpuCores", 1.0);
                Path out = dir.resolve("jet/reference-keys-" + keys).resolve(cell);
                Files.createDirectories(out);
                ResultFiles.writeJson(out.resolve("result.json"), r);
            }
        }
        return dir;
    }

    @Test
    void theHarnessCostSetsEachPointBesideThePublishedPipeline() throws IOException {
        View v = view(withReference(run()));
        assertEquals(List.of("openjdk-17.0.15 g1 jet", "openjdk-17.0.15 g1 reference", "openjdk-17.0.15 zgc jet",
                "openjdk-17.0.15 zgc reference"), blocks(v, View.Kind.CHART).get(0).chart().series().stream()
                .map(x -> x.name).toList(), "a line per JVM × GC and variant");
        Doc doc = new Doc();
        ViewSection.layOut(doc, v, tmp.resolve("charts"));
        String md = DocRenderer.markdown(doc);
        assertTrue(md.contains("### The harness's own cost"), md);
        assertTrue(md.contains("| p99.99 ratio | CPU (cores) | reference CPU | CPU ratio | same answer |"), md);
        assertTrue(md.contains("At every point where the yardstick held, both variants give the same answer."), md);
        // the fixture's points hold 200,000 results each: p99.99 has 20 beyond it (shown, marked), and its ratio too
        // the yardstick's latencies carry ‡ here too: whole milliseconds
        assertTrue(md.contains("| openjdk-17.0.15 g1 | 1,000 | 500 | 500 ‡ | 500 | 500 ‡ | 5.01 † | 5.01 ‡ †"
                + " | 1.00x † | 1.25 | 1.00 | 1.25x | yes (under the slide) |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 g1 | 10,000 | 900 | 900 ‡ | 900 | 900 ‡ | 50.0 † | 50.0 ‡ †"
                + " | 1.00x † | 1.25 | 1.00 | 1.25x | yes (over the slide) |"), md);
        assertTrue(md.contains("| - | 1.25 | 1.00 | - | no yardstick: `reference` FAILED (did not keep up: the source"
                + " ended 2.00s behind its schedule) |"), md);
        // in the table of points, the yardstick's latencies are marked as whole milliseconds, the suite's are not
        List<String> points = md.lines().filter(l -> l.startsWith("| openjdk-17.0.15 g1 jet |")
                || l.startsWith("| openjdk-17.0.15 g1 reference |")).toList();
        assertEquals(6, points.size(), md);
        for (String row : points) {
            assertEquals(row.startsWith("| openjdk-17.0.15 g1 reference |") ? 4 : 0, row.split("‡", -1).length - 1,
                    "p50, p99, p99.99 and the last result's p99.99 of the yardstick carry the mark: " + row);
        }
        assertTrue(md.contains("‡: taken in whole milliseconds, as the published job took them: a value stands for"
                + " itself to 1 ms more (0: under 1 ms)."), md);
    }

    @Test
    void compareGatesOnTheThroughputHeldUnderTheSlide() throws IOException {
        RunData base = RunData.load(run("base", 5_000_000));
        RunData cand = RunData.load(run("cand", 20_000_000));
        Comparison r = Views.of("jet").compare(Views.rows(base, "jet"), Views.rows(cand, "jet"), 0.10);
        String text = String.join("\n", r.lines);
        assertEquals(2, r.lines.size(), text);
        assertEquals(1, r.regressions, text);
        assertTrue(r.heading.startsWith("throughput under the slide"), r.heading);
        assertTrue(text.contains("jet/openjdk-17.0.15 g1                     base 110K items/s, candidate 20K"
                + " items/s, 0.18x  REGRESSION: holds less"), text);
        assertTrue(text.contains("jet/openjdk-17.0.15 zgc                    base 110K items/s, candidate 110K"
                + " items/s, 1.00x  same"), text);
    }

    @Test
    void whereNoPointHoldsTheLineTheAnswerNamesTheLowest() throws IOException {
        List<String> answers = blocks(view(run("run", 5_000_000, 1_000_000L)), View.Kind.BULLETS).get(0).items;
        assertEquals("**openjdk-17.0.15 g1**: at no point measured; the lowest, 100 keys (20K items/s) had p99.99"
                + " 2.00ms, 20 results beyond it", answers.get(0), "a 1 ms slide: every point is above it");
    }

    @Test
    void cellsAreRankedByTheOneVerdictRuleOnTheirBracketsUnderTheSlide() throws IOException {
        List<String> tie = blocks(view(run()), View.Kind.BULLETS).get(1).items;
        assertEquals(List.of("the most under the slide: **openjdk-17.0.15 g1** (110K items/s); **openjdk-17.0.15 zgc**"
                + " ties with it: each is known only as far as its search went, and the two overlap (between 110K items/s"
                + " passing and 1.01M items/s failing against between 110K items/s passing and 1.01M items/s failing)."),
                tie, "both held 1,000 keys and broke at"
                + " 10,000: nothing between tells them apart");
        List<String> apart = blocks(view(run("slow", 20_000_000)), View.Kind.BULLETS).get(1).items;
        assertTrue(apart.get(0).startsWith("the most under the slide: **openjdk-17.0.15 zgc** (110K items/s);"
                + " **openjdk-17.0.15 g1** holds less: the higher passed 110K items/s where the lower had failed at"
                + " 110K items/s, so the searches lie apart"), apart.get(0));
    }

    /**
     * A run of one load point (100 keys) per line, each fork of G1 and of ZGC recording its p99.99 times its factor:
     * too few points for a capacity, so the answer is the latency at the top load, judged by the one rule over forks.
     */
    private Path onePoint(String name, double[] g1, double[] zgc) throws IOException {
        Path dir = tmp.resolve(name);
        new FixtureRun(dir).named(METRICS, null, "reference").shape("jet", "load: 10,000 events/s")
                .cell("jet-keys-100", G1, "OK", 400_000, 2_000_000, g1, 200_000)
                .cell("jet-keys-100", ZGC, "OK", 400_000, 2_000_000, zgc, 200_000).write();
        for (String cell : List.of(G1, ZGC)) {
            Path result = dir.resolve("jet/jet-keys-100").resolve(cell).resolve("result.json");
            JsonObject r = ResultFiles.readJson(result);
            r.addProperty("slideNs", 10_000_000L);
            JsonObject jet = new JsonObject();
            jet.addProperty("keys", 100);
            jet.addProperty("inputPerSec", 10_000);
            jet.addProperty("outputPerSec", 10_000);
            jet.addProperty("itemsPerSec", 20_000);
            jet.addProperty("sourceMaxLagNs", 0);
            jet.addProperty("heapUsedMaxBytes", 512L << 20);
            jet.addProperty("cpuCores", 1.25);
            jet.addProperty("gcCpuCores", 0.5);
            r.add("jet", jet);
            ResultFiles.writeJson(result, r);
        }
        return dir;
    }

    private String answerAtTheTopLoad(Path dir) throws IOException {
        return view(dir).answers().values().iterator().next().line(dev.latencybench.core.view.Answer.MAX_CHARS);
    }

    /** The published pipeline counts in whole ms: a percentile of 0 is under 1 ms, never "0ns" (seen in a smoke run). */
    @Test
    void aYardstickPercentileOfNoWholeMillisecondReadsUnder1Ms() throws IOException {
        Path dir = onePoint("zero", new double[] {1}, new double[] {2});
        JsonObject r = ResultFiles.readJson(dir.resolve("jet/jet-keys-100").resolve(G1).resolve("result.json"));
        JsonObject step = new JsonObject();
        step.addProperty("variant", "reference");
        r.add("step", step);
        for (String member : List.of("metrics", "forkMetrics")) {
            for (Map.Entry<String, com.google.gson.JsonElement> metric : r.getAsJsonObject(member).entrySet()) {
                List<JsonObject> figures = new ArrayList<>();
                if (metric.getValue().isJsonArray()) {
                    metric.getValue().getAsJsonArray().forEach(f -> figures.add(f.getAsJsonObject()));
                } else {
                    figures.add(metric.getValue().getAsJsonObject());
                }
                for (JsonObject f : figures) {
                    for (String p : List.of("p50", "p90", "p99", "p99_9", "p99_99", "max")) {
                        f.addProperty(p, 0);
                    }
                }
            }
        }
        Path out = dir.resolve("jet/reference-keys-100").resolve(G1);
        Files.createDirectories(out);
        ResultFiles.writeJson(out.resolve("result.json"), r);
        String line = answerAtTheTopLoad(dir);
        assertTrue(line.contains("`reference` p99.99 0ms‡ (whole ms: under 1 ms)") && !line.contains("0ns"), line);
    }

    @Test
    void atTheTopLoadOneForkAPointRanksNothingAndForksAreJudgedByTheOneRule() throws IOException {
        String one = answerAtTheTopLoad(onePoint("one", new double[] {1}, new double[] {2}));
        assertTrue(one.contains("p99.99 at 20K items/s") && one.contains("not ranked, one fork a point")
                && one.contains("`zgc` 4.00ms") && !one.contains("below"), one);
        String apart = answerAtTheTopLoad(onePoint("apart", new double[] {1, 1.02, 1.04},
                new double[] {2, 2.04, 2.08}));
        assertTrue(apart.contains("lowest p99.99 at 20K items/s") && apart.contains("below `zgc`")
                && !apart.contains("not ranked"), apart);
        String tie = answerAtTheTopLoad(onePoint("tie", new double[] {1, 1.3, 1.6}, new double[] {1.05, 1.35, 1.65}));
        assertTrue(tie.contains("tie") && !tie.contains("below") && !tie.contains("not ranked"), tie);
    }
}
