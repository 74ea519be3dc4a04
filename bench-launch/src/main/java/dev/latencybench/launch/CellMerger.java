package dev.latencybench.launch;

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

import org.HdrHistogram.Histogram;

import dev.latencybench.core.env.BusyMachine;
import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.ForkResult;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.schedule.Step;
import dev.latencybench.core.study.Accounting;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.tail.TailAttribution;
import dev.latencybench.core.tail.TailPart;

/**
 * Turns the raw data of a cell's forks into the cell's result files: histograms merged, never averaged; counters
 * added up by the study's {@link Accounting}; the status the worst of the forks' and the launcher's. Launcher only.
 */
public final class CellMerger {
    private CellMerger() {
    }

    /** What the launcher knows of a cell besides its forks' files. */
    public static final class Context {
        final String study;
        final Step step;
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
            this(study, Step.of(variant), plan, runId, forksAsked, launcherFailure, interrupted, suiteCommit, command);
        }

        public Context(String study, Step step, Study.Plan plan, String runId, int forksAsked,
                       String launcherFailure, boolean interrupted, String suiteCommit, String command) {
            this.study = study;
            this.step = step;
            this.variant = step.variant();
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
        Metrics metrics = ctx.plan.metrics();
        Set<String> reasons = new LinkedHashSet<>();
        List<Histogram> totals = new ArrayList<>();
        List<List<CellResult.ForkFigures>> perFork = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            totals.add(LatencyRecorder.newHistogram());
            perFork.add(new ArrayList<>());
        }
        List<IntervalLog.Intervals> logs = new ArrayList<>();
        JsonArray pinning = new JsonArray();
        JsonArray loads = new JsonArray();
        Accounting accounting = ctx.plan.newAccounting();
        boolean anyInterrupted = ctx.interrupted;
        List<String> flags = new ArrayList<>();
        boolean anyFailed = false;
        boolean busy = false;
        boolean unpinned = false;
        EnvironmentFile env = null;
        int forksWithData = 0;
        for (Path fork : forkDirs) {
            Path forkJson = fork.resolve(ResultLayout.FORK_JSON);
            if (env == null && Files.exists(fork.resolve(ResultLayout.ENV_JSON))) {
                env = EnvironmentFile.read(fork.resolve(ResultLayout.ENV_JSON));
            }
            if (!Files.exists(forkJson)) {
                reasons.add("fork " + fork.getFileName() + " ended before it wrote any result");
                anyFailed = true;
                continue;
            }
            forksWithData++;
            ForkResult f = ForkResult.read(forkJson);
            anyInterrupted |= "INTERRUPTED".equals(f.status);
            anyFailed |= "FAILED".equals(f.status);
            for (String reason : f.reasons) {
                // JMH names a nonzero fork exit as the launcher's failure: none, and the JVM ended with 0
                reasons.add(ctx.launcherFailure == null && !ctx.interrupted
                        ? reason.replace(ForkSession.ENDED_HOW_UNKNOWN, ForkSession.ENDED_WITH_0) : reason);
            }
            accounting.add(f.json());
            EnvironmentFile.Pinning pin = EnvironmentFile.Pinning.read(f.pinning);
            EnvironmentFile.MachineLoad load = EnvironmentFile.MachineLoad.read(f.machineLoad);
            unpinned |= Boolean.FALSE.equals(pin.pinned);
            busy |= Boolean.TRUE.equals(load.busy);
            pinning.add(pin.ofFork(fork.getFileName().toString()).toJson());
            loads.add(load.ofFork(fork.getFileName().toString()).toJson());
            Path hlog = fork.resolve(ResultLayout.LATENCY_HLOG);
            if (Files.exists(hlog)) {
                IntervalLog.Intervals intervals = IntervalLog.read(hlog, metrics);
                if (intervals.truncated) {
                    flags.add("the interval log of fork " + fork.getFileName() + " ends in a line cut short (the"
                            + " fork was killed while writing it); the intervals before it are kept");
                }
                logs.add(intervals);
                for (int i = 0; i < metrics.size(); i++) {
                    Histogram forkTotal = intervals.total(metrics.all().get(i).name());
                    perFork.get(i).add(new CellResult.ForkFigures(fork.getFileName().toString(),
                            LatencySummary.of(forkTotal)));
                    totals.get(i).add(forkTotal);
                }
            }
        }
        if (ctx.launcherFailure != null) { // the cause as the launcher saw it (what the step shared died), first
            Set<String> after = new LinkedHashSet<>(reasons);
            reasons.clear();
            reasons.add(ctx.launcherFailure);
            reasons.addAll(after);
            anyFailed = true;
        }
        if (!anyInterrupted && forksWithData < ctx.forksAsked) {
            reasons.add("expected results from " + ctx.forksAsked + " fork(s), found " + forksWithData);
            anyFailed = true;
        }
        Histogram primary = totals.get(0);
        long expected = accounting.expectedSamples();
        if (!anyInterrupted && forksWithData > 0) {
            if (primary.getTotalCount() == 0) {
                reasons.add("no " + metrics.primary().name() + " was measured");
                anyFailed = true;
            } else if (expected >= 0 && primary.getTotalCount() != expected) {
                reasons.add(String.format(Locale.ROOT, "the interval logs hold %,d %s values but the forks recorded"
                        + " %,d", primary.getTotalCount(), metrics.primary().name(), expected));
                anyFailed = true;
            }
        }
        String status = anyInterrupted ? "INTERRUPTED" : (anyFailed || !reasons.isEmpty()) ? "FAILED" : "OK";
        if (anyInterrupted && reasons.stream().noneMatch(r -> r.startsWith("interrupted"))) {
            reasons.add("interrupted: the run was stopped before this cell finished");
        }
        if (busy) {
            flags.add(BusyMachine.flag(loads));
        }
        if (unpinned) {
            flags.add("unpinned: the spinning threads were not pinned to CPUs");
        }
        flags.addAll(accounting.flags());

        List<LatencySummary> summaries = new ArrayList<>();
        totals.forEach(h -> summaries.add(LatencySummary.of(h)));
        CellResult r = new CellResult();
        r.status = status;
        r.reasons = new ArrayList<>(reasons);
        r.flags = flags;
        r.study = ctx.study;
        r.variant = ctx.variant;
        if (!ctx.step.properties().isEmpty() || !ctx.step.name().equals(ctx.variant)) {
            r.step = ctx.step.toJson();
        }
        r.cell = cellDir.getFileName().toString();
        r.runId = ctx.runId;
        // the settings are what was asked, whatever happened
        r.scale = ctx.plan.periods().scale.id();
        r.recorded = ctx.plan.recorded();
        r.warmupNs = ctx.plan.periods().warmupNs;
        r.measureNs = ctx.plan.periods().measureNs;
        r.forks = ctx.forksAsked;
        r.forksWithData = forksWithData;
        r.description = ctx.plan.description();
        r.roles.putAll(ctx.plan.roles());
        accounting.writeTo(r.accounted);
        r.metrics = metrics;
        for (int i = 0; i < metrics.size(); i++) {
            String name = metrics.all().get(i).name();
            r.summaries.put(name, summaries.get(i));
            r.forkSummaries.put(name, perFork.get(i));
        }
        TailPart tail = tailOf(cellDir, forkDirs, primary, flags);
        if (tail != null) {
            tail.measuredBytesPerSample = accounting.measuredBytesPerSample();
        }
        r.tail = tail == null ? null : tail.toJson();
        r.pinning = pinning;
        r.machineLoad = loads;
        r.command = ctx.command;

        Files.createDirectories(cellDir);
        writeLog(cellDir.resolve(ResultLayout.LATENCY_HLOG), logs, ctx);
        for (int i = 0; i < metrics.size(); i++) {
            if (totals.get(i).getTotalCount() > 0) {
                writeDistribution(cellDir.resolve(ResultLayout.hgrm(metrics.all().get(i).name())), totals.get(i),
                        metrics.all().get(i).unit());
            }
        }
        List<EnvironmentFile.Pinning> forksPinning = new ArrayList<>();
        pinning.forEach(p -> forksPinning.add(EnvironmentFile.Pinning.read(p.getAsJsonObject())));
        List<EnvironmentFile.MachineLoad> forksLoad = new ArrayList<>();
        loads.forEach(l -> forksLoad.add(EnvironmentFile.MachineLoad.read(l.getAsJsonObject())));
        (env == null ? EnvironmentFile.EMPTY : env).forCell(ctx.suiteCommit, forksPinning, forksLoad)
                .write(cellDir.resolve(ResultLayout.ENV_JSON));
        if (jmhJson != null && Files.exists(jmhJson)) {
            if (Files.size(jmhJson) > 0) {
                try {
                    JmhResultFile.write(jmhJson, cellDir.resolve(ResultLayout.jmhJson(ctx.study, ctx.step.name())),
                            r.summaries.get(metrics.primary().name()));
                } catch (IOException | RuntimeException e) {
                    // result.json, written last, says so too, telling one story with run.json
                    status = "INTERRUPTED".equals(status) ? status : "FAILED";
                    reasons.add(e.getMessage() == null ? e.toString() : e.getMessage());
                    r.status = status;
                    r.reasons = new ArrayList<>(reasons);
                }
            } else {
                Files.delete(jmhJson); // JMH could not write it (a full disk): nothing to keep
            }
        }
        ResultFiles.writeJson(cellDir.resolve(ResultLayout.RESULT_JSON), r.toJson());
        return new CellSummary(ctx.step.name(), cellDir.getFileName().toString(), status, new ArrayList<>(reasons), flags,
                metrics, summaries, cellDir);
    }

    /** The tail's causes; null, with a flag saying why, when a fork's outliers cannot be read. */
    private static TailPart tailOf(Path cellDir, List<Path> forkDirs, Histogram primary, List<String> flags) {
        try {
            return TailAttribution.of(cellDir, forkDirs, primary);
        } catch (IOException e) {
            flags.add("the tail's causes are not given: " + e.getMessage());
            return null;
        }
    }

    private static void writeLog(Path file, List<IntervalLog.Intervals> logs, Context ctx) throws IOException {
        ResultFiles.write(file, tmp -> {
            try (IntervalLog out = new IntervalLog(tmp, ctx.plan.metrics(), "latency-bench " + ctx.study + "/"
                    + ctx.step.name() + ", all forks")) {
                for (IntervalLog.Intervals log : logs) {
                    for (int i = 0; i < log.size(); i++) {
                        out.append(log.interval(i));
                    }
                }
                out.flush();
            }
        });
    }

    /** The merged histogram as an {@code .hgrm} text, in microseconds for a metric timed in ns, else in its unit. */
    private static void writeDistribution(Path file, Histogram histogram, String unit) throws IOException {
        ResultFiles.write(file, tmp -> {
            try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(tmp), false,
                    java.nio.charset.StandardCharsets.UTF_8)) {
                histogram.outputPercentileDistribution(out, "ns".equals(unit) ? 1_000.0 : 1.0);
                if (out.checkError()) {
                    throw new IOException("could not write " + file);
                }
            }
        });
    }
}
