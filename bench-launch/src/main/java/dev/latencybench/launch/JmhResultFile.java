package dev.latencybench.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.annotations.SerializedName;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.Others;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;

/**
 * JMH's result file of a cell, kept as {@code jmh-<study>-<step>.json} for JMH's tools, its primary score rewritten
 * to the study's merged primary latency, since JMH's own is the length of a period; that moves to the secondary
 * result {@link #PERIOD}. Stateless.
 */
final class JmhResultFile {
    /** The secondary result that keeps JMH's own primary score: the benchmark method's time, one period. */
    static final String PERIOD = "period";

    private JmhResultFile() {
    }

    /** One benchmark of JMH's file: the members the suite rewrites; the others, JMH's, kept as they are. */
    static final class Benchmark {
        JsonObject primaryMetric;
        /** JMH's secondary results by their name (a profiler's, the suite's, {@link #PERIOD}). */
        JsonObject secondaryMetrics;
        @Others
        JsonObject jmh = new JsonObject();
    }

    /** A JMH metric of the merged percentiles: the median as its score, in ns, as a sample-time result has one. */
    static final class Metric {
        long score;
        final String scoreError = "NaN";
        long[] scoreConfidence;
        Percentiles scorePercentiles;
        final String scoreUnit = "ns";
        long[][] rawData;
    }

    /** JMH's percentiles, named by the percent. */
    static final class Percentiles {
        @SerializedName("50.0")
        long p50;
        @SerializedName("90.0")
        long p90;
        @SerializedName("99.0")
        long p99;
        @SerializedName("99.9")
        long p99_9;
        @SerializedName("99.99")
        long p99_99;
        @SerializedName("100.0")
        long max;
    }

    /** Writes {@code from}, JMH's file, to {@code to} with the merged latency as each benchmark's primary score. */
    static void write(Path from, Path to, LatencySummary primary) throws IOException {
        JsonElement read = JsonCodec.readTree(from);
        if (read.isJsonArray() && primary != null && primary.count > 0) {
            JsonArray all = read.getAsJsonArray();
            for (int i = 0; i < all.size(); i++) {
                JsonObject jmh = all.get(i).getAsJsonObject();
                Benchmark b = JsonCodec.fromJson(from, jmh, Benchmark.class);
                JsonObject secondary = b.secondaryMetrics == null ? new JsonObject() : b.secondaryMetrics;
                if (b.primaryMetric != null) {
                    secondary.add(PERIOD, b.primaryMetric);
                }
                b.secondaryMetrics = secondary;
                b.primaryMetric = JsonCodec.toJsonObject(latency(primary));
                all.set(i, inOrderOf(jmh, JsonCodec.toJsonObject(b)));
            }
        }
        ResultFiles.writeJson(to, read);
        Files.delete(from);
    }

    /** {@code rewritten}'s members in {@code original}'s order (JMH's), then the ones it adds. */
    private static JsonObject inOrderOf(JsonObject original, JsonObject rewritten) {
        JsonObject o = new JsonObject();
        for (String name : original.keySet()) {
            o.add(name, rewritten.get(name));
        }
        for (Map.Entry<String, JsonElement> e : rewritten.entrySet()) {
            if (!o.has(e.getKey())) {
                o.add(e.getKey(), e.getValue());
            }
        }
        return o;
    }

    /** A JMH metric of the merged percentiles. */
    static Metric latency(LatencySummary s) {
        Metric m = new Metric();
        m.score = s.p50;
        m.scoreConfidence = new long[] {s.p50, s.p50};
        m.scorePercentiles = new Percentiles();
        m.scorePercentiles.p50 = s.p50;
        m.scorePercentiles.p90 = s.p90;
        m.scorePercentiles.p99 = s.p99;
        m.scorePercentiles.p99_9 = s.p99_9;
        m.scorePercentiles.p99_99 = s.p99_99;
        m.scorePercentiles.max = s.max;
        m.rawData = new long[][] {{s.p50}};
        return m;
    }
}
