package dev.latencybench.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * A chart that hands out what it draws as data: the series, axes, colours and marks of the image, as the JSON that
 * {@link ChartOutput#write} saves beside it ({@code <baseName>.json}) and that report.html draws its interactive
 * chart from. One source for both, so the page and the image cannot disagree.
 *
 * <p>The format, read by {@code report-charts.js} (in the report's doc package):
 * <ul>
 * <li>lines: {@code {"type":"lines", "title", "x":{"title","min","max","ticks","labels","scale"}, "y":{"title",
 * "unit","min","max"}, "level":{"y","name"}?, "panels":[{"title", "lines":[{"name","colour","width","dash","x","y"}],
 * "forkStarts":[x], "pauses":[[x,y]], "failures":[[x,y]], "outliers":[[x,y,colour,cause]]?}]}}, y in the unit named, on a log axis; {@code scale} says
 * what x is ({@link LineChart.XScale});</li>
 * <li>bars: {@code {"type":"bars", "title", "y":{"title","unit","min","max","log"}, "categories":[...],
 * "series":[{"name","colour","values","low"?,"high"?}]}}, values in the unit named, null where a bar is missing.</li>
 * <li>shares: {@code {"type":"shares", "title", "y":{"title","unit":"%","min":0,"max":108}, "categories":[...],
 * "totals":[...], "missing":[...], "series":[{"name","colour","values","counts"}]}}: stacked bars of percentages
 * ({@link ShareBarChart}), a series per part, null values and a reason in {@code missing} where a bar is missing.</li>
 * </ul>
 * Numbers carry six significant digits, NaN is null; the same chart gives the same bytes.
 */
public interface ChartData {
    /** Six significant digits: finer than any axis shows, and a 2,000-point timeline stays small. */
    MathContext DIGITS = new MathContext(6);

    /** What the chart draws, in the format above. */
    JsonObject data();

    /** {@code v} to six significant digits, without trailing zeros; null for NaN or an infinity. */
    static JsonElement number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return JsonNull.INSTANCE;
        }
        BigDecimal d = new BigDecimal(v).round(DIGITS).stripTrailingZeros();
        return new JsonPrimitive(d.scale() < 0 ? d.setScale(0) : d);
    }

    static JsonArray numbers(double[] values) {
        JsonArray a = new JsonArray(values.length);
        for (double v : values) {
            a.add(number(v));
        }
        return a;
    }

    static JsonArray strings(List<String> values) {
        JsonArray a = new JsonArray(values.size());
        values.forEach(a::add);
        return a;
    }

    /** {@code #rrggbb}. */
    static String hex(Color c) {
        return String.format(Locale.ROOT, "#%06x", c.getRGB() & 0xFFFFFF);
    }

    /** The stroke's dash pattern in px; empty for a solid line. */
    static JsonArray dash(BasicStroke stroke) {
        float[] dash = stroke.getDashArray();
        JsonArray a = new JsonArray();
        if (dash != null) {
            for (float d : dash) {
                a.add(number(d));
            }
        }
        return a;
    }
}
