package dev.latencybench.core.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;

/**
 * JMH's result file of a cell, kept as {@code jmh-<study>-<step>.json} for JMH's own tools, with a
 * primary score that means what a reader looks for: JMH times the benchmark method, which here is
 * one whole period (warm-up or measured), so its primary score is the period's length. The cell's
 * file gets the study's primary latency instead, merged over every fork from the histograms (the
 * median as the score, the percentiles up to the max, in ns, as a sample-time result shows them), and
 * JMH's own period time moves to the secondary result {@code period}. Stateless.
 */
final class JmhResultFile {
    /** The secondary result that keeps JMH's own primary score: the benchmark method's time, one period. */
    static final String PERIOD = "period";

    private JmhResultFile() {
    }

    /** Writes {@code from}, JMH's file, to {@code to} with the merged latency as each benchmark's primary score. */
    static void write(Path from, Path to, LatencySummary primary) throws IOException {
        JsonElement read = JsonParser.parseString(Files.readString(from, StandardCharsets.UTF_8));
        if (read.isJsonArray() && primary != null && primary.count > 0) {
            for (JsonElement e : read.getAsJsonArray()) {
                JsonObject b = e.getAsJsonObject();
                JsonObject secondary = b.has("secondaryMetrics") ? b.getAsJsonObject("secondaryMetrics") : new JsonObject();
                if (b.has("primaryMetric")) {
                    secondary.add(PERIOD, b.get("primaryMetric"));
                }
                b.add("secondaryMetrics", secondary);
                b.add("primaryMetric", latency(primary));
            }
        }
        ResultFiles.writeJson(to, read);
        Files.delete(from);
    }

    /** A JMH metric of the merged percentiles: the median as its score, in ns. */
    static JsonObject latency(LatencySummary s) {
        JsonObject m = new JsonObject();
        m.addProperty("score", s.p50);
        m.addProperty("scoreError", "NaN");
        JsonArray confidence = new JsonArray();
        confidence.add(s.p50);
        confidence.add(s.p50);
        m.add("scoreConfidence", confidence);
        JsonObject percentiles = new JsonObject();
        percentiles.addProperty("50.0", s.p50);
        percentiles.addProperty("90.0", s.p90);
        percentiles.addProperty("99.0", s.p99);
        percentiles.addProperty("99.9", s.p99_9);
        percentiles.addProperty("99.99", s.p99_99);
        percentiles.addProperty("100.0", s.max);
        m.add("scorePercentiles", percentiles);
        m.addProperty("scoreUnit", "ns");
        JsonArray raw = new JsonArray();
        JsonArray fork = new JsonArray();
        fork.add(s.p50);
        raw.add(fork);
        m.add("rawData", raw);
        return m;
    }
}
