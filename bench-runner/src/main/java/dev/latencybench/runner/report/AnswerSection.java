package dev.latencybench.runner.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.view.View;
import dev.latencybench.runner.report.data.Bounds;
import dev.latencybench.runner.report.data.Percentiles;
import dev.latencybench.runner.report.data.RunData;
import dev.latencybench.runner.report.data.Search;
import dev.latencybench.runner.report.data.Views;
import dev.latencybench.runner.report.doc.Doc;

/**
 * The report's first screen: one line per study with its answer (the best, and by how much, or that it cannot
 * tell), the figures it rests on, and what those rest on (samples beyond the deciding percentile, forks, flags).
 * A study whose module gives a view answers through the view's {@link View#headline}; a capacity search through
 * its searches' answers ({@link SearchSection#answer}); every other study by its primary metric per variant, the
 * floor and the yardstick left out of the answer and set beside it. Each line is a summary of its study's section
 * further down, which holds the reasons. Stateless.
 */
final class AnswerSection {
    /** The percentiles an answer line gives, as indices of {@link Percentiles#NAMES}: the median and p99.99. */
    private static final int[] GIVEN = {0, 4};

    private AnswerSection() {
    }

    static void write(Doc doc, RunData data) {
        doc.h(2, "The answers");
        doc.bullets(lines(data));
    }

    /** One line per study, {@code **queue**: ...}, in the run's order. */
    static List<String> lines(RunData data) {
        List<String> lines = new ArrayList<>();
        for (String scenario : data.scenarios.keySet()) {
            String line;
            try {
                line = line(data, scenario);
            } catch (IOException | RuntimeException e) { // the study's own section says what went wrong
                line = "no answer could be read: " + e.getMessage() + " (see its section)";
            }
            lines.add("**" + scenario + "**: " + line);
        }
        return lines;
    }

    /**
     * The answers as the console prints them: one line per study, without Markdown's marks, in ASCII as the
     * console's tables are ({@code x} for ×, {@code *} for †, {@code -} for dashes).
     */
    static List<String> plain(RunData data) {
        return lines(data).stream().map(l -> l.replace("**", "").replace("`", "").replace("×", "x")
                .replace(Percentiles.LOW, " *").replace("—", "-").replace("–", "-").replace("µs", "us")).toList();
    }

    /** The study's answer in one line, without its name. */
    static String line(RunData data, String scenario) throws IOException {
        List<RunData.Row> all = data.scenarios.get(scenario);
        if (all.stream().noneMatch(r -> "OK".equals(r.status))) {
            return "no answer: no cell ended OK (" + statuses(all) + "); its section says why.";
        }
        List<Search> searches = data.searches(scenario);
        if (!searches.isEmpty()) {
            return searched(searches, data.study(scenario).floor);
        }
        StudyView view = Views.of(scenario);
        if (view != null) {
            String headline = view.answer(Views.rows(data, scenario)).headlineText();
            if (headline != null) {
                return headline;
            }
        }
        return byVariant(data, scenario);
    }

    /**
     * A capacity search per JVM × GC: each part's answer as the search section gives it, and where the floor (the
     * harness alone) has an answer, that a count near it is the machine's limit.
     */
    private static String searched(List<Search> searches, String floor) {
        List<String> out = new ArrayList<>();
        boolean floorAnswered = false;
        for (Search s : searches) {
            out.add((searches.size() > 1 ? "`" + s.label() + "`: " : "on `" + s.label() + "`, ") + SearchSection
                    .answer(s));
            Search.Answer f = floor == null ? null : s.parts.get(floor);
            floorAnswered |= f != null && f.hasValue() && s.parts.size() > 1;
        }
        return String.join("; ", out) + "." + (floorAnswered ? " `" + floor + "` is the floor, the harness alone: a"
                + " count near its count is this machine's limit, not the transport's." : "");
    }

    /**
     * Per variant but the floor and the yardstick: with one JVM × GC, its median and p99.99 and the harness's cost
     * against the yardstick; with several, the lowest cell at the median and how the next compares, by the verdict's
     * rule.
     */
    private static String byVariant(RunData data, String scenario) {
        RunData.Study study = data.study(scenario);
        String metric = study.metrics.primary().name();
        List<String> parts = new ArrayList<>();
        List<String> flagged = new ArrayList<>();
        for (String v : data.variants(scenario)) {
            if (study.isFloor(v) || v.equals(study.yardstick) || study.yardsticks.containsValue(v)) {
                continue;
            }
            List<RunData.Row> ranked = data.rows(scenario, v).stream().filter(VerdictSection::ranks).toList();
            if (ranked.isEmpty()) {
                List<RunData.Row> flaggedOk = data.rows(scenario, v).stream().filter(r -> "OK".equals(r.status)
                        && r.measured()).toList();
                parts.add(flaggedOk.isEmpty() ? "`" + v + "`: no cell ended OK" : "`" + v + "`, flagged on every cell"
                        + " (" + FloorTables.firstWords(flaggedOk.get(0).notes) + "), so not an answer: on `" + flaggedOk.get(0).label() + "` "
                        + figures(flaggedOk.get(0), metric));
                continue;
            }
            if (ranked.size() == 1) {
                RunData.Row r = ranked.get(0);
                parts.add("`" + v + "` on `" + r.label() + "`: " + figures(r, metric) + cost(data, scenario,
                        study, r, metric));
                continue;
            }
            VerdictSection.Verdict verdict = VerdictSection.judge(ranked, List.of(), metric, 0);
            parts.add("`" + v + "`: " + ranking(verdict, ranked.size()));
        }
        for (RunData.Row r : data.scenarios.get(scenario)) {
            if (!r.notes.isEmpty()) {
                flagged.add("`" + r.variant + "` on `" + r.label() + "`");
            }
        }
        int cells = data.cells(scenario).size();
        String rests = restsOn(data.scenarios.get(scenario), metric);
        return (cells == 1 ? "one JVM × GC, nothing to rank across JVMs or collectors; " : "")
                + String.join("; ", parts) + ". " + rests
                + (flagged.isEmpty() ? "" : " Flagged, left out of the answer: " + String.join(", ", flagged) + ".");
    }

    /**
     * {@code p50 1.99µs (95% 1.97µs–2.01µs, order statistics of 200,000), p99.99 10.1ms †}: each given percentile
     * with its interval ({@link Bounds}), a median on a cliff of its distribution said so, a percentile with too few
     * samples beyond it as not shown.
     */
    static String figures(RunData.Row r, String metric) {
        LatencySummary s = r.summary(metric);
        List<String> out = new ArrayList<>();
        for (int i : GIVEN) {
            Bounds.Interval in = Bounds.of(r, metric, i);
            String unstable = i == 0 ? Bounds.unstable(r, metric, i) : null;
            List<String> notes = new ArrayList<>();
            if (in != null) {
                notes.add(in.describe());
            }
            if (unstable != null) {
                notes.add("**" + unstable + "**");
            }
            out.add(Percentiles.NAMES[i] + " " + value(s, i) + (notes.isEmpty() ? "" : " (" + String.join("; ", notes)
                    + ")"));
        }
        return String.join(", ", out);
    }

    /** A percentile as the answer gives it: its value, marked when thin, "not shown" when fewer than 10 beyond. */
    static String value(LatencySummary s, int i) {
        long beyond = Percentiles.beyond(s.count, Percentiles.PCTS[i]);
        if (!Percentiles.shown(s.count, Percentiles.PCTS[i])) {
            return String.format(Locale.ROOT, "— (%,d sample%s beyond it, fewer than %d)", beyond, beyond == 1 ? ""
                    : "s", Percentiles.SHOWN_BEYOND);
        }
        return Units.formatNs(Percentiles.percentile(s, i)) + (Percentiles.confident(s.count, Percentiles.PCTS[i])
                ? "" : Percentiles.LOW);
    }

    /** The harness's cost at the median against the yardstick on the same JVM × GC, or why none is given. */
    private static String cost(RunData data, String scenario, RunData.Study study, RunData.Row r, String metric) {
        if (study.yardstick == null) {
            return "";
        }
        RunData.Row y = data.row(scenario, study.yardstick, r.cell);
        if (y == null || !"OK".equals(y.status) || !y.measured()) {
            return "; its yardstick `" + study.yardstick + "` has no figure here";
        }
        if (!y.notes.isEmpty()) {
            return "; its yardstick `" + study.yardstick + "` was flagged, so no harness cost is given";
        }
        long mine = r.summary(metric).p50;
        long theirs = y.summary(metric).p50;
        if (theirs > mine) { // the yardstick does less work: slower, it ran under other conditions (FloorTables)
            return String.format(Locale.ROOT, "; the yardstick `%s` reads slower at the median (%s), so the conditions"
                    + " differed and no harness cost is given", study.yardstick, Units.formatNs(theirs));
        }
        return String.format(Locale.ROOT, "; the yardstick `%s` %s at the median (%s)", study.yardstick,
                Units.formatNs(theirs), theirs <= 0 ? "no ratio" : String.format(Locale.ROOT, "%.2fx", (double) mine
                        / theirs));
    }

    /** The lowest median and how the next cell compares with it. */
    private static String ranking(VerdictSection.Verdict verdict, int cells) {
        Bounds.Interval in = Bounds.of(verdict.best, verdict.metric, 0);
        StringBuilder sb = new StringBuilder("lowest median on `").append(verdict.best.label()).append("` ")
                .append(value(verdict.best.summary(verdict.metric), 0)).append(in == null ? "" : " (" + in.describe()
                        + ")");
        List<String> calls = new ArrayList<>();
        verdict.calls.forEach((call, rows) -> calls.add(rows.size() + " " + describe(call)));
        sb.append(" among ").append(cells).append(" cells (").append(String.join(", ", calls)).append(')');
        return sb.toString();
    }

    private static String describe(VerdictSection.Call call) {
        return switch (call) {
            case TIE_FLOOR -> "within the floor's own spread";
            case TIE_FORKS -> "tied, their forks overlap";
            case SLOWER -> "slower beyond the forks' spread";
            case PLACED_APART -> "not comparable, CPUs placed apart";
            case ONE_FORK -> "undecided, one fork";
            case TIE_WITHIN_RUN -> "tied within the run (one fork: their 95% intervals overlap)";
            case SLOWER_WITHIN_RUN -> "slower within the run (one fork: 95% intervals apart, a rerun may move it)";
        };
    }

    /** What the answer rests on: samples per cell, forks, and how many lie beyond p99.99. */
    private static String restsOn(List<RunData.Row> rows, String metric) {
        long fewest = Long.MAX_VALUE;
        int forks = Integer.MAX_VALUE;
        for (RunData.Row r : rows) {
            if (r.measured() && r.summary(metric) != null) {
                fewest = Math.min(fewest, r.summary(metric).count);
                forks = Math.min(forks, r.result == null ? 1 : r.result.forks);
            }
        }
        if (fewest == Long.MAX_VALUE) {
            return "";
        }
        return String.format(Locale.ROOT, "Rests on at least %,d samples a cell (%,d beyond p99.99), %d fork%s.",
                fewest, Percentiles.beyond(fewest, Percentiles.PCTS[4]), forks, forks == 1 ? " (no run-to-run spread)"
                        : "s");
    }

    private static String statuses(List<RunData.Row> rows) {
        Set<String> seen = new LinkedHashSet<>();
        rows.forEach(r -> seen.add(r.status));
        return String.join(", ", seen);
    }
}
