package dev.latencybench.core.view;

import java.util.Map;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.CellResult;

/**
 * One cell of one variant as a {@link StudyView} sees it: its names, status, merged percentiles per
 * metric and its typed result (through which the study reads its own members). Immutable.
 */
public final class ViewRow {
    public final String variant;
    /** {@code <jvm>__<gc>}. */
    public final String cell;
    public final String jvm;
    public final String gc;
    public final String status;
    private final String primaryMetric;
    private final Map<String, LatencySummary> summaries;
    /** Null for a cell the matrix recorded without a result. */
    public final CellResult result;

    public ViewRow(String variant, String cell, String jvm, String gc, String status, String primaryMetric,
                   Map<String, LatencySummary> summaries, CellResult result) {
        this.variant = variant;
        this.cell = cell;
        this.jvm = jvm;
        this.gc = gc;
        this.status = status;
        this.primaryMetric = primaryMetric;
        this.summaries = Map.copyOf(summaries);
        this.result = result;
    }

    /** The merged percentiles of a metric; null when the result has none for it. */
    public LatencySummary summary(String metric) {
        return summaries.get(metric);
    }

    /** The merged percentiles of the primary metric; null for a cell without figures. */
    public LatencySummary primary() {
        return summaries.get(primaryMetric);
    }

    /** Has figures for its primary metric. */
    public boolean measured() {
        LatencySummary p = primary();
        return p != null && p.count > 0;
    }

    /** {@code openjdk-17.0.15 g1}: the cell as people read it. */
    public String label() {
        return jvm + " " + gc;
    }
}
