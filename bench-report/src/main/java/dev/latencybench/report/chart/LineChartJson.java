package dev.latencybench.report.chart;

import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.report.chart.LineChart.Line;
import dev.latencybench.report.chart.LineChart.Mark;
import dev.latencybench.report.chart.LineChart.Panel;

/**
 * A {@link LineChart} as the JSON report.html draws its interactive chart from (with uPlot): the "lines" format of
 * {@link ChartData}, written from the same model the PNG and SVG are painted from. Stateless.
 */
final class LineChartJson {
    private LineChartJson() {
    }

    static JsonObject of(LineChart chart) {
        JsonObject o = new JsonObject();
        o.addProperty("type", "lines");
        o.addProperty("title", chart.getTitle());
        JsonObject x = new JsonObject();
        x.addProperty("title", chart.xAxisTitle());
        x.add("min", ChartData.number(chart.xMin()));
        x.add("max", ChartData.number(chart.xMax()));
        x.add("ticks", ChartData.numbers(chart.xTicks()));
        x.add("labels", ChartData.strings(chart.xTickLabels()));
        x.addProperty("scale", chart.xScale().name().toLowerCase(Locale.ROOT));
        o.add("x", x);
        LatencyAxis yAxis = chart.yAxis();
        JsonObject y = new JsonObject();
        y.addProperty("title", yAxis.title());
        y.addProperty("unit", yAxis.unit);
        y.add("min", ChartData.number(yAxis.min));
        y.add("max", ChartData.number(yAxis.max));
        o.add("y", y);
        if (!Double.isNaN(chart.level())) {
            JsonObject level = new JsonObject();
            level.add("y", ChartData.number(chart.level()));
            level.addProperty("name", chart.levelName());
            o.add("level", level);
        }
        List<Line> lines = chart.lines();
        List<Panel> panels = chart.panels();
        JsonArray ps = new JsonArray();
        for (int p = 0; p < panels.size(); p++) {
            Panel panel = panels.get(p);
            JsonObject po = new JsonObject();
            po.addProperty("title", panels.size() == 1 ? "" : chart.panelTitle(p));
            JsonArray ls = new JsonArray();
            for (int i : panel.lines) {
                Line l = lines.get(i);
                JsonObject line = new JsonObject();
                line.addProperty("name", l.name());
                line.addProperty("colour", ChartData.hex(l.colour()));
                line.add("width", ChartData.number(l.stroke().getLineWidth()));
                line.add("dash", ChartData.dash(l.stroke()));
                line.add("x", ChartData.numbers(l.x()));
                line.add("y", ChartData.numbers(l.y()));
                ls.add(line);
            }
            po.add("lines", ls);
            po.add("forkStarts", ChartData.numbers(panel.forkStarts.stream().mapToDouble(Double::doubleValue)
                    .toArray()));
            po.add("pauses", points(panel.pauses));
            po.add("failures", points(panel.failures));
            po.add("maxima", points(panel.maxima));
            if (!panel.outliers.isEmpty()) {
                JsonArray outliers = new JsonArray();
                for (LineChart.Outlier m : panel.outliers) {
                    JsonArray mark = ChartData.numbers(new double[] {m.x(), m.y()});
                    mark.add(ChartData.hex(m.colour()));
                    mark.add(m.cause());
                    outliers.add(mark);
                }
                po.add("outliers", outliers);
            }
            ps.add(po);
        }
        o.add("panels", ps);
        return o;
    }

    /** Each mark as {@code [x, y, "#rrggbb"]}. */
    private static JsonArray points(List<Mark> marks) {
        JsonArray a = new JsonArray();
        for (Mark m : marks) {
            JsonArray p = ChartData.numbers(m.point());
            p.add(ChartData.hex(m.colour()));
            a.add(p);
        }
        return a;
    }
}
