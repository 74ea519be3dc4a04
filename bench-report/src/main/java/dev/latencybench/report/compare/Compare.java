package dev.latencybench.report.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.view.Comparison;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.core.run.UsageException;
import dev.latencybench.core.run.WritablePath;
import dev.latencybench.report.data.CellOutcome;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.RunFile;
import dev.latencybench.report.data.Search;
import dev.latencybench.report.data.Views;

/**
 * {@code bench compare BASE CANDIDATE}: for every cell and variant both runs measured, and every
 * metric both results hold (the base's primary first, on the cell's row; each other one on a row of
 * its own name below it),
 * the candidate's percentiles as a ratio of the base's, beside a noise estimate from the forks'
 * spread. Results written before metrics were named read as {@code latency} and {@code service}.
 * Exit status 1 when a percentile of any metric got slower by more than {@code --max-regression}
 * (default 10%) and by more than the forks of either run disagree among themselves, or a cell that was OK
 * in the base is not OK in the candidate or has no result there, so CI can gate on it. Percentiles resting on fewer than 100
 * samples beyond them are shown but not gated.
 */
public final class Compare {
    private static final String[] NAMES = Percentiles.NAMES;
    private static final double[] PCTS = Percentiles.PCTS;

    private Compare() {
    }

    /**
     * {@code bench compare BASE CANDIDATE [--max-regression 10%] [--output FILE]}; returns the exit
     * status.
     *
     * @param maxRegressionText as given, such as {@code 10%}
     * @param output        where the table is written too, or null
     */
    public static int command(String baseDir, String candidateDir, String maxRegressionText, Path output,
                              PrintStream out) throws IOException {
        double maxRegression = parseThreshold(maxRegressionText);
        if (output != null) { // before the comparison: exit 1 means a regression, and nothing should be lost
            output = output.toAbsolutePath().normalize();
            String problem = Files.isDirectory(output) ? output + " is a folder" : WritablePath.problem(output);
            if (problem != null) {
                throw new UsageException("bench compare: --output " + output + ": " + problem + "; give a file in a"
                        + " writable folder");
            }
        }
        RunData base = load(baseDir);
        RunData cand = load(candidateDir);
        Result r = compare(base, cand, maxRegression);
        out.print(r.text);
        if (output != null) {
            ResultFiles.writeString(output, r.text);
        }
        if (r.compared == 0) {
            throw new UsageException("bench compare: the two runs have no cell and variant in common that both measured");
        }
        return r.regressions > 0 ? 1 : 0;
    }

    static double parseThreshold(String v) {
        if (v == null || v.isEmpty()) {
            throw new UsageException("bench compare: --max-regression needs a value, such as 10%");
        }
        try {
            double d = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1) : v);
            if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d / 100;
        } catch (NumberFormatException e) {
            throw new UsageException("bench compare: --max-regression '" + v + "': expected a percentage such as 10%"
                    + " or 2.5%");
        }
    }

    private static RunData load(String dir) {
        Path p = Path.of(dir).toAbsolutePath().normalize();
        if (!Files.isDirectory(p)) {
            throw new UsageException("bench compare: " + p + " is not a folder");
        }
        RunData data;
        try {
            data = RunData.load(p);
        } catch (IOException e) {
            throw new UsageException("bench compare: " + e.getMessage());
        } catch (RuntimeException e) { // a file of the run that is not as the suite writes it: said, not traced
            throw new UsageException("bench compare: " + p + " cannot be read: " + RunFile.oneLine(e));
        }
        if (!data.problems().isEmpty()) { // a cell left out would read as a regression, or hide one
            throw new UsageException("bench compare: " + String.join("; ", data.problems())
                    + " (scripts/bench report " + p + " writes what can be read)");
        }
        return data;
    }

    public static final class Result {
        public final String text;
        final int compared;
        public final int regressions;

        Result(String text, int compared, int regressions) {
            this.text = text;
            this.compared = compared;
            this.regressions = regressions;
        }
    }

    public static Result compare(RunData base, RunData cand, double maxRegression) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "latency-bench compare: candidate / base, per metric (the primary one on"
                + " the cell's row, the others below it by name); regression threshold %s%n", pct(maxRegression)));
        sb.append("  base:      ").append(base.dir).append('\n');
        sb.append("  candidate: ").append(cand.dir).append("\n\n");
        sb.append(String.format(Locale.ROOT, "%-42s", "scenario / variant / cell"));
        for (String n : NAMES) {
            sb.append(String.format(Locale.ROOT, " %17s", n));
        }
        sb.append("  verdict\n");
        int compared = 0;
        int regressions = 0;
        List<String> notes = new ArrayList<>();
        boolean anyShared = base.scenarios.values().stream().flatMap(List::stream)
                .anyMatch(b -> !b.variant.isEmpty() && candidateRow(cand, b) != null);
        for (String scenario : base.scenarios.keySet()) {
            java.util.Set<String> searchSteps = searchSteps(base, cand, scenario);
            java.util.Set<String> baseErrors = errorSteps(base, scenario);
            java.util.Set<String> candErrors = errorSteps(cand, scenario);
            for (RunData.Row b : base.scenarios.get(scenario)) {
                if (b.variant.isEmpty()) {
                    continue;
                }
                RunData.Row c = candidateRow(cand, b);
                String where = scenario + "/" + b.variant + "/" + b.cell;
                if (searchSteps.contains(b.variant) && (c == null || !b.status.equals(c.status))) {
                    // a search runs the steps its answers lead it to: its answer is compared below, not its steps
                    notes.add(where + ": a step of the search, " + (c == null ? "only in the base run"
                            : b.status + " in the base, " + c.status + " in the candidate"));
                    continue;
                }
                String step = b.cell + "/" + b.variant;
                if (c != null && (baseErrors.contains(step) || candErrors.contains(step))) {
                    // a crash, a broker gone: what the step recorded before is no measurement of the load
                    notes.add(where + ": a step that failed outside its pass rule in " + (baseErrors.contains(step)
                            ? (candErrors.contains(step) ? "both runs" : "the base") : "the candidate")
                            + ", so its figures are not compared (the search's answer below says why)");
                    continue;
                }
                if (c == null && "OK".equals(b.status) && anyShared) { // an interrupted candidate, say: not a pass
                    regressions++;
                    compared++;
                    sb.append(String.format(Locale.ROOT, "%-42s %s  REGRESSION (OK in the base, %s)%n", where,
                            " ".repeat(17 * NAMES.length - 1), missing(cand, b)));
                    continue;
                }
                if (c == null) {
                    notes.add(where + ": only in the base run");
                    continue;
                }
                if ("OK".equals(b.status) && !"OK".equals(c.status)) {
                    regressions++;
                    compared++;
                    sb.append(String.format(Locale.ROOT, "%-42s %s  REGRESSION (OK in the base, %s in the candidate: %s)%n",
                            where, " ".repeat(17 * NAMES.length - 1), c.status, String.join("; ", c.reasons)));
                    continue;
                }
                if (!b.measured() || !c.measured()) {
                    notes.add(where + ": not measured in " + (b.measured() ? "the candidate" : "the base"));
                    continue;
                }
                compared++;
                boolean regressed = false;
                for (String metric : sharedMetrics(b, c)) {
                    boolean primary = metric.equals(b.metrics.primary().name());
                    regressed |= compareMetric(sb, primary ? where : "  " + metric, b.summary(metric),
                            c.summary(metric), b.forks(metric), c.forks(metric), noiseKnown(b, c, metric),
                            maxRegression);
                }
                sb.append(TailCauseChange.line(b, c)); // a tail that changed its cause, slower or not
                if (regressed) {
                    regressions++;
                }
                onlyInOne(notes, where, b, c, "the base");
                onlyInOne(notes, where, c, b, "the candidate");
            }
        }
        for (String scenario : cand.scenarios.keySet()) {
            for (RunData.Row c : cand.scenarios.get(scenario)) {
                boolean inBase = base.scenarios.containsKey(scenario) && base.scenarios.get(scenario).stream()
                        .anyMatch(b -> b.cell.equals(c.cell) && b.variant.equals(c.variant));
                if (!inBase && !c.variant.isEmpty()) {
                    notes.add(scenario + "/" + c.variant + "/" + c.cell + ": only in the candidate run");
                }
            }
        }
        int[] capacity = compareCapacity(sb, base, cand, maxRegression);
        compared += capacity[0];
        regressions += capacity[1];
        int[] own = compareViews(sb, base, cand, maxRegression);
        compared += own[0];
        regressions += own[1];
        sb.append('\n');
        sb.append("Ratios above 1 are slower. ±: the larger fork-to-fork spread ((max - min) / median) of the two runs,"
                + " shown when a cell ran two or more forks; a slowdown within it is noise, not a regression.\n");
        sb.append(Percentiles.LOW.trim()).append(": fewer than ").append(Percentiles.CONFIDENT_BEYOND).append(" samples beyond the"
                + " percentile in one of the runs; shown, not gated.\n");
        notes.forEach(n -> sb.append("note: ").append(n).append('\n'));
        sb.append(String.format(Locale.ROOT, "%d comparison(s), %d regression(s) beyond %s%n", compared, regressions,
                pct(maxRegression)));
        return new Result(sb.toString(), compared, regressions);
    }

    /**
     * The steps that ended a search of the run FAILED (a crash, what the steps share gone): the last step each such
     * part was decided by, as {@code <cell>/<step>}.
     */
    private static java.util.Set<String> errorSteps(RunData run, String scenario) {
        java.util.Set<String> names = new java.util.HashSet<>();
        if (run.scenarios.containsKey(scenario)) {
            for (Search s : run.searches(scenario)) {
                s.parts.values().stream().filter(a -> a.failed() && !a.decidedBy().isEmpty())
                        .forEach(a -> names.add(s.cell + "/" + a.decidedBy().get(a.decidedBy().size() - 1)));
            }
        }
        return names;
    }

    /** The step names (folders) of the scenario's searches in either run. */
    private static java.util.Set<String> searchSteps(RunData base, RunData cand, String scenario) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (RunData run : List.of(base, cand)) {
            if (run.scenarios.containsKey(scenario)) {
                run.searches(scenario).forEach(s -> s.steps.forEach(st -> names.add(st.name())));
            }
        }
        return names;
    }

    /**
     * The answers of the searches both runs hold for the same scenario, cell and part: a lower capacity in the
     * candidate by more than the threshold (the search's resolution, 10% by default) is a REGRESSION, a higher one
     * an improvement. A part at its limit or unfinished is a lower bound: only a drop below it counts.
     *
     * @return {comparisons, regressions}
     */
    static int[] compareCapacity(StringBuilder sb, RunData base, RunData cand, double maxRegression) {
        int compared = 0;
        int regressions = 0;
        boolean header = false;
        for (String scenario : base.scenarios.keySet()) {
            if (!cand.scenarios.containsKey(scenario)) {
                continue;
            }
            for (Search b : base.searches(scenario)) {
                Search c = cand.searches(scenario).stream().filter(s -> s.cell.equals(b.cell)).findFirst()
                        .orElse(null);
                String stopped = stopped(cand, scenario, b.cell, c);
                if (c == null && stopped == null) {
                    continue;
                }
                for (var e : b.parts.entrySet()) {
                    Search.Answer ba = e.getValue();
                    Search.Answer ca = c == null ? null : c.parts.get(e.getKey());
                    if (stopped != null && answered(ba) && (ca == null || !answered(ca))) {
                        // stopped before it answered (Ctrl-C mid-search): no capacity to compare, and no pass either
                        header = header(sb, header, maxRegression);
                        compared++;
                        regressions++;
                        sb.append(String.format(Locale.ROOT, "%-42s base %s, candidate %s, not compared  REGRESSION"
                                + " (OK in the base, %s)%n", scenario + "/" + e.getKey() + "/" + b.cell, ba.answer(),
                                ca == null ? "none" : ca.answer(), stopped));
                        continue;
                    }
                    if (ca == null || "unknown".equals(ba.answer()) || "unknown".equals(ca.answer())
                            || ba.cannotTell() || ca.cannotTell()) { // too short to judge: nothing to set against
                        continue;
                    }
                    header = header(sb, header, maxRegression);
                    compared++;
                    String where = scenario + "/" + e.getKey() + "/" + b.cell;
                    if (ba.failed() || ca.failed()) { // a crashed step measured nothing: no capacity to set against
                        boolean candFailed = ca.failed();
                        if (candFailed && !ba.failed()) { // as a cell OK in the base and FAILED in the candidate
                            regressions++;
                        }
                        sb.append(String.format(Locale.ROOT, "%-42s base %s, candidate %s, not compared  %s: %s%n",
                                where, ba.answer(), ca.answer(), candFailed && !ba.failed()
                                        ? "FAILED in the candidate (a failure, not a measurement)"
                                        : "FAILED in " + (candFailed ? "both runs" : "the base") + ", nothing to compare",
                                (candFailed ? ca : ba).why().split("\\R", 2)[0])); // its cause; the rest is in the run
                        continue;
                    }
                    double ratio = ba.value() == 0 ? (ca.value() == 0 ? 1 : Double.POSITIVE_INFINITY)
                            : (double) ca.value() / ba.value();
                    boolean candLowerBound = ca.atLimit() || ca.unfinished();
                    String verdict;
                    if (ratio < 1 - maxRegression && !candLowerBound) {
                        verdict = "REGRESSION: holds less";
                        regressions++;
                    } else if (ratio < 1 - maxRegression) {
                        verdict = "lower, but the candidate's answer is only a lower bound (" + ca.kind() + ")";
                    } else if (ratio > 1 + maxRegression) {
                        verdict = "improvement: holds more";
                    } else {
                        verdict = "same";
                    }
                    sb.append(String.format(Locale.ROOT, "%-42s base %s, candidate %s, %s  %s%n", where, ba.answer(),
                            ca.answer(), Double.isInfinite(ratio) ? "from none" : ratio == 0 ? "to none"
                                    : Comparison.ratio(ratio), verdict));
                }
            }
        }
        return new int[] {compared, regressions};
    }

    /** The capacity table's heading, once; returns true. */
    private static boolean header(StringBuilder sb, boolean written, double maxRegression) {
        if (!written) {
            sb.append(String.format(Locale.ROOT, "%ncapacity (the answer of each search; candidate / base, a drop beyond"
                    + " %s is a regression)%n", pct(maxRegression)));
        }
        return true;
    }

    /** A search part that answered: a boundary or a limit, not unknown, unfinished, failed or too short to tell. */
    private static boolean answered(Search.Answer a) {
        return !"unknown".equals(a.answer()) && !a.unfinished() && !a.failed() && !a.cannotTell();
    }

    /**
     * How the candidate's run of a search's cell was stopped (Ctrl-C, SIGTERM): its run.json's outcome of the cell,
     * else a step of its search, INTERRUPTED; null when it was not.
     */
    private static String stopped(RunData cand, String scenario, String cell, Search c) {
        CellOutcome o = cand.run().outcomes().get(scenario + "/" + cell);
        if (o != null && CellOutcome.INTERRUPTED.equals(o.status)) {
            return "INTERRUPTED in the candidate" + (o.reason == null ? "" : ": " + o.reason);
        }
        if (c != null) {
            for (Search.Step st : c.steps) {
                if ("INTERRUPTED".equals(st.status())) {
                    return "INTERRUPTED in the candidate at its step " + st.name();
                }
            }
        }
        return null;
    }

    /**
     * What each study's own view compares beyond the percentiles (the Jet study: the throughput held under its
     * slide), for every scenario both runs hold; each view's heading once, then its lines.
     *
     * @return {comparisons, regressions}
     */
    static int[] compareViews(StringBuilder sb, RunData base, RunData cand, double maxRegression) {
        int compared = 0;
        int regressions = 0;
        String heading = null;
        for (String scenario : base.scenarios.keySet()) {
            StudyView view = Views.of(scenario);
            if (view == null || !cand.scenarios.containsKey(scenario)) {
                continue;
            }
            Comparison c = view.compare(Views.rows(base, scenario), Views.rows(cand, scenario), maxRegression);
            if (c.lines.isEmpty()) {
                continue;
            }
            if (!c.heading.equals(heading)) {
                sb.append(String.format(Locale.ROOT, "%n%s%n", c.heading));
                heading = c.heading;
            }
            c.lines.forEach(l -> sb.append(l).append(String.format(Locale.ROOT, "%n")));
            compared += c.lines.size();
            regressions += c.regressions;
        }
        return new int[] {compared, regressions};
    }

    /**
     * One metric of one cell: a row of ratios and its verdict.
     *
     * @return whether a percentile resting on enough samples got slower by more than the threshold and the noise
     */
    private static boolean compareMetric(StringBuilder sb, String label, LatencySummary b, LatencySummary c,
                                         List<LatencySummary> bForks, List<LatencySummary> cForks,
                                         boolean gated, double maxRegression) {
        sb.append(String.format(Locale.ROOT, "%-42s", label));
        List<String> slower = new ArrayList<>();
        List<String> noisy = new ArrayList<>();
        for (int i = 0; i < NAMES.length; i++) {
            long bv = Percentiles.percentile(b, i);
            long cv = Percentiles.percentile(c, i);
            double ratio = bv == 0 ? Double.NaN : (double) cv / bv;
            double noise = maxKnown(Percentiles.spreadValue(bForks, i), Percentiles.spreadValue(cForks, i));
            boolean confident = Percentiles.confident(Math.min(b.count, c.count), PCTS[i]);
            String cell = Comparison.ratio(ratio) + (Double.isNaN(noise) ? ""
                    : String.format(Locale.ROOT, " ±%.0f%%", noise * 100)) + (confident ? "" : Percentiles.LOW);
            sb.append(String.format(Locale.ROOT, " %17s", cell));
            if (confident && ratio > 1 + maxRegression) {
                String change = NAMES[i] + " " + Units.formatNs(bv) + " -> " + Units.formatNs(cv);
                // slower, but by less than the forks of one run disagree among themselves: noise
                (!Double.isNaN(noise) && ratio - 1 <= noise ? noisy : slower).add(change);
            }
        }
        if (!gated) {
            sb.append("  not gated: ").append(slower.isEmpty() && noisy.isEmpty() ? "no slower percentile"
                    : "slower " + String.join(", ", slower.isEmpty() ? noisy : slower)).append(", but the forks'"
                    + " figures of this metric were not kept, so noise cannot be told from a change\n");
            return false;
        }
        String within = noisy.isEmpty() ? "" : (slower.isEmpty() ? "  " : "; ")
                + "slower within the forks' spread: " + String.join(", ", noisy);
        if (slower.isEmpty()) {
            sb.append("  ok").append(within).append('\n');
            return false;
        }
        sb.append("  REGRESSION: ").append(String.join(", ", slower)).append(within).append('\n');
        return true;
    }

    /**
     * Whether the forks' spread of a metric is known wherever there was more than one fork: a result
     * written before metrics were named kept only the primary metric's forks, and a slower percentile
     * there cannot be told from noise, so it is shown, not gated.
     */
    private static boolean noiseKnown(RunData.Row b, RunData.Row c, String metric) {
        for (RunData.Row r : List.of(b, c)) {
            if (r.primaryForks().size() >= 2 && r.forks(metric).size() < 2) {
                return false;
            }
        }
        return true;
    }

    /** Notes the metrics {@code has} has figures for and {@code lacks} has not. */
    private static void onlyInOne(List<String> notes, String where, RunData.Row has, RunData.Row lacks, String run) {
        for (String m : has.metrics.names()) {
            if (has.summary(m) != null && lacks.summary(m) == null) {
                notes.add(where + ": metric `" + m + "` only in " + run + " run");
            }
        }
    }

    /** The metrics both rows have figures for, in the base's order (its primary first). */
    private static List<String> sharedMetrics(RunData.Row b, RunData.Row c) {
        List<String> shared = new ArrayList<>();
        for (String m : b.metrics.names()) {
            if (b.summary(m) != null && c.summary(m) != null) {
                shared.add(m);
            }
        }
        return shared;
    }

    /** The candidate's row of the base row's scenario, variant and cell; null when the candidate has none. */
    private static RunData.Row candidateRow(RunData cand, RunData.Row b) {
        if (!cand.scenarios.containsKey(b.scenario)) {
            return null;
        }
        return cand.rows(b.scenario, b.variant).stream().filter(x -> x.cell.equals(b.cell)).findFirst().orElse(null);
    }

    /** Why the candidate has no result for a cell: what its run.json says of the cell, or that it never had it. */
    private static String missing(RunData cand, RunData.Row b) {
        if (cand.scenarios.containsKey(b.scenario)) {
            for (RunData.Row r : cand.scenarios.get(b.scenario)) {
                if (r.cell.equals(b.cell) && r.variant.isEmpty()) {
                    return "no result in the candidate: " + r.status + (r.reasons.isEmpty() ? "" : ": "
                            + String.join("; ", r.reasons));
                }
            }
        }
        return "not in the candidate run";
    }

    private static double maxKnown(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    /** {@code 10%}, {@code 2.5%}, {@code 1000%}: four significant digits at most, no trailing zeros. */
    static String pct(double d) {
        return Comparison.percent(d);
    }
}
