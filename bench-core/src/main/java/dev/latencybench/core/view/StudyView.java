package dev.latencybench.core.view;

import java.util.List;

/**
 * A study's own part of the report: from its cells' typed results it returns plain data (the answer
 * in words), and the runner lays it out, never knowing the study. Found like {@code Study}: listed
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
     */
    View answer(List<ViewRow> rows);
}
