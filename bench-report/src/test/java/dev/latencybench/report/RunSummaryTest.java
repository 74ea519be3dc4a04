package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

class RunSummaryTest {
    @TempDir
    Path tmp;

    @Test
    void theTailsSharesBeyondP999AreOnThePrimaryMetricsRowAndEmptyOnFewerThanTenSamples() throws IOException {
        Path run = tmp.resolve("run");
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_100, 3_000_000, 1, 30_000)
                .cell("reference", "openjdk-17.0.15__g1", "OK", 1_000, 3_000_000, 1, 30_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 1_200, 3_000_000, 1, 30_000)
                .write();
        withTail(run.resolve("queue/chronicle/openjdk-17.0.15__g1/result.json"), 20, 15, 1, 3, 1, 0);
        withTail(run.resolve("queue/reference/openjdk-17.0.15__g1/result.json"), 9, 9, 0, 0, 0, 0);
        // written before the hiccup probe: other, and no platform or code
        withTail(run.resolve("queue/baseline/openjdk-17.0.15__g1/result.json"), 20, 12, 0, 0, 0, 8);
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("queue,chronicle,") && l.contains(",latency,")
                && l.contains(",1,0.750,0.050,0.150,0.050,,beyond p99.9: 15 of 20 gc,")), "told apart: no other " + csv);
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("queue,reference,") && l.contains(",latency,")
                && l.contains(",1,,,,,,")), "9 beyond p99.9: no shares " + csv);
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("queue,baseline,") && l.contains(",latency,")
                && l.contains(",1,0.600,0.000,,,0.400,")), "an older result as it was " + csv);
        assertTrue(csv.stream().filter(l -> l.contains(",service,")).allMatch(l -> l.contains(",,,,,,")), csv.toString());
        JsonArray rows = ResultFiles.readJson(run.resolve("summary.json")).getAsJsonArray("rows");
        JsonObject chronicle = null;
        for (int i = 0; i < rows.size(); i++) {
            JsonObject row = rows.get(i).getAsJsonObject();
            if (row.get("variant").getAsString().equals("chronicle") && row.get("metric").getAsString().equals("latency")) {
                chronicle = row;
            }
        }
        assertEquals(0.75, chronicle.get("tail_gc").getAsDouble(), 1e-9);
        assertEquals(0.15, chronicle.get("tail_platform").getAsDouble(), 1e-9);
        assertEquals(0.05, chronicle.get("tail_code").getAsDouble(), 1e-9);
    }

    private static void withTail(Path result, long beyond, long gc, long safepoint, long platform, long code, long other)
            throws IOException {
        JsonObject r = ResultFiles.readJson(result);
        dev.latencybench.core.tail.TailPart t = new dev.latencybench.core.tail.TailPart();
        t.beyondP99_9.samples = beyond;
        t.beyondP99_9.attributed = gc + safepoint + platform + code + other;
        t.beyondP99_9.gc = gc;
        t.beyondP99_9.safepoint = safepoint;
        t.beyondP99_9.platform = platform;
        t.beyondP99_9.code = code;
        t.beyondP99_9.other = other;
        r.add(dev.latencybench.core.tail.TailPart.MEMBER, t.toJson());
        ResultFiles.writeJson(result, r);
    }

    @Test
    void everyCellVariantAndMetricIsARowOfTheCsvAndTheJsonWithTheFiguresOfResultJson() throws IOException {
        Path run = tmp.resolve("run");
        new FixtureRun(run)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_100, 3_000_000, 2, 30_000)
                .cell("reference", "openjdk-17.0.15__g1", "FAILED", 1_000, 3_000_000, 1, 30_000)
                .write();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Report.write(run, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("(every figure: summary.csv, summary.json)"));

        List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
        assertEquals("scenario,variant,jvm,gc,metric,unit,status,p50,p90,p99,p99_9,p99_99,max,count,forks,tail_gc,"
                + "tail_safepoint,tail_platform,tail_code,tail_other,tail_cause,flags,reasons,cell", csv.get(0));
        assertEquals(5, csv.size(), "two cells x two metrics: " + csv);
        LatencySummary latency = Metrics.summariesOf(ResultFiles.readJson(
                run.resolve("queue/chronicle/openjdk-17.0.15__g1/result.json"))).get("latency");
        String expected = "queue,chronicle,openjdk-17.0.15,g1,latency,ns,OK," + latency.p50 + "," + latency.p90 + ","
                + latency.p99 + "," + latency.p99_9 + "," + latency.p99_99 + "," + latency.max + "," + latency.count + ",2";
        assertTrue(csv.stream().anyMatch(l -> l.startsWith(expected + ",")), expected + " in " + csv);
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("queue,reference,openjdk-17.0.15,g1,latency,ns,FAILED,")),
                csv.toString());
        assertTrue(csv.stream().allMatch(l -> l.endsWith("queue/chronicle/openjdk-17.0.15__g1")
                || l.endsWith("queue/reference/openjdk-17.0.15__g1") || l.endsWith(",cell")), csv.toString());

        JsonObject json = ResultFiles.readJson(run.resolve("summary.json"));
        assertEquals("run", json.get("run").getAsString());
        JsonArray rows = json.getAsJsonArray("rows");
        assertEquals(4, rows.size());
        JsonObject first = rows.get(0).getAsJsonObject();
        assertEquals("latency", first.get("metric").getAsString());
        assertEquals(latency.p99_99, first.get("p99_99").getAsLong());
        assertEquals(2, first.get("forks").getAsInt());

        String md = Files.readString(run.resolve("REPORT.md"));
        assertTrue(md.contains("[summary.csv](summary.csv)"), md);
        assertTrue(Files.readString(run.resolve("report.html")).contains("<a href=\"summary.csv\">summary.csv</a>"));
    }

    @Test
    void aMetricNoCellRecordedIsOneSentenceInTheReportAndEmptyNotZeroInTheSummary() throws IOException {
        Path run = tmp.resolve("probe");
        Metrics withProbe = Metrics.of(dev.latencybench.core.record.Metric.nanos("latency", "from the intended call"),
                dev.latencybench.core.record.Metric.nanos("decode", "the task's probe 'decode'"));
        new FixtureRun(run).named(withProbe, "baseline", null)
                .cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_100, 3_000_000, 1, 30_000)
                .cell("baseline", "openjdk-17.0.15__g1", "OK", 100, 2_000_000, 1, 30_000)
                .write();
        for (String variant : List.of("chronicle", "baseline")) { // the task never called probe("decode")
            Path result = run.resolve("queue").resolve(variant).resolve("openjdk-17.0.15__g1/result.json");
            JsonObject r = ResultFiles.readJson(result);
            JsonObject decode = r.getAsJsonObject("metrics").getAsJsonObject("decode");
            for (String k : List.copyOf(decode.keySet())) {
                if (decode.get(k).isJsonPrimitive() && decode.get(k).getAsJsonPrimitive().isNumber()) {
                    decode.addProperty(k, 0);
                }
            }
            ResultFiles.writeJson(result, r);
        }
        Report.write(run, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("queue,chronicle,openjdk-17.0.15,g1,decode,ns,OK,,,,,,,0,")),
                "no percentile, not a percentile of 0: " + csv);
        assertTrue(csv.stream().noneMatch(l -> l.contains(",decode,") && l.contains(",0,0,0,")), csv.toString());
        JsonObject first = ResultFiles.readJson(run.resolve("summary.json")).getAsJsonArray("rows").asList().stream()
                .map(e -> e.getAsJsonObject()).filter(o -> o.get("metric").getAsString().equals("decode"))
                .findFirst().orElseThrow();
        assertTrue(!first.has("p50") && first.get("count").getAsLong() == 0, first.toString());
        String sentence = "`decode`: no sample in any cell (the task's probe 'decode': declared, never recorded).";
        assertTrue(Files.readString(run.resolve("REPORT.md")).contains(sentence), "in REPORT.md, not only the html");
        assertTrue(!FixtureRun.wholeMarkdown(run).contains("### `decode`"), "no table of dashes");
    }

    @Test
    void aFieldWithACommaOrAQuoteIsQuotedAsRfc4180Says() {
        assertEquals("plain", RunSummary.csvField("plain"));
        assertEquals("\"busy: 1.2 cores, 2 CPUs\"", RunSummary.csvField("busy: 1.2 cores, 2 CPUs"));
        assertEquals("\"say \"\"hi\"\"\"", RunSummary.csvField("say \"hi\""));
    }
}
