package dev.latencybench.startup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.study.Accounting;
import dev.latencybench.startup.load.LoadGenerator;
import dev.latencybench.startup.load.LoadReport;

/**
 * The start-up study's accounting: in the fork, what {@code fork.json} keeps of the load (per batch
 * its percentiles and throughput: the warm-up curve; the open loop's); in the launcher, the raw value
 * of every launch, what was built for the mode, and the load, gathered over the cell's forks into
 * {@code result.json}. Not thread-safe: one per cell.
 */
final class StartupTally implements Accounting {
    private LaunchValues raw = LaunchValues.none();
    private final JsonArray prepared = new JsonArray();
    private final JsonArray loads = new JsonArray();
    private final List<String> flags = new ArrayList<>();
    private long launches;
    private long expectedLaunches;
    private String cpuSplit = "";

    StartupTally() {
    }

    /** What a fork keeps of the generator's output: numbers, not the histograms (those are in the .hlog). */
    static JsonObject loadSummary(LoadReport load, StartupConfig config) {
        JsonObject o = new JsonObject();
        o.addProperty("batchRequests", config.batchRequests());
        o.addProperty("concurrency", config.concurrency());
        JsonArray curve = new JsonArray();
        List<LoadReport.Batch> batches = load.batches();
        for (int i = 0; i < batches.size(); i++) {
            LoadReport.Batch b = batches.get(i);
            JsonObject c = percentiles(LoadGenerator.decode(b.histogram()));
            c.addProperty("batch", i + 1);
            c.addProperty("requestsBefore", (long) i * config.batchRequests());
            c.addProperty("errors", b.errors());
            c.addProperty("perSec", b.elapsedNs() <= 0 ? 0 : Math.round(b.requests() * 1e9 / b.elapsedNs()));
            curve.add(c);
        }
        o.add("batches", curve);
        if (load.open() != null) {
            LoadReport.Open open = load.open();
            JsonObject s = new JsonObject();
            s.addProperty("ratePerSec", open.ratePerSec());
            s.addProperty("requests", open.requests());
            s.addProperty("errors", open.errors());
            s.addProperty("maxSendLagNs", open.maxSendLagNs());
            s.add("latency", percentiles(LoadGenerator.decode(open.latency())));
            s.add("service", percentiles(LoadGenerator.decode(open.service())));
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
        StartupFork f = StartupFork.PART.read(fork);
        if (f.launchValues() != null) {
            raw = raw.and(f.launchValues());
        }
        launches += f.launches() == null ? 0 : f.launches();
        expectedLaunches += f.repetitions() == null ? 0 : f.repetitions();
        if (f.prepared() != null) {
            prepared.add(f.prepared());
        }
        if (f.load() != null) {
            loads.add(f.load());
        }
        if (f.cpuSplit() != null) {
            cpuSplit = f.cpuSplit();
        }
    }

    @Override
    public void writeTo(JsonObject result) {
        StartupResult.PART.write(StartupResult.gathered(launches, raw, prepared.deepCopy(), loads.deepCopy(),
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
