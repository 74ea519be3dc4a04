package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;

/**
 * Fixture runs of the studies whose answer is not a ranking of variants, for the report's tests and compare's: the
 * chain study's capacity search and the Jet study's sweep over keys. Stateless.
 */
public final class StudyRuns {
    /** The one JVM × GC cell of {@link #chain}. */
    public static final String CHAIN_CELL = "openjdk-17.0.15__g1";
    public static final String G1 = "openjdk-17.0.15__g1";
    public static final String ZGC = "openjdk-17.0.15__zgc";
    public static final Metrics JET_METRICS = new Metrics(List.of(
            new Metric("first-result", "window end to first result", "ns", Metric.Writers.MANY),
            new Metric("last-result", "window end to last result", "ns", Metric.Writers.MANY)));

    private StudyRuns() {
    }

    /**
     * A chain run with a hand-written {@code schedule.json}: chronicle holds {@code chronicleChains} (its 4-chain step
     * broke the SLO), in-memory passed up to the limit of 4.
     */
    public static Path chain(Path dir, long chronicleChains) throws IOException {
        FixtureRun f = new FixtureRun(dir).named(Metrics.ONE_WAY, "in-memory", null)
                .shape("chain", "load: 1,000 msg/s per chain");
        long[] chronicle = {1, 2, 4, 3};
        long[] memory = {1, 2, 4};
        for (long n : chronicle) {
            f.cell("chronicle-instances-" + n, CHAIN_CELL, "OK", 1_000_000 * n, n == 4 ? 150_000_000 : 20_000_000, 1,
                    30_000);
        }
        for (long n : memory) {
            f.cell("in-memory-instances-" + n, CHAIN_CELL, "OK", 500_000, 5_000_000, 1, 30_000);
        }
        f.write();
        JsonObject o = new JsonObject();
        o.addProperty("schedule", "capacity search of chronicle: 1, 2, 4 chains, then bisect to within 10%; pass:"
                + " p99.9 < 100ms; then capacity search of in-memory: 1, 2, 4 chains, then bisect to within 10%;"
                + " pass: p99.9 < 100ms");
        o.addProperty("cell", CHAIN_CELL);
        o.addProperty("primary", "latency");
        JsonArray steps = new JsonArray();
        for (long n : chronicle) {
            steps.add(step(dir, "chronicle", n));
        }
        for (long n : memory) {
            steps.add(step(dir, "in-memory", n));
        }
        o.add("steps", steps);
        JsonObject parts = new JsonObject();
        parts.add("chronicle", decision("BOUNDARY", chronicleChains, chronicleChains + " chains",
                "3 chains passed (p99.9 20.0ms), 4 chains failed: p99.9 150ms >= 100ms", "chronicle-instances-3",
                "chronicle-instances-4"));
        parts.add("in-memory", decision("AT_LIMIT", 4, "at least 4 chains", "4 chains, the search limit, passed",
                "in-memory-instances-4"));
        JsonObject d = decision("AT_LIMIT", chronicleChains, "chronicle: 3 chains; in-memory: at least 4 chains",
                "both", "chronicle-instances-3");
        d.add("parts", parts);
        o.add("decision", d);
        ResultFiles.writeJson(dir.resolve("chain").resolve(CHAIN_CELL + ".schedule.json"), o);
        // the benchmark JVM's CPU use, as the launcher records it
        Path result = dir.resolve("chain/chronicle-instances-4").resolve(CHAIN_CELL).resolve("result.json");
        JsonObject r = ResultFiles.readJson(result);
        JsonArray load = new JsonArray();
        JsonObject fork = new JsonObject();
        fork.addProperty("thisProcessCores", 1.5);
        load.add(fork);
        r.add("machineLoad", load);
        ResultFiles.writeJson(result, r);
        return dir;
    }

    private static JsonObject step(Path dir, String variant, long n) throws IOException {
        String name = variant + "-instances-" + n;
        JsonObject r = ResultFiles.readJson(dir.resolve("chain").resolve(name).resolve(CHAIN_CELL)
                .resolve("result.json"));
        JsonObject s = new JsonObject();
        s.addProperty("name", name);
        s.addProperty("variant", variant);
        JsonObject props = new JsonObject();
        props.addProperty("bench.chain.instances", Long.toString(n));
        s.add("properties", props);
        s.addProperty("description", variant + ", " + n + " chains");
        s.addProperty("status", "OK");
        s.add("latency", LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("latency")).toJson());
        return s;
    }

    /** A search part's decision as a schedule file holds it, with the steps that decided it. */
    public static JsonObject decision(String kind, long value, String answer, String why, String... by) {
        JsonObject d = new JsonObject();
        d.addProperty("kind", kind);
        d.addProperty("value", value);
        d.addProperty("answer", answer);
        JsonArray a = new JsonArray();
        for (String s : by) {
            a.add(s);
        }
        d.add("decidedBy", a);
        d.addProperty("why", why);
        return d;
    }

    /**
     * A Jet run of three key counts on G1 and ZGC: G1 holds p99.99 under the slide up to 1,000 keys and breaks it at
     * 10,000; ZGC's 10,000-key point failed (the source did not keep up).
     *
     * @param g1At1000 the slow latency of G1's 1,000-key point: 5 ms holds a 10 ms slide, 20 ms breaks it
     */
    public static Path jet(Path dir, long g1At1000, long slideNs) throws IOException {
        FixtureRun f = new FixtureRun(dir).named(JET_METRICS, null, "reference").shape("jet", "load: 10,000 events/s");
        f.cell("jet-keys-100", G1, "OK", 400_000, 2_000_000, 1, 200_000);
        f.cell("jet-keys-1000", G1, "OK", 500_000, g1At1000, 1, 200_000);
        f.cell("jet-keys-10000", G1, "OK", 900_000, 50_000_000, 1, 200_000);
        f.cell("jet-keys-100", ZGC, "OK", 400_000, 1_000_000, 1, 200_000);
        f.cell("jet-keys-1000", ZGC, "OK", 450_000, 3_000_000, 1, 200_000);
        f.cell("jet-keys-10000", ZGC, "FAILED", 900_000, 900_000_000, 1, 200_000);
        f.write();
        for (String cell : List.of(G1, ZGC)) {
            for (long keys : List.of(100L, 1_000L, 10_000L)) {
                Path result = dir.resolve("jet/jet-keys-" + keys).resolve(cell).resolve("result.json");
                JsonObject r = ResultFiles.readJson(result);
                r.addProperty("slideNs", slideNs);
                JsonObject jet = new JsonObject();
                jet.addProperty("keys", keys);
                jet.addProperty("inputPerSec", 10_000);
                jet.addProperty("outputPerSec", keys * 100);
                jet.addProperty("itemsPerSec", 10_000 + keys * 100);
                jet.addProperty("sourceMaxLagNs", keys == 10_000 && cell.equals(ZGC) ? 2_000_000_000L : 0);
                jet.addProperty("heapUsedMaxBytes", 512L << 20);
                jet.addProperty("cpuCores", 1.25);
                jet.addProperty("gcCpuCores", 0.5);
                r.add("jet", jet);
                if (keys == 10_000 && cell.equals(ZGC)) {
                    JsonArray reasons = new JsonArray();
                    reasons.add("did not keep up: the source ended 2.00s behind its schedule");
                    r.add("reasons", reasons);
                }
                ResultFiles.writeJson(result, r);
            }
        }
        return dir;
    }
}
