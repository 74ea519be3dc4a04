package dev.latencybench.core.view;

import java.io.IOException;
import java.util.List;

import dev.latencybench.core.schedule.ScheduleFile;

/**
 * A study's own part of the report: plain data (answer, tables, charts) that the runner lays out without knowing the
 * study. Found as a {@code META-INF/services} entry, like {@code Study}; stateless and thread-safe.
 */
public interface StudyView {
    /** The study it shows, as {@code Study.name()} names it. */
    String study();

    /**
     * The answer to the study's question, for the scenario's cells in the report's row order.
     *
     * @return an empty view when the rows hold nothing for it
     * @throws IOException when a cell's interval log cannot be read
     */
    View answer(List<ViewRow> rows) throws IOException;

    /** An answer that reads each cell's decision from its schedule file instead of deciding again. */
    default View answer(List<ViewRow> rows, List<ScheduleFile> schedules) throws IOException {
        return answer(rows);
    }

    /**
     * What the study compares between two runs beyond the percentile ratios; nothing by default.
     *
     * @param maxRegression the fraction a figure may worsen before it is a regression
     */
    default Comparison compare(List<ViewRow> base, List<ViewRow> candidate, double maxRegression) {
        return Comparison.NONE;
    }

    /** A mark set after each latency of this cell where the study knows what a table cannot; empty for none. */
    default String valueMark(ViewRow row) {
        return "";
    }

    /** What {@link #valueMark} means, said once under a table; null when the study marks nothing. */
    default String valueMarkLegend() {
        return null;
    }
}
