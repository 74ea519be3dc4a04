package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.CommittedRuns;

/** The kept JMH file's primary score is the merged latency; JMH's period time stays as a secondary result. */
class JmhResultFileTest {
    @TempDir
    Path tmp;

    @Test
    void thePrimaryScoreIsTheMedianLatencyWithItsPercentilesAndThePeriodMovesToTheSecondaryResults()
            throws IOException {
        Path from = tmp.resolve("jmh.tmp.json");
        Files.writeString(from, "[{\"benchmark\": \"b\", \"mode\": \"ss\", \"primaryMetric\": {\"score\": 2.05,"
                + " \"scoreUnit\": \"s/op\"}, \"secondaryMetrics\": {\"latency.p50\": {\"score\": 400.0}}}]");
        Histogram h = LatencyRecorder.newHistogram();
        for (long ns = 1; ns <= 1000; ns++) {
            h.recordValue(ns * 1000);
        }
        Path to = tmp.resolve("jmh-queue-chronicle.json");
        JmhResultFile.write(from, to, LatencySummary.of(h));

        JsonObject b = JsonParser.parseString(Files.readString(to)).getAsJsonArray().get(0).getAsJsonObject();
        JsonObject primary = b.getAsJsonObject("primaryMetric");
        assertEquals("ns", primary.get("scoreUnit").getAsString());
        assertEquals(LatencySummary.of(h).p50, primary.get("score").getAsLong());
        assertEquals(LatencySummary.of(h).p99, primary.getAsJsonObject("scorePercentiles").get("99.0").getAsLong());
        assertEquals(LatencySummary.of(h).max, primary.getAsJsonObject("scorePercentiles").get("100.0").getAsLong());
        JsonObject period = b.getAsJsonObject("secondaryMetrics").getAsJsonObject(JmhResultFile.PERIOD);
        assertEquals(2.05, period.get("score").getAsDouble(), 1e-9);
        assertEquals("s/op", period.get("scoreUnit").getAsString());
        assertEquals(400.0, b.getAsJsonObject("secondaryMetrics").getAsJsonObject("latency.p50").get("score")
                .getAsDouble(), 1e-9, "the profiler's results stay");
        assertFalse(Files.exists(from), "JMH's temporary file is gone");
    }

    /**
     * Each committed cell's JMH file, taken back to what JMH wrote (its period time as the primary score) and
     * rewritten with the latency it shows, is the same text: the same members, values and order.
     */
    @Test
    void eachCommittedJmhFileIsWrittenAgainTheSame() throws IOException {
        List<Path> files = CommittedRuns.files(n -> n.startsWith("jmh-") && n.endsWith(".json"));
        assertTrue(files.size() >= 10, files.size() + " committed JMH files");
        for (Path committed : files) {
            JsonArray jmh = JsonParser.parseString(Files.readString(committed)).getAsJsonArray();
            JsonObject percentiles = null;
            for (JsonElement e : jmh) {
                JsonObject b = e.getAsJsonObject();
                JsonObject primary = b.getAsJsonObject("primaryMetric");
                percentiles = primary.getAsJsonObject("scorePercentiles");
                b.add("primaryMetric", b.getAsJsonObject("secondaryMetrics").remove(JmhResultFile.PERIOD));
            }
            Path from = tmp.resolve("jmh.tmp.json");
            ResultFiles.writeJson(from, jmh);
            LatencySummary s = new LatencySummary(percentiles.get("50.0").getAsLong(),
                    percentiles.get("90.0").getAsLong(), percentiles.get("99.0").getAsLong(),
                    percentiles.get("99.9").getAsLong(), percentiles.get("99.99").getAsLong(),
                    percentiles.get("100.0").getAsLong(), 1);
            Path to = tmp.resolve("jmh.json");
            JmhResultFile.write(from, to, s);
            assertEquals(Files.readString(committed), Files.readString(to), committed.toString());
        }
    }
}
