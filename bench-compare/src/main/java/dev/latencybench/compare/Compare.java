package dev.latencybench.compare;

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
import dev.latencybench.core.view.HowSure;
import dev.latencybench.core.view.StudyView;
import dev.latencybench.launch.UsageException;
import dev.latencybench.launch.WritablePath;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.RunFile;
import dev.latencybench.report.data.Search;
import dev.latencybench.report.data.Views;

/**
 * {@code bench compare BASE CANDIDATE}: each percentile of every cell, variant and metric both runs measured, as the
 * candidate's ratio to the base with its 95% interval, judged by {@link dev.latencybench.core.view.HowSure}. A
 * percentile regresses when its interval lies above 1 beyond noise and the ratio exceeds 1 + {@code --max-regression}.
 *
 * <p>The first line is the verdict. Exit status 1 when a gated percentile regresses, or a gated cell OK in the base is
 * not OK in the candidate, so CI can gate on it.
 */
public final class Compare {
    private static final String[] NAMES = Percentiles.NAMES;
    private static final double[] PCTS = Percentiles.PCTS;
    /** The width of a percentile's column: {@code 1.04x (0.98–1.10) †}. */
    private static final int COLUMN = 19;

    private Compare() {
    }

    /** {@link #command(String, String, String, boolean, Path, PrintStream)} without {@code --gate-anyway}. */
    public static int command(String baseDir, String candidateDir, String maxRegressionText, Path output,
                              PrintStream out) throws IOException {
        return command(baseDir, candidateDir, maxRegressionText, false, output, out);
    }

    /**
     * {@code bench compare BASE CANDIDATE [--max-regression 10%] [--gate-anyway] [--output FILE]}; returns the exit
     * status.
     *
     * @param maxRegressionText as given, such as {@code 10%}
     * @param gateAnyway    also gate cells of one fork, at smoke scale or flagged
     * @param output        where the table is also written, or null
     */
    public static int command(String baseDir, String candidateDir, String maxRegressionText, boolean gateAnyway,
                              Path output, PrintStream out) throws IOException {
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
        Result r = compare(base, cand, maxRegression, gateAnyway);
        out.print(r.text);
        if (output != null) {
            ResultFiles.writeString(output, r.text);
        }
        if (r.compared == 0) {
            throw new UsageException("bench compare: the two runs have no cell and variant in common that both measured");
        }
        return r.gatedRegressions > 0 ? 1 : 0;
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

    /** What a comparison found: its text (verdict first), and how many lines it compared, regressed and gate. */
    public static final class Result {
        public final String text;
        final int compared;
        public final int regressions;
        public final int gatedRegressions;

        Result(String text, int compared, int regressions, int gatedRegressions) {
            this.text = text;
            this.compared = compared;
            this.regressions = regressions;
            this.gatedRegressions = gatedRegressions;
        }
    }

    /** What the rows found, for the verdict line. Not thread-safe; one per comparison. */
    static final class Tally {
        int compared;
        int regressions;
        int gated;
        int improvements;
        /** Cells of the percentile table, and those of them with one fork a side (not judged). */
        int cells;
        int unjudgedCells;
        /** Percentiles of the cells not judged that differ by more than the threshold. */
        int unjudgedBeyond;
        private double worstSeverity = Double.NEGATIVE_INFINITY;
        private String worst;
        private double worstGatedSeverity = Double.NEGATIVE_INFINITY;
        private String worstGated;
        private double bestSeverity = Double.NEGATIVE_INFINITY;
        private String best;

        /** A regression; {@code severity} orders them (a ratio, slower above 1; a failure is infinite). */
        void regression(boolean gates, double severity, String what) {
            compared++;
            regressions++;
            if (gates) {
                gated++;
                if (worstGated == null || severity > worstGatedSeverity) {
                    worstGatedSeverity = severity;
                    worstGated = what;
                }
            }
            if (worst == null || severity > worstSeverity) {
                worstSeverity = severity;
                worst = what;
            }
        }

        /** An improvement; {@code severity} orders them (how many times faster). */
        void improvement(double severity, String what) {
            improvements++;
            if (best == null || severity > bestSeverity) {
                bestSeverity = severity;
                best = what;
            }
        }

    /** The verdict line; it reads as the exit status does, so ungated regressions open {@code no gated regression}. */
        String verdict(double maxRegression) {
            if (regressions > 0 && gated == 0) {
                return "no gated regression; " + regressions + " beyond noise and " + pct(maxRegression)
                        + ", not gated" + (regressions == 1 ? ": " : ", the worst ") + worst;
            }
            if (regressions > 0) {
                return gated + " regression" + (gated == 1 ? "" : "s") + " beyond noise and " + pct(maxRegression)
                        + (regressions > gated ? " (" + (regressions - gated) + " more not gated)" : "")
                        + (gated == 1 ? ": " : ", the worst ") + worstGated;
            }
            if (improvements > 0) {
                return "no regression; " + improvements + " faster beyond noise and " + pct(maxRegression)
                        + (improvements == 1 ? ": " : ", the most ") + best;
            }
            if (cells > 0 && unjudgedCells == cells && compared == cells) {
                return "no verdict: no noise to judge against (" + (unjudgedBeyond == 0 ? "no percentile differs"
                        : unjudgedBeyond + " percentile" + (unjudgedBeyond == 1 ? " differs" : "s differ"))
                        + " by more than " + pct(maxRegression) + ")";
            }
            return "no change beyond noise" + (unjudgedCells == 0 ? "" : " (" + unjudgedCells + " of " + cells
                    + " cells not judged: no noise to judge against)");
        }
    }

    /** {@link #compare(RunData, RunData, double, boolean)} without {@code --gate-anyway}. */
    public static Result compare(RunData base, RunData cand, double maxRegression) {
        return compare(base, cand, maxRegression, false);
    }

    public static Result compare(RunData base, RunData cand, double maxRegression, boolean gateAnyway) {
        StringBuilder sb = new StringBuilder();
        Tally tally = new Tally();
        Gate gate = new Gate(gateAnyway);
        sb.append(String.format(Locale.ROOT, "latency-bench compare: candidate / base, per metric (the primary one on"
                + " the cell's row, the others below it by name); regression threshold %s%n", pct(maxRegression)));
        sb.append("  base:      ").append(base.dir).append('\n');
        sb.append("  candidate: ").append(cand.dir).append("\n\n");
        sb.append(String.format(Locale.ROOT, "%-42s", "scenario / variant / cell"));
        for (String n : NAMES) {
            sb.append(String.format(Locale.ROOT, " %" + COLUMN + "s", n));
        }
        sb.append("  verdict\n");
        List<String> notes = new ArrayList<>();
        boolean anyShared = base.scenarios.values().stream().flatMap(List::stream)
                .anyMatch(b -> !b.variant.isEmpty() && candidateRow(cand, b) != null);
        String blank = " ".repeat((COLUMN + 1) * NAMES.length - 1);
        int family = family(base, cand);
        double confidence = 1 - 0.05 / family;
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
                    String why = missing(cand, b);
                    boolean gates = gate.count(where, Gate.reasons(b, cand));
                    tally.regression(gates, Double.POSITIVE_INFINITY, where + " OK in the base, " + why);
                    sb.append(String.format(Locale.ROOT, "%-42s %s  REGRESSION (OK in the base, %s)%s%n", where, blank,
                            why, notGated(gates)));
                    continue;
                }
                if (c == null) {
                    notes.add(where + ": only in the base run");
                    continue;
                }
                if ("OK".equals(b.status) && !"OK".equals(c.status)) {
                    boolean gates = gate.count(where, Gate.reasons(b, c));
                    tally.regression(gates, Double.POSITIVE_INFINITY, where + " OK in the base, " + c.status
                            + " in the candidate");
                    sb.append(String.format(Locale.ROOT, "%-42s %s  REGRESSION (OK in the base, %s in the candidate: %s)%s%n",
                            where, blank, c.status, String.join("; ", c.reasons), notGated(gates)));
                    continue;
                }
                if (!b.measured() || !c.measured()) {
                    notes.add(where + ": not measured in " + (b.measured() ? "the candidate" : "the base"));
                    continue;
                }
                tally.cells++;
                boolean control = base.study(scenario).isControl(b.variant); // the published code, the empty harness
                boolean gates = gate.count(where, Gate.reasons(b, c)) && !control;
                if (control) {
                    notes.add(where + ": " + CONTROL + ", shown, not gated");
                }
                if (Gate.oneFork(b, c) && !gateAnyway) {
                    tally.unjudgedCells++;
                }
                Finding cell = new Finding();
                for (String metric : sharedMetrics(b, c)) {
                    boolean primary = metric.equals(b.metrics.primary().name());
                    compareMetric(sb, cell, primary ? where : "  " + metric, primary ? "" : metric + " ", b, c, metric,
                            gates, gateAnyway, maxRegression, confidence, tally);
                }
                sb.append(TailCauseChange.line(b, c)); // a tail that changed its cause, slower or not
                if (cell.worst != null) {
                    tally.regression(gates, cell.worstRatio, where + " " + cell.worst);
                } else {
                    tally.compared++;
                }
                if (cell.best != null) {
                    tally.improvement(1 / cell.bestRatio, where + " " + cell.best);
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
        compareCapacity(sb, base, cand, maxRegression, tally, gate);
        compareViews(sb, base, cand, maxRegression, tally, gate);
        sb.append('\n');
        sb.append("Ratios above 1 are slower. (low–high): the ratio's interval, bootstrapped over the forks of both"
                + " runs (the within-run interval where wider), each of the " + family + " ratios at "
                + percent(confidence) + "% so that all of them together hold at 95%"
                + " (Bonferroni); a cell with one fork on a side has none and is not"
                + " judged. ~: no change beyond noise (the interval reaches within " + pct(HowSure.NOISE) + " of 1),"
                + " or less than the threshold.\n");
        sb.append(Percentiles.LOW.trim()).append(": fewer than ").append(Percentiles.CONFIDENT_BEYOND).append(" samples beyond the"
                + " percentile in one of the runs; shown, not gated.\n");
        notes.forEach(n -> sb.append("note: ").append(n).append('\n'));
        sb.append(String.format(Locale.ROOT, "%d comparison(s), %d regression(s) beyond noise and %s%s%n",
                tally.compared, tally.regressions, pct(maxRegression), tally.regressions > tally.gated
                        ? " (" + (tally.regressions - tally.gated) + " not gated)" : ""));
        String gateLine = gate.line();
        String head = tally.verdict(maxRegression) + "\n" + (gateLine.isEmpty() ? "" : gateLine + "\n");
        return new Result(head + sb, tally.compared, tally.regressions, tally.gated);
    }

    /** A confidence as a percentage with the digits that keep it below 100: 99.96 for 120 ratios, not 100. */
    static String percent(double confidence) {
        String s = String.format(Locale.ROOT, "%.3g", 100 * confidence);
        for (int digits = 4; Double.parseDouble(s) >= 100 && digits <= 9; digits++) {
            s = String.format(Locale.ROOT, "%." + digits + "g", 100 * confidence);
        }
        return s;
    }

    /** The {@code <cell>/<step>} that decided each FAILED part of the scenario's searches in the run. */
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
     * Appends the answers of the searches both runs hold: a capacity lower by more than the threshold is a REGRESSION,
     * higher an improvement. A part at its limit or unfinished is a lower bound, so only a drop below it counts.
     */
    static void compareCapacity(StringBuilder sb, RunData base, RunData cand, double maxRegression, Tally tally,
                                Gate gate) {
        List<String> smoke = Gate.smoke(base) || Gate.smoke(cand) ? List.of("smoke scale") : List.of();
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
                        String where = scenario + "/" + e.getKey() + "/" + b.cell;
                        boolean gates = gate.countLine(smoke);
                        tally.regression(gates, Double.POSITIVE_INFINITY, where + " OK in the base, " + stopped);
                        sb.append(String.format(Locale.ROOT, "%-42s base %s, candidate %s, not compared  REGRESSION"
                                + " (OK in the base, %s)%s%n", where, ba.answer(), ca == null ? "none" : ca.answer(),
                                stopped, notGated(gates)));
                        continue;
                    }
                    if (ca == null || "unknown".equals(ba.answer()) || "unknown".equals(ca.answer())
                            || ba.cannotTell() || ca.cannotTell()) { // too short to judge: nothing to set against
                        continue;
                    }
                    header = header(sb, header, maxRegression);
                    String where = scenario + "/" + e.getKey() + "/" + b.cell;
                    if (ba.failed() || ca.failed()) { // a crashed step measured nothing: no capacity to set against
                        boolean candFailed = ca.failed();
                        boolean gates = true;
                        if (candFailed && !ba.failed()) { // as a cell OK in the base and FAILED in the candidate
                            gates = gate.countLine(smoke);
                            tally.regression(gates, Double.POSITIVE_INFINITY, where + " FAILED in the candidate");
                        } else {
                            tally.compared++;
                        }
                        sb.append(String.format(Locale.ROOT, "%-42s base %s, candidate %s, not compared  %s: %s%s%n",
                                where, ba.answer(), ca.answer(), candFailed && !ba.failed()
                                        ? "FAILED in the candidate (a failure, not a measurement)"
                                        : "FAILED in " + (candFailed ? "both runs" : "the base") + ", nothing to compare",
                                (candFailed ? ca : ba).why().split("\\R", 2)[0], notGated(gates))); // its cause; the rest is in the run
                        continue;
                    }
                    double ratio = ba.value() == 0 ? (ca.value() == 0 ? 1 : Double.POSITIVE_INFINITY)
                            : (double) ca.value() / ba.value();
                    boolean candLowerBound = ca.atLimit() || ca.unfinished();
                    boolean gates = gate.countLine(smoke);
                    String shown = Double.isInfinite(ratio) ? "from none" : ratio == 0 ? "to none"
                            : Comparison.ratio(ratio);
                    String verdict;
                    if (ratio < 1 - maxRegression && !candLowerBound) {
                        verdict = "REGRESSION: holds less" + (gates ? "" : " (not gated)");
                        tally.regression(gates, ratio == 0 ? Double.POSITIVE_INFINITY : 1 / ratio, where
                                + " holds less, " + shown);
                    } else if (ratio < 1 - maxRegression) {
                        verdict = "lower, but the candidate's answer is only a lower bound (" + ca.kind() + ")";
                    } else if (ratio > 1 + maxRegression) {
                        verdict = "improvement: holds more";
                        tally.improvement(ratio, where + " holds more, " + shown);
                    } else {
                        verdict = "same";
                    }
                    if (!verdict.startsWith("REGRESSION")) {
                        tally.compared++;
                    }
                    sb.append(String.format(Locale.ROOT, "%-42s base %s, candidate %s, %s  %s%n", where, ba.answer(),
                            ca.answer(), shown, verdict));
                }
            }
        }
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

    /** How the candidate's run of the search's cell was stopped (Ctrl-C, SIGTERM); null when it was not. */
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

    /** Appends each study's own view's comparison; its regressions do not gate at smoke scale without --gate-anyway. */
    static void compareViews(StringBuilder sb, RunData base, RunData cand, double maxRegression, Tally tally,
                             Gate gate) {
        List<String> smoke = Gate.smoke(base) || Gate.smoke(cand) ? List.of("smoke scale") : List.of();
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
            boolean gates = gate.countLine(smoke);
            String named = c.lines.stream().filter(l -> l.contains("REGRESSION")).findFirst()
                    .orElse(scenario).replaceAll("\\s+", " ");
            for (int k = 0; k < c.regressions; k++) { // a study's line has no ratio to order by: named last
                tally.regression(gates, 0, named);
            }
            tally.compared += c.lines.size() - c.regressions;
        }
    }

    /**
     * Why a control's cell is not gated: the yardstick runs published code and the floor an empty harness, so a change
     * in either is the machine's. Their figures are shown to say what a change in the subject's cells is worth.
     */
    static final String CONTROL = "a control (a yardstick or the floor: a change there is the machine's)";

    /** How many ratios are judged at most; each at {@code 1 - 0.05 / m} (Bonferroni), so A/A reads no change. */
    static int family(RunData base, RunData cand) {
        int m = 0;
        for (List<RunData.Row> rows : base.scenarios.values()) {
            for (RunData.Row b : rows) {
                RunData.Row c = b.variant.isEmpty() ? null : candidateRow(cand, b);
                if (c != null && b.measured() && c.measured()) {
                    m += sharedMetrics(b, c).size() * NAMES.length;
                }
            }
        }
        return Math.max(1, m);
    }

    /** The worst slower and the largest faster percentile of one cell's metrics, beyond noise and the threshold. */
    private static final class Finding {
        String worst;
        double worstRatio;
        String best;
        double bestRatio;
    }

    /**
     * Appends one metric's row of ratios and its verdict: {@code REGRESSION: ...}, {@code faster: ...}, {@code ~}, or
     * {@code not judged} where a side has no spread between forks. The worst and best percentiles go into {@code cell}.
     */
    private static void compareMetric(StringBuilder sb, Finding cell, String label, String metricName, RunData.Row b,
                                      RunData.Row c, String metric, boolean gates, boolean gateAnyway,
                                      double maxRegression, double confidence, Tally tally) {
        LatencySummary bs = b.summary(metric);
        LatencySummary cs = c.summary(metric);
        sb.append(String.format(Locale.ROOT, "%-42s", label));
        List<String> slower = new ArrayList<>();
        List<String> faster = new ArrayList<>();
        List<String> noisy = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        boolean judged = false;
        for (int i = 0; i < NAMES.length; i++) {
            long bv = Percentiles.percentile(bs, i);
            long cv = Percentiles.percentile(cs, i);
            Judgement j = Judgement.of(b, c, metric, i, gateAnyway, confidence);
            boolean confident = Percentiles.confident(Math.min(bs.count, cs.count), PCTS[i]);
            sb.append(String.format(Locale.ROOT, " %" + COLUMN + "s", j.describe() + (confident ? "" : Percentiles.LOW)));
            String change = NAMES[i] + " " + Units.formatNs(bv) + " -> " + Units.formatNs(cv);
            boolean beyond = j.ratio() > 1 + maxRegression || j.ratio() < 1 - maxRegression;
            if (j.call() == HowSure.Call.ONE_FORK) {
                if (confident && beyond) {
                    unjudged.add(change);
                }
                continue;
            }
            judged = true;
            if (!confident) {
                continue;
            }
            String what = metricName + NAMES[i] + " " + j.describe();
            if (j.call() == HowSure.Call.HIGHER && j.ratio() > 1 + maxRegression) {
                slower.add(change);
                if (cell.worst == null || j.ratio() > cell.worstRatio) {
                    cell.worst = what;
                    cell.worstRatio = j.ratio();
                }
            } else if (j.call() == HowSure.Call.LOWER && j.ratio() < 1 - maxRegression) {
                faster.add(change);
                if (cell.best == null || j.ratio() < cell.bestRatio) {
                    cell.best = what;
                    cell.bestRatio = j.ratio();
                }
            } else if (j.ratio() > 1 + maxRegression) { // slower, but the forks disagree as much among themselves
                noisy.add(change);
            }
        }
        if (!judged) {
            tally.unjudgedBeyond += unjudged.size();
            sb.append("  not judged: ").append(Gate.oneFork(b, c) ? "one fork" : "the forks' figures of this metric"
                    + " were not kept").append(", so noise cannot be told from a change").append(unjudged.isEmpty()
                    ? "" : "; beyond " + pct(maxRegression) + ": " + String.join(", ", unjudged)).append('\n');
            return;
        }
        String verdict = !slower.isEmpty() ? "REGRESSION: " + String.join(", ", slower)
                : !faster.isEmpty() ? "faster: " + String.join(", ", faster) : "~";
        if (!slower.isEmpty() && !faster.isEmpty()) {
            verdict += "; faster: " + String.join(", ", faster);
        }
        if (!noisy.isEmpty()) {
            verdict += (verdict.equals("~") ? "  " : "; ") + "slower within the noise: " + String.join(", ", noisy);
        }
        sb.append("  ").append(verdict).append(slower.isEmpty() || gates ? "" : " (not gated)").append('\n');
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

    /** {@code " (not gated)"} after a regression that does not gate, else empty. */
    private static String notGated(boolean gates) {
        return gates ? "" : " (not gated)";
    }

    /** {@code 10%}, {@code 2.5%}, {@code 1000%}: four significant digits at most, no trailing zeros. */
    static String pct(double d) {
        return Comparison.percent(d);
    }
}
