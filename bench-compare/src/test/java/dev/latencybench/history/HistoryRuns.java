package dev.latencybench.history;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.google.gson.JsonObject;

import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.RunManifest;

/**
 * Writes run folders for the history's tests through the suite's own writers ({@link RunManifest}, {@link CellResult},
 * {@link EnvironmentFile}): a matrix run of one study whose every variant × JVM × collector cell has {@code forks}
 * forks, each fork's p50 the cell's typical latency times the run's level times a seeded noise factor, its p99 3
 * times and its p99.9 10 times that, on 1,000,000 samples (so every followed percentile is shown). No .hlog is
 * written: the history never reads one.
 */
public final class HistoryRuns {
    /** How a run's figures are scaled, per variant and cell: 1 is the usual level. */
    public interface Level {
        double of(String variant, String cell);
    }

    private final Path root;
    private String study = "queue";
    private List<String> variants = List.of("chronicle");
    private List<String> jvms = List.of("temurin-17.0.15");
    private List<String> gcs = List.of("g1");
    private int forks = 3;
    private double noise = 0.02;
    private EnvironmentFile.Os os = os("ci-box", "6.1.0");
    private EnvironmentFile.Cpu cpu = cpu("Fixture CPU @ 3.0GHz", 8);
    private final SplittableRandom random = new SplittableRandom(47);

    public HistoryRuns(Path root) {
        this.root = root;
    }

    public HistoryRuns cells(List<String> variants, List<String> jvms, List<String> gcs) {
        this.variants = variants;
        this.jvms = jvms;
        this.gcs = gcs;
        return this;
    }

    public HistoryRuns forks(int forks) {
        this.forks = forks;
        return this;
    }

    /** The standard deviation of each fork's noise factor, as a share (0.02: 2%). */
    public HistoryRuns noise(double noise) {
        this.noise = noise;
        return this;
    }

    public HistoryRuns host(String name, String cpuModel, int cores, String kernel) {
        this.os = os(name, kernel);
        this.cpu = cpu(cpuModel, cores);
        return this;
    }

    /** A run at level 1 everywhere. */
    public Path run(String runId, Instant started, String commit) throws IOException {
        return run(runId, started, commit, (v, c) -> 1);
    }

    /** A run at the same level in every cell. */
    public Path run(String runId, Instant started, String commit, double level) throws IOException {
        return run(runId, started, commit, (v, c) -> level);
    }

    public Path run(String runId, Instant started, String commit, Level level) throws IOException {
        Path dir = root.resolve(runId);
        List<RunManifest.CellEntry> entries = new ArrayList<>();
        List<RunManifest.JvmEntry> jvmEntries = new ArrayList<>();
        for (String jvm : jvms) {
            jvmEntries.add(new RunManifest.JvmEntry(jvm, "/jdk/" + jvm + "/bin/java", "17.0.15", "Fixture", "--jvm",
                    List.of()));
        }
        int typical = 0;
        for (String jvm : jvms) {
            for (String gc : gcs) {
                String cell = jvm + "__" + gc;
                entries.add(new RunManifest.CellEntry(study, jvm, gc, cell, List.of(), "OK", null, 2.0, 0,
                        "logs/" + study + "__" + cell + ".log"));
                for (String variant : variants) {
                    long typicalNs = 800 + 50L * typical++;
                    writeCell(dir, runId, variant, cell, gc, commit, typicalNs * level.of(variant, cell));
                }
            }
        }
        new RunManifest(1, runId, started == null ? null : started.toString(), null, null, null, os.host,
                "scripts/bench run --fixture", null, List.of(study), jvmEntries, gcs, Map.of(), List.of(), Map.of(),
                null, entries, new JsonObject()).write(dir);
        return dir;
    }

    private void writeCell(Path dir, String runId, String variant, String cell, String gc, String commit, double p50Ns)
            throws IOException {
        Path cdir = dir.resolve(study).resolve(variant).resolve(cell);
        CellResult r = new CellResult();
        r.status = "OK";
        r.study = study;
        r.variant = variant;
        r.cell = cell;
        r.runId = runId;
        r.scale = "standard";
        r.warmupNs = 1_000_000_000L;
        r.measureNs = 2_000_000_000L;
        r.forks = forks;
        r.forksWithData = forks;
        r.metrics = Metrics.ONE_WAY;
        r.command = "scripts/bench run --fixture";
        for (String metric : Metrics.ONE_WAY.names()) {
            List<CellResult.ForkFigures> figures = new ArrayList<>();
            long[] p50s = new long[forks];
            for (int f = 0; f < forks; f++) {
                p50s[f] = Math.max(1, Math.round(p50Ns * (1 + noise * random.nextGaussian())));
                figures.add(new CellResult.ForkFigures(Integer.toString(4000 + f), summary(p50s[f], 1_000_000)));
            }
            long[] sorted = p50s.clone();
            java.util.Arrays.sort(sorted);
            r.summaries.put(metric, summary(sorted[forks / 2], 1_000_000L * forks));
            r.forkSummaries.put(metric, figures);
        }
        ResultFiles.writeJson(cdir.resolve("result.json"), r.toJson());
        new EnvironmentFile(EnvironmentFile.VERSION, null, gc, List.of(), cpu, os, List.of(), commit, List.of(),
                List.of(), new JsonObject()).write(cdir.resolve("env.json"));
    }

    private static LatencySummary summary(long p50, long count) {
        return new LatencySummary(p50, 2 * p50, 3 * p50, 10 * p50, 20 * p50, 30 * p50, count);
    }

    private static EnvironmentFile.Os os(String host, String kernel) {
        return new EnvironmentFile.Os("Linux", kernel, "amd64", "madvise", "16 GB", host, new JsonObject());
    }

    private static EnvironmentFile.Cpu cpu(String model, int cores) {
        return new EnvironmentFile.Cpu(model, cores, "0-" + (cores - 1), null, null, "none", "none", "performance",
                new JsonObject());
    }

    /** {@code 2026-11-01T00:00:00Z} plus {@code hours}: the runs' start times, an hour apart. */
    public static Instant at(int hours) {
        return Instant.parse("2026-11-01T00:00:00Z").plusSeconds(3600L * hours);
    }
}
