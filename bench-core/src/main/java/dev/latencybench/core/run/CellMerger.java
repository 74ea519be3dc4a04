package dev.latencybench.core.run;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.oneway.OneWayTally;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;

/**
 * Turns the raw data of a cell's forks ({@code forks/<pid>/fork.json, latency.hlog, env.json}) into
 * the cell's {@code result.json}, {@code latency.hlog}, {@code env.json} and {@code jmh.json}.
 * Histograms are merged, never averaged; counters are summed; the status is the worst of the forks
 * and of the launcher's view. Runs in the launcher, after a cell's JMH run or on interrupt.
 */
public final class CellMerger {
    private CellMerger() {
    }

    /** What the launcher knows of a cell besides its forks' files. */
    public static final class Context {
        final String study;
        final String variant;
        final Study.Plan plan;
        final String runId;
        final int forksAsked;
        final String launcherFailure;
        final boolean interrupted;
        final String suiteCommit;
        final String command;

        public Context(String study, String variant, Study.Plan plan, String runId, int forksAsked,
                       String launcherFailure, boolean interrupted, String suiteCommit, String command) {
            this.study = study;
            this.variant = variant;
            this.plan = plan;
            this.runId = runId;
            this.forksAsked = forksAsked;
            this.launcherFailure = launcherFailure;
            this.interrupted = interrupted;
            this.suiteCommit = suiteCommit;
            this.command = command;
        }
    }

    /** The forks' folders of a cell, oldest process id first. */
    static List<Path> forkDirs(Path cellDir) throws IOException {
        List<Path> dirs = new ArrayList<>();
        Path forks = cellDir.resolve(ResultLayout.FORKS_DIR);
        if (Files.isDirectory(forks)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(forks, Files::isDirectory)) {
                ds.forEach(dirs::add);
            }
        }
        dirs.sort(Comparator.comparing((Path p) -> !isNumber(p)).thenComparingLong(p -> isNumber(p)
                ? Long.parseLong(p.getFileName().toString()) : 0).thenComparing(p -> p.getFileName().toString()));
        return dirs;
    }

    private static boolean isNumber(Path p) {
        String name = p.getFileName().toString();
        return !name.isEmpty() && name.length() < 19 && name.chars().allMatch(Character::isDigit);
    }

    /** Merges one cell and writes its files; returns its summary for the table. */
    public static CellSummary merge(Path cellDir, Path jmhJson, Context ctx) throws IOException {
        List<Path> forkDirs = forkDirs(cellDir);
        Set<String> reasons = new LinkedHashSet<>();
        Histogram latency = LatencyRecorder.newHistogram();
        Histogram service = LatencyRecorder.newHistogram();
        List<IntervalLog.Intervals> logs = new ArrayList<>();
        JsonArray pinning = new JsonArray();
        JsonArray loads = new JsonArray();
        JsonArray perFork = new JsonArray();
        OneWayTally tally = new OneWayTally();
        boolean anyInterrupted = ctx.interrupted;
        List<String> flags = new ArrayList<>();
        boolean anyFailed = false;
        boolean busy = false;
        boolean unpinned = false;
        JsonObject env = null;
        int forksWithData = 0;
        for (Path fork : forkDirs) {
            Path forkJson = fork.resolve(ResultLayout.FORK_JSON);
            if (env == null && Files.exists(fork.resolve(ResultLayout.ENV_JSON))) {
                env = ResultFiles.readJson(fork.resolve(ResultLayout.ENV_JSON));
            }
            if (!Files.exists(forkJson)) {
                reasons.add("fork " + fork.getFileName() + " ended before it wrote any result");
                anyFailed = true;
                continue;
            }
            forksWithData++;
            JsonObject f = ResultFiles.readJson(forkJson);
            String status = f.get("status").getAsString();
            anyInterrupted |= "INTERRUPTED".equals(status);
            anyFailed |= "FAILED".equals(status);
            for (JsonElement r : f.getAsJsonArray("reasons")) {
                reasons.add(r.getAsString());
            }
            tally.add(OneWayTally.readFrom(f));
            JsonObject pin = f.getAsJsonObject("pinning");
            pin.addProperty("fork", fork.getFileName().toString());
            pinning.add(pin);
            unpinned |= !pin.get("pinned").getAsBoolean();
            JsonObject load = f.getAsJsonObject("machineLoad");
            load.addProperty("fork", fork.getFileName().toString());
            loads.add(load);
            busy |= load.get("busy").getAsBoolean();
            Path hlog = fork.resolve(ResultLayout.LATENCY_HLOG);
            if (Files.exists(hlog)) {
                IntervalLog.Intervals intervals = IntervalLog.read(hlog);
                if (intervals.truncated) {
                    flags.add("the interval log of fork " + fork.getFileName() + " ends in a line cut short (the"
                            + " fork was killed while writing it); the intervals before it are kept");
                }
                logs.add(intervals);
                JsonObject forkLatency = LatencySummary.of(intervals.total("latency")).toJson();
                forkLatency.addProperty("fork", fork.getFileName().toString());
                perFork.add(forkLatency);
                latency.add(intervals.total("latency"));
                service.add(intervals.total("service"));
            }
        }
        if (ctx.launcherFailure != null) {
            reasons.add(ctx.launcherFailure);
            anyFailed = true;
        }
        if (!anyInterrupted && forksWithData < ctx.forksAsked) {
            reasons.add("expected results from " + ctx.forksAsked + " fork(s), found " + forksWithData);
            anyFailed = true;
        }
        if (!anyInterrupted && forksWithData > 0) {
            if (latency.getTotalCount() == 0) {
                reasons.add("no latency was measured");
                anyFailed = true;
            } else if (latency.getTotalCount() != tally.expectedSamples()) {
                reasons.add(String.format(Locale.ROOT, "the interval logs hold %,d latencies but the forks recorded"
                        + " %,d", latency.getTotalCount(), tally.expectedSamples()));
                anyFailed = true;
            }
        }
        String status = anyInterrupted ? "INTERRUPTED" : (anyFailed || !reasons.isEmpty()) ? "FAILED" : "OK";
        if (anyInterrupted && reasons.stream().noneMatch(r -> r.startsWith("interrupted"))) {
            reasons.add("interrupted: the run was stopped before this cell finished");
        }
        if (busy) {
            flags.add("busy machine: other processes used CPU time during the measurement (see machineLoad)");
        }
        if (unpinned) {
            flags.add("unpinned: the spinning threads were not pinned to CPUs");
        }
        String moved = tally.placementChange();
        if (moved != null) {
            flags.add(moved);
        }

        LatencySummary latencySummary = LatencySummary.of(latency);
        LatencySummary serviceSummary = LatencySummary.of(service);
        JsonObject r = new JsonObject();
        r.addProperty("status", status);
        r.add("reasons", toArray(reasons));
        r.add("flags", toArray(flags));
        r.addProperty("study", ctx.study);
        r.addProperty("variant", ctx.variant);
        r.addProperty("cell", cellDir.getFileName().toString());
        r.addProperty("runId", ctx.runId);
        r.addProperty("scale", ctx.plan.settings().scale().id());
        r.addProperty("ratePerSec", ctx.plan.settings().ratePerSec());
        // the settings are what was asked, whatever happened: a cell whose forks all died still says so
        r.addProperty("payloadBytes", ctx.plan.settings().payloadBytes());
        r.addProperty("warmupNs", ctx.plan.settings().warmupNs());
        r.addProperty("measureNs", ctx.plan.settings().measureNs());
        r.addProperty("forks", ctx.forksAsked);
        r.addProperty("forksWithData", forksWithData);
        tally.writeTo(r, ctx.plan.settings().ratePerSec());
        r.add("latencyNs", latencySummary.toJson());
        r.add("serviceTimeNs", serviceSummary.toJson());
        r.add("forkLatencyNs", perFork);
        r.add("pinning", pinning);
        r.add("machineLoad", loads);
        r.addProperty("command", ctx.command);

        Files.createDirectories(cellDir);
        writeLog(cellDir.resolve(ResultLayout.LATENCY_HLOG), logs, ctx);
        ResultFiles.writeJson(cellDir.resolve(ResultLayout.RESULT_JSON), r);
        JsonObject envOut = env == null ? new JsonObject() : env;
        envOut.addProperty("suiteCommit", ctx.suiteCommit);
        envOut.add("pinning", pinning);
        envOut.add("machineLoad", loads);
        ResultFiles.writeJson(cellDir.resolve(ResultLayout.ENV_JSON), envOut);
        if (jmhJson != null && Files.exists(jmhJson)) {
            if (Files.size(jmhJson) > 0) {
                ResultFiles.moveAtomically(jmhJson, cellDir.resolve(ResultLayout.JMH_JSON));
            } else {
                Files.delete(jmhJson); // JMH could not write it (a full disk): nothing to keep
            }
        }
        return new CellSummary(ctx.variant, cellDir.getFileName().toString(), status, new ArrayList<>(reasons), flags,
                latencySummary, serviceSummary, cellDir);
    }

    private static void writeLog(Path file, List<IntervalLog.Intervals> logs, Context ctx) throws IOException {
        ResultFiles.write(file, tmp -> {
            try (IntervalLog out = new IntervalLog(tmp, dev.latencybench.core.record.Metrics.ONE_WAY, "latency-bench " + ctx.study + "/" + ctx.variant
                    + ": latency (untagged) from the intended send time, service time (tag " + IntervalLog.SERVICE_TAG
                    + ") from the actual send time, in ns; all forks")) {
                for (IntervalLog.Intervals log : logs) {
                    for (int i = 0; i < log.of("latency").size(); i++) {
                        out.append(log.interval(i));
                    }
                }
                out.flush();
            }
        });
    }

    private static JsonArray toArray(Iterable<String> items) {
        JsonArray a = new JsonArray();
        items.forEach(a::add);
        return a;
    }
}
