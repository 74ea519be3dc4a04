package dev.latencybench.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.report.chart.LineChart.Line;
import dev.latencybench.report.chart.LineChart.Mark;
import dev.latencybench.report.chart.LineChart.Panel;

/**
 * A {@link LineChart} as the JSON report.html draws its interactive chart from (with uPlot): the "lines" format of
 * {@link ChartData}, written from the same model the PNG and SVG are painted from. The members are the fields of the
 * types below, in their order (report-charts.js reads them by these names). Stateless.
 */
final class LineChartJson {
    private LineChartJson() {
    }

    /** The whole chart: {@code level} only where the chart draws one. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Lines {
        final String type = "lines";
        String title;
        XAxis x;
        YAxis y;
        Level level;
        List<PanelData> panels;
    }

    @SuppressWarnings("unused")
    private static final class XAxis {
        String title;
        JsonElement min;
        JsonElement max;
        JsonArray ticks;
        JsonArray labels;
        String scale;
    }

    @SuppressWarnings("unused")
    private static final class YAxis {
        String title;
        String unit;
        JsonElement min;
        JsonElement max;
    }

    @SuppressWarnings("unused")
    private static final class Level {
        JsonElement y;
        String name;
    }

    /** A panel: {@code outliers} only where it has some. */
    @SuppressWarnings("unused")
    private static final class PanelData {
        String title;
        List<LineData> lines;
        JsonArray forkStarts;
        JsonArray pauses;
        JsonArray failures;
        JsonArray maxima;
        JsonArray outliers;
    }

    @SuppressWarnings("unused")
    private static final class LineData {
        String name;
        String colour;
        JsonElement width;
        JsonArray dash;
        JsonArray x;
        JsonArray y;
    }

    static JsonObject of(LineChart chart) {
        Lines o = new Lines();
        o.title = chart.getTitle();
        o.x = new XAxis();
        o.x.title = chart.xAxisTitle();
        o.x.min = ChartData.number(chart.xMin());
        o.x.max = ChartData.number(chart.xMax());
        o.x.ticks = ChartData.numbers(chart.xTicks());
        o.x.labels = ChartData.strings(chart.xTickLabels());
        o.x.scale = chart.xScale().name().toLowerCase(Locale.ROOT);
        LatencyAxis yAxis = chart.yAxis();
        o.y = new YAxis();
        o.y.title = yAxis.title();
        o.y.unit = yAxis.unit;
        o.y.min = ChartData.number(yAxis.min);
        o.y.max = ChartData.number(yAxis.max);
        if (!Double.isNaN(chart.level())) {
            o.level = new Level();
            o.level.y = ChartData.number(chart.level());
            o.level.name = chart.levelName();
        }
        List<Line> lines = chart.lines();
        List<Panel> panels = chart.panels();
        o.panels = new ArrayList<>();
        for (int p = 0; p < panels.size(); p++) {
            Panel panel = panels.get(p);
            PanelData po = new PanelData();
            po.title = panels.size() == 1 ? "" : chart.panelTitle(p);
            po.lines = new ArrayList<>();
            for (int i : panel.lines) {
                Line l = lines.get(i);
                LineData line = new LineData();
                line.name = l.name();
                line.colour = ChartData.hex(l.colour());
                line.width = ChartData.number(l.stroke().getLineWidth());
                line.dash = ChartData.dash(l.stroke());
                line.x = ChartData.numbers(l.x());
                line.y = ChartData.numbers(l.y());
                po.lines.add(line);
            }
            po.forkStarts = ChartData.numbers(panel.forkStarts.stream().mapToDouble(Double::doubleValue).toArray());
            po.pauses = points(panel.pauses);
            po.failures = points(panel.failures);
            po.maxima = points(panel.maxima);
            if (!panel.outliers.isEmpty()) {
                po.outliers = new JsonArray();
                for (LineChart.Outlier m : panel.outliers) {
                    JsonArray mark = ChartData.numbers(new double[] {m.x(), m.y()});
                    mark.add(ChartData.hex(m.colour()));
                    mark.add(m.cause());
                    po.outliers.add(mark);
                }
            }
            o.panels.add(po);
        }
        return JsonCodec.toJsonObject(o);
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
