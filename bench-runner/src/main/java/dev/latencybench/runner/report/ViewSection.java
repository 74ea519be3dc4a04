package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;
import dev.latencybench.runner.report.data.RunData;
import dev.latencybench.runner.report.doc.Doc;

/**
 * Lays out what a study's own {@link StudyView} returns: the views are found through
 * {@code META-INF/services/dev.latencybench.core.view.StudyView}, each scenario's cells are handed
 * over as {@link ViewRow}s, and the blocks go into the report under the scenario's heading. The
 * runner knows no study by name here. Thread-safe: the views are loaded once.
 */
final class ViewSection {
    /** The level of a scenario's own heading ({@link ScenarioSection}): a view's level-1 heading is one under it. */
    private static final int SCENARIO_LEVEL = 2;
    private static final Map<String, StudyView> VIEWS = load();

    private ViewSection() {
    }

    private static Map<String, StudyView> load() {
        Map<String, StudyView> views = new HashMap<>();
        for (StudyView v : ServiceLoader.load(StudyView.class, ViewSection.class.getClassLoader())) {
            views.putIfAbsent(v.study(), v);
        }
        return Map.copyOf(views);
    }

    /** The answer of the scenario's study, when its module gives a view; nothing otherwise. */
    static void write(Doc doc, RunData data, String scenario) {
        StudyView view = VIEWS.get(scenario);
        if (view == null) {
            return;
        }
        layOut(doc, view.answer(rows(data.scenarios.get(scenario))));
    }

    static List<ViewRow> rows(List<RunData.Row> rows) {
        List<ViewRow> out = new ArrayList<>();
        for (RunData.Row r : rows) {
            Map<String, LatencySummary> summaries = new HashMap<>();
            r.metrics.all().forEach(m -> {
                if (r.summary(m.name()) != null) {
                    summaries.put(m.name(), r.summary(m.name()));
                }
            });
            out.add(new ViewRow(r.variant, r.cell, r.jvm, r.gc, r.status, r.metrics.primary().name(), summaries,
                    r.result));
        }
        return out;
    }

    static void layOut(Doc doc, View view) {
        for (View.Block b : view.blocks()) {
            switch (b.kind) {
                case HEADING:
                    doc.h(SCENARIO_LEVEL + b.level, b.text);
                    break;
                case PARAGRAPH:
                    doc.p(b.text);
                    break;
                case BULLETS:
                    doc.bullets(b.items);
                    break;
                default:
                    throw new IllegalStateException("a block the report cannot lay out: " + b.kind);
            }
        }
    }
}
