package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.view.Spectra;
import dev.latencybench.chart.ChartOutput;
import dev.latencybench.chart.Charts;
import dev.latencybench.chart.LineChart;
import dev.latencybench.chart.Spectrum;
import dev.latencybench.chart.TimeSeries;
import dev.latencybench.report.data.GcPauses;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Search;
import dev.latencybench.report.doc.Doc;

/**
 * A scenario's percentile spectra and primary metric over time, from each charted cell's interval log: a spectrum per
 * cell with a line per variant, and per variant the worst value per interval with fork starts and GC pauses. A cell
 * whose log is missing or damaged is named and left out of both. Stateless.
 */
final class SpectrumTimeline {
    /** Fewer intervals than this show no trend worth drawing. */
    static final int MIN_TIMELINE_INTERVALS = 10;

    private SpectrumTimeline() {
    }

    /** The scenario's spectra, one per cell (and search), then each variant's timeline where it has one. */
    static void write(Doc doc, RunData data, String scenario, List<String> variants, Path charts, List<String> problems)
            throws IOException {
        String metric = data.study(scenario).metrics.primary().name();
        Map<String, String> searchOf = new LinkedHashMap<>(); // a search's step -> the variant it searches
        Search.Rule rule = null;
        for (Search search : data.searches(scenario)) {
            search.steps.forEach(st -> searchOf.putIfAbsent(st.name(), st.variant()));
            rule = rule != null ? rule : search.passRule();
        }
        boolean severalCells = data.cells(scenario).size() > 1;
        Map<String, List<RunData.Row>> groups = new LinkedHashMap<>();
        for (String v : variants) {
            for (RunData.Row r : data.rows(scenario, v)) {
                if (r.charted()) {
                    String cell = severalCells ? r.cell : "";
                    String search = searchOf.getOrDefault(v, "");
                    String key = search.isEmpty() ? cell : cell.isEmpty() ? search : search + "-" + cell;
                    groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
                }
            }
        }
        if (groups.isEmpty()) {
            return;
        }
        doc.h(3, "Percentile spectra" + (severalCells ? " per JVM and collector" : "") + " and " + metric
                + " over time");
        List<String> leftOut = new ArrayList<>();
        Map<String, IntervalLog.Intervals> logs = new LinkedHashMap<>();
        for (List<RunData.Row> rows : groups.values()) {
            for (RunData.Row r : rows) {
                try {
                    logs.put(key(r), r.intervals());
                } catch (IOException e) {
                    leftOut.add(e.getMessage() + ": " + r.label() + " is left out of the percentile spectrum and the "
                            + metric + " over time of " + r.variant + " (its table rows come from result.json)");
                }
            }
        }
        for (String note : leftOut) {
            doc.p("**Left out:** " + note + ".");
            problems.add(note.replace("`", "")); // on the console too: the run's data is damaged, not only a chart
        }
        for (Map.Entry<String, List<RunData.Row>> g : groups.entrySet()) {
            spectrum(doc, scenario, metric, g.getKey(), g.getValue(), variants, logs, rule, charts);
        }
        timelines(doc, data, scenario, metric, variants, logs, charts);
    }

    /** One overlaid spectrum: a line per row that has one to draw, a sentence for those that do not. */
    private static void spectrum(Doc doc, String scenario, String metric, String key, List<RunData.Row> rows,
            List<String> variants, Map<String, IntervalLog.Intervals> logs, Search.Rule rule, Path charts)
            throws IOException {
        List<Spectrum> lines = new ArrayList<>();
        List<String> thin = new ArrayList<>();
        List<RunData.Row> thinRows = new ArrayList<>();
        List<String> mostlyZero = new ArrayList<>();
        List<String> starts = new ArrayList<>();
        for (RunData.Row r : rows) {
            IntervalLog.Intervals log = logs.get(key(r));
            if (log == null) {
                continue;
            }
            Histogram total = log.primaryTotal();
            if (!Spectrum.drawable(total)) {
                if (ViewSection.aHandful(total) || total.getTotalCount() == 0) {
                    thin.add(String.format(Locale.ROOT, "`%s` (%,d samples)", r.variant, total.getTotalCount()));
                    if (total.getTotalCount() > 0) {
                        thinRows.add(r);
                    }
                } else {
                    mostlyZero.add(ViewSection.mostlyZero(r.variant, total));
                }
                continue;
            }
            Spectrum line = Spectrum.fromHistogram(r.variant, total).inColour(variants.indexOf(r.variant));
            lines.add(line);
            if (line.firstPercentile() > 50) {
                starts.add(String.format(Locale.ROOT, "`%s` at p%s", r.variant, pct(line.firstPercentile())));
            }
        }
        String what = scenario + (key.isEmpty() ? "" : " / " + key.replace("__", " "));
        if (!lines.isEmpty()) {
            String base = baseName(scenario, key) + "-spectrum";
            double limitUs = rule != null && rule.boundNs() > 0 ? rule.boundNs() / Charts.NANOS_PER_MICRO : Double.NaN;
            Charts.percentileSpectrum(charts, base, what + ": " + metric + " by percentile (all samples of each"
                    + " cell)", lines, limitUs, rule == null ? null : "pass: " + rule.describe());
            doc.chart(base, what + ": " + metric + " against percentile, a line per "
                    + (rule != null ? "step" : "variant"));
            doc.p("Each line stops at its last percentile with at least " + Percentiles.SHOWN_BEYOND + " samples"
                    + " beyond it; the dot labelled max is its highest sample."
                    + (starts.isEmpty() ? "" : " A latency of 0 has no place on the log axis, so a line whose"
                    + " lower percentiles are 0 starts at its first one above 0: " + String.join(", ", starts) + ".")
                    + (rule != null && rule.boundNs() > 0 ? " The red dashed rule is the pass rule's bound." : ""));
        }
        if (!thin.isEmpty()) {
            doc.p("No spectrum line for " + String.join(", ", thin) + " in " + what + ": a line needs at least "
                    + Percentiles.SHOWN_BEYOND + " samples beyond its median and a latency above 0 there.");
        }
        if (!mostlyZero.isEmpty()) {
            doc.p("No spectrum line and no dots in " + what + " for " + String.join("; ", mostlyZero) + ".");
        }
        if (!thinRows.isEmpty()) {
            String base = baseName(scenario, key) + "-samples";
            Spectra few = new Spectra(base, what + ": " + metric + " of every sample");
            thinRows.forEach(r -> few.line(r.variant, logs.get(key(r)).primaryTotal()));
            LineChart c = ViewSection.samplePoints(few, few.lines(), "variant");
            ChartOutput.write(c, charts, base);
            doc.chart(base, what + ": " + metric + " of every sample, a column per variant");
        }
    }

    /** A chart's file name stem: a cell's '+' (as in {@code jdk17+graal}) and any other odd character become '_'. */
    private static String baseName(String scenario, String key) {
        return (scenario + (key.isEmpty() ? "" : "-" + key)).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** A row's key among the logs read: its variant and its cell (a row's label names the cell only). */
    private static String key(RunData.Row r) {
        return r.variant + "/" + r.cell;
    }

    /** A percentile as the tables print it: {@code 96.2}. */
    private static String pct(double p) {
        return new java.math.BigDecimal(p).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** Each variant's timeline, where a cell of it has {@link #MIN_TIMELINE_INTERVALS} intervals; one sentence else. */
    private static void timelines(Doc doc, RunData data, String scenario, String metric, List<String> variants,
            Map<String, IntervalLog.Intervals> logs, Path charts) throws IOException {
        int fewest = Integer.MAX_VALUE;
        int most = 0;
        for (String variant : variants) {
            List<TimeSeries> timelines = new ArrayList<>();
            List<String> oneInterval = new ArrayList<>();
            boolean uptimeOnly = false;
            boolean withPauses = false;
            boolean severalForks = false;
            int colour = -1;
            for (RunData.Row r : data.rows(scenario, variant)) {
                if (!r.charted()) {
                    continue;
                }
                colour++; // by the cell's place among the charted ones, so a cell left out shifts no other's colour
                IntervalLog.Intervals log = logs.get(key(r));
                if (log == null) {
                    continue;
                }
                List<Histogram> intervals = log.of(metric);
                List<Fork> forks = forks(r);
                // a loop that hands over its histograms once per period (one interval per fork): no line to draw
                if (intervals.size() < 2 || intervals.size() <= forks.size()) {
                    oneInterval.add("`" + r.label() + "`");
                    continue;
                }
                if (intervals.size() < MIN_TIMELINE_INTERVALS) {
                    fewest = Math.min(fewest, intervals.size());
                    most = Math.max(most, intervals.size());
                    continue;
                }
                severalForks |= forks.size() > 1;
                for (Fork f : forks) {
                    uptimeOnly |= f.pauses != null && !f.pauses.wallClock && f.pauses.size() > 0;
                    withPauses |= f.pauses != null;
                }
                timelines.add(timeline(r.label(), intervals, forks).inColour(colour));
            }
            if (!oneInterval.isEmpty()) {
                doc.p("Left out of the " + metric + " over time: " + String.join(", ", oneInterval) + " of " + variant
                        + ", whose interval log holds one interval per measured period (the variant hands its"
                        + " histograms over at the end of a period), so there is no line to draw.");
            }
            if (timelines.isEmpty() || timelines.stream().noneMatch(SpectrumTimeline::anyPoint)) {
                if (!timelines.isEmpty()) { // every interval empty, or its worst value 0: the log axis has no point
                    doc.p("No " + metric + " over time for " + variant + ": no interval has a worst value above 0"
                            + " to draw.");
                }
                continue;
            }
            String base = scenario + "-" + variant;
            Charts.timeline(charts, base + "-timeline", scenario + " / " + variant
                    + ": worst " + metric + " per interval (forks back to back)", timelines);
            doc.chart(base + "-timeline", scenario + " / " + variant + ": worst " + metric + " per interval over the"
                    + " measurement");
            doc.p("Each point is one interval's worst " + metric + ", at the interval's middle; an interval much"
                    + " shorter than the others (the tail of a fork) is left out, as its worst value stands for too few"
                    + " samples." + (severalForks ? " A dashed rule marks where the next fork's intervals begin." : "")
                    + (withPauses ? " Triangles are the JVM's stop-the-world pauses from `gc-<pid>.log`, at their start"
                    + " and as high as they were long: a spike with a triangle under it is the JVM's, one without is"
                    + " the machine's or the measured system's." : "")
                    + (uptimeOnly ? " These GC logs carry the JVM's uptime, not the wall clock: each pause is placed"
                    + " by counting back from the fork's exit, taken as the end of its last interval, so it may sit a"
                    + " few hundred milliseconds early." : ""));
            TimelineOutliers.table(doc, variant, timelines);
        }
        if (most > 0) {
            doc.p("No " + metric + " over time for the runs whose interval log holds " + (fewest == most ? fewest
                    : fewest + " to " + most) + " intervals, fewer than " + MIN_TIMELINE_INTERVALS + ": too few"
                    + " points to show a trend.");
        }
    }

    /** One fork: its primary count, pauses (null: no GC log) and worst outliers per cause ({@link TailPart#marks}). */
    record Fork(long count, GcPauses pauses, Map<String, List<long[]>> outliers) {
        Fork(long count, GcPauses pauses) {
            this(count, pauses, Map.of());
        }
    }

    /** The cell's forks in log order with their GC logs; empty when result.json keeps no per-fork figures. */
    static List<Fork> forks(RunData.Row r) throws IOException {
        List<LatencySummary> counts = r.primaryForks();
        List<String> ids = forkIds(r);
        TailPart tail = VariantAnswer.tail(r);
        List<Fork> forks = new ArrayList<>();
        for (int i = 0; i < counts.size(); i++) {
            Path gcLog = i < ids.size() && r.dir != null ? r.dir.resolve("gc-" + ids.get(i) + ".log") : null;
            Map<String, List<long[]>> outliers = tail == null || i >= ids.size() || tail.marks == null ? null
                    : tail.marks.get(ids.get(i));
            forks.add(new Fork(counts.get(i).count, gcLog != null && Files.isRegularFile(gcLog)
                    ? GcPauses.read(gcLog) : null, outliers == null ? Map.of() : outliers));
        }
        return forks;
    }

    /** The forks' process ids, in fork order, as result.json names them; empty when it does not. */
    private static List<String> forkIds(RunData.Row r) {
        List<String> ids = new ArrayList<>();
        if (r.result != null) {
            for (CellResult.ForkFigures f : r.result.forkSummaries.getOrDefault(r.metrics.primary().name(), List.of())) {
                ids.add(f.fork != null ? f.fork : "");
            }
        }
        return ids;
    }

    /** Below this share of the median interval an interval is partial (a fork's last) and left out: too few samples. */
    static final double PARTIAL_INTERVAL_SHARE = 0.5;

    /**
     * The worst value per interval of a cell, forks back to back (told apart by their counts; one fork where those do
     * not add up), with fork starts and pauses on the same seconds.
     *
     * @param intervals the primary metric's intervals, in file order, each with its start and end timestamps (ms)
     */
    static TimeSeries timeline(String name, List<Histogram> intervals, List<Fork> forks) {
        int[] forkOf = new int[intervals.size()];
        long total = 0;
        for (Histogram h : intervals) {
            total += h.getTotalCount();
        }
        long forkSum = 0;
        for (Fork f : forks) {
            forkSum += f.count;
        }
        if (forkSum == total && forks.size() > 1) {
            int f = 0;
            long endOfFork = forks.get(0).count;
            long seen = 0;
            for (int i = 0; i < forkOf.length; i++) {
                while (f < forks.size() - 1 && seen >= endOfFork) { // the intervals so far fill fork f
                    f++;
                    endOfFork += forks.get(f).count;
                }
                forkOf[i] = f;
                seen += intervals.get(i).getTotalCount();
            }
        }
        long[] lengthMs = new long[intervals.size()];
        for (int i = 0; i < lengthMs.length; i++) {
            Histogram h = intervals.get(i);
            lengthMs[i] = Math.max(0, h.getEndTimeStamp() - h.getStartTimeStamp());
        }
        long[] sorted = lengthMs.clone();
        java.util.Arrays.sort(sorted);
        double partialBelowMs = PARTIAL_INTERVAL_SHARE * sorted[sorted.length / 2];

        List<Double> t = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        List<Double> forkStarts = new ArrayList<>();
        List<Double> pauseSec = new ArrayList<>();
        List<Double> pauseUs = new ArrayList<>();
        TimelineOutliers outliers = new TimelineOutliers();
        double offsetSec = 0;
        for (int i = 0; i < intervals.size();) {
            int fork = forkOf[i];
            int end = i;
            while (end < intervals.size() && forkOf[end] == fork) {
                end++;
            }
            long startMs = Long.MAX_VALUE;
            long lastEndMs = Long.MIN_VALUE;
            for (int k = i; k < end; k++) {
                if (lengthMs[k] >= partialBelowMs) {
                    startMs = Math.min(startMs, intervals.get(k).getStartTimeStamp());
                    lastEndMs = Math.max(lastEndMs, intervals.get(k).getEndTimeStamp());
                }
            }
            if (startMs <= lastEndMs) {
                if (!t.isEmpty()) {
                    forkStarts.add(offsetSec);
                    t.add(offsetSec); // a gap in the line where one fork ends and the next begins
                    max.add(Double.NaN);
                }
                for (int k = i; k < end; k++) {
                    if (lengthMs[k] < partialBelowMs) {
                        continue;
                    }
                    Histogram h = intervals.get(k);
                    t.add(offsetSec + ((h.getStartTimeStamp() + h.getEndTimeStamp()) / 2.0 - startMs) / 1000.0);
                    // no sample, or none above 0 (a clock in whole ms): a gap, as the log axis has no 0
                    max.add(h.getTotalCount() == 0 || h.getMaxValue() <= 0 ? Double.NaN
                            : h.getMaxValue() / Charts.NANOS_PER_MICRO);
                }
                GcPauses pauses = fork < forks.size() ? forks.get(fork).pauses : null;
                if (pauses != null) {
                    // the JVM exits after its last interval, cut short or not: that is the anchor
                    double[] startsMs = pauses.startsEpochMs(intervals.get(end - 1).getEndTimeStamp());
                    for (int k = 0; k < startsMs.length; k++) {
                        if (startsMs[k] >= startMs && startsMs[k] <= lastEndMs) {
                            pauseSec.add(offsetSec + (startsMs[k] - startMs) / 1000.0);
                            pauseUs.add(pauses.lengthNs(k) / Charts.NANOS_PER_MICRO);
                        }
                    }
                    outliers.add(forks.get(fork), pauses, startMs, lastEndMs, offsetSec);
                }
                offsetSec += (lastEndMs - startMs) / 1000.0;
            }
            i = end;
        }
        return new TimeSeries(name, doubles(t), doubles(max)).withMarks(doubles(forkStarts), doubles(pauseSec),
                doubles(pauseUs)).withOutliers(outliers.marks());
    }

    /** Whether a timeline has a point to draw: an interval that is a gap in the line is NaN. */
    private static boolean anyPoint(TimeSeries line) {
        for (double us : line.latenciesUs()) {
            if (!Double.isNaN(us)) {
                return true;
            }
        }
        return false;
    }

    private static double[] doubles(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }
}
