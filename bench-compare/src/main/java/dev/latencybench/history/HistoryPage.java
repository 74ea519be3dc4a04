package dev.latencybench.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.latencybench.chart.LatencyAxis;
import dev.latencybench.chart.LineChart;

/**
 * The history as one offline HTML page: the text's summary, then an inline SVG chart of each changed series with its
 * forks, segment medians and confirmed changes. Stateless.
 */
final class HistoryPage {
    private HistoryPage() {
    }

    static String html(History.Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>latency-bench history</title>\n")
                .append("<style>body{font:14px sans-serif;margin:2em;max-width:60em}pre{font-size:12px;overflow-x:auto}")
                .append("svg{display:block;margin:0 0 2em;max-width:100%;height:auto}")
                .append("</style></head><body>\n<h1>latency-bench history</h1>\n");
        if (r.changed().isEmpty()) {
            sb.append("<p>No series changed beyond noise.</p>\n");
        }
        boolean withHost = History.hosts(r.reading().runs()).size() > 1;
        for (Series s : r.changed()) {
            sb.append("<h2>").append(escape((withHost ? s.key.host().describe() + " " : "") + s.key.name()))
                    .append("</h2>\n<ul>\n");
            for (Series.Change c : s.changes()) {
                sb.append("<li>").append(escape(History.line(s, c, false))).append("</li>\n");
            }
            sb.append("</ul>\n").append(chart(s));
        }
        sb.append("<h2>All series</h2>\n<pre>").append(escape(r.text())).append("</pre>\n</body></html>\n");
        return sb.toString();
    }

    /**
     * One series' chart, drawn by the report's line chart: x the run's place in time order, y the figure on a log
     * scale, with its forks' range, the median between changes and a rule at each confirmed change.
     */
    static String chart(Series s) {
        List<Series.Point> points = s.points;
        int n = points.size();
        double[] x = new double[n];
        double[] value = new double[n];
        double[] lowest = new double[n];
        double[] highest = new double[n];
        double minUs = Double.MAX_VALUE;
        double maxUs = 0;
        for (int i = 0; i < n; i++) {
            Series.Point p = points.get(i);
            x[i] = i;
            value[i] = Math.max(1, p.valueNs()) / 1e3;
            lowest[i] = Double.NaN;
            highest[i] = Double.NaN;
            for (long f : p.forksNs()) {
                double us = Math.max(1, f) / 1e3;
                lowest[i] = Double.isNaN(lowest[i]) ? us : Math.min(lowest[i], us);
                highest[i] = Double.isNaN(highest[i]) ? us : Math.max(highest[i], us);
            }
            minUs = Math.min(minUs, Double.isNaN(lowest[i]) ? value[i] : Math.min(value[i], lowest[i]));
            maxUs = Math.max(maxUs, Double.isNaN(highest[i]) ? value[i] : Math.max(value[i], highest[i]));
        }
        List<Double> ticks = new ArrayList<>(List.of(0.0));
        List<String> labels = new ArrayList<>(List.of(points.get(0).run().runId()));
        for (Series.Change c : s.changes()) { // the first run after each change, named where there is room
            if (c.index() < n - 1) {
                ticks.add((double) c.index());
                labels.add(points.get(c.index()).run().runId());
            }
        }
        if (n > 1) {
            ticks.add(n - 1.0);
            labels.add(points.get(n - 1).run().runId());
        }
        LatencyAxis y = LatencyAxis.fit(minUs, maxUs);
        LineChart chart = new LineChart(s.key.name(), "run, oldest first (" + n + ")", n > 1 ? 0 : -0.5,
                n > 1 ? n - 1 : 0.5, ticks.stream().mapToDouble(Double::doubleValue).toArray(), labels, y, 1);
        chart.addLine(s.key.percentile() + " of the run", x, y.of(value), 0, 2f);
        if (Arrays.stream(lowest).anyMatch(v -> !Double.isNaN(v))) {
            chart.addLine("lowest fork", x, y.of(lowest), 4, 1f);
            chart.addLine("highest fork", x, y.of(highest), 4, 1f);
        }
        double[] segments = new double[n];
        int from = 0;
        for (int c = 0; c <= s.changes().size(); c++) {
            int to = c == s.changes().size() ? n : s.changes().get(c).index();
            double median = Math.max(1, History.median(s, from, to)) / 1e3;
            Arrays.fill(segments, from, to, median);
            from = to;
        }
        double[][] broken = broken(x, segments, s.changes());
        chart.addLine("median between changes", broken[0], y.of(broken[1]), 1, 2f);
        for (Series.Change c : s.changes()) {
            HistoryRun run = points.get(c.index()).run();
            chart.addRule(c.index() - 0.5, c.regression() ? 3 : 2, (c.regression() ? "slower " : "faster ")
                    + c.ratio().describe() + " from " + run.runId() + " (" + run.shortCommit() + ")");
        }
        return chart.svg();
    }

    /** The points with a gap (y NaN) at each change, so each segment's median is a line of its own. */
    private static double[][] broken(double[] x, double[] y, List<Series.Change> changes) {
        int n = x.length + changes.size();
        double[] bx = new double[n];
        double[] by = new double[n];
        int k = 0;
        int c = 0;
        for (int i = 0; i < x.length; i++) {
            if (c < changes.size() && changes.get(c).index() == i) {
                bx[k] = i - 0.5;
                by[k++] = Double.NaN;
                c++;
            }
            bx[k] = x[i];
            by[k++] = y[i];
        }
        return new double[][] {bx, by};
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
