package dev.latencybench.runner.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.record.IntervalLog;

/**
 * Per variant, from each charted cell's interval log: the primary metric by percentile (all samples
 * of the cell) and its worst value per interval over the measurement, forks back to back. A cell
 * whose log is missing or damaged is named and left out of both charts alike. Stateless.
 */
final class SpectrumTimeline {
    private SpectrumTimeline() {
    }

    static void write(Doc doc, RunData data, String scenario, String variant, Path charts) throws IOException {
        String metric = data.study(scenario).metrics.primary().name();
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
                leftOut.add(e.getMessage() + ": " + r.label() + " is left out of the percentile spectrum and the "
                        + metric + " over time of " + variant + " (its table rows come from result.json)");
                continue;
            }
            List<Histogram> intervals = log.of(metric);
            spectra.add(Spectrum.fromHistogram(r.label(), log.primaryTotal()).inColour(colour));
            if (intervals.size() < 2) { // a loop that hands over its histograms once per period: no line to draw
                oneInterval.add("`" + r.label() + "`");
                continue;
            }
            double[] t = new double[intervals.size()];
            double[] max = new double[intervals.size()];
            double elapsed = 0;
            for (int i = 0; i < t.length; i++) {
                Histogram h = intervals.get(i);
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
        doc.h(3, variant + ": percentile spectrum and " + metric + " over time");
        for (String note : leftOut) {
            doc.p("**Left out:** " + note + ".");
        }
        if (spectra.isEmpty()) {
            return;
        }
        Charts.percentileSpectrum(charts, base + "-spectrum", scenario + " / " + variant
                + ": " + metric + " by percentile (all samples of each cell)", spectra);
        doc.chart(base + "-spectrum", scenario + " / " + variant + ": " + metric + " against percentile");
        if (!oneInterval.isEmpty()) {
            doc.p("Left out of the " + metric + " over time: " + String.join(", ", oneInterval) + ", whose interval"
                    + " log holds one interval per measured period (the variant hands its histograms over at the end"
                    + " of a period), so there is no line to draw.");
        }
        if (timelines.isEmpty()) {
            return;
        }
        Charts.timeline(charts, base + "-timeline", scenario + " / " + variant
                + ": worst " + metric + " per interval (forks back to back)", timelines);
        doc.chart(base + "-timeline", scenario + " / " + variant + ": worst " + metric + " per interval over the"
                + " measurement");
    }

    /**
     * A charted cell's interval log, whole: the launcher wrote it from every fork's intervals, so it
     * holds as many values of the primary metric as result.json counts; anything else means the file
     * was damaged.
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
            log = IntervalLog.read(file, r.metrics);
        } catch (IOException | RuntimeException e) {
            throw new IOException("`" + file + "` cannot be read (" + e.getMessage() + ")", e);
        }
        String metric = r.metrics.primary().name();
        long found = log.primaryTotal().getTotalCount();
        long counted = r.primary().count;
        if (log.truncated || found != counted) {
            throw new IOException(String.format(Locale.ROOT, "`%s` is unreadable%s: it yields %,d of the %,d values of"
                    + " `%s` result.json counts", file, log.truncated ? " after its first " + log.of(metric).size()
                    + " interval(s)" : "", found, counted, metric));
        }
        return log;
    }
}
