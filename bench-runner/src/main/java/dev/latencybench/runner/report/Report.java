package dev.latencybench.runner.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToLongFunction;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.oneway.OneWayTally;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.runner.UsageException;

/**
 * Writes a run's report into its folder: {@code REPORT.md}, a self-contained {@code report.html}
 * and {@code charts/*.png|svg}. Per scenario: the study's table (rows JVM × GC, p50 … p99.99, max),
 * median and p99.99 bar charts, a percentile spectrum and latency over time per variant, how many
 * samples lie beyond each percentile and how far forks disagree, the baseline floor next to each
 * transport, everything that makes a number suspect, the flags of every cell, the environment and
 * the command that repeats the run.
 */
public final class Report {
    /** Fewer samples than this beyond a percentile: the value rests on a handful of samples. */
    static final long CONFIDENT_BEYOND = 100;
    static final String LOW = " †";
    /** The percentiles of the tables, in the order of {@link #percentile(LatencySummary, int)}. */
    static final String[] PCT_NAMES = {"p50", "p90", "p99", "p99.9", "p99.99"};
    static final double[] PCTS = {50, 90, 99, 99.9, 99.99};

    private Report() {
    }

    /** {@code bench report RUN_DIR}. */
    public static int command(String[] args, PrintStream out) throws IOException {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            out.println("Usage: scripts/bench report RUN_DIR");
            out.println("Writes REPORT.md, report.html and charts/ into RUN_DIR from its results (again, if they exist).");
            return 0;
        }
        if (args.length != 1 || args[0].startsWith("-")) {
            throw new UsageException("bench report: expected one run folder, such as results/20261123T031500Z-myhost;"
                    + " see bench report --help");
        }
        Path dir = Path.of(args[0]).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new UsageException("bench report: " + dir + " is not a folder");
        }
        try {
            write(dir, out);
        } catch (IOException e) {
            throw new UsageException("bench report: " + e.getMessage());
        }
        return 0;
    }

    public static void write(Path runDir, PrintStream out) throws IOException {
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            throw new IOException("the report draws its charts with java.desktop, a module this Java runtime ("
                    + System.getProperty("java.home") + ") lacks; write it with a full JDK: scripts/bench report "
                    + runDir);
        }
        long start = System.nanoTime();
        RunData data = RunData.load(runDir);
        Path charts = runDir.resolve("charts");
        Files.createDirectories(charts);
        Doc doc = build(data, charts);
        ResultFiles.writeString(runDir.resolve("REPORT.md"), DocRenderer.markdown(doc));
        ResultFiles.writeString(runDir.resolve("report.html"), DocRenderer.html(doc, "latency-bench report "
                + runDir.getFileName(), charts));
        out.printf(Locale.ROOT, "latency-bench: report written in %.1f s: %s, %s%n", (System.nanoTime() - start) / 1e9,
                runDir.resolve("REPORT.md"), runDir.resolve("report.html"));
    }

    static Doc build(RunData data, Path charts) throws IOException {
        Doc doc = new Doc();
        String runId = data.string("runId", data.dir.getFileName().toString());
        doc.h(1, "latency-bench report: " + runId);
        doc.p(intro(data));
        String caveat = hostCaveat(data.env);
        if (caveat != null) {
            doc.p(caveat);
        }
        for (String scenario : data.scenarios.keySet()) {
            scenario(doc, data, scenario, charts);
        }
        cellsSection(doc, data);
        environment(doc, data);
        String command = data.string("command", firstCommand(data));
        doc.h(2, "Reproduce");
        doc.p("The command that repeats this run (on another machine, JVM paths may differ; `scripts/bench jvms` lists"
                + " what is installed):");
        doc.code(command);
        doc.p("Raw data per cell: `<scenario>/<variant>/<jvm>__<gc>/` holds `result.json`, `env.json`, `jmh.json`,"
                + " `latency.hlog` (HdrHistogram interval log; latency untagged, service time tagged `service`) and"
                + " `gc-<pid>.log`. Each cell's console output is in `logs/`.");
        return doc;
    }

    private static String intro(RunData data) {
        int cells = 0;
        int ok = 0;
        int skipped = 0;
        int bad = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (List<RunData.Row> rows : data.scenarios.values()) {
            for (RunData.Row r : rows) {
                if (!seen.add(r.scenario + "/" + r.cell + "/" + r.variant)) {
                    continue;
                }
                cells++;
                if ("OK".equals(r.status)) {
                    ok++;
                } else if ("SKIPPED".equals(r.status)) {
                    skipped++;
                } else {
                    bad++;
                }
            }
        }
        String host = data.string("host", data.env != null && data.env.has("os")
                ? data.env.getAsJsonObject("os").get("host").getAsString() : "unknown");
        return String.format(Locale.ROOT, "Run `%s` on host `%s`: %d result row(s): %d OK, %d failed or interrupted,"
                + " %d skipped. Latency is measured from each message's intended send time (free of coordinated"
                + " omission); service time from its actual send time, which is what the original studies printed."
                + " Values marked%s rest on fewer than %d samples beyond them.", data.string("runId",
                data.dir.getFileName().toString()), host, cells, ok, bad, skipped, LOW, CONFIDENT_BEYOND);
    }

    /** A warning when the host cannot give trustworthy tails: too few CPUs, none isolated. */
    static String hostCaveat(JsonObject env) {
        if (env == null || !env.has("cpu")) {
            return null;
        }
        JsonObject cpu = env.getAsJsonObject("cpu");
        int cpus = cpu.has("availableProcessors") ? cpu.get("availableProcessors").getAsInt() : 0;
        String isolatedCpus = cpu.has("isolated") ? cpu.get("isolated").getAsString() : "";
        boolean isolated = !isolatedCpus.isEmpty() && !isolatedCpus.equals("none"); // CpuList writes "none"
        if (cpus >= 4 && isolated) {
            return null;
        }
        return String.format(Locale.ROOT, "**Host caveat:** %d CPU(s) available%s. The two spinning threads share"
                + " cores with the JVM's own threads and everything else on the machine, so from p99 up the numbers"
                + " are mostly the scheduler's, not the JVM's or the collector's. Compare tails on a host with"
                + " isolated cores (`scripts/check-host` says what to change).", cpus, isolated ? ""
                : ", none isolated");
    }

    private static void scenario(Doc doc, RunData data, String scenario, Path charts) throws IOException {
        List<String> variants = data.variants(scenario);
        doc.h(2, "Scenario " + scenario);
        List<RunData.Row> all = data.scenarios.get(scenario);
        RunData.Row sample = all.stream().filter(r -> r.result != null).findFirst().orElse(null);
        if (sample != null) {
            JsonObject r = sample.result;
            doc.p(String.format(Locale.ROOT, "%,d msg/s, %d-byte payload, scale `%s`: warm-up %s + measured %s per"
                            + " fork, %d fork(s) per cell.", r.get("ratePerSec").getAsLong(),
                    r.get("payloadBytes").getAsInt(), r.get("scale").getAsString(),
                    Units.formatDuration(r.get("warmupNs").getAsLong()),
                    Units.formatDuration(r.get("measureNs").getAsLong()), r.get("forks").getAsInt()));
        }
        verdict(doc, data, scenario, variants);
        pivot(doc, data, scenario, variants);

        doc.h(3, "Latency from the intended send time");
        doc.table(header("variant"), summaryRows(all, true), numericAfter(4, 11));
        doc.h(3, "Service time from the actual send time");
        doc.p("What the original study measured: a message that waited behind a slow one is not charged for the wait.");
        doc.table(header("variant"), summaryRows(all, false), numericAfter(4, 11));

        List<String> cells = new ArrayList<>();
        for (String c : data.cells(scenario)) {
            if (variants.stream().anyMatch(v -> data.rows(scenario, v).stream().anyMatch(r -> r.cell.equals(c)
                    && r.measured()))) {
                cells.add(c);
            }
        }
        if (!cells.isEmpty()) {
            List<String> labels = new ArrayList<>();
            cells.forEach(c -> labels.add(c.replace("__", " ")));
            List<Bars> medians = new ArrayList<>();
            List<Bars> tails = new ArrayList<>();
            for (String v : variants) {
                medians.add(Bars.ofNanos(v, values(data, scenario, v, cells, s -> s.p50)));
                tails.add(Bars.ofNanos(v, values(data, scenario, v, cells, s -> s.p99_99)));
            }
            Charts.bars(charts, scenario + "-median", scenario + ": median latency (p50) per JVM and collector",
                    "latency (us)", labels, medians, wideRange(medians));
            doc.chart(scenario + "-median", scenario + ": median latency per JVM and collector");
            Charts.bars(charts, scenario + "-p99_99", scenario + ": p99.99 latency per JVM and collector",
                    "latency (us)", labels, tails, wideRange(tails));
            doc.chart(scenario + "-p99_99", scenario + ": p99.99 latency per JVM and collector");
            for (String v : variants) {
                spectrumAndTimeline(doc, data, scenario, v, charts);
            }
        }
        confidence(doc, all);
        pauses(doc, all);
        floor(doc, data, scenario, variants);
        harnessCost(doc, data, scenario, variants);
        notes(doc, all);
    }

    /** Values spread over more than two decades read better on a log axis. */
    static boolean wideRange(List<Bars> series) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Bars b : series) {
            for (double v : b.valuesUs()) {
                if (v > 0 && !Double.isNaN(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        return max > 0 && max / min > 100;
    }

    private static void verdict(Doc doc, RunData data, String scenario, List<String> variants) {
        List<String> lines = new ArrayList<>();
        for (String v : variants) {
            if (v.equals(RunData.BASELINE)) {
                continue;
            }
            List<RunData.Row> ok = data.rows(scenario, v).stream().filter(r -> "OK".equals(r.status) && r.measured())
                    .toList();
            if (ok.size() < 2) {
                continue;
            }
            lines.add(best(v, "median", ok, s -> s.p50));
            lines.add(best(v, "p99.99", ok, s -> s.p99_99));
        }
        if (!lines.isEmpty()) {
            doc.p("At a glance (cells that ended OK; compare with the spread and the flags below before trusting a"
                    + " difference):");
            doc.bullets(lines);
        }
    }

    /** JVM down, collector across: p50 / p99.99 of the first variant that is not the baseline. */
    private static void pivot(Doc doc, RunData data, String scenario, List<String> variants) {
        String variant = variants.stream().filter(v -> !v.equals(RunData.BASELINE)).findFirst().orElse(null);
        if (variant == null) {
            return;
        }
        List<String> jvms = new ArrayList<>();
        List<String> gcs = new ArrayList<>();
        List<RunData.Row> rows = new ArrayList<>(data.rows(scenario, variant));
        rows.addAll(data.rows(scenario, "")); // cells without results: skipped, failed before measuring
        for (RunData.Row r : rows) {
            if (!jvms.contains(r.jvm)) {
                jvms.add(r.jvm);
            }
            if (!gcs.contains(r.gc)) {
                gcs.add(r.gc);
            }
        }
        if (jvms.size() < 2 && gcs.size() < 2) {
            return;
        }
        List<List<String>> out = new ArrayList<>();
        for (String jvm : jvms) {
            List<String> row = new ArrayList<>(List.of(jvm));
            for (String gc : gcs) {
                RunData.Row r = rows.stream().filter(x -> x.jvm.equals(jvm) && x.gc.equals(gc)).findFirst()
                        .orElse(null);
                if (r == null || !r.measured()) {
                    row.add(r == null ? "" : r.status);
                } else {
                    row.add(Units.formatNs(r.latency.p50) + " / " + Units.formatNs(r.latency.p99_99)
                            + ("OK".equals(r.status) ? "" : " " + r.status));
                }
            }
            out.add(row);
        }
        List<String> header = new ArrayList<>(List.of("JVM"));
        header.addAll(gcs);
        doc.p("Median / p99.99 latency of `" + variant + "`, JVM down, collector across:");
        doc.table(header, out, numericAfter(1, header.size()));
    }

    private static String best(String variant, String what, List<RunData.Row> ok, ToLongFunction<LatencySummary> f) {
        List<RunData.Row> sorted = new ArrayList<>(ok);
        sorted.sort(Comparator.comparingLong(r -> f.applyAsLong(r.latency)));
        RunData.Row a = sorted.get(0);
        RunData.Row b = sorted.get(1);
        RunData.Row worst = sorted.get(sorted.size() - 1);
        String line = String.format(Locale.ROOT, "%s, lowest %s: `%s` %s; next `%s` %s (%.2fx)", variant, what,
                a.label(), Units.formatNs(f.applyAsLong(a.latency)), b.label(), Units.formatNs(f.applyAsLong(b.latency)),
                ratio(f.applyAsLong(b.latency), f.applyAsLong(a.latency)));
        if (sorted.size() > 2) {
            line += String.format(Locale.ROOT, "; highest `%s` %s (%.2fx)", worst.label(),
                    Units.formatNs(f.applyAsLong(worst.latency)), ratio(f.applyAsLong(worst.latency),
                    f.applyAsLong(a.latency)));
        }
        String moved = placementDiffers(a, sorted.size() > 2 ? worst : b);
        return moved == null ? line : line + ". " + moved;
    }

    /**
     * Says so when two cells ran on CPUs whose cache-line round trips differ by more than
     * {@link OneWayTally#PLACEMENT_CHANGE_FACTOR}: their difference may be the host's, not the JVM's.
     */
    static String placementDiffers(RunData.Row a, RunData.Row b) {
        long[] x = a.roundTripNs();
        long[] y = b.roundTripNs();
        if (x == null || y == null || Math.min(x[0], y[0]) <= 0
                || Math.max(x[1], y[1]) <= Math.min(x[0], y[0]) * OneWayTally.PLACEMENT_CHANGE_FACTOR) {
            return null;
        }
        return "But their CPUs' cache-line round trips differ (" + roundTrip(x) + " against " + roundTrip(y)
                + "): the host placed the CPUs differently, and that alone moves medians (see the trust table)";
    }

    static String roundTrip(long[] minMax) {
        return minMax[0] == minMax[1] ? Units.formatNs(minMax[0])
                : Units.formatNs(minMax[0]) + " - " + Units.formatNs(minMax[1]);
    }

    private static double ratio(long a, long b) {
        return b == 0 ? Double.NaN : (double) a / b;
    }

    private static List<String> header(String first) {
        return List.of("JVM", "GC", first, "status", "p50", "p90", "p99", "p99.9", "p99.99", "max", "samples");
    }

    private static List<Boolean> numericAfter(int from, int size) {
        List<Boolean> n = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            n.add(i >= from);
        }
        return n;
    }

    private static List<List<String>> summaryRows(List<RunData.Row> rows, boolean latency) {
        List<List<String>> out = new ArrayList<>();
        List<RunData.Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing((RunData.Row r) -> r.variant.equals(RunData.BASELINE))
                .thenComparing(r -> r.variant)); // stable: matrix order within a variant
        for (RunData.Row r : sorted) {
            List<String> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant.isEmpty() ? "-" : r.variant, r.status));
            LatencySummary s = latency ? r.latency : r.service;
            if (r.measured()) {
                for (int i = 0; i < PCTS.length; i++) {
                    row.add(Units.formatNs(percentile(s, i)) + (confident(s.count, PCTS[i]) ? "" : LOW));
                }
                row.add(Units.formatNs(s.max));
                row.add(String.format(Locale.ROOT, "%,d", s.count));
            } else {
                for (int i = 0; i < 7; i++) {
                    row.add("-");
                }
            }
            out.add(row);
        }
        return out;
    }

    /** Whether enough of {@code count} samples lie beyond the {@code pct} percentile to trust it. */
    static boolean confident(long count, double pct) {
        return beyond(count, pct) >= CONFIDENT_BEYOND;
    }

    /** How many of {@code count} samples lie above the {@code pct} percentile. */
    static long beyond(long count, double pct) {
        return Math.round(count * (100 - pct) / 100);
    }

    private static double[] values(RunData data, String scenario, String variant, List<String> cells,
                                   ToLongFunction<LatencySummary> f) {
        double[] v = new double[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            v[i] = Double.NaN;
            for (RunData.Row r : data.rows(scenario, variant)) {
                if (r.cell.equals(cells.get(i)) && r.charted()
                        && f.applyAsLong(r.latency) > 0) { // a log axis has no place for 0
                    v[i] = f.applyAsLong(r.latency);
                }
            }
        }
        return v;
    }

    private static void spectrumAndTimeline(Doc doc, RunData data, String scenario, String variant, Path charts)
            throws IOException {
        List<Spectrum> spectra = new ArrayList<>();
        List<TimeSeries> timelines = new ArrayList<>();
        List<String> oneInterval = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        int colour = -1;
        for (RunData.Row r : data.rows(scenario, variant)) {
            if (!r.charted()) {
                continue;
            }
            colour++; // by the cell's place among the charted ones, so a cell left out shifts no other's colour
            IntervalLog.Intervals log;
            try {
                log = readLog(r);
            } catch (IOException e) {
                leftOut.add(e.getMessage() + ": " + r.label() + " is left out of the percentile spectrum and the"
                        + " latency over time of " + variant + " (its table rows come from result.json)");
                continue;
            }
            spectra.add(Spectrum.fromHistogram(r.label(), log.total("latency")).inColour(colour));
            if (log.of("latency").size() < 2) { // a loop that hands over its histograms once per period: no line to draw
                oneInterval.add("`" + r.label() + "`");
                continue;
            }
            double[] t = new double[log.of("latency").size()];
            double[] max = new double[log.of("latency").size()];
            double elapsed = 0;
            for (int i = 0; i < t.length; i++) {
                Histogram h = log.of("latency").get(i);
                elapsed += Math.max(0, h.getEndTimeStamp() - h.getStartTimeStamp()) / 1000.0;
                t[i] = elapsed;
                max[i] = h.getTotalCount() == 0 ? Double.NaN : h.getMaxValue() / 1000.0;
            }
            timelines.add(new TimeSeries(r.label(), t, max).inColour(colour));
        }
        if (spectra.isEmpty() && leftOut.isEmpty()) {
            return;
        }
        String base = scenario + "-" + variant;
        doc.h(3, variant + ": percentile spectrum and latency over time");
        for (String note : leftOut) {
            doc.p("**Left out:** " + note + ".");
        }
        if (spectra.isEmpty()) {
            return;
        }
        Charts.percentileSpectrum(charts, base + "-spectrum", scenario + " / " + variant
                + ": latency by percentile (all samples of each cell)", spectra);
        doc.chart(base + "-spectrum", scenario + " / " + variant + ": latency against percentile");
        if (!oneInterval.isEmpty()) {
            doc.p("Left out of the latency over time: " + String.join(", ", oneInterval) + ", whose interval log"
                    + " holds one interval per measured period (the variant hands its histograms over at the end of"
                    + " a period), so there is no line to draw.");
        }
        if (timelines.isEmpty()) {
            return;
        }
        Charts.timeline(charts, base + "-timeline", scenario + " / " + variant
                + ": worst latency per interval (forks back to back)", timelines);
        doc.chart(base + "-timeline", scenario + " / " + variant + ": worst latency per interval over the measurement");
    }

    /**
     * A charted cell's interval log, whole: the launcher wrote it from every fork's intervals, so it
     * holds as many latencies as result.json counts; anything else means the file was damaged.
     *
     * @throws IOException saying which file and what is wrong with it
     */
    static IntervalLog.Intervals readLog(RunData.Row r) throws IOException {
        Path file = r.hlog();
        if (file == null || !Files.isRegularFile(file)) {
            throw new IOException("`" + file + "` is missing");
        }
        IntervalLog.Intervals log;
        try {
            log = IntervalLog.read(file);
        } catch (IOException | RuntimeException e) {
            throw new IOException("`" + file + "` cannot be read (" + e.getMessage() + ")", e);
        }
        long found = log.total("latency").getTotalCount();
        if (log.truncated || found != r.latency.count) {
            throw new IOException(String.format(Locale.ROOT, "`%s` is unreadable%s: it yields %,d of the %,d latencies"
                    + " result.json counts", file, log.truncated ? " after its first " + log.of("latency").size()
                    + " interval(s)" : "", found, r.latency.count));
        }
        return log;
    }

    private static void confidence(Doc doc, List<RunData.Row> rows) {
        List<List<String>> out = new ArrayList<>();
        boolean anyForks = false;
        long lowestTrip = Long.MAX_VALUE;
        long highestTrip = -1;
        for (RunData.Row r : rows) {
            if (!r.measured()) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(r.jvm, r.gc, r.variant, Integer.toString(r.forks.size())));
            for (int i = 0; i < PCTS.length; i++) {
                long n = beyond(r.latency.count, PCTS[i]);
                String spread = spread(r.forks, i);
                anyForks |= !spread.isEmpty();
                row.add(String.format(Locale.ROOT, "%,d%s%s", n, n < CONFIDENT_BEYOND ? LOW : "",
                        spread.isEmpty() ? "" : " / " + spread));
            }
            long[] trip = r.roundTripNs();
            row.add(trip == null ? "-" : roundTrip(trip));
            if (trip != null && trip[0] > 0) {
                lowestTrip = Math.min(lowestTrip, trip[0]);
                highestTrip = Math.max(highestTrip, trip[1]);
            }
            out.add(row);
        }
        if (out.isEmpty()) {
            return;
        }
        doc.h(3, "How much to trust each percentile");
        doc.p("Samples beyond each percentile" + (anyForks ? " / fork-to-fork spread ((max - min) / median of the"
                + " forks' values)" : "") + ". A percentile with fewer than " + CONFIDENT_BEYOND + " samples beyond"
                + " it is marked" + LOW + ": longer runs (`-Dbench.scale=paper`) or more forks"
                + " (`-Dbench.forks=3`) make it firm." + (anyForks ? "" : " Every cell ran one fork, so there is no"
                + " spread to show; `-Dbench.forks=3` measures it."));
        if (highestTrip > lowestTrip * OneWayTally.PLACEMENT_CHANGE_FACTOR) {
            doc.p(String.format(Locale.ROOT, "**The CPUs moved.** The cache-line round trip between the producer's"
                    + " and the consumer's CPUs (last column, probed before and after each period) ranged from %s to"
                    + " %s: the host placed the two CPUs differently over the run (a virtual machine's vCPUs"
                    + " moved), and every transfer between them got slower or faster with it. Medians move with the"
                    + " round trip (on a 2-vCPU virtual machine, Chronicle Queue's between about 430 ns and 1.1 us):"
                    + " compare only cells whose round trips agree, or run on a host with isolated cores.",
                    Units.formatNs(lowestTrip), Units.formatNs(highestTrip)));
        }
        List<String> header = new ArrayList<>(List.of("JVM", "GC", "variant", "forks"));
        for (String p : PCT_NAMES) {
            header.add(p);
        }
        header.add("CPU round trip");
        doc.table(header, out, numericAfter(3, header.size()));
    }

    private static void pauses(Doc doc, List<RunData.Row> rows) throws IOException {
        List<List<String>> out = new ArrayList<>();
        for (RunData.Row r : rows) {
            PauseSummary p = PauseSummary.of(r.dir);
            if (p.logs == 0) {
                continue;
            }
            out.add(List.of(r.jvm, r.gc, r.variant, String.format(Locale.ROOT, "%,d", p.collections),
                    String.format(Locale.ROOT, "%,d", p.safepoints), p.safepoints == 0 ? "-" : Units.formatNs(p.totalNs),
                    p.safepoints == 0 ? "-" : Units.formatNs(p.maxNs)));
        }
        if (out.isEmpty()) {
            return;
        }
        doc.h(3, "Stop-the-world pauses");
        doc.p("From each fork's GC and safepoint log (`gc-<pid>.log`), over the fork's whole life, warm-up"
                + " included: a latency spike that lines up with a long pause is the JVM's; one without is the"
                + " machine's or the transport's.");
        doc.table(List.of("JVM", "GC", "variant", "collections", "safepoints", "total stopped", "longest"), out,
                numericAfter(3, 7));
    }

    /** (max - min) / median of the forks' values of percentile {@code i}, as text; empty with fewer than two forks. */
    static String spread(List<LatencySummary> forks, int i) {
        double v = spreadValue(forks, i);
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
    }

    /** (max - min) / median of the forks' values of percentile {@code i} (0 = p50 ... 4 = p99.99); NaN with fewer than two forks. */
    static double spreadValue(List<LatencySummary> forks, int i) {
        if (forks.size() < 2) {
            return Double.NaN;
        }
        long[] v = new long[forks.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = percentile(forks.get(k), i);
        }
        Arrays.sort(v);
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2.0;
        return median == 0 ? Double.NaN : (v[v.length - 1] - v[0]) / median;
    }

    /** Percentile {@code i} of a summary: 0 = p50, 1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99. */
    static long percentile(LatencySummary s, int i) {
        switch (i) {
            case 0:
                return s.p50;
            case 1:
                return s.p90;
            case 2:
                return s.p99;
            case 3:
                return s.p99_9;
            case 4:
                return s.p99_99;
            default:
                throw new IllegalArgumentException("percentile index " + i);
        }
    }

    private static void floor(Doc doc, RunData data, String scenario, List<String> variants) {
        against(doc, data, scenario, variants, RunData.BASELINE, "transport's own p50", "Against the machine's floor",
                "The `baseline` variant passes the same messages through one shared cache line under the same harness,"
                + " pacing and pinning: what is left when the transport costs nothing. The transport's own cost is the"
                + " difference; tails the baseline shares come from the machine, not the transport.");
    }

    /** Each variant measured by the harness next to the {@code reference} loop on the same JVM and collector. */
    private static void harnessCost(Doc doc, RunData data, String scenario, List<String> variants) {
        List<String> measuredByHarness = variants.stream().filter(v -> !v.equals(RunData.BASELINE)).toList();
        against(doc, data, scenario, measuredByHarness, RunData.REFERENCE, "harness's cost", "The harness's own cost",
                "The `reference` variant runs the published study's own loop over the same queue: its own two pinned"
                + " threads, pacing, stamps and histograms, no harness code between send and receive. The difference"
                + " is what the harness's hot path adds; within the run-to-run spread of the medians it is nothing.");
    }

    /** Each of {@code variants} next to the {@code yardstick} variant of the same cell: p50, the difference, p99.9. */
    private static void against(Doc doc, RunData data, String scenario, List<String> variants, String yardstick,
                                String differenceHeader, String heading, String explanation) {
        if (!variants.contains(yardstick) || variants.size() < 2) {
            return;
        }
        List<List<String>> out = new ArrayList<>();
        for (String v : variants) {
            if (v.equals(yardstick)) {
                continue;
            }
            for (RunData.Row r : data.rows(scenario, v)) {
                RunData.Row y = data.rows(scenario, yardstick).stream()
                        .filter(b -> b.cell.equals(r.cell) && b.charted()).findFirst().orElse(null);
                if (!r.charted() || y == null || y.latency.p50 <= 0) { // a failed cell is no yardstick
                    continue;
                }
                out.add(List.of(r.jvm, r.gc, v, Units.formatNs(r.latency.p50), Units.formatNs(y.latency.p50),
                        Units.formatNs(r.latency.p50 - y.latency.p50),
                        String.format(Locale.ROOT, "%.2fx", (double) r.latency.p50 / y.latency.p50),
                        Units.formatNs(r.latency.p99_9), Units.formatNs(y.latency.p99_9)));
            }
        }
        if (out.isEmpty()) {
            return;
        }
        doc.h(3, heading);
        doc.p(explanation);
        doc.table(List.of("JVM", "GC", "variant", "p50", yardstick + " p50", differenceHeader, "ratio", "p99.9",
                yardstick + " p99.9"), out, numericAfter(3, 9));
    }

    private static void notes(Doc doc, List<RunData.Row> rows) {
        List<String> items = new ArrayList<>();
        for (RunData.Row r : rows) {
            String where = "`" + r.cell + (r.variant.isEmpty() ? "" : " / " + r.variant) + "`";
            if (!"OK".equals(r.status)) {
                items.add(where + " " + r.status + ": " + String.join("; ", r.reasons));
            }
            for (String n : r.notes) {
                items.add(where + ": " + n);
            }
        }
        if (!items.isEmpty()) {
            doc.h(3, "Failed, skipped and flagged cells");
            doc.bullets(items);
        }
    }

    private static void cellsSection(Doc doc, RunData data) {
        if (!data.runJson.has("cells")) {
            return;
        }
        List<List<String>> out = new ArrayList<>();
        for (JsonElement e : data.runJson.getAsJsonArray("cells")) {
            JsonObject c = e.getAsJsonObject();
            List<String> flags = new ArrayList<>();
            c.getAsJsonArray("flags").forEach(f -> flags.add(shortFlag(f.getAsString())));
            out.add(List.of(c.get("scenario").getAsString(), c.get("jvm").getAsString(), c.get("gc").getAsString(),
                    c.get("status").getAsString(), flags.isEmpty() ? "(none)" : "`" + String.join(" ", flags) + "`",
                    c.has("seconds") ? String.format(Locale.ROOT, "%.0f s", c.get("seconds").getAsDouble()) : "-"));
        }
        doc.h(2, "Cells and their flags");
        doc.p("Flags of each cell's benchmark JVMs besides the scenario's own (module opens and the like, in"
                + " `jmh.json`). A `+graal` JVM runs the GraalVM compiler through JVMCI; it compiles itself first,"
                + " so short warm-ups leave its compilations inside the measurement.");
        doc.table(List.of("scenario", "JVM", "GC", "status", "flags", "time"), out, List.of(false, false, false, false,
                false, true));
        if (data.runJson.has("jvms")) {
            List<List<String>> jvms = new ArrayList<>();
            for (JsonElement e : data.runJson.getAsJsonArray("jvms")) {
                JsonObject j = e.getAsJsonObject();
                jvms.add(List.of(j.get("name").getAsString(), j.get("vendor").getAsString(),
                        j.get("version").getAsString(), "`" + j.get("java").getAsString() + "`"));
            }
            doc.table(List.of("JVM", "vendor", "version", "java"), jvms, List.of(false, false, false, false));
        }
    }

    /** The Graal module path is long and machine-specific: shown by its release. */
    public static String shortFlag(String flag) {
        if (flag.startsWith("--upgrade-module-path=")) {
            String v = flag.replaceAll(".*compiler-([0-9.]+)\\.jar.*", "$1");
            return "--upgrade-module-path=<GraalVM compiler " + (v.equals(flag) ? "jars" : v) + ">";
        }
        return flag;
    }

    private static void environment(Doc doc, RunData data) {
        JsonObject env = data.env;
        if (env == null) {
            return;
        }
        doc.h(2, "Environment");
        List<String> items = new ArrayList<>();
        JsonObject cpu = env.has("cpu") ? env.getAsJsonObject("cpu") : new JsonObject();
        JsonObject os = env.has("os") ? env.getAsJsonObject("os") : new JsonObject();
        items.add("CPU: " + str(cpu, "model") + ", " + str(cpu, "availableProcessors") + " CPUs available (online "
                + str(cpu, "online") + ", isolated " + orNone(str(cpu, "isolated")) + ", nohz_full "
                + orNone(str(cpu, "nohzFull")) + ")");
        items.add("OS: " + str(os, "name") + " " + str(os, "kernel") + " " + str(os, "arch") + ", THP "
                + str(os, "transparentHugePages") + ", memory " + str(os, "memTotal"));
        items.add("suite commit: `" + str(env, "suiteCommit") + "`");
        doc.bullets(items);
        if (env.has("hostCheck")) {
            List<List<String>> rows = new ArrayList<>();
            for (JsonElement e : env.getAsJsonArray("hostCheck")) {
                JsonObject f = e.getAsJsonObject();
                rows.add(List.of(str(f, "status"), str(f, "id"), str(f, "observed"), f.has("advice")
                        ? f.get("advice").getAsString() : ""));
            }
            doc.p("Host tuning checklist (`scripts/check-host` prints the same):");
            doc.table(List.of("", "check", "found", "advice"), rows, List.of(false, false, false, false));
        }
    }

    private static String str(JsonObject o, String member) {
        return o.has(member) && !o.get(member).isJsonNull() ? o.get(member).getAsString() : "unknown";
    }

    private static String orNone(String s) {
        return s.isEmpty() ? "none" : s;
    }

    private static String firstCommand(RunData data) {
        for (List<RunData.Row> rows : data.scenarios.values()) {
            for (RunData.Row r : rows) {
                if (r.result != null && r.result.has("command")) {
                    return r.result.get("command").getAsString();
                }
            }
        }
        return "(unknown)";
    }
}
