package dev.latencybench.startup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.study.Accounting;
import dev.latencybench.startup.load.LoadGenerator;
import dev.latencybench.startup.load.LoadReport;

/**
 * The start-up study's accounting: what {@code fork.json} keeps of the load, and in the launcher every launch's
 * values and the load gathered over the cell's forks. Not thread-safe: one per cell.
 */
final class StartupTally implements Accounting {
    private LaunchValues raw = LaunchValues.none();
    private final JsonArray prepared = new JsonArray();
    private final List<LoadSummary> loads = new ArrayList<>();
    private final List<String> flags = new ArrayList<>();
    private long launches;
    private long expectedLaunches;
    private String cpuSplit = "";

    StartupTally() {
    }

    /** What a fork keeps of the generator's output: numbers, not the histograms (those are in the .hlog). */
    static LoadSummary loadSummary(LoadReport load, StartupConfig config) {
        List<LoadSummary.Batch> curve = new ArrayList<>();
        List<LoadReport.Batch> batches = load.batches();
        for (int i = 0; i < batches.size(); i++) {
            LoadReport.Batch b = batches.get(i);
            curve.add(new LoadSummary.Batch(i + 1, (long) i * config.batchRequests(), b.errors(),
                    b.elapsedNs() <= 0 ? 0 : Math.round(b.requests() * 1e9 / b.elapsedNs()),
                    JsonCodec.toJsonObject(percentiles(LoadGenerator.decode(b.histogram())))));
        }
        LoadReport.Open open = load.open();
        return new LoadSummary(config.batchRequests(), config.concurrency(), curve, open == null ? null
                : new LoadSummary.Open(open.ratePerSec(), open.requests(), open.errors(), open.maxSendLagNs(),
                        percentiles(LoadGenerator.decode(open.latency())),
                        percentiles(LoadGenerator.decode(open.service()))));
    }

    private static LoadSummary.Percentiles percentiles(Histogram h) {
        return new LoadSummary.Percentiles(h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(95),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue());
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
        StartupResult.PART.write(StartupResult.gathered(launches, raw, prepared.deepCopy(), List.copyOf(loads),
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
