package dev.latencybench.report.data;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.View;
import dev.latencybench.core.view.ViewRow;

/**
 * The studies' own views, found through {@code META-INF/services/dev.latencybench.core.view.StudyView}, and each
 * study's view of a run, made once. Thread-safe: views load once, and a run's are made under its lock.
 */
public final class Views {
    private static final Map<String, StudyView> VIEWS = load();

    private Views() {
    }

    private static Map<String, StudyView> load() {
        Map<String, StudyView> views = new HashMap<>();
        for (StudyView v : ServiceLoader.load(StudyView.class, Views.class.getClassLoader())) {
            views.putIfAbsent(v.study(), v);
        }
        return Map.copyOf(views);
    }

    /** The view of the scenario's study, when its module gives one; null otherwise. */
    public static StudyView of(String scenario) {
        return VIEWS.get(scenario);
    }

    /** The scenario's view of this run, made once per run read and shared; null for a study without a view. */
    public static View view(RunData data, String scenario) throws IOException {
        StudyView v = of(scenario);
        if (v == null) {
            return null;
        }
        synchronized (data.views) {
            View made = data.views.get(scenario);
            if (made == null) {
                made = v.answer(rows(data, scenario), data.searches(scenario).stream().map(s -> s.file).toList());
                data.views.put(scenario, made);
            }
            return made;
        }
    }

    /** The row's interval log through its one reader ({@link RunData.Row#intervals}); null where it has none. */
    private static dev.latencybench.core.record.IntervalLog.Intervals intervalsIfAny(RunData.Row r) throws IOException {
        return r.hlog() == null || !java.nio.file.Files.isRegularFile(r.hlog()) ? null : r.intervals();
    }

    /** The scenario's cells as a view sees them, in the report's row order; empty for a scenario the run lacks. */
    public static List<ViewRow> rows(RunData data, String scenario) {
        List<ViewRow> out = new ArrayList<>();
        for (RunData.Row r : data.scenarios.getOrDefault(scenario, List.of())) {
            Map<String, LatencySummary> summaries = new HashMap<>();
            r.metrics.all().forEach(m -> {
                if (r.summary(m.name()) != null) {
                    summaries.put(m.name(), r.summary(m.name()));
                }
            });
            out.add(new ViewRow(r.variant, r.cell, r.jvm, r.gc, r.status, r.reasons, r.metrics.primary().name(),
                    summaries, r.result, r.maxHeapBytes(), r.charted() ? () -> intervalsIfAny(r) : null));
        }
        return out;
    }
}
