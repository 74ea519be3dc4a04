package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.chart.Bars;
import dev.latencybench.chart.Charts;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/**
 * Two bar charts of the primary metric, the median and the p99.99, a bar per variant in each cell with its fork range
 * as a whisker. Drawn only where some variant ran in two or more cells, since otherwise they compare nothing the
 * tables do not. Stateless.
 */
final class BarCharts {
    private BarCharts() {
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants, List<String> cells, Path charts)
            throws IOException {
        String metric = data.study(scenario).metrics.primary().name();
        if (!someVariantInSeveralCells(data, scenario, variants)) {
            return;
        }
        List<String> labels = new ArrayList<>();
        cells.forEach(c -> labels.add(c.replace("__", " ")));
        List<Bars> medians = new ArrayList<>();
        List<Bars> tails = new ArrayList<>();
        for (String v : variants) {
            medians.add(series(data, scenario, v, cells, s -> s.p50, 50));
            tails.add(series(data, scenario, v, cells, s -> s.p99_99, 99.99));
        }
        chart(doc, charts, scenario + "-median", scenario + ": median " + metric + " (p50) per JVM and collector",
                scenario + ": median " + metric + " per JVM and collector", "median", metric, labels, medians);
        chart(doc, charts, scenario + "-p99_99", scenario + ": p99.99 " + metric + " per JVM and collector",
                scenario + ": p99.99 " + metric + " per JVM and collector", "p99.99", metric, labels, tails);
    }

    /** One bar chart, or where no cell has a bar to draw (none charted, or every value 0), a sentence saying so. */
    private static void chart(Doc doc, Path charts, String base, String title, String caption, String percentile,
            String metric, List<String> labels, List<Bars> series) throws IOException {
        if (!anyBar(series)) {
            doc.p("No bar chart of the " + percentile + " " + metric + ": no cell has one to draw (only cells that"
                    + " did not fail, and percentiles with at least 10 samples beyond them, are drawn; the tables below"
                    + " list every cell).");
            return;
        }
        Charts.bars(charts, base, title, metric, labels, series);
        doc.chart(base, caption);
    }

    /** Whether some variant has charted rows in two or more cells: else a bar chart per cell compares nothing. */
    static boolean someVariantInSeveralCells(RunData data, String scenario, List<String> variants) {
        for (String v : variants) {
            if (data.rows(scenario, v).stream().filter(RunData.Row::charted).map(r -> r.cell).distinct().count() > 1) {
                return true;
            }
        }
        return false;
    }

    /** Whether any series has a value to draw: the chart refuses one of NaN only. */
    static boolean anyBar(List<Bars> series) {
        for (Bars b : series) {
            for (double v : b.valuesUs()) {
                if (!Double.isNaN(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** One variant's bars: the merged value per cell, with the forks' range as a whisker. */
    static Bars series(RunData data, String scenario, String variant, List<String> cells,
            ToLongFunction<LatencySummary> f, double pct) {
        double[] v = new double[cells.size()];
        double[] low = new double[cells.size()];
        double[] high = new double[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            v[i] = Double.NaN;
            low[i] = Double.NaN;
            high[i] = Double.NaN;
            for (RunData.Row r : data.rows(scenario, variant)) {
                if (r.cell.equals(cells.get(i)) && r.charted()
                        && Percentiles.shown(r.primary().count, pct)) { // a thin percentile is not drawn
                    v[i] = f.applyAsLong(r.primary());
                    List<LatencySummary> forks = r.primaryForks();
                    if (forks.size() > 1) {
                        low[i] = Double.POSITIVE_INFINITY;
                        high[i] = 0;
                        for (LatencySummary fork : forks) {
                            low[i] = Math.min(low[i], f.applyAsLong(fork));
                            high[i] = Math.max(high[i], f.applyAsLong(fork));
                        }
                    }
                }
            }
        }
        return Bars.ofNanos(variant, v).withForkRangeNs(low, high);
    }
}
