package dev.latencybench.core.view;

import java.io.IOException;
import java.util.List;

import dev.latencybench.core.schedule.ScheduleFile;

/**
 * A study's own part of the report: from its cells' typed results it returns plain data (the answer
 * in words, tables, charts), and the runner lays it out and draws it, never knowing the study; and
 * what compare says of two runs of it beyond the percentiles. Found like {@code Study}: listed
 * in the study module's {@code META-INF/services/dev.latencybench.core.view.StudyView}. Implementations
 * are stateless and thread-safe.
 */
public interface StudyView {
    /** The study it shows, as {@code Study.name()} names it (the results folder). */
    String study();

    /**
     * The answer to the study's question, in the order it is shown.
     *
     * @param rows the scenario's cells in the report's one row order (JVM, collector, variant)
     * @return the blocks to show; an empty view when the rows hold nothing for it
     * @throws IOException when a cell's interval log cannot be read
     */
    View answer(List<ViewRow> rows) throws IOException;

    /**
     * The answer of a study whose schedules answer a question (a capacity search), given their files as well:
     * the study reads each cell's decision from them instead of deciding again. By default {@link #answer(List)}.
     *
     * @param schedules each cell's schedule file that holds a decision, in the report's cell order
     */
    default View answer(List<ViewRow> rows, List<ScheduleFile> schedules) throws IOException {
        return answer(rows);
    }

    /**
     * What the study compares between two runs beside the percentile ratios every study gets (the Jet
     * study: the throughput held under its failure line); nothing by default.
     *
     * @param base the base run's cells of the study, in the report's row order
     * @param candidate the candidate run's
     * @param maxRegression the fraction a figure may worsen before it is a regression
     */
    default Comparison compare(List<ViewRow> base, List<ViewRow> candidate, double maxRegression) {
        return Comparison.NONE;
    }

    /**
     * A mark the report's generic tables set after each latency of this cell, where the study knows something of
     * its values a table cannot (the Jet study's {@code ‡}: its yardstick's latencies are whole milliseconds); empty
     * for none, the default.
     */
    default String valueMark(ViewRow row) {
        return "";
    }

    /** What {@link #valueMark} means, said once under a table that uses it; null when the study marks nothing. */
    default String valueMarkLegend() {
        return null;
    }
}
