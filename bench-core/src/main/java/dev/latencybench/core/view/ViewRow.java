package dev.latencybench.core.view;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.CellResult;

/** One cell of one variant as a {@link StudyView} sees it: names, status, percentiles, typed result. Immutable. */
public final class ViewRow {
    public final String variant;
    /** {@code <jvm>__<gc>}. */
    public final String cell;
    public final String jvm;
    public final String gc;
    public final String status;
    /** Why the cell did not end OK or is suspect; empty when nothing. */
    public final List<String> reasons;
    private final String primaryMetric;
    private final Map<String, LatencySummary> summaries;
    /** Null for a cell the matrix recorded without a result. */
    public final CellResult result;
    /** The heap limit its JVM reported; -1 when unknown. */
    public final long maxHeapBytes;
    private final IntervalSource intervals;

    /** The report's one reader of a cell's interval log. */
    public interface IntervalSource {
        /** The log, whole; the exception names the file and what is wrong with it. */
        IntervalLog.Intervals read() throws IOException;
    }

    public ViewRow(String variant, String cell, String jvm, String gc, String status, String primaryMetric,
                   Map<String, LatencySummary> summaries, CellResult result) {
        this(variant, cell, jvm, gc, status, List.of(), primaryMetric, summaries, result, -1, null);
    }

    /** @param intervals reads the cell's interval log when charted (measured, not FAILED); null otherwise */
    public ViewRow(String variant, String cell, String jvm, String gc, String status, List<String> reasons,
                   String primaryMetric, Map<String, LatencySummary> summaries, CellResult result, long maxHeapBytes,
                   IntervalSource intervals) {
        this.variant = variant;
        this.cell = cell;
        this.jvm = jvm;
        this.gc = gc;
        this.status = status;
        this.reasons = List.copyOf(reasons);
        this.primaryMetric = primaryMetric;
        this.summaries = Map.copyOf(summaries);
        this.result = result;
        this.maxHeapBytes = maxHeapBytes;
        this.intervals = intervals;
    }

    /** The merged percentiles of a metric; null when the result has none for it. */
    public LatencySummary summary(String metric) {
        return summaries.get(metric);
    }

    /** The merged percentiles of the primary metric; null for a cell without figures. */
    public LatencySummary primary() {
        return summaries.get(primaryMetric);
    }

    public String primaryMetric() {
        return primaryMetric;
    }

    /** Has figures for its primary metric. */
    public boolean measured() {
        LatencySummary p = primary();
        return p != null && p.count > 0;
    }

    public boolean ok() {
        return "OK".equals(status);
    }

    /** The cell's interval log, read now; null when the cell is not drawn or its log is missing. */
    public IntervalLog.Intervals intervals() throws IOException {
        return intervals == null ? null : intervals.read();
    }

    /** {@code openjdk-17.0.15 g1}, as people read it. */
    public String label() {
        return jvm + " " + gc;
    }
}
