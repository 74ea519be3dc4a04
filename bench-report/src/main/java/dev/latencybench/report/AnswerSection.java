package dev.latencybench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.latencybench.core.view.Answer;
import dev.latencybench.core.view.View;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Search;
import dev.latencybench.report.data.Views;
import dev.latencybench.report.doc.Doc;
import dev.latencybench.report.doc.DocRenderer;

/**
 * The report's first screen: one line per study (or per subject), each at most {@link Answer#MAX_CHARS} characters,
 * rendered by {@link Answer#line} from the answer each study hands over as data. The study's name links to its
 * section, which holds every figure of the line. Stateless.
 */
final class AnswerSection {
    private AnswerSection() {
    }

    static void write(Doc doc, RunData data) {
        doc.h(2, "The answers");
        doc.bullets(lines(data));
    }

    /** One line per study and subject, {@code **[queue](#scenario-queue)**: ...}, in the run's order. */
    static List<String> lines(RunData data) {
        List<String> lines = new ArrayList<>();
        answers(data).forEach((subject, answer) -> {
            String scenario = subject.contains("/") ? subject.substring(0, subject.indexOf('/')) : subject;
            String prefix = "**[" + subject + "](#" + DocRenderer.slug("Scenario " + scenario) + ")**: ";
            lines.add(prefix + answer.line(Answer.MAX_CHARS - Answer.plainLength(prefix)));
        });
        return lines;
    }

    /** Each study's answers by subject: {@code queue}, or {@code task/HandoffTask} for a study with subjects. */
    static Map<String, Answer> answers(RunData data) {
        Map<String, Answer> out = new LinkedHashMap<>();
        for (String scenario : data.scenarios.keySet()) {
            Map<String, Answer> mine;
            try {
                mine = answers(data, scenario);
            } catch (IOException | RuntimeException e) { // the study's own section says what went wrong
                mine = Map.of("", Answer.none("its files could not be read (" + e.getClass().getSimpleName()
                        + "); see its section"));
            }
            mine.forEach((subject, a) -> out.put(subject.isEmpty() ? scenario : scenario + "/" + subject, a));
        }
        return out;
    }

    /** The answers as the console prints them: without Markdown's marks, in ASCII. */
    static List<String> plain(RunData data) {
        return lines(data).stream().map(l -> Answer.plain(l).replace("×", "x").replace(Percentiles.LOW, " *")
                .replace("—", "-").replace("–", "-").replace("≥", ">=").replace("µs", "us")).toList();
    }

    /** The study's answers by subject ("" for the study); where every OK cell is flagged, each carries that caution. */
    private static Map<String, Answer> answers(RunData data, String scenario) throws IOException {
        Map<String, Answer> answers = unflagged(data, scenario);
        List<RunData.Row> ok = data.scenarios.get(scenario).stream().filter(r -> "OK".equals(r.status)).toList();
        if (ok.isEmpty() || ok.stream().anyMatch(r -> r.notes.isEmpty())) {
            return answers;
        }
        String caution = FloorTables.firstWords(ok.get(0).notes) + (ok.size() > 1 ? " on every cell" : "");
        Map<String, Answer> out = new LinkedHashMap<>();
        answers.forEach((k, a) -> out.put(k, a.hasCaution() || a.isNone() ? a : a.caution(caution)));
        return out;
    }

    private static Map<String, Answer> unflagged(RunData data, String scenario) throws IOException {
        List<RunData.Row> all = data.scenarios.get(scenario);
        if (all.stream().noneMatch(r -> "OK".equals(r.status))) {
            return Map.of("", Answer.none("no cell ended OK (" + statuses(all) + ")"));
        }
        List<Search> searches = data.searches(scenario);
        View view = Views.view(data, scenario);
        if (view != null) { // the study's own answer first, from its cells and its searches' schedule files
            Map<String, Answer> given = view.answers();
            if (!given.isEmpty()) {
                return given;
            }
        }
        if (!searches.isEmpty()) {
            return Map.of("", SearchAnswer.of(searches, data.study(scenario).floor));
        }
        List<VariantAnswer> variants = VariantAnswer.of(data, scenario);
        Map<String, Answer> out = new LinkedHashMap<>();
        // a study whose variants are its subjects (a user's tasks, with no yardstick of their own) names each
        boolean named = variants.size() > 1 || data.study(scenario).yardstick == null;
        for (VariantAnswer v : variants) {
            out.put(named ? v.variant : "", v.answer);
        }
        return out;
    }

    private static String statuses(List<RunData.Row> rows) {
        Set<String> seen = new LinkedHashSet<>();
        rows.forEach(r -> seen.add(r.status));
        return String.join(", ", seen);
    }
}
