package dev.latencybench.startup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.study.Accounting;
import dev.latencybench.startup.load.LoadGenerator;

/**
 * The start-up study's accounting: in the fork, what {@code fork.json} keeps of the load (per batch
 * its percentiles and throughput: the warm-up curve; the open loop's); in the launcher, the raw value
 * of every launch, what was built for the mode, and the load, gathered over the cell's forks into
 * {@code result.json}. Not thread-safe: one per cell.
 */
final class StartupTally implements Accounting {
    private static final String[] RAW = {StartupResult.FIRST_RESPONSE_NS, "cpuNs", "rssKiB", "pssKiB", "pid", "port"};
    private final JsonObject raw = new JsonObject();
    private final JsonArray prepared = new JsonArray();
    private final JsonArray loads = new JsonArray();
    private final List<String> flags = new ArrayList<>();
    private long launches;
    private long expectedLaunches;
    private String cpuSplit = "";

    StartupTally() {
        for (String k : RAW) {
            raw.add(k, new JsonArray());
        }
    }

    /** What a fork keeps of the generator's output: numbers, not the histograms (those are in the .hlog). */
    static JsonObject loadSummary(JsonObject load, StartupConfig config) {
        JsonObject o = new JsonObject();
        o.addProperty("batchRequests", config.batchRequests());
        o.addProperty("concurrency", config.concurrency());
        JsonArray curve = new JsonArray();
        JsonArray batches = load.getAsJsonArray("batches");
        for (int i = 0; i < batches.size(); i++) {
            JsonObject b = batches.get(i).getAsJsonObject();
            Histogram h = LoadGenerator.decode(b.get("histogram").getAsString());
            JsonObject c = percentiles(h);
            c.addProperty("batch", i + 1);
            c.addProperty("requestsBefore", (long) i * config.batchRequests());
            c.addProperty("errors", b.get("errors").getAsLong());
            long elapsed = b.get("elapsedNs").getAsLong();
            c.addProperty("perSec", elapsed <= 0 ? 0 : Math.round(b.get("requests").getAsLong() * 1e9 / elapsed));
            curve.add(c);
        }
        o.add("batches", curve);
        if (load.has("open")) {
            JsonObject open = load.getAsJsonObject("open");
            JsonObject s = new JsonObject();
            s.addProperty("ratePerSec", open.get("ratePerSec").getAsLong());
            s.addProperty("requests", open.get("requests").getAsLong());
            s.addProperty("errors", open.get("errors").getAsLong());
            s.addProperty("maxSendLagNs", open.get("maxSendLagNs").getAsLong());
            s.add("latency", percentiles(LoadGenerator.decode(open.get("latency").getAsString())));
            s.add("service", percentiles(LoadGenerator.decode(open.get("service").getAsString())));
            o.add("open", s);
        }
        return o;
    }

    private static JsonObject percentiles(Histogram h) {
        JsonObject o = new JsonObject();
        o.addProperty("count", h.getTotalCount());
        o.addProperty("p50", h.getValueAtPercentile(50));
        o.addProperty("p95", h.getValueAtPercentile(95));
        o.addProperty("p99", h.getValueAtPercentile(99));
        o.addProperty("p99_9", h.getValueAtPercentile(99.9));
        o.addProperty("max", h.getMaxValue());
        return o;
    }

    @Override
    public void add(JsonObject fork) {
        if (fork.has("launchValues")) {
            JsonObject v = fork.getAsJsonObject("launchValues");
            for (String k : RAW) {
                for (JsonElement e : v.getAsJsonArray(k)) {
                    raw.getAsJsonArray(k).add(e);
                }
            }
        }
        launches += fork.has("launches") ? fork.get("launches").getAsLong() : 0;
        expectedLaunches += fork.has("repetitions") ? fork.get("repetitions").getAsLong() : 0;
        if (fork.has("prepared")) {
            prepared.add(fork.get("prepared"));
        }
        if (fork.has("load")) {
            loads.add(fork.get("load"));
        }
        if (fork.has("cpuSplit")) {
            cpuSplit = fork.get("cpuSplit").getAsString();
        }
    }

    @Override
    public void writeTo(JsonObject result) {
        StartupResult.PART.write(StartupResult.gathered(launches, raw.deepCopy(), prepared.deepCopy(), loads.deepCopy(),
                cpuSplit), result);
    }

    @Override
    public List<String> flags() {
        List<String> out = new ArrayList<>(flags);
        if (launches < expectedLaunches) {
            out.add(String.format(Locale.ROOT, "%d of %d launches measured", launches, expectedLaunches));
        }
        return out;
    }

    @Override
    public long expectedSamples() {
        return launches;
    }
}
