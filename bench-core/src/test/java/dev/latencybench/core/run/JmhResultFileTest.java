package dev.latencybench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;

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
}
