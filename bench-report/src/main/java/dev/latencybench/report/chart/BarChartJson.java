package dev.latencybench.report.chart;

import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;

/**
 * The members of the "bars" and "shares" formats of {@link ChartData} ({@link LabelledBarChart},
 * {@link ShareBarChart}), each named once as a field, written in the fields' order with
 * {@link dev.latencybench.core.json.JsonCodec} (report-charts.js reads them by these names); a null field is left out.
 */
@SuppressWarnings("unused") // the fields are read by JsonCodec
final class BarChartJson {
    private BarChartJson() {
    }

    /** Bars with values, a series per bar colour. */
    static final class BarsData {
        final String type = "bars";
        String title;
        BarsAxis y;
        JsonArray categories;
        List<BarSeries> series;
    }

    static final class BarsAxis {
        String title;
        String unit;
        JsonElement min;
        JsonElement max;
        boolean log;
    }

    /** A series; {@code low} and {@code high} only where a bar has a range. */
    static final class BarSeries {
        String name;
        String colour;
        JsonArray values;
        JsonArray low;
        JsonArray high;
    }

    /** Stacked bars of percentages, a series per part. */
    static final class SharesData {
        final String type = "shares";
        String title;
        SharesAxis y;
        JsonArray categories;
        JsonArray totals;
        JsonArray missing;
        List<ShareSeries> series;
    }

    static final class SharesAxis {
        String title;
        final String unit = "%";
        final int min = 0;
        int max;
    }

    static final class ShareSeries {
        String name;
        String colour;
        JsonArray values;
        JsonArray counts;
    }
}
