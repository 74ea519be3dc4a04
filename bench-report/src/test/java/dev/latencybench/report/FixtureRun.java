package dev.latencybench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;

/**
 * Writes a run folder in the suite's result format with known latencies: {@code run.json} of a
 * matrix, and per cell {@code result.json}, {@code env.json} and a {@code latency.hlog} of one
 * interval per second, so the report and compare can be checked against numbers known in advance.
 */
public final class FixtureRun {
    public final Path dir;
    private final JsonArray cells = new JsonArray();
    private String scenario = "queue";
    /** Null: results as written before metrics were named ({@code latencyNs}, {@code serviceTimeNs}). */
    private Metrics named;
    private JsonObject roles;
    private String description;
    private String scale = "smoke";
    private boolean spreadMetrics;
    private final JsonArray jvms = new JsonArray();
    /** By JVM name: the {@code java.home} its cells' env.json reports. */
    private final Map<String, String> homes = new HashMap<>();

    public FixtureRun(Path dir) {
        this.dir = dir;
    }

    /**
     * Writes the cells that follow in the named-metrics format: {@code primary}, {@code metrics},
     * {@code forkMetrics} and {@code roles} ({@code floor} and {@code yardstick}, either may be null).
     * Every metric records the latencies {@link #cell} describes, as the service time did before.
     */
    /** The scale the cells say they ran at ({@code smoke} unless set); applies to the cells written by {@link #write}. */
    public FixtureRun scale(String scale) {
        this.scale = scale;
        return this;
    }

    /**
     * The report of a run folder as Markdown with every part, those only report.html shows included (REPORT.md names
     * those instead); writes the charts into the folder as the report does.
     */
    public static String wholeMarkdown(Path run) throws java.io.IOException {
        return dev.latencybench.report.doc.DocRenderer.markdown(Report.build(
                dev.latencybench.report.data.RunData.load(run), run.resolve("charts")), true);
    }

    public FixtureRun named(Metrics metrics, String floor, String yardstick) {
        this.named = metrics;
        this.roles = new JsonObject();
        if (floor != null) {
            roles.addProperty("floor", floor);
        }
        if (yardstick != null) {
            roles.addProperty("yardstick", yardstick);
        }
        return this;
    }

    /** The k-th metric (from 0) of the cells that follow records the latencies {@link #cell} describes times k + 1. */
    public FixtureRun spreadMetrics() {
        this.spreadMetrics = true;
        return this;
    }

    /**
     * A JVM of the run, as {@code run.json} lists it with the {@code java} it was given, and the
     * {@code java.home} its cells that follow report in env.json (null: none).
     */
    FixtureRun jvm(String name, String java, String home) {
        JsonObject j = new JsonObject();
        j.addProperty("name", name);
        j.addProperty("java", java);
        j.addProperty("version", "17.0.15");
        j.addProperty("vendor", "Fixture");
        jvms.add(j);
        if (home != null) {
            homes.put(name, home);
        }
        return this;
    }

    /** A study of another shape: its scenario name, and a description of its load instead of a rate and a payload. */
    FixtureRun shape(String scenario, String description) {
        this.scenario = scenario;
        this.description = description;
        return this;
    }

    /**
     * A measured cell of {@code forks} forks: each fork records {@code count} samples of
     * {@code typicalNs} (times 1 + 0.1 × fork index), and 1 in 100 of {@code slowNs}.
     */
    public FixtureRun cell(String variant, String cell, String status, long typicalNs, long slowNs, int forks, long count) {
        double[] factors = new double[forks];
        for (int f = 0; f < forks; f++) {
            factors[f] = 1 + 0.1 * f;
        }
        return cell(variant, cell, status, typicalNs, slowNs, factors, false, count);
    }

    /**
     * A measured cell of one fork per factor: fork {@code f} records {@code count} samples of {@code typicalNs} and
     * 1 in 100 of {@code slowNs}, both times {@code forkFactors[f]}: forks that move as a whole, as a rerun on
     * another CPU placement does.
     */
    public FixtureRun cell(String variant, String cell, String status, long typicalNs, long slowNs,
                           double[] forkFactors, long count) {
        return cell(variant, cell, status, typicalNs, slowNs, forkFactors, true, count);
    }

    private FixtureRun cell(String variant, String cell, String status, long typicalNs, long slowNs,
                            double[] forkFactors, boolean slowToo, long count) {
        int forks = forkFactors.length;
        try {
            Path cdir = dir.resolve(scenario).resolve(variant).resolve(cell);
            Files.createDirectories(cdir);
            Metrics metrics = named != null ? named : Metrics.ONE_WAY;
            List<Histogram> totals = new ArrayList<>();
            List<JsonArray> perFork = new ArrayList<>();
            for (int k = 0; k < metrics.size(); k++) {
                totals.add(LatencyRecorder.newHistogram());
                perFork.add(new JsonArray());
            }
            try (IntervalLog log = new IntervalLog(cdir.resolve("latency.hlog"), metrics, "fixture")) {
                for (int f = 0; f < forks; f++) {
                    List<Histogram> fork = new ArrayList<>();
                    for (int k = 0; k < metrics.size(); k++) {
                        fork.add(LatencyRecorder.newHistogram());
                    }
                    for (int second = 0; second < 3; second++) {
                        List<Histogram> interval = new ArrayList<>();
                        for (int k = 0; k < metrics.size(); k++) {
                            long times = spreadMetrics ? k + 1 : 1;
                            Histogram h = LatencyRecorder.newHistogram();
                            long typical = Math.round(typicalNs * times * forkFactors[f]);
                            long slow = slowToo ? Math.round(slowNs * times * forkFactors[f]) : slowNs * times;
                            h.recordValueWithCount(typical, count / 3 - count / 300);
                            h.recordValueWithCount(slow + second * 1000L, count / 300);
                            h.setStartTimeStamp(1000L * (10 * f + second));
                            h.setEndTimeStamp(1000L * (10 * f + second + 1));
                            interval.add(h);
                            fork.get(k).add(h);
                        }
                        log.append(interval);
                    }
                    for (int k = 0; k < metrics.size(); k++) {
                        JsonObject fs = LatencySummary.of(fork.get(k)).toJson();
                        fs.addProperty("fork", Integer.toString(1000 + f));
                        perFork.get(k).add(fs);
                        totals.get(k).add(fork.get(k));
                    }
                }
            }
            JsonObject r = new JsonObject();
            r.addProperty("status", status);
            JsonArray reasons = new JsonArray();
            if (!"OK".equals(status)) {
                reasons.add("rate not held: 12% of sends late");
            }
            r.add("reasons", reasons);
            JsonArray flags = new JsonArray();
            flags.add("busy machine: other processes used CPU time during the measurement (see machineLoad)");
            r.add("flags", variant.equals("chronicle") && cell.contains("zgc") ? flags : new JsonArray());
            r.addProperty("study", scenario);
            r.addProperty("variant", variant);
            r.addProperty("cell", cell);
            r.addProperty("runId", dir.getFileName().toString());
            r.addProperty("scale", scale);
            if (description == null) {
                r.addProperty("ratePerSec", 100_000);
                r.addProperty("payloadBytes", 256);
            } else {
                r.addProperty("description", description);
            }
            r.addProperty("warmupNs", 1_000_000_000L);
            r.addProperty("measureNs", 2_000_000_000L);
            r.addProperty("forks", forks);
            if (named == null) {
                r.add("latencyNs", LatencySummary.of(totals.get(0)).toJson());
                r.add("serviceTimeNs", LatencySummary.of(totals.get(1)).toJson());
                r.add("forkLatencyNs", perFork.get(0));
            } else {
                r.addProperty("primary", metrics.primary().name());
                JsonObject m = new JsonObject();
                JsonObject fm = new JsonObject();
                for (int k = 0; k < metrics.size(); k++) {
                    JsonObject one = metrics.all().get(k).toJson();
                    LatencySummary.of(totals.get(k)).toJson().entrySet().forEach(e -> one.add(e.getKey(), e.getValue()));
                    m.add(metrics.all().get(k).name(), one);
                    fm.add(metrics.all().get(k).name(), perFork.get(k));
                }
                r.add("metrics", m);
                r.add("forkMetrics", fm);
                r.add("roles", roles);
            }
            r.addProperty("command", "scripts/bench run --fixture");
            ResultFiles.writeJson(cdir.resolve("result.json"), r);
            Files.writeString(cdir.resolve("gc-4242.log"), String.join("\n",
                    "[0.003s][info][gc] Using G1",
                    "[0.320s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 19M->8M(388M) 3.832ms",
                    "[0.323s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 304885930 ns,"
                            + " Reaching safepoint: 1672 ns, Cleanup: 50886 ns, At safepoint: 3876158 ns, Total: 3928716 ns",
                    "[1.100s][info][gc          ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 20M->8M(388M) 1.000ms",
                    "[1.324s][info][safepoint   ] Safepoint \"Cleanup\", Time since last: 1000090761 ns, Reaching"
                            + " safepoint: 97554 ns, Cleanup: 22403 ns, At safepoint: 3636 ns, Total: 123593 ns", ""));
            JsonObject env = new JsonObject();
            JsonObject cpu = new JsonObject();
            cpu.addProperty("model", "Fixture CPU @ 3.0GHz");
            cpu.addProperty("availableProcessors", 2);
            cpu.addProperty("isolated", "none"); // as CpuList.format writes an empty set
            env.add("cpu", cpu);
            JsonObject os = new JsonObject();
            os.addProperty("name", "Linux");
            os.addProperty("host", "fixture-host");
            os.addProperty("memTotal", "16303412 kB"); // /proc/meminfo's kB are KiB: 15.5 GiB
            env.add("os", os);
            String jvm = cell.substring(0, cell.lastIndexOf("__"));
            if (homes.containsKey(jvm)) {
                JsonObject jdk = new JsonObject();
                jdk.addProperty("home", homes.get(jvm));
                jdk.addProperty("vendor", "Fixture");
                jdk.addProperty("version", "17.0.15");
                env.add("jdk", jdk);
            }
            JsonArray check = new JsonArray();
            JsonObject finding = new JsonObject();
            finding.addProperty("id", "isolcpus");
            finding.addProperty("status", "WARN");
            finding.addProperty("observed", "none");
            finding.addProperty("advice", "add isolcpus=1");
            check.add(finding);
            JsonObject pass = new JsonObject();
            pass.addProperty("id", "swap");
            pass.addProperty("status", "PASS");
            pass.addProperty("observed", "none");
            check.add(pass);
            JsonObject info = new JsonObject();
            info.addProperty("id", "governor");
            info.addProperty("status", "INFO");
            info.addProperty("observed", "no cpufreq");
            info.addProperty("advice", "as usual in a VM");
            check.add(info);
            env.add("hostCheck", check);
            env.addProperty("suiteCommit", "abc123");
            ResultFiles.writeJson(cdir.resolve("env.json"), env);
            addCell(cell, status, null);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds the CPU pair round trips a cell's forks probed, as the merger writes them. */
    FixtureRun roundTrip(String variant, String cell, long minNs, long maxNs) {
        Path result = dir.resolve(scenario).resolve(variant).resolve(cell).resolve("result.json");
        try {
            JsonObject r = ResultFiles.readJson(result);
            JsonObject pair = new JsonObject();
            pair.addProperty("roundTripMinNs", minNs);
            pair.addProperty("roundTripMaxNs", maxNs);
            r.add("cpuPair", pair);
            ResultFiles.writeJson(result, r);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds a cell's tail part (why its primary metric's tail was slow) to its result.json, as the merger writes it. */
    public FixtureRun tail(String variant, String cell, dev.latencybench.core.tail.TailPart tail) {
        Path result = dir.resolve(scenario).resolve(variant).resolve(cell).resolve("result.json");
        try {
            JsonObject r = ResultFiles.readJson(result);
            r.add(dev.latencybench.core.tail.TailPart.MEMBER, tail.toJson());
            ResultFiles.writeJson(result, r);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rewrites a cell's interval log as one interval for the whole period, as a loop with its own histograms writes it. */
    FixtureRun oneIntervalPerPeriod(String variant, String cell) {
        return oneIntervalPerPeriod(variant, cell, 1);
    }

    /**
     * Rewrites a cell's interval log as one interval per fork's period (its intervals cut into
     * {@code periods} runs, each merged), as a loop with its own histograms writes it.
     */
    FixtureRun oneIntervalPerPeriod(String variant, String cell, int periods) {
        Path hlog = dir.resolve(scenario).resolve(variant).resolve(cell).resolve("latency.hlog");
        try {
            IntervalLog.Intervals all = IntervalLog.read(hlog);
            int n = all.size();
            try (IntervalLog log = new IntervalLog(hlog, Metrics.ONE_WAY, "fixture, one interval per period")) {
                for (int p = 0; p < periods; p++) {
                    int from = p * n / periods;
                    int to = (p + 1) * n / periods;
                    Histogram latency = LatencyRecorder.newHistogram();
                    Histogram service = LatencyRecorder.newHistogram();
                    for (int i = from; i < to; i++) {
                        latency.add(all.of("latency").get(i));
                        service.add(all.of("service").get(i));
                    }
                    for (Histogram h : new Histogram[] {latency, service}) {
                        h.setStartTimeStamp(all.of("latency").get(from).getStartTimeStamp());
                        h.setEndTimeStamp(all.of("latency").get(to - 1).getEndTimeStamp());
                    }
                    log.append(latency, service);
                }
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A cell the matrix recorded without results: skipped, or failed before measuring. */
    public FixtureRun unmeasured(String cell, String status, String reason) {
        addCell(cell, status, reason);
        return this;
    }

    private void addCell(String cell, String status, String reason) {
        for (int i = 0; i < cells.size(); i++) {
            if (cells.get(i).getAsJsonObject().get("cell").getAsString().equals(cell)) {
                return;
            }
        }
        JsonObject c = new JsonObject();
        c.addProperty("scenario", scenario);
        int sep = cell.lastIndexOf("__");
        c.addProperty("jvm", cell.substring(0, sep));
        c.addProperty("gc", cell.substring(sep + 2));
        c.addProperty("cell", cell);
        JsonArray flags = new JsonArray();
        List.of("-XX:+UseG1GC").forEach(flags::add);
        c.add("flags", flags);
        c.addProperty("status", status);
        if (reason != null) {
            c.addProperty("reason", reason);
        }
        cells.add(c);
    }

    public FixtureRun write() {
        JsonObject run = new JsonObject();
        run.addProperty("runId", dir.getFileName().toString());
        run.addProperty("host", "fixture-host");
        run.addProperty("command", "scripts/bench run --jvms 17,25 --gcs g1,zgc --scale smoke");
        run.add("cells", cells);
        run.add("jvms", jvms);
        try {
            ResultFiles.writeJson(dir.resolve("run.json"), run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
