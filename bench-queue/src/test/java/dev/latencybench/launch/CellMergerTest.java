package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.queue.oneway.OneWaySettings;
import dev.latencybench.queue.oneway.OneWayTally;

/**
 * The merge of a cell's forks, on the forks of the one-way harness: their {@code fork.json} fields are
 * what {@link OneWayTally}'s accounting adds up, so the test lives beside that harness, in bench-queue,
 * and stays in {@code CellMerger}'s package for the package-private {@code forkDirs}.
 */
class CellMergerTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);
    private static final long T0_MS = 1_800_000_000_000L;

    @TempDir
    Path tmp;

    private Path cell;
    private Study.Plan plan;

    @BeforeEach
    void setUp() throws IOException {
        cell = tmp.resolve("run1/queue/x/temurin-17.0.15__g1");
        Path sys = Files.createDirectories(tmp.resolve("sys"));
        OneWaySettings settings = OneWaySettings.read(new BenchProperties(Map.of("bench.cpus", "none")), Scale.SMOKE,
                RunLength.of(1 * S, 2 * S, 10 * S, 60 * S, 30 * S, 600 * S), 100_000, 256,
                FakeSysTree.machine(sys, "0-3").topology());
        com.google.gson.JsonObject recorded = new com.google.gson.JsonObject();
        recorded.addProperty("ratePerSec", settings.ratePerSec);
        recorded.addProperty("payloadBytes", settings.payloadBytes);
        plan = Study.Plan.builder(List.of("x"), settings.periods, dev.latencybench.core.record.Metrics.ONE_WAY)
                .facts(Map.of("load", "desc")).recorded(recorded).role(Study.Plan.FLOOR, "baseline")
                .accounting(() -> OneWayTally.accounting(settings.ratePerSec)).build();
    }

    private CellMerger.Context context(int forksAsked, String launcherFailure, boolean interrupted) {
        return new CellMerger.Context("queue", "x", plan, "run1", forksAsked, launcherFailure, interrupted,
                "abc1234", "./mvnw -Pbench");
    }

    /** A fork.json shaped like {@code ForkSession.forkJson()} of the one-way workload. */
    private static JsonObject forkJson(String status, List<String> reasons, long sent, long received, long lost,
                                       long lateSends, long maxLagNs, double achieved, long producerBytes,
                                       long consumerBytes, boolean pinned, boolean busy) {
        JsonObject o = new JsonObject();
        o.addProperty("status", status);
        JsonArray why = new JsonArray();
        reasons.forEach(why::add);
        o.add("reasons", why);
        o.addProperty("pid", 4242);
        o.addProperty("measuredPeriods", 1);
        o.addProperty("measuredNs", 2 * S);
        o.addProperty("ratePerSec", 100_000);
        o.addProperty("payloadBytes", 256);
        o.addProperty("sent", sent);
        o.addProperty("received", received);
        o.addProperty("lost", lost);
        o.addProperty("duplicated", 1);
        o.addProperty("outOfOrder", 2);
        o.addProperty("unexpected", 3);
        o.addProperty("outOfRange", 4);
        o.add("latencyNs", new LatencySummary(1, 2, 3, 4, 5, 6, 7).toJson());
        o.add("serviceTimeNs", new LatencySummary(1, 2, 3, 4, 5, 6, 7).toJson());
        JsonObject pacing = new JsonObject();
        pacing.addProperty("askedRatePerSec", 100_000);
        pacing.addProperty("achievedRatePerSec", achieved);
        pacing.addProperty("maxLagNs", maxLagNs);
        pacing.addProperty("finalLagNs", 0);
        pacing.addProperty("lateSends", lateSends);
        o.add("pacing", pacing);
        JsonObject pin = new JsonObject();
        pin.addProperty("requested", pinned ? "explicit" : "none");
        pin.addProperty("plan", pinned ? "2,3" : "none");
        pin.addProperty("note", pinned ? "as asked" : "pinning turned off");
        pin.addProperty("producerCpu", pinned ? 2 : -1);
        pin.addProperty("consumerCpu", pinned ? 3 : -1);
        pin.addProperty("pinned", pinned);
        o.add("pinning", pin);
        JsonObject alloc = new JsonObject();
        alloc.addProperty("producerBytes", producerBytes);
        alloc.addProperty("consumerBytes", consumerBytes);
        alloc.addProperty("bytesPerMessage", sent == 0 ? 0 : (double) (producerBytes + consumerBytes) / sent);
        o.add("allocation", alloc);
        JsonObject load = new JsonObject();
        load.addProperty("otherProcessesCores", busy ? 1.5 : 0.01);
        load.addProperty("stealCores", 0.0);
        load.addProperty("thisProcessCores", 2.0);
        load.addProperty("busyThresholdCores", 0.25);
        load.addProperty("busy", busy);
        o.add("machineLoad", load);
        return o;
    }

    private static JsonObject okFork(long sent, long lateSends, long maxLagNs, double achieved) {
        return forkJson("OK", List.of(), sent, sent, 0, lateSends, maxLagNs, achieved, 1_000, 500, true, false);
    }

    private static Histogram values(long startMs, long... values) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long v : values) {
            h.recordValue(v);
        }
        h.setStartTimeStamp(startMs);
        h.setEndTimeStamp(startMs + 1_000);
        return h;
    }

    private static long[] range(long from, long to, long step) {
        long[] v = new long[(int) ((to - from) / step + 1)];
        for (int i = 0; i < v.length; i++) {
            v[i] = from + i * step;
        }
        return v;
    }

    private static long[] repeat(long value, int times) {
        long[] v = new long[times];
        Arrays.fill(v, value);
        return v;
    }

    /** Writes a fork folder; each pair of histograms is one interval (latency, service). */
    private Path fork(String name, JsonObject forkJson, Histogram... intervals) throws IOException {
        Path dir = Files.createDirectories(cell.resolve(ResultLayout.FORKS_DIR).resolve(name));
        if (forkJson != null) {
            ResultFiles.writeJson(dir.resolve(ResultLayout.FORK_JSON), forkJson);
        }
        if (intervals.length > 0) {
            try (IntervalLog log = new IntervalLog(dir.resolve(ResultLayout.LATENCY_HLOG), dev.latencybench.core.record.Metrics.ONE_WAY, "fork " + name)) {
                for (int i = 0; i < intervals.length; i += 2) {
                    log.append(intervals[i], intervals[i + 1]);
                }
            }
        }
        return dir;
    }

    /** Fork 1001: latencies 1..1000 ns in two intervals; fork 1002: 1000 x 1 ms. Service time is half. */
    private void twoGoodForks() throws IOException {
        fork("1001", okFork(1_000, 3, 5_000, 99_990.0),
                values(T0_MS, range(1, 500, 1)), values(T0_MS, range(1, 250, 1)),
                values(T0_MS + 1_000, range(501, 1_000, 1)), values(T0_MS + 1_000, range(251, 500, 1)));
        fork("1002", okFork(1_000, 4, 9_000, 99_950.0),
                values(T0_MS, repeat(1_000_000, 1_000)), values(T0_MS, repeat(500_000, 1_000)));
    }

    private static Histogram union(long[]... parts) {
        Histogram h = LatencyRecorder.newHistogram();
        for (long[] part : parts) {
            for (long v : part) {
                h.recordValue(v);
            }
        }
        return h;
    }

    private JsonObject resultJson() throws IOException {
        return ResultFiles.readJson(cell.resolve(ResultLayout.RESULT_JSON));
    }

    private static List<String> strings(JsonArray a) {
        List<String> s = new ArrayList<>();
        for (JsonElement e : a) {
            s.add(e.getAsString());
        }
        return s;
    }

    @Test
    void forksAreOrderedByProcessIdAsNumbers() throws IOException {
        for (String pid : List.of("1000", "999", "10")) {
            Files.createDirectories(cell.resolve("forks").resolve(pid));
        }
        assertEquals(List.of("10", "999", "1000"), CellMerger.forkDirs(cell).stream()
                .map(p -> p.getFileName().toString()).collect(Collectors.toList()));
    }

    @Test
    void aLogWhoseLastIntervalLostItsServiceLineStillMerges() throws IOException {
        Path dir = fork("1001", okFork(1_000, 3, 5_000, 99_990.0),
                values(T0_MS, range(1, 500, 1)), values(T0_MS, range(1, 250, 1)));
        // a fork killed between the two lines of an interval: one more latency line than service lines
        Histogram extra = LatencyRecorder.newHistogram();
        extra.recordValue(42);
        extra.setStartTimeStamp(T0_MS + 1_000);
        extra.setEndTimeStamp(T0_MS + 2_000);
        Path log = dir.resolve(ResultLayout.LATENCY_HLOG);
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        org.HdrHistogram.HistogramLogWriter w = new org.HdrHistogram.HistogramLogWriter(
                new java.io.PrintStream(line, true, "UTF-8"));
        w.setBaseTime(0);
        w.outputIntervalHistogram(extra);
        Files.write(log, line.toByteArray(), java.nio.file.StandardOpenOption.APPEND);
        IntervalLog.Intervals read = IntervalLog.read(log);
        assertEquals(1, read.of("latency").size(), "the unpaired interval is dropped");
        assertEquals(1, read.of("service").size());

        CellMerger.merge(cell, null, context(1, null, false));
        assertEquals(500, resultJson().getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        assertEquals(500, IntervalLog.read(cell.resolve(ResultLayout.LATENCY_HLOG)).total("latency").getTotalCount());
    }

    @Test
    void twoForksMergeIntoOneOkResult() throws IOException {
        twoGoodForks();
        CellSummary summary = CellMerger.merge(cell, null, context(2, null, false));
        JsonObject r = resultJson();

        assertEquals("OK", r.get("status").getAsString());
        assertEquals(List.of(), strings(r.getAsJsonArray("reasons")));
        assertEquals(List.of(), strings(r.getAsJsonArray("flags")));
        assertEquals("queue", r.get("study").getAsString());
        assertEquals("x", r.get("variant").getAsString());
        assertEquals("temurin-17.0.15__g1", r.get("cell").getAsString());
        assertEquals("run1", r.get("runId").getAsString());
        assertEquals("smoke", r.get("scale").getAsString());
        assertEquals(100_000, r.get("ratePerSec").getAsLong());
        assertEquals(256, r.get("payloadBytes").getAsInt());
        assertEquals(1 * S, r.get("warmupNs").getAsLong());
        assertEquals(2 * S, r.get("measureNs").getAsLong());
        assertEquals(2, r.get("forks").getAsInt());
        assertEquals("./mvnw -Pbench", r.get("command").getAsString());

        assertEquals(2_000, r.get("sent").getAsLong());
        assertEquals(2_000, r.get("received").getAsLong());
        assertEquals(0, r.get("lost").getAsLong());
        assertEquals(2, r.get("duplicated").getAsLong());
        assertEquals(4, r.get("outOfOrder").getAsLong());
        assertEquals(6, r.get("unexpected").getAsLong());
        assertEquals(8, r.get("outOfRange").getAsLong());

        JsonObject pacing = r.getAsJsonObject("pacing");
        assertEquals(100_000, pacing.get("askedRatePerSec").getAsLong());
        assertEquals(99_950.0, pacing.get("achievedRatePerSec").getAsDouble(), 0.0, "the worst fork");
        assertEquals(9_000, pacing.get("maxLagNs").getAsLong(), "the worst fork");
        assertEquals(7, pacing.get("lateSends").getAsLong());

        JsonObject alloc = r.getAsJsonObject("allocation");
        assertEquals(2_000, alloc.get("producerBytes").getAsLong());
        assertEquals(1_000, alloc.get("consumerBytes").getAsLong());
        assertEquals(3_000.0 / 2_000, alloc.get("bytesPerMessage").getAsDouble(), 0.0);

        JsonArray pinning = r.getAsJsonArray("pinning");
        assertEquals(2, pinning.size());
        assertEquals("1001", pinning.get(0).getAsJsonObject().get("fork").getAsString());
        assertEquals("1002", pinning.get(1).getAsJsonObject().get("fork").getAsString());
        assertEquals(2, r.getAsJsonArray("machineLoad").size());

        LatencySummary expectedLatency = LatencySummary.of(union(range(1, 1_000, 1), repeat(1_000_000, 1_000)));
        LatencySummary expectedService = LatencySummary.of(union(range(1, 500, 1), repeat(500_000, 1_000)));
        assertEquals(new LatencySummary(1_000, 1_000_447, 1_000_447, 1_000_447, 1_000_447, 1_000_447, 2_000),
                expectedLatency);
        assertEquals("latency", r.get("primary").getAsString());
        assertEquals(expectedLatency, LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("latency")));
        assertEquals(expectedService, LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("service")));
        assertEquals(List.of("latency", "service"), new java.util.ArrayList<>(r.getAsJsonObject("metrics").keySet()));
        assertEquals("ns", r.getAsJsonObject("metrics").getAsJsonObject("service").get("unit").getAsString());
        assertEquals(2, r.getAsJsonObject("forkMetrics").getAsJsonArray("latency").size());
        assertEquals("baseline", r.getAsJsonObject("roles").get("floor").getAsString());
        assertEquals(100_000, r.get("ratePerSec").getAsLong(), "the study's recorded settings");
        assertEquals(256, r.get("payloadBytes").getAsInt());
        assertEquals(java.util.Map.of("latency", expectedLatency, "service", expectedService),
                dev.latencybench.core.record.Metrics.summariesOf(r));
        assertEquals(expectedLatency, summary.primary());
        assertEquals(expectedService, summary.summary("service"));
        assertEquals("OK", summary.status);
        assertEquals("x", summary.variant);
        assertEquals("temurin-17.0.15__g1", summary.cell);
        assertEquals(List.of(), summary.reasons);
        assertEquals(List.of(), summary.flags);
        assertEquals(cell, summary.dir);
    }

    @Test
    void theMergedLogHasEveryIntervalAndTheSamePercentilesAsResultJson() throws IOException {
        twoGoodForks();
        CellMerger.merge(cell, null, context(2, null, false));
        JsonObject r = resultJson();

        HistogramLogReader reader = new HistogramLogReader(cell.resolve(ResultLayout.LATENCY_HLOG).toFile());
        Histogram latency = LatencyRecorder.newHistogram();
        Histogram service = LatencyRecorder.newHistogram();
        int latencyIntervals = 0;
        int serviceIntervals = 0;
        try {
            EncodableHistogram e;
            while ((e = reader.nextIntervalHistogram()) != null) {
                Histogram h = (Histogram) e;
                if (h.getTag() == null) {
                    latency.add(h);
                    latencyIntervals++;
                } else if (IntervalLog.SERVICE_TAG.equals(h.getTag())) {
                    service.add(h);
                    serviceIntervals++;
                }
            }
        } finally {
            reader.close();
        }
        assertEquals(3, latencyIntervals);
        assertEquals(3, serviceIntervals);
        assertEquals(LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("latency")), LatencySummary.of(latency));
        assertEquals(LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("service")), LatencySummary.of(service));
        try (Stream<Path> files = Files.list(cell)) {
            assertEquals(List.of("env.json", "forks", "latency.hgrm", "latency.hlog", "result.json", "service.hgrm"),
                    files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()),
                    "no temporary files left");
        }
    }

    @Test
    void eachMetricsDistributionIsWrittenAsHdrHistogramsPercentileTextInMicroseconds() throws IOException {
        twoGoodForks();
        CellMerger.merge(cell, null, context(2, null, false));
        JsonObject latency = resultJson().getAsJsonObject("metrics").getAsJsonObject("latency");

        List<String> lines = Files.readAllLines(cell.resolve(ResultLayout.hgrm("latency")));
        assertTrue(lines.get(0).trim().startsWith("Value"), lines.get(0));
        String total = lines.stream().filter(l -> l.startsWith("#[Max")).findFirst().orElseThrow();
        // "#[Max     =  x.xxx, Total count    =  n]": the count of result.json, the max in µs
        String[] fields = total.replaceAll("[#\\[\\]]", "").split(",");
        double maxUs = Double.parseDouble(fields[0].split("=")[1].trim());
        long count = Long.parseLong(fields[1].split("=")[1].trim());
        assertEquals(latency.get("count").getAsLong(), count);
        assertEquals(latency.get("max").getAsLong() / 1e3, maxUs, 0.001);
        String median = lines.stream().skip(1).filter(l -> !l.isBlank() && !l.startsWith("#"))
                .filter(l -> Double.parseDouble(l.trim().split("\\s+")[1]) >= 0.5).findFirst().orElseThrow();
        assertEquals(latency.get("p50").getAsLong() / 1e3, Double.parseDouble(median.trim().split("\\s+")[0]), 0.001);
    }

    @Test
    void envJsonComesFromTheFirstForkWithOneAndGainsTheCommitAndPinning() throws IOException {
        twoGoodForks();
        JsonObject env = new JsonObject();
        env.addProperty("gc", "g1");
        ResultFiles.writeJson(cell.resolve("forks/1002").resolve(ResultLayout.ENV_JSON), env);
        CellMerger.merge(cell, null, context(2, null, false));
        JsonObject merged = ResultFiles.readJson(cell.resolve(ResultLayout.ENV_JSON));
        assertEquals("g1", merged.get("gc").getAsString());
        assertEquals("abc1234", merged.get("suiteCommit").getAsString());
        assertEquals(2, merged.getAsJsonArray("pinning").size());
        assertEquals(2, merged.getAsJsonArray("machineLoad").size());
    }

    @Test
    void theJmhFileIsMovedIntoTheCellWithTheMergedLatencyAsItsPrimaryScore() throws IOException {
        twoGoodForks();
        Path jmh = Files.write(tmp.resolve("jmh-out.json"), "[{\"primaryMetric\": {\"score\": 2.0}}]"
                .getBytes(StandardCharsets.UTF_8));
        CellMerger.merge(cell, jmh, context(2, null, false));
        assertFalse(Files.exists(jmh));
        JsonObject b = JsonParser.parseString(Files.readString(cell.resolve(ResultLayout.jmhJson("queue", "x"))))
                .getAsJsonArray().get(0).getAsJsonObject();
        assertEquals(resultJson().getAsJsonObject("metrics").getAsJsonObject("latency").get("p50").getAsLong(),
                b.getAsJsonObject("primaryMetric").get("score").getAsLong(), "the merged median of the primary metric");
        assertEquals(2.0, b.getAsJsonObject("secondaryMetrics").getAsJsonObject("period").get("score").getAsDouble());
    }

    @Test
    void aJmhFileThatCannotBeWrittenFailsTheCellInResultJsonToo() throws IOException {
        twoGoodForks();
        Path jmh = Files.write(tmp.resolve("jmh-out.json"), "[{\"primaryMetric\": {\"score\": 2.0}}]"
                .getBytes(StandardCharsets.UTF_8));
        // a folder where the file goes: it cannot be written, as a name too long for the file system cannot
        Files.createDirectories(cell.resolve(ResultLayout.jmhJson("queue", "x")).resolve("in-the-way"));

        CellSummary summary = CellMerger.merge(cell, jmh, context(2, null, false));

        assertEquals("FAILED", summary.status);
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString(), "result.json tells what the launcher tells");
        assertEquals(summary.reasons, strings(r.getAsJsonArray("reasons")));
        assertTrue(strings(r.getAsJsonArray("reasons")).stream().anyMatch(x -> x.contains(ResultLayout.jmhJson("queue",
                "x"))), r.toString());
    }

    @Test
    void aForkWithoutForkJsonFailsTheCell() throws IOException {
        fork("1001", okFork(2, 0, 0, 100_000.0), values(T0_MS, 100, 200), values(T0_MS, 50, 60));
        fork("1002", null);
        CellSummary summary = CellMerger.merge(cell, null, context(2, null, false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(List.of("fork 1002 ended before it wrote any result", "expected results from 2 fork(s), found 1"),
                strings(r.getAsJsonArray("reasons")));
        assertEquals(2, r.get("forks").getAsInt(), "what was asked");
        assertEquals(1, r.get("forksWithData").getAsInt());
        assertEquals(2, r.get("sent").getAsLong());
        assertEquals(2, r.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        assertEquals("FAILED", summary.status);
        assertEquals(strings(r.getAsJsonArray("reasons")), summary.reasons);
    }

    @Test
    void aFullDiskFailsTheMergeNamingTheFileAndLeavesNoFileUnderAFinalName() throws Exception {
        Path disk = Files.createDirectories(tmp.resolve("small-disk"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Assumptions.assumeTrue(mount.waitFor() == 0, "cannot mount a 1 MiB tmpfs here (it needs root, in a container"
                + " that allows mounts): " + said);
        try {
            cell = disk.resolve("run1/queue/x/temurin-17.0.15__g1");
            twoGoodForks();
            try (java.io.OutputStream filler = Files.newOutputStream(disk.resolve("filler"))) {
                byte[] block = new byte[64 * 1024];
                while (true) {
                    filler.write(block);
                }
            } catch (IOException full) {
                assertEquals("No space left on device", full.getMessage());
            }

            IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                    () -> CellMerger.merge(cell, null, context(2, null, false)));
            assertTrue(e.getMessage().startsWith("cannot write " + cell.resolve(ResultLayout.LATENCY_HLOG)
                    + ": No space left on device (the disk is full: the file system of " + cell + " has "),
                    e.getMessage());
            try (Stream<Path> s = Files.list(cell)) {
                assertEquals(List.of("forks"), s.map(p -> p.getFileName().toString()).collect(Collectors.toList()),
                        "no half-written file, no temporary file");
            }
            assertTrue(Files.size(cell.resolve("forks/1002").resolve(ResultLayout.LATENCY_HLOG)) > 0,
                    "what was measured is kept");
        } finally {
            new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void aCellWhoseForksAllDiedRecordsTheSettingsAsked() throws IOException {
        fork("1001", null);
        CellMerger.merge(cell, null, context(3, "the benchmark failed: exit code 137", false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(256, r.get("payloadBytes").getAsInt());
        assertEquals(3, r.get("forks").getAsInt());
        assertEquals(0, r.get("forksWithData").getAsInt());
        assertEquals(100_000, r.get("ratePerSec").getAsLong());
        assertEquals(2 * S, r.get("measureNs").getAsLong());
    }

    @Test
    void histogramsThatDoNotMatchTheCountersFailTheCell() throws IOException {
        fork("1001", okFork(1_000, 0, 0, 100_000.0), values(T0_MS, range(1, 999, 1)), values(T0_MS, range(1, 999, 1)));
        CellMerger.merge(cell, null, context(1, null, false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(List.of("the interval logs hold 999 latency values but the forks recorded 1,000"),
                strings(r.getAsJsonArray("reasons")));
    }

    @Test
    void aForkWithNoLatencyFailsTheCell() throws IOException {
        fork("1001", okFork(1_000, 0, 0, 100_000.0));
        CellMerger.merge(cell, null, context(1, null, false));
        assertEquals(List.of("no latency was measured"), strings(resultJson().getAsJsonArray("reasons")));
    }

    @Test
    void aLogCutShortMidLineKeepsTheIntervalsBeforeIt() throws IOException {
        Path dir = fork("1001", okFork(1_000, 0, 0, 100_000.0), values(T0_MS, range(1, 1_000, 1)),
                values(T0_MS, range(1, 1_000, 1)), values(T0_MS + 1_000, 5, 6), values(T0_MS + 1_000, 5, 6));
        Path log = dir.resolve(ResultLayout.LATENCY_HLOG);
        byte[] bytes = Files.readAllBytes(log);
        Files.write(log, Arrays.copyOf(bytes, bytes.length - 20)); // the last line loses its end
        CellMerger.merge(cell, null, context(1, null, false));
        JsonObject r = resultJson();
        assertEquals("OK", r.get("status").getAsString(), r.get("reasons").toString());
        assertEquals(1_000, r.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        assertEquals(List.of("the interval log of fork 1001 ends in a line cut short (the fork was killed while"
                + " writing it); the intervals before it are kept"), strings(r.getAsJsonArray("flags")));
    }

    @Test
    void aLauncherFailureIsAReason() throws IOException {
        twoGoodForks();
        CellSummary summary = CellMerger.merge(cell, null,
                context(2, "the benchmark JVM exited with code 1", false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(List.of("the benchmark JVM exited with code 1"), strings(r.getAsJsonArray("reasons")));
        assertEquals(List.of("the benchmark JVM exited with code 1"), summary.reasons);
    }

    @Test
    void fewerForksThanAskedFailTheCell() throws IOException {
        twoGoodForks();
        CellMerger.merge(cell, null, context(3, null, false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(List.of("expected results from 3 fork(s), found 2"), strings(r.getAsJsonArray("reasons")));
    }

    @Test
    void aCellWithoutForksFails() throws IOException {
        CellSummary summary = CellMerger.merge(cell, null, context(1, null, false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(List.of("expected results from 1 fork(s), found 0"), strings(r.getAsJsonArray("reasons")));
        assertEquals(new LatencySummary(0, 0, 0, 0, 0, 0, 0), summary.primary());
        assertEquals(0.0, r.getAsJsonObject("pacing").get("achievedRatePerSec").getAsDouble(), 0.0);
        assertEquals(0.0, r.getAsJsonObject("allocation").get("bytesPerMessage").getAsDouble(), 0.0);
        assertEquals(0, IntervalLog.read(cell.resolve(ResultLayout.LATENCY_HLOG)).of("latency").size());
    }

    @Test
    void anInterruptedRunIsInterruptedNotFailed() throws IOException {
        fork("1001", okFork(1_000, 0, 0, 100_000.0), values(T0_MS, 100, 200), values(T0_MS, 50, 60));
        CellSummary summary = CellMerger.merge(cell, null, context(3, null, true));
        JsonObject r = resultJson();
        assertEquals("INTERRUPTED", r.get("status").getAsString());
        assertEquals(List.of("interrupted: the run was stopped before this cell finished"),
                strings(r.getAsJsonArray("reasons")), "no complaint about the missing forks");
        assertEquals("INTERRUPTED", summary.status);
        assertEquals(2, summary.primary().count);
    }

    @Test
    void anInterruptedForkKeepsItsOwnReason() throws IOException {
        fork("1001", forkJson("INTERRUPTED", List.of("interrupted: the benchmark JVM was stopped"), 500, 500, 0, 0,
                0, 100_000.0, 0, 0, true, false), values(T0_MS, 100), values(T0_MS, 50));
        CellMerger.merge(cell, null, context(1, null, false));
        JsonObject r = resultJson();
        assertEquals("INTERRUPTED", r.get("status").getAsString());
        assertEquals(List.of("interrupted: the benchmark JVM was stopped"), strings(r.getAsJsonArray("reasons")));
    }

    @Test
    void failedForksReasonsAreCarriedOnceEach() throws IOException {
        fork("1001", forkJson("FAILED", List.of("messages lost: 5 of 1,000", "rate not held"), 1_000, 995, 5, 0,
                0, 99_000.0, 0, 0, true, false));
        fork("1002", forkJson("FAILED", List.of("rate not held"), 1_000, 998, 2, 0, 0, 98_000.0, 0, 0, true, false));
        CellMerger.merge(cell, null, context(2, null, false));
        JsonObject r = resultJson();
        assertEquals("FAILED", r.get("status").getAsString());
        assertEquals(List.of("messages lost: 5 of 1,000", "rate not held", "no latency was measured"),
                strings(r.getAsJsonArray("reasons")), "these forks wrote no interval log");
        assertEquals(7, r.get("lost").getAsLong());
        assertEquals(1_993, r.get("received").getAsLong());
        assertEquals(98_000.0, r.getAsJsonObject("pacing").get("achievedRatePerSec").getAsDouble(), 0.0);
    }

    @Test
    void aBusyOrUnpinnedForkFlagsTheCellWithoutFailingIt() throws IOException {
        fork("1001", forkJson("OK", List.of(), 1_000, 1_000, 0, 0, 0, 100_000.0, 0, 0, false, false),
                values(T0_MS, repeat(100, 1_000)), values(T0_MS, repeat(50, 1_000)));
        fork("1002", forkJson("OK", List.of(), 1_000, 1_000, 0, 0, 0, 100_000.0, 0, 0, true, true),
                values(T0_MS, repeat(100, 1_000)), values(T0_MS, repeat(50, 1_000)));
        CellSummary summary = CellMerger.merge(cell, null, context(2, null, false));
        JsonObject r = resultJson();
        assertEquals("OK", r.get("status").getAsString());
        List<String> flags = List.of(
                "busy machine: other processes used 1.50 cores, more than the 0.25 allowed",
                "unpinned: the spinning threads were not pinned to CPUs");
        assertEquals(flags, strings(r.getAsJsonArray("flags")));
        assertEquals(flags, summary.flags);
        assertTrue(r.getAsJsonArray("machineLoad").get(1).getAsJsonObject().get("busy").getAsBoolean());
    }
}
