package dev.latencybench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Table;
import dev.latencybench.core.view.VerdictRule;
import dev.latencybench.chart.ChartOutput;
import dev.latencybench.chart.LatencyAxis;
import dev.latencybench.chart.LineChart;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Search;
import dev.latencybench.report.doc.Doc;

/**
 * The answer of a study whose schedule searches for a capacity (how many chains hold the SLO): per JVM × GC each
 * variant's answer, the ratio between the study's subject and each other variant, and why; then a chart of the
 * primary metric against the searched value and a table of every step ({@link SearchStepTable}). Stateless.
 */
final class SearchSection {
    /** Past this many searched values, only the powers of two (and the ends) get a tick label. */
    private static final int MAX_VALUE_TICKS = 12;
    /** Values spanning this factor or more go on a log2 axis. */
    private static final double LOG_SPAN = 10;
    private static final Pattern COUNT_UNIT = Pattern.compile("[0-9,]+ ([A-Za-z][A-Za-z -]*)$");

    private SearchSection() {
    }

    /** Writes the section when the scenario's schedules answered a question; nothing otherwise. */
    static void write(Doc doc, RunData data, String scenario, Path charts) throws IOException {
        List<Search> searches = data.searches(scenario);
        if (searches.isEmpty()) {
            return;
        }
        String label = valueLabel(searches);
        doc.h(3, "The answer: " + (searches.get(0).schedule.startsWith("capacity search") ? "capacity" : "the schedule's"
                + " decision") + " per JVM × GC");
        List<String> answers = new ArrayList<>();
        for (Search s : searches) {
            answers.add("**" + s.label() + "**: " + answer(s) + ratios(s));
        }
        doc.bullets(answers);
        List<String> cells = acrossCells(searches);
        if (!cells.isEmpty()) {
            doc.p("Across JVMs and collectors, each cell's capacity set against the highest by the brackets its search"
                    + " left (a tie where they overlap):");
            doc.bullets(cells);
        }
        List<String> notes = new ArrayList<>();
        for (Search s : searches) {
            s.parts.forEach((variant, a) -> {
                String who = (searches.size() > 1 ? s.label() + ", " : "") + variant;
                if (a.atLimit()) {
                    notes.add(who + " passed every step up to the search's limit (" + limitText(s, variant, a)
                            + "): its capacity is at least that; raise the limit to find where it breaks.");
                } else if (a.unfinished()) {
                    notes.add(who + ": the search did not finish (interrupted, or stopped before this part ran): "
                            + (a.hasValue() ? a.answer() + " is a lower bound." : "no answer."));
                }
            });
        }
        if (!notes.isEmpty()) {
            doc.p("Read with care:");
            doc.bullets(notes);
        }
        List<String> why = new ArrayList<>();
        for (Search s : searches) {
            s.parts.forEach((variant, a) -> why.add((searches.size() > 1 ? s.label() + ", " : "") + variant + ": "
                    + a.why() + (a.decidedBy().isEmpty() ? "" : " (decided by " + codes(a.decidedBy()) + ")")));
            dev.latencybench.core.schedule.Decision d = s.file == null ? null : s.file.decision;
            if (d != null && d.confirmed() != null) { // the deciding steps run again in more forks
                why.add((searches.size() > 1 ? s.label() + ": " : "") + d.confirmed().text());
            }
        }
        doc.p("Why, and which steps decided it (" + codes(List.of(searches.get(0).schedule)) + "):");
        doc.bullets(why);
        List<String> shared = new ArrayList<>();
        for (Search s : searches) {
            s.shared.forEach((variant, summary) -> shared.add((searches.size() > 1 ? s.label() + ", " : "") + variant
                    + ": " + summary));
        }
        if (!shared.isEmpty()) {
            doc.p("Shared by all of a variant's steps, and made ready before the first was measured:");
            doc.bullets(shared);
        }
        LineChart chart = chart(scenario, searches, label);
        if (chart != null) {
            String base = scenario + "-search";
            ChartOutput.write(chart, charts, base);
            doc.chart(base, chartTitle(scenario, searches, label));
            doc.p("Each line is a step's percentile over all its " + label + " together. A step fails (×) by the"
                    + " study's own checks as well, such as one of its " + label + " alone over the SLO or a rate not"
                    + " held, so a × can sit below the SLO line: the table says why.");
        }
        Table steps = SearchStepTable.of(data, scenario, searches, label);
        boolean started = SearchStepTable.anyChildProcesses(data, scenario, searches);
        doc.p("CPU is the benchmark JVM's use in cores over the measured period" + (started ? "; \"started"
                + " processes\" is the processes it started and measured beside it (the chain study's Kafka broker),"
                + " not counted as another process making the machine busy" : "") + "; per " + SearchStepTable
                .singular(label) + ", the two together over the step's " + label + ".");
        doc.table(steps);
        String limits = MachineLimits.sentence(data, scenario, searches, label);
        if (limits != null) {
            doc.p(limits);
        }
    }

    /** Each part's answer, with the limit or the lack of an answer said plainly. */
    static String answer(Search s) {
        List<String> parts = new ArrayList<>();
        s.parts.forEach((variant, a) -> parts.add((variant.isEmpty() ? "" : variant + ": ") + a.answer()
                + (a.atLimit() ? " (the limit)" : a.unfinished() ? " (unfinished)"
                : a.failed() ? " (the search failed: see why below)" : "")));
        return String.join("; ", parts);
    }

    /**
     * The first part (the study's subject) against each other part by {@link VerdictRule} on their brackets
     * ({@link Search#bracket}): a ratio, larger count first, where the brackets lie apart, a tie where they overlap.
     * Parts with the same bracket are said once; nothing where a part has no answer.
     */
    static String ratios(Search s) {
        List<String> variants = new ArrayList<>(s.parts.keySet());
        if (variants.size() < 2) {
            return "";
        }
        String first = variants.get(0);
        VerdictRule.Range ra = s.bracket(first);
        if (ra == null) {
            return ""; // no answer on the subject's side: nothing to compare
        }
        String unit = unit(s);
        // others with the same bracket and answer are said in one sentence
        java.util.Map<String, List<String>> alike = new java.util.LinkedHashMap<>();
        for (String other : variants.subList(1, variants.size())) {
            VerdictRule.Range rb = s.bracket(other);
            if (rb != null) {
                alike.computeIfAbsent(rb.value + "/" + rb.low + "/" + rb.high + "/" + s.parts.get(other).kind(),
                        k -> new ArrayList<>()).add(other);
            }
        }
        List<String> out = new ArrayList<>();
        LongFunction<String> counted = v -> count(v, unit);
        for (List<String> group : alike.values()) {
            String other = group.get(0);
            String others = group.size() == 1 ? other : String.join(", ", group.subList(0, group.size() - 1))
                    + " and " + group.get(group.size() - 1);
            boolean several = group.size() > 1;
            VerdictRule.Range rb = s.bracket(other);
            VerdictRule.Ruling c = VerdictRule.compare(ra, rb, VerdictRule.Better.HIGHER, counted);
            if (c.tie()) {
                out.add(first + (several ? " ties with each of " + others : " and " + other + " tie") + ": " + c.reason);
                continue;
            }
            boolean firstLarger = c.outcome == VerdictRule.Outcome.BETTER;
            if (!firstLarger) { // the larger named first, in the words as in the figures
                c = VerdictRule.compare(rb, ra, VerdictRule.Better.HIGHER, counted);
            }
            String big = firstLarger ? first : others;
            String small = firstLarger ? others : first;
            String holds = !firstLarger && several ? "each hold" : "holds";
            String each = firstLarger && several ? " each" : "";
            Search.Answer bigA = s.parts.get(firstLarger ? first : other);
            Search.Answer smallA = s.parts.get(firstLarger ? other : first);
            if (count(smallA) == 0) {
                out.add(String.format(Locale.ROOT, "%s %s more %s than %s (%s%,d / none%s): %s", big, holds, unit,
                        small, lowerBound(bigA) ? "at least " : "", count(bigA), each, c.reason));
                continue;
            }
            String bound = lowerBound(bigA) ? "at least " : lowerBound(smallA) ? "at most " : "";
            out.add(String.format(Locale.ROOT, "%s %s %s%s× the %s of %s (%s%,d / %s%,d%s): %s", big, holds, bound,
                    ratio((double) count(bigA) / count(smallA)), unit, small, lowerBound(bigA) ? "at least " : "",
                    count(bigA), lowerBound(smallA) ? "at least " : "", count(smallA), each, c.reason));
        }
        return out.isEmpty() ? "" : ". " + Character.toUpperCase(out.get(0).charAt(0)) + String.join("; ", out)
                .substring(1);
    }

    /** With several JVM × GC cells, per variant: the cell that held the most and each other against it; else empty. */
    static List<String> acrossCells(List<Search> searches) {
        List<String> out = new ArrayList<>();
        if (searches.size() < 2) {
            return out;
        }
        String unit = unit(searches.get(0));
        List<String> variants = new ArrayList<>();
        searches.forEach(s -> s.parts.keySet().forEach(k -> addNew(variants, k)));
        for (String variant : variants) {
            List<Search> answered = new ArrayList<>();
            List<String> none = new ArrayList<>();
            List<String> tooShort = new ArrayList<>();
            for (Search s : searches) {
                if (s.parts.containsKey(variant)) {
                    if (s.bracket(variant) != null) {
                        answered.add(s);
                    } else if (s.parts.get(variant).cannotTell()) {
                        tooShort.add("`" + s.label() + "`");
                    } else {
                        none.add("`" + s.label() + "`");
                    }
                }
            }
            if (answered.size() < 2) {
                continue;
            }
            answered.sort(Comparator.comparingLong((Search x) -> x.bracket(variant).value).reversed()
                    .thenComparing(x -> !x.parts.get(variant).atLimit())); // the most first; a lower bound before an equal boundary
            Search best = answered.get(0);
            VerdictRule.Range top = best.bracket(variant);
            List<String> items = new ArrayList<>();
            items.add("the most on `" + best.label() + "` (" + best.parts.get(variant).answer() + ")");
            for (Search s : answered.subList(1, answered.size())) {
                VerdictRule.Ruling c = VerdictRule.compare(s.bracket(variant), top, VerdictRule.Better.HIGHER,
                        v -> count(v, unit));
                items.add("`" + s.label() + "` (" + s.parts.get(variant).answer() + ") " + (c.tie() ? "ties with it"
                        : "holds fewer") + ": " + c.reason);
            }
            if (!none.isEmpty()) {
                items.add("no answer on " + String.join(", ", none));
            }
            if (!tooShort.isEmpty()) {
                items.add("cannot tell at this length on " + String.join(", ", tooShort));
            }
            out.add("**" + (variant.isEmpty() ? "across" : variant + " across") + " JVM × GC**: "
                    + String.join("; ", items) + ".");
        }
        return out;
    }

    /** {@code 4,096 chains}, {@code 1 chain}: a count with its unit, as the search's answers write it. */
    private static String count(long value, String unit) {
        String u = value == 1 && unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
        return String.format(Locale.ROOT, "%,d %s", value, u);
    }

    private static long count(Search.Answer a) {
        return a.hasValue() ? a.value() : 0;
    }

    /** The count is where the search stopped, not where it would have: at its limit, or unfinished. */
    private static boolean lowerBound(Search.Answer a) {
        return a.atLimit() || a.unfinished();
    }

    private static String ratio(double r) {
        return r >= 10 ? String.format(Locale.ROOT, "%,.0f", r) : r >= 1 ? String.format(Locale.ROOT, "%.1f", r)
                : String.format(Locale.ROOT, "%.2f", r);
    }

    /** What the values count, from an answer ({@code 3 chains}), else the property's last part. */
    static String unit(Search s) {
        for (Search.Answer a : s.parts.values()) {
            Matcher m = COUNT_UNIT.matcher(a.answer());
            if (m.find() && a.value() != 1) {
                return m.group(1);
            }
        }
        String p = s.property();
        return p == null ? "units" : p.substring(p.lastIndexOf('.') + 1);
    }

    /** {@code 4 chains}: the largest value a part ran. */
    private static String limitText(Search s, String variant, Search.Answer a) {
        return a.answer().startsWith("at least ") ? a.answer().substring("at least ".length())
                : String.format(Locale.ROOT, "%,d", a.value());
    }

    /** {@code chains}, from the answers, for the x axis and the table. */
    private static String valueLabel(List<Search> searches) {
        return unit(searches.get(0));
    }

    private static String chartTitle(String scenario, List<Search> searches, String label) {
        Search.Rule rule = searches.get(0).passRule();
        return scenario + ": " + searches.get(0).primary + " against the number of " + label
                + (rule == null ? "" : ", pass: " + rule.describe());
    }

    private static String codes(List<String> names) {
        List<String> c = new ArrayList<>();
        names.forEach(n -> c.add("`" + n + "`"));
        return String.join(", ", c);
    }

    /** The variants in the order the searches name them: the decision's parts first, then any other step's. */
    private static List<String> variants(List<Search> searches) {
        List<String> v = new ArrayList<>();
        for (Search s : searches) {
            s.parts.keySet().forEach(k -> addNew(v, k));
            s.steps.forEach(st -> addNew(v, st.variant()));
        }
        v.remove("");
        return v;
    }

    private static void addNew(List<String> l, String s) {
        if (!l.contains(s)) {
            l.add(s);
        }
    }

    /** p99.9, p99 and p50 against the searched value, a plot per JVM × GC; null when no step has figures. */
    static LineChart chart(String scenario, List<Search> searches, String label) {
        TreeSet<Long> values = new TreeSet<>();
        double minUs = Double.POSITIVE_INFINITY;
        double maxUs = 0;
        for (Search s : searches) {
            for (Search.Step st : s.steps) {
                if (st.value() > 0 && st.primary() != null && st.primary().count > 0) {
                    values.add(st.value());
                    minUs = Math.min(minUs, Math.max(1, st.primary().p50) / 1e3);
                    maxUs = Math.max(maxUs, st.primary().p99_9 / 1e3);
                }
            }
        }
        if (values.isEmpty()) {
            return null;
        }
        Search.Rule rule = searches.get(0).passRule();
        if (rule != null) {
            maxUs = Math.max(maxUs, rule.boundNs() / 1e3);
            minUs = Math.min(minUs, rule.boundNs() / 1e3);
        }
        boolean log = values.last() >= LOG_SPAN * values.first();
        List<Long> ticked = new ArrayList<>(values);
        if (ticked.size() > MAX_VALUE_TICKS) {
            ticked.removeIf(v -> Long.bitCount(v) != 1 && !v.equals(values.first()) && !v.equals(values.last()));
        }
        double[] ticks = new double[ticked.size()];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = x(ticked.get(i), log);
            labels.add(String.format(Locale.ROOT, "%,d", ticked.get(i)));
        }
        double lo = x(values.first(), log);
        double hi = x(values.last(), log);
        double pad = hi > lo ? (hi - lo) * 0.04 : 1;
        LatencyAxis y = LatencyAxis.fit(minUs, maxUs);
        LineChart c = new LineChart(chartTitle(scenario, searches, label), "number of " + label
                + (log ? " (log scale)" : ""), lo - pad, hi + pad, ticks, labels, y, searches.size())
                .xScale(log ? LineChart.XScale.LOG2 : LineChart.XScale.LINEAR);
        if (rule != null) {
            c.addLevel(y.of(rule.boundNs() / 1e3), "pass: " + rule.describe());
        }
        List<String> variants = variants(searches);
        for (int p = 0; p < searches.size(); p++) {
            Search s = searches.get(p);
            if (searches.size() > 1) {
                c.panelTitle(p, s.label());
            }
            for (int vi = 0; vi < variants.size(); vi++) {
                String variant = variants.get(vi);
                List<Search.Step> steps = new ArrayList<>();
                for (Search.Step st : s.steps) {
                    if (st.variant().equals(variant) && st.value() > 0) {
                        steps.add(st);
                    }
                }
                steps.sort((a, b) -> Long.compare(a.value(), b.value()));
                if (steps.isEmpty()) {
                    continue;
                }
                double[] xs = new double[steps.size()];
                double[][] ys = new double[3][steps.size()];
                for (int i = 0; i < xs.length; i++) {
                    Search.Step st = steps.get(i);
                    xs[i] = x(st.value(), log);
                    LatencySummary sum = st.primary();
                    boolean has = sum != null && sum.count > 0;
                    // a percentile with fewer than 10 samples beyond it is not charted: a gap in its line
                    ys[0][i] = has && Percentiles.shown(sum.count, 99.9) ? y.of(sum.p99_9 / 1e3) : Double.NaN;
                    ys[1][i] = has && Percentiles.shown(sum.count, 99) ? y.of(sum.p99 / 1e3) : Double.NaN;
                    ys[2][i] = has ? y.of(Math.max(1, sum.p50) / 1e3) : Double.NaN;
                    if (Boolean.FALSE.equals(SearchStepTable.passed(st, rule))) {
                        c.addFailure(xs[i], has && !Double.isNaN(ys[0][i]) ? ys[0][i] : y.max / 1.15, vi, p);
                    }
                }
                c.addLine(variant + " p99.9", xs, ys[0], vi, 2.4f, p);
                c.addLine(variant + " p99", xs, ys[1], vi, 1.4f, p);
                c.addLine(variant + " p50", xs, ys[2], vi, 1.2f, p);
            }
        }
        return c;
    }

    private static double x(long value, boolean log) {
        return log ? Math.log(value) / Math.log(2) : value;
    }
}
