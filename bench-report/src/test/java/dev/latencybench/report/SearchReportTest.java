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

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.chart.LineChart;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Search;
import dev.latencybench.report.doc.Doc;
import dev.latencybench.report.doc.DocRenderer;

/**
 * The report and compare of a study whose schedule is a capacity search, on fixture runs with a hand-written
 * {@code schedule.json}: chronicle holds 3 chains (4 broke the SLO), in-memory passed up to the limit of 4.
 */
class SearchReportTest {
    private static final String CELL = StudyRuns.CHAIN_CELL;

    @TempDir
    Path tmp;

    /** The steps' folders with their results, and the schedule with chronicle's answer {@code chronicleChains}. */
    private Path run(String name, long chronicleChains) throws IOException {
        return StudyRuns.chain(tmp.resolve(name), chronicleChains);
    }

    private static JsonObject decision(String kind, long value, String answer, String why, String... by) {
        return StudyRuns.decision(kind, value, answer, why, by);
    }

    /**
     * A search of one cell whose parts decided these (kind, value, answer) triples, in order, with the steps that
     * bound each: a boundary's value passed and the next failed (an exact search), at the limit or unfinished
     * the value passed, none passed failed at 1.
     */
    private static Search searchOf(String... kindValueAnswer) {
        return searchIn(CELL, kindValueAnswer);
    }

    /** As {@link #searchOf}, of another cell. */
    private static Search searchIn(String cell, String... kindValueAnswer) {
        JsonObject o = new JsonObject();
        JsonObject parts = new JsonObject();
        JsonArray steps = new JsonArray();
        String[] names = {"kafka", "chronicle", "in-memory"};
        for (int i = 0; i < kindValueAnswer.length / 3; i++) {
            String kind = kindValueAnswer[3 * i];
            long value = Long.parseLong(kindValueAnswer[3 * i + 1]);
            parts.add(names[i], decision(kind, value, kindValueAnswer[3 * i + 2], "why"));
            if (!kind.equals("FAILED")) {
                steps.add(bare(names[i], Math.max(1, value)));
            }
            if (kind.equals("BOUNDARY")) {
                steps.add(bare(names[i], value + 1));
            }
        }
        JsonObject d = decision("BOUNDARY", 1, "all", "why");
        d.add("parts", parts);
        o.add("decision", d);
        o.add("steps", steps);
        return Search.of(cell, o);
    }

    /** A step of {@code n} chains as the schedule file lists it, without figures. */
    private static JsonObject bare(String variant, long n) {
        JsonObject s = new JsonObject();
        s.addProperty("name", variant + "-instances-" + n);
        s.addProperty("variant", variant);
        JsonObject props = new JsonObject();
        props.addProperty("bench.chain.instances", Long.toString(n));
        s.add("properties", props);
        s.addProperty("status", "OK");
        return s;
    }

    /** A search's parts where each bracket is given: {@code variant, lastPass, firstFail} per part, in order. */
    private static Search bracketsOf(String cell, Object... variantPassFail) {
        JsonObject o = new JsonObject();
        JsonObject parts = new JsonObject();
        JsonArray steps = new JsonArray();
        for (int i = 0; i < variantPassFail.length; i += 3) {
            String v = (String) variantPassFail[i];
            long pass = (Integer) variantPassFail[i + 1];
            long fail = (Integer) variantPassFail[i + 2];
            parts.add(v, decision("BOUNDARY", pass, pass + " chains", "why"));
            steps.add(bare(v, pass));
            steps.add(bare(v, fail));
        }
        JsonObject d = decision("BOUNDARY", 1, "all", "why");
        d.add("parts", parts);
        o.add("decision", d);
        o.add("steps", steps);
        return Search.of(cell, o);
    }

    @Test
    void theRatioNamesTheLargerCountFirstWhereTheBracketsLieApart() {
        assertEquals(". Chronicle holds 11× the chains of kafka (11 / 1): the higher passed 11 chains where the lower"
                + " had failed at 2 chains, so the searches lie apart (between 11 chains passing and 12 chains failing"
                + " against between 1 chain passing and 2 chains failing); in-memory holds 32× the chains of kafka (32 /"
                + " 1): the higher passed 32 chains where the lower had failed at 2 chains, so the searches lie apart"
                + " (between 32 chains passing and 33 chains failing against between 1 chain passing and 2 chains"
                + " failing)", SearchSection.ratios(searchOf("BOUNDARY", "1", "1 chain", "BOUNDARY", "11", "11 chains",
                "BOUNDARY", "32", "32 chains")));
        assertEquals(". Chronicle holds more chains than kafka (24 / none): the higher passed 24 chains where the lower"
                + " had failed at 1 chain, so the searches lie apart (between 24 chains passing and 25 chains failing"
                + " against none passing and 1 chain failing)", SearchSection.ratios(searchOf("NONE_PASSED", "0", "none",
                "BOUNDARY", "24", "24 chains")), "no ratio against none");
        assertEquals(". Kafka holds 2.5× the chains of chronicle (500 / 200): the higher passed 500 chains where the"
                + " lower had failed at 201 chains, so the searches lie apart (between 500 chains passing and 501"
                + " chains failing against between 200 chains passing and 201 chains failing)",
                SearchSection.ratios(searchOf("BOUNDARY", "500", "500 chains", "BOUNDARY", "200", "200 chains")));
        assertEquals(". Kafka and chronicle tie: each is known only as far as its search went, and the two overlap"
                + " (at least 4 chains with none failing against between 8 chains passing and 9 chains failing)",
                SearchSection.ratios(searchOf("UNFINISHED", "4", "at least 4 chains", "BOUNDARY", "8", "8 chains")),
                "an unfinished search's 4 may be 10: no ranking, where the ratio said at most 2.0×");
    }

    /** A search that grew by 2 and bisected to 10% leaves a wide bracket: a difference inside it is no ranking. */
    @Test
    void capacitiesWhoseBracketsOverlapTie() {
        assertEquals(". Kafka and chronicle tie: each is known only as far as its search went, and the two overlap"
                + " (between 4 chains passing and 8 chains failing against between 6 chains passing and 7 chains"
                + " failing)", SearchSection.ratios(bracketsOf(CELL, "kafka", 4, 8, "chronicle", 6, 7)));
        assertEquals(". Kafka and chronicle tie: each is known only as far as its search went, and the two overlap"
                + " (at least 4 chains with none failing against at least 8 chains with none failing)",
                SearchSection.ratios(searchOf("AT_LIMIT", "4", "at least 4 chains", "AT_LIMIT", "8",
                        "at least 8 chains")), "two lower bounds say nothing of which is larger");
    }

    @Test
    void eachCellIsSetAgainstTheOneThatHeldTheMost() {
        List<Search> searches = List.of(bracketsOf("openjdk-17.0.15__g1", "chronicle", 6, 7),
                bracketsOf("temurin-25.0.3__g1", "chronicle", 4, 8),
                bracketsOf("temurin-25.0.3__zgc", "chronicle", 2, 3),
                searchIn("temurin-25.0.3__parallel", "FAILED", "0", "no answer"));
        assertEquals(List.of("**chronicle across JVM × GC**: the most on `openjdk-17.0.15 g1` (6 chains);"
                + " `temurin-25.0.3 g1` (4 chains) ties with it: each is known only as far as its search went, and the"
                + " two overlap (between 4 chains passing and 8 chains failing against between 6 chains passing and 7"
                + " chains failing); `temurin-25.0.3 zgc` (2 chains) holds fewer: the higher passed 6 chains where the"
                + " lower had failed at 3 chains, so the searches lie apart (between 2 chains passing and 3 chains"
                + " failing against between 6 chains passing and 7 chains failing)."),
                SearchSection.acrossCells(searches), "kafka of the failed cell is no part of chronicle's comparison");
        assertEquals(List.of(), SearchSection.acrossCells(searches.subList(0, 1)), "one cell: nothing across cells");
    }

    @Test
    void theAnswerComesFirstWithTheRatioAndTheLimitNote() throws IOException {
        Path dir = run("run", 3);
        RunData data = RunData.load(dir);
        String md = DocRenderer.markdown(Report.build(data, dir.resolve("charts")));
        String section = md.substring(md.indexOf("## Scenario chain"));
        assertTrue(section.indexOf("### The answer") >= 0, section);
        // the answer is the verdict: the steps are not ranked as variants, nor charted as bars
        assertFalse(section.contains("### Verdict"), section);
        assertFalse(section.contains("median latency (p50) per JVM and collector"), section);
        assertTrue(md.contains("- **openjdk-17.0.15 g1**: chronicle: 3 chains; in-memory: at least 4 chains (the limit)."
                + " In-memory holds at least 1.3× the chains of chronicle (at least 4 / 3): the higher passed 4 chains"
                + " where the lower had failed at 4 chains, so the searches lie apart (at least 4 chains with none"
                + " failing against between 3 chains passing and 4 chains failing)"), md);
        assertTrue(md.contains("- in-memory passed every step up to the search's limit (4 chains): its capacity is at"
                + " least that; raise the limit to find where it breaks."), md);
        assertTrue(md.contains("- chronicle: 3 chains passed (p99.9 20.0ms), 4 chains failed: p99.9 150ms >= 100ms"
                + " (decided by `chronicle-instances-3`, `chronicle-instances-4`)"), md);
        assertTrue(Files.isRegularFile(dir.resolve("charts/chain-search.svg")));
    }

    @Test
    void aSearchThatFailedSaysSoAndWhatItsStepsSharedIsShown() throws IOException {
        assertEquals("kafka: no answer: the step of 1 chain failed (the search failed: see why below); chronicle: 3"
                + " chains", SearchSection.answer(searchOf("FAILED", "0", "no answer: the step of 1 chain failed",
                "BOUNDARY", "3", "3 chains")));
        assertEquals("", SearchSection.ratios(searchOf("FAILED", "0", "no answer: the step of 1 chain failed",
                "BOUNDARY", "3", "3 chains")), "no ratio with a search that has no answer");
        Path dir = run("run", 3);
        Path file = dir.resolve("chain").resolve(CELL + ".schedule.json");
        JsonObject o = ResultFiles.readJson(file);
        JsonObject shared = new JsonObject();
        JsonObject broker = new JsonObject();
        broker.addProperty("summary", "one broker for every step, warmed up 6 s");
        shared.add("chronicle", broker);
        o.add("shared", shared);
        ResultFiles.writeJson(file, o);
        String md = DocRenderer.markdown(Report.build(RunData.load(dir), dir.resolve("charts")));
        assertTrue(md.contains("Shared by all of a variant's steps, and made ready before the first was measured:\n\n"
                + "- chronicle: one broker for every step, warmed up 6 s"), md);
    }

    @Test
    void theDecidingStepsConfirmedInMoreForksAreNamedWithTheWhy() throws IOException {
        Path dir = run("run", 3);
        Path file = dir.resolve("chain").resolve(CELL + ".schedule.json");
        String plain = DocRenderer.markdown(Report.build(RunData.load(dir), dir.resolve("charts")));
        assertFalse(plain.contains("run again in"), plain);
        JsonObject o = ResultFiles.readJson(file);
        JsonObject confirmed = new JsonObject();
        confirmed.addProperty("forks", 3);
        JsonArray steps = new JsonArray();
        steps.add("chronicle-instances-3");
        steps.add("chronicle-instances-4");
        confirmed.add("steps", steps);
        confirmed.addProperty("answerBefore", "chronicle: 4 chains; in-memory: at least 4 chains");
        o.getAsJsonObject("decision").add("confirmed", confirmed);
        ResultFiles.writeJson(file, o);
        String md = DocRenderer.markdown(Report.build(RunData.load(dir), dir.resolve("charts")));
        assertTrue(md.contains("- the deciding steps chronicle-instances-3, chronicle-instances-4, run again in 3 forks"
                + " each: the answer changed (from chronicle: 4 chains; in-memory: at least 4 chains), and it follows"
                + " the confirmed forks"), md);
    }

    /** One hop of kafka beside kafka-loop, its yardstick (role yardstick.kafka): the harness's own cost. */
    @Test
    void eachTransportIsSetBesideItsOwnLoop() throws IOException {
        Path dir = tmp.resolve("loops");
        FixtureRun f = new FixtureRun(dir).named(Metrics.ONE_WAY, "in-memory", null).shape("chain", "one hop");
        f.cell("kafka", CELL, "OK", 3_000_000, 20_000_000, 1, 30_000);
        f.cell("kafka-loop", CELL, "OK", 2_000_000, 15_000_000, 1, 30_000);
        f.cell("in-memory", CELL, "OK", 500_000, 5_000_000, 1, 30_000);
        f.write();
        for (String v : List.of("kafka", "kafka-loop", "in-memory")) {
            Path result = dir.resolve("chain").resolve(v).resolve(CELL).resolve("result.json");
            JsonObject r = ResultFiles.readJson(result);
            r.getAsJsonObject("roles").addProperty("yardstick.kafka", "kafka-loop");
            ResultFiles.writeJson(result, r);
        }
        String md = DocRenderer.markdown(Report.build(RunData.load(dir), dir.resolve("charts")));
        assertTrue(md.contains("### The harness's own cost: kafka"), md);
        assertTrue(md.contains("The `kafka-loop` variant is `kafka`'s yardstick: the plainest loop"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | kafka | 3.00 | 2.00 | 0.999 | 1.50x | 20.0 † | 15.0 † |"), md);
    }

    @Test
    void theStepTableListsEveryStepWithItsFiguresCpuPausesAndWhyItFailed() throws IOException {
        Path dir = run("run", 3);
        Files.delete(dir.resolve("chain/chronicle-instances-3").resolve(CELL).resolve("gc-4242.log"));
        RunData data = RunData.load(dir);
        Doc doc = new Doc();
        doc.table(SearchStepTable.of(data, "chain", data.searches("chain"), "chains"));
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(List.of("variant", "chains", "status", "p50 (ms)", "p99 (ms)", "p99.9 (ms)", "samples",
                "CPU (cores)", "CPU per chain (cores)", "longest pause (ms)", "why it failed"), t.header(),
                "p99.9 of 30,000: 30 beyond, shown");
        assertEquals(7, t.rows().size());
        List<String> four = t.rows().get(2);
        assertEquals("150 †", four.get(5), "30 messages beyond p99.9: shown, marked");
        assertEquals(List.of("chronicle", "4", "OK, SLO broken"), four.subList(0, 3));
        assertEquals("1.50", four.get(7));
        assertEquals("0.38", four.get(8), "1.50 cores over 4 chains");
        assertEquals("3.93", four.get(9), "the fixture's longest pause, in ms");
        assertEquals("-", t.rows().get(3).get(9), "no GC log");
        assertTrue(four.get(10).startsWith("p99.9 150ms >= 100ms"), four.toString());
        assertEquals(List.of("chronicle", "3", "OK, passed"), t.rows().get(3).subList(0, 3));
        assertEquals(List.of("-", "-"), t.rows().get(3).subList(7, 9));
    }

    @Test
    void theProcessesAStepStartedGetTheirOwnCpuColumnWhereAnyStepHadThem() throws IOException {
        Path dir = run("run", 3);
        Path result = dir.resolve("chain/chronicle-instances-4").resolve(CELL).resolve("result.json");
        JsonObject r = ResultFiles.readJson(result);
        JsonObject fork = r.getAsJsonArray("machineLoad").get(0).getAsJsonObject();
        fork.addProperty("childProcessesCores", 0.75); // a broker beside the benchmark JVM
        ResultFiles.writeJson(result, r);
        RunData data = RunData.load(dir);
        Doc doc = new Doc();
        doc.table(SearchStepTable.of(data, "chain", data.searches("chain"), "chains"));
        Doc.Grid t = (Doc.Grid) doc.blocks.get(0);
        assertEquals(List.of("variant", "chains", "status", "p50 (ms)", "p99 (ms)", "p99.9 (ms)", "samples",
                "CPU (cores)", "started processes CPU (cores)", "CPU per chain (cores)", "longest pause (ms)",
                "why it failed"), t.header());
        assertEquals(List.of("1.50", "0.75", "0.56"), t.rows().get(2).subList(7, 10), "(1.50 + 0.75) / 4 chains");
        assertEquals(List.of("-", "-", "-"), t.rows().get(3).subList(7, 10));
    }

    @Test
    void aStepOfTheFloorsSearchIsTheFloorAndNeverBold() throws IOException {
        Path dir = run("run", 3);
        for (long n : new long[] {1, 2, 4}) { // as the launcher writes a step's result: the study's variant
            Path result = dir.resolve("chain/in-memory-instances-" + n).resolve(CELL).resolve("result.json");
            JsonObject r = ResultFiles.readJson(result);
            r.addProperty("variant", "in-memory");
            ResultFiles.writeJson(result, r);
        }
        // the per-step percentile tables are the page's (REPORT.md has the step table): the whole report holds them
        String md = DocRenderer.markdown(Report.build(RunData.load(dir), dir.resolve("charts")), true);
        // the floor's medians (0.500 ms) are the lowest; chronicle's 1.00 ms at one chain is the lowest ranked
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | in-memory-instances-1 | OK | 0.500 | 0.500 | 0.500 | 5.01 †"
                + " | — (3) | 5.01 | 30,000 |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle-instances-1 | OK | **1.00** | **1.00** | **1.00** |"
                + " **20.0** † | — (3) | **20.0** | 30,000 |"), md);
    }

    @Test
    void aStepThatUsedNearlyAllTheMachinesCpusIsCalledTheMachinesLimit() throws IOException {
        Path dir = run("run", 3);
        Path result = dir.resolve("chain/chronicle-instances-4").resolve(CELL).resolve("result.json");
        JsonObject r = ResultFiles.readJson(result);
        JsonObject fork = r.getAsJsonArray("machineLoad").get(0).getAsJsonObject();
        fork.addProperty("thisProcessCores", 1.2);
        fork.addProperty("childProcessesCores", 0.65); // 1.85 of 2 cores: 92.5%
        ResultFiles.writeJson(result, r);
        RunData data = RunData.load(dir);
        String floor = "The floor (`in-memory`, the harness alone) holds at least 4 chains: a count near it is this"
                + " machine's limit, not the transport's.";
        assertEquals(floor + " Steps that used 90% or more of the machine's 2 cores: `chronicle` at 4 chains 1.85;"
                + " there the limit is the machine's, not the transport's.", MachineLimits.sentence(data, "chain",
                data.searches("chain"), "chains"));
        fork.addProperty("childProcessesCores", 0.5); // 1.70: 85%
        ResultFiles.writeJson(result, r);
        RunData again = RunData.load(dir);
        assertEquals(floor, MachineLimits.sentence(again, "chain", again.searches("chain"), "chains"));
    }

    @Test
    void theChartPlotsEachVariantsPercentilesAgainstTheChainsWithTheSloRule() throws IOException {
        Path dir = run("run", 3);
        RunData data = RunData.load(dir);
        LineChart c = SearchSection.chart("chain", data.searches("chain"), "chains");
        assertEquals(List.of("1", "2", "3", "4"), c.xTickLabels());
        assertEquals(List.of("chronicle p99.9", "chronicle p99", "chronicle p50", "in-memory p99.9", "in-memory p99",
                "in-memory p50"), c.panelLines(0));
        assertEquals("ms", c.yAxis().unit);
        assertEquals(100, c.level(), 1e-9);
        double[][] chronicle = c.line("chronicle p99.9");
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), List.of(chronicle[0][0], chronicle[0][1], chronicle[0][2],
                chronicle[0][3]));
        assertEquals(150, chronicle[1][3], 1.5); // the step that broke the SLO, in ms
        List<double[]> failures = c.failures(0);
        assertEquals(1, failures.size());
        assertEquals(4.0, failures.get(0)[0]);
        assertTrue(c.yAxis().max > 150 && c.yAxis().min < 1, c.yAxis().toString());
    }

    /** The capacity chart: every variant's p99.9, p99 and p50 line, the SLO's level, the failed step, in ms. */
    @Test
    void theChartHasEachPercentileLineTheSloAndTheFailedStep() throws Exception {
        Path dir = run("run", 3);
        Report.write(dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String svg = Files.readString(dir.resolve("charts/chain-search.svg"));
        assertTrue(svg.contains("<desc>chronicle p99.9, chronicle p99, chronicle p50, in-memory p99.9, in-memory p99,"
                + " in-memory p50</desc>"), svg);
        assertTrue(svg.contains(">latency (ms) (log scale)</text>"), svg);
        assertTrue(svg.contains("<title>pass: p99.9 &lt; 100ms</title>"), "the SLO's rule: " + svg);
        assertEquals(1, svg.split("<title>step failed</title>", -1).length - 1, svg);
        assertEquals(4, dev.latencybench.chart.SvgDom.path(dev.latencybench.chart.SvgDom.parse(svg),
                "chronicle p99.9").size(), "a point per step");
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains(svg.replaceFirst("<svg", "<svg class=\"chart\"").strip()), "inlined in the page");
    }

    @Test
    void partsWithTheSameBracketAreComparedOnce() {
        assertEquals(". Chronicle and in-memory each hold more chains than kafka (at least 8 / none): the higher"
                + " passed 8 chains where the lower had failed at 1 chain, so the searches lie apart (at least 8 chains"
                + " with none failing against none passing and 1 chain failing)", SearchSection.ratios(searchOf(
                "NONE_PASSED", "0", "none", "AT_LIMIT", "8", "at least 8 chains", "AT_LIMIT", "8", "at least 8 chains")));
    }

    /** A chain schedule as the old code wrote it: kafka's one step failed its p99.9 on {@code messages} messages. */
    private static Search kafkaFailedFirstStep(long messages, long p99Ns) {
        JsonObject o = new JsonObject();
        o.addProperty("schedule", "capacity search of kafka: 1, 2, 4, ... up to 8 chains, then bisect; pass: p99.9"
                + " < 100ms; then capacity search of chronicle: 1, 2, 4, ... up to 8 chains, then bisect; pass: p99.9"
                + " < 100ms");
        JsonArray steps = new JsonArray();
        JsonObject k = bare("kafka", 1);
        k.addProperty("status", "FAILED");
        k.add("latency", new dev.latencybench.core.record.LatencySummary(80_000_000, 90_000_000, p99Ns,
                170_000_000, 171_000_000, 171_000_000, messages).toJson());
        steps.add(k);
        JsonObject c = bare("chronicle", 8);
        c.add("latency", new dev.latencybench.core.record.LatencySummary(1_000_000, 2_000_000, 5_000_000,
                12_800_000, 14_000_000, 14_000_000, 16_000).toJson());
        steps.add(c);
        JsonObject parts = new JsonObject();
        JsonObject none = decision("NONE_PASSED", 0, "none", "the first step, 1 chain, failed: limited by the SLO:"
                + " FAILED: the SLO p99.9 < 100ms was broken by 1 of 1 chains");
        JsonArray by = new JsonArray();
        by.add("kafka-instances-1");
        none.add("decidedBy", by);
        parts.add("kafka", none);
        JsonObject limit = decision("AT_LIMIT", 8, "at least 8 chains", "8 chains, the search limit, passed");
        JsonArray by8 = new JsonArray();
        by8.add("chronicle-instances-8");
        limit.add("decidedBy", by8);
        parts.add("chronicle", limit);
        JsonObject d = decision("AT_LIMIT", 0, "all", "why");
        d.add("parts", parts);
        o.add("decision", d);
        o.add("steps", steps);
        return Search.of(CELL, o);
    }

    @Test
    void aFirstStepTooShortToJudgeIsNotNoneEvenInAnOldScheduleFile() {
        // p50 99ms, p90 90ms, p99 95ms: under the bound wherever enough samples lie beyond; only p99.9 is over
        Search thin = kafkaFailedFirstStep(2_000, 95_000_000);
        assertEquals("kafka: cannot tell at this length (a 2,000-sample step puts 2 samples beyond p99.9; 10,000 are"
                + " needed); chronicle: at least 8 chains (the limit)", SearchSection.answer(thin));
        assertEquals("", SearchSection.ratios(thin), "no comparison with a side that cannot tell");
        Search enough = kafkaFailedFirstStep(20_000, 95_000_000);
        assertEquals("kafka: none; chronicle: at least 8 chains (the limit)", SearchSection.answer(enough));
        // p99 154ms rests on 20 of 2,000 messages: 20 over the bound where p99.9 allows 2, a failure for certain
        assertEquals("kafka: none; chronicle: at least 8 chains (the limit)",
                SearchSection.answer(kafkaFailedFirstStep(2_000, 154_000_000)));
    }
}
