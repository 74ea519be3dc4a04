package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.view.Chart;
import dev.latencybench.core.view.Spectra;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.View;
import dev.latencybench.chart.ChartOutput;
import dev.latencybench.chart.Charts;
import dev.latencybench.chart.LatencyAxis;
import dev.latencybench.chart.LineChart;
import dev.latencybench.chart.Spectrum;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Views;
import dev.latencybench.report.doc.Doc;

/** Lays out what a study's own {@link StudyView} returns under the scenario's heading, charts included. Stateless. */
final class ViewSection {
    /** The level of a scenario's own heading ({@link ScenarioSection}): a view's level-1 heading is one under it. */
    private static final int SCENARIO_LEVEL = 2;

    private ViewSection() {
    }

    /** The study's own part of the scenario, when its module gives a view; nothing otherwise. */
    static void write(Doc doc, RunData data, String scenario, Path charts) throws IOException {
        View view = Views.view(data, scenario);
        if (view != null) {
            layOut(doc, view, charts);
        }
    }

    static void layOut(Doc doc, View view, Path charts) throws IOException {
        for (View.Block b : view.blocks()) {
            switch (b.kind) {
                case HEADING:
                    doc.h(SCENARIO_LEVEL + b.level, b.text);
                    break;
                case PARAGRAPH:
                    doc.p(b.text);
                    break;
                case BULLETS:
                    doc.bullets(b.items);
                    break;
                case TABLE:
                    doc.table(b.table());
                    break;
                case CHART:
                    LineChart c = lineChart(b.chart());
                    if (c != null) {
                        ChartOutput.write(c, charts, b.chart().base);
                        doc.chart(b.chart().base, c.getTitle());
                    }
                    break;
                case SPECTRA:
                    spectra(doc, b.spectra(), charts);
                    break;
                default:
                    throw new IllegalStateException("a block the report cannot lay out: " + b.kind);
            }
        }
    }

    /** A view's chart drawn, OK points as lines and others as crosses; null when it has no point above zero. */
    static LineChart lineChart(Chart v) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        double minUs = Double.POSITIVE_INFINITY;
        double maxUs = 0;
        for (Chart.Level l : v.levels()) {
            minUs = Math.min(minUs, l.latencyNs / 1e3);
            maxUs = Math.max(maxUs, l.latencyNs / 1e3);
        }
        for (Chart.Series s : v.series()) {
            for (Chart.Point p : s.points) {
                lo = Math.min(lo, p.x);
                hi = Math.max(hi, p.x);
                minUs = Math.min(minUs, p.latencyNs / 1e3);
                maxUs = Math.max(maxUs, p.latencyNs / 1e3);
            }
        }
        if (hi <= 0) {
            return null;
        }
        double[] ticks = new double[v.ticks().size()];
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = x(v.ticks().get(i), v.logX);
        }
        double xl = x(lo, v.logX);
        double xh = x(hi, v.logX);
        double pad = xh > xl ? (xh - xl) * 0.05 : Math.max(1, Math.abs(xl) * 0.05);
        LatencyAxis y = LatencyAxis.fit(minUs, maxUs);
        LineChart c = new LineChart(v.title, v.xTitle, xl - pad, xh + pad, ticks, v.tickLabels(), y, 1)
                .xScale(v.logX ? LineChart.XScale.LOG10 : LineChart.XScale.LINEAR);
        v.levels().forEach(l -> c.addLevel(y.of(l.latencyNs / 1e3), l.name));
        int slot = 0;
        for (Chart.Series s : v.series()) {
            List<Chart.Point> ok = s.points.stream().filter(p -> p.ok).toList();
            double[] xs = new double[ok.size()];
            double[] ys = new double[ok.size()];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = x(ok.get(i).x, v.logX);
                ys[i] = y.of(ok.get(i).latencyNs / 1e3);
            }
            for (Chart.Point p : s.points) {
                if (!p.ok) {
                    c.addFailure(x(p.x, v.logX), y.of(p.latencyNs / 1e3), slot, 0);
                }
            }
            c.addLine(s.name, xs, ys, slot, 2f, 0);
            slot++;
        }
        return c;
    }

    private static double x(double v, boolean log) {
        return log ? Math.log10(Math.max(1, v)) : v;
    }

    /** A view's spectra: a line per histogram with enough samples, a dot per sample for a handful. */
    private static void spectra(Doc doc, Spectra s, Path charts) throws IOException {
        List<Spectrum> lines = new ArrayList<>();
        List<Spectra.Line> few = new ArrayList<>();
        List<String> neither = new ArrayList<>();
        for (Spectra.Line l : s.lines()) {
            if (Spectrum.drawable(l.histogram)) {
                lines.add(Spectrum.fromHistogram(l.name, l.histogram).inColour(s.lines().indexOf(l)));
            } else if (aHandful(l.histogram)) {
                few.add(l);
            } else if (l.histogram.getTotalCount() > 0) {
                neither.add(mostlyZero(l.name, l.histogram));
            }
        }
        if (!lines.isEmpty()) {
            Charts.percentileSpectrum(charts, s.base, s.title, lines);
            doc.chart(s.base, s.title);
            doc.p("Each line stops at its last percentile with at least " + Percentiles.SHOWN_BEYOND + " samples"
                    + " beyond it; the dot labelled max is its highest sample.");
        }
        if (!few.isEmpty()) {
            LineChart c = samplePoints(s, few, "series");
            ChartOutput.write(c, charts, s.base + "-points");
            doc.chart(s.base + "-points", c.getTitle());
            doc.p("Each dot is one sample: " + few.size() + " series with fewer than " + 2 * Percentiles.SHOWN_BEYOND
                    + " samples, too few for a percentile line.");
        }
        if (!neither.isEmpty()) {
            doc.p("No line and no dots for " + String.join("; ", neither) + ".");
        }
    }

    /** Whether a histogram without a line gets a dot per sample: only a handful; more are mostly 0. */
    static boolean aHandful(Histogram h) {
        return h.getTotalCount() > 0 && h.getTotalCount() < 2 * Percentiles.SHOWN_BEYOND;
    }

    /** Why a line with many samples has neither line nor dots: most are 0, under what its clock tells apart. */
    static String mostlyZero(String name, Histogram h) {
        return String.format(Locale.ROOT, "`%s`: %,d of its %,d samples are 0, under what its clock"
                + " tells apart, and the highest is %s", name, h.getCountAtValue(0), h.getTotalCount(),
                Units.formatNs(h.getMaxValue()));
    }

    /** Every sample of each line as a dot, a column per line, on a log latency axis. */
    static LineChart samplePoints(Spectra s, List<Spectra.Line> lines, String xTitle) {
        double minUs = Double.POSITIVE_INFINITY;
        double maxUs = 0;
        List<double[]> values = new ArrayList<>();
        for (Spectra.Line l : lines) {
            List<Double> us = new ArrayList<>();
            for (HistogramIterationValue v : l.histogram.recordedValues()) {
                for (long k = 0; k < v.getCountAtValueIteratedTo(); k++) {
                    double u = Math.max(v.getValueIteratedTo(), 1) / 1e3; // a log axis has no 0: 1 ns is its floor
                    us.add(u);
                    minUs = Math.min(minUs, u);
                    maxUs = Math.max(maxUs, u);
                }
            }
            values.add(us.stream().mapToDouble(Double::doubleValue).toArray());
        }
        double[] ticks = new double[lines.size()];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = i + 1;
            labels.add(lines.get(i).name);
        }
        LatencyAxis y = LatencyAxis.fit(minUs, maxUs);
        LineChart c = new LineChart(s.title + ", each sample a dot", xTitle, 0.5, lines.size() + 0.5, ticks,
                labels, y, 1);
        for (int i = 0; i < lines.size(); i++) {
            for (double u : values.get(i)) { // a line of one point each: a dot, none joined to another
                c.addLine(lines.get(i).name, new double[] {i + 1}, new double[] {y.of(u)}, i, 2f, 0);
            }
        }
        return c;
    }
}
