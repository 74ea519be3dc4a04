package dev.latencybench.report.history;

import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;

/**
 * The history as one offline HTML page: the text's summary, then an inline SVG chart of each changed series with its
 * forks, segment medians and confirmed changes. Stateless.
 */
final class HistoryPage {
    private static final int WIDTH = 760;
    private static final int HEIGHT = 240;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 24;
    private static final int BOTTOM = 40;

    private HistoryPage() {
    }

    static String html(History.Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>latency-bench history</title>\n")
                .append("<style>body{font:14px sans-serif;margin:2em;max-width:60em}pre{font-size:12px;overflow-x:auto}")
                .append("svg{display:block;margin:0 0 2em}text{font:11px sans-serif}.up{stroke:#c0392b}.down{stroke:#27ae60}")
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

    /** One series' chart: x the run's place in time order, y the figure on a log scale. */
    static String chart(Series s) {
        List<Series.Point> points = s.points;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Series.Point p : points) {
            min = Math.min(min, p.valueNs());
            max = Math.max(max, p.valueNs());
            for (long f : p.forksNs()) {
                min = Math.min(min, f);
                max = Math.max(max, f);
            }
        }
        double lo = Math.log(Math.max(1, min) / 1.1);
        double hi = Math.log(Math.max(1, max) * 1.1);
        Scale scale = new Scale(points.size(), lo, hi);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT,
                escape(s.key.name())));
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#ccc\"/>%n", LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM));
        for (double v : new double[] {Math.max(1, min), Math.sqrt(Math.max(1, min) * max), max}) {
            double y = scale.y(v);
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 4, y + 4, escape(Units.formatNs(v))));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", LEFT, HEIGHT - 8,
                escape(points.get(0).run().runId())));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", WIDTH - RIGHT,
                HEIGHT - 8, escape(points.get(points.size() - 1).run().runId())));
        for (int i = 0; i < points.size(); i++) {
            for (long f : points.get(i).forksNs()) {
                sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.5\" fill=\"#bbb\"/>%n",
                        scale.x(i), scale.y(f)));
            }
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            line.append(i == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", scale.x(i),
                    scale.y(points.get(i).valueNs())));
        }
        sb.append("<path d=\"").append(line).append("\" fill=\"none\" stroke=\"#2c3e50\" stroke-width=\"1.2\"/>\n");
        int from = 0;
        for (int c = 0; c <= s.changes().size(); c++) {
            int to = c == s.changes().size() ? points.size() : s.changes().get(c).index();
            double y = scale.y(History.median(s, from, to));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#2980b9\""
                    + " stroke-width=\"2\" opacity=\"0.6\"/>%n", scale.x(from), y, scale.x(to - 1), y));
            from = to;
        }
        for (Series.Change c : s.changes()) {
            double x = (scale.x(c.index() - 1) + scale.x(c.index())) / 2;
            HistoryRun run = points.get(c.index()).run();
            sb.append(String.format(Locale.ROOT, "<line class=\"%s\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\""
                    + " stroke-dasharray=\"4 3\" stroke-width=\"1.5\"/>%n", c.regression() ? "up" : "down", x, TOP, x,
                    HEIGHT - BOTTOM));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>%n", x + 3, TOP - 6,
                    escape(c.ratio().describe() + " from " + run.runId() + " (" + run.shortCommit() + ")")));
        }
        return sb.append("</svg>\n").toString();
    }

    /** Maps a point's index and a figure to the chart's pixels. */
    private record Scale(int count, double logLow, double logHigh) {
        double x(int i) {
            return LEFT + (count == 1 ? 0.5 : (double) i / (count - 1)) * (WIDTH - LEFT - RIGHT);
        }

        double y(double ns) {
            double share = (Math.log(Math.max(1, ns)) - logLow) / (logHigh - logLow);
            return HEIGHT - BOTTOM - share * (HEIGHT - TOP - BOTTOM);
        }
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
