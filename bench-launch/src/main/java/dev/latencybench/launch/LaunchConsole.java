package dev.latencybench.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.schedule.Decision;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/**
 * What a study launcher tells people about the run as a whole: the header, the tables and answer at the end, and
 * the summary after an interrupt, which comes from a shutdown hook. One per launcher.
 */
final class LaunchConsole {
    /** The longest line of a decision's reasons on the console, its indent included. */
    static final int WHY_WIDTH = 110;

    private final Study study;
    private final PrintStream out;
    private final PrintStream err;

    LaunchConsole(Study study, PrintStream out, PrintStream err) {
        this.study = study;
        this.out = out;
        this.err = err;
    }

    /** The run's header: what runs, on which JVM, how long, and where its results and JMH's log go. */
    void printHeader(RunSettings run, Study.Plan plan, JvmIdentity expected) {
        out.printf(Locale.ROOT, "latency-bench %s study: %s%n", study.name(), study.title());
        String format = "  %-9s %s%n";
        out.printf(Locale.ROOT, format, "JVM:", expected.cellName() + " (" + run.java
                + (run.jvmArgs.isEmpty() ? "" : ", " + String.join(" ", run.jvmArgs)) + ")");
        plan.facts().forEach((k, v) -> out.printf(Locale.ROOT, format, k + ":", v));
        out.printf(Locale.ROOT, format, "length:", String.format(Locale.ROOT,
                "scale %s: warm-up %s + measure %s per fork, %d fork(s)", plan.periods().scale.id(),
                Units.formatDuration(plan.periods().warmupNs), Units.formatDuration(plan.periods().measureNs),
                plan.periods().forks));
        out.printf(Locale.ROOT, format, "variants:", plan.schedule().describe());
        out.printf(Locale.ROOT, format, "results:", run.runDir());
        out.printf(Locale.ROOT, format + "%n", "JMH log:", String.format(Locale.ROOT,
                "%s/<variant>/%s/%s (JMH's whole output; %s)", study.name(), expected.cellName(), JmhOutput.LOG,
                run.verbose ? "printed here too: " + RunSettings.VERBOSE + "=true"
                        : "-D" + RunSettings.VERBOSE + "=true prints it here too"));
    }

    /** After an interrupt: the table of what was measured, and what was not run. */
    void printInterrupted(LaunchCells launched, Study.Plan plan) {
        synchronized (launched) {
            List<CellSummary> cells = launched.all();
            if (!cells.isEmpty()) {
                Metric primary = plan.metrics().primary();
                CellSummary.printTable(err, "what was measured before the interrupt (" + primary.what() + "):",
                        study.variantLabel(), cells, primary.name());
                CellSummary.printNotes(err, cells);
                err.println("  results: " + cells.get(0).dir.getParent().getParent());
            }
            List<String> notRun = new ArrayList<>(plan.variants());
            cells.forEach(c -> notRun.remove(c.variant));
            if (!notRun.isEmpty()) {
                err.println("  not run: " + String.join(", ", notRun));
            }
        }
    }

    /**
     * At the end: the tables, the schedule's answer, where the results are and why any could not be written.
     * @param decision     the schedule's answer, its deciding steps confirmed; null for none
     * @param diskFullStop why the schedule stopped early for a full disk; null when it did not
     */
    void printSummary(RunSettings run, Study.Plan plan, Decision decision,
                      LaunchCells launched, String diskFullStop) {
        List<CellSummary> cells = launched.all();
        out.println();
        out.printf(Locale.ROOT, "latency-bench %s study, %s%n", study.name(),
                plan.facts().getOrDefault("load", plan.description()));
        CellSummary.printTables(out, study.variantLabel(), cells);
        CellSummary.unrecorded(cells, plan.roles().get(Study.Plan.FLOOR)).forEach(line -> out.println("  " + line));
        CellSummary.printNotes(out, cells);
        if (decision != null && !decision.parts.isEmpty()) { // one line per part, e.g. per transport
            out.println("  answer:");
            decision.parts.forEach((label, d) -> {
                printWrapped(label + ": " + d.answer, "    ", "      ");
                printWrapped(why(d), "      ", "      ");
            });
            String floor = plan.roles().get(Study.Plan.FLOOR);
            Decision f = floor == null ? null : decision.parts.get(floor);
            // a transport near the floor is held back by the machine; a floor too short to judge says nothing of it
            if (f != null && decision.parts.size() > 1 && !f.cannotTell()) {
                out.printf(Locale.ROOT, "    the floor (%s, the harness alone) holds %s: a count near it is this"
                        + " machine's limit, not the transport's%n", floor, f.answer);
            }
        } else if (decision != null) {
            out.printf(Locale.ROOT, "  answer: %s%n", decision.answer);
            printWrapped(why(decision), "    ", "    ");
        }
        if (decision != null && decision.confirmed() != null) {
            printWrapped(decision.confirmed().text(), "  ", "    ");
        }
        out.println("  results: " + run.runDir().resolve(study.name()));
        long notOk = cells.stream().filter(c -> !"OK".equals(c.status)).count();
        if (notOk > 0 && StudyLauncher.exitStatus(cells, decision, launched.allWritten()) == 0) {
            out.printf(Locale.ROOT, "latency-bench: %d of %d step(s) did not hold; the answer above rests on them%n",
                    notOk, cells.size());
        } else if (notOk > 0) {
            // steps, not cells: the runner's cell is this whole launcher
            out.printf(Locale.ROOT, "latency-bench: %d of %d step(s) did not end OK (reasons above); exit status 1%n",
                    notOk, cells.size());
        }
        launched.unwritten().forEach(u -> out.println("latency-bench: " + u)); // last, so the runner shows which file
        if (diskFullStop != null) {
            out.println("latency-bench: " + diskFullStop);
        }
    }

    /** A decision's reasons and the steps that decided it, said under its answer. */
    private static String why(Decision d) {
        return d.why + (d.decidedBy.isEmpty() ? "" : "; decided by " + String.join(", ", d.decidedBy));
    }

    /** {@code text} wrapped at {@link #WHY_WIDTH}: the first line after {@code first}, the rest after {@code rest}. */
    private void printWrapped(String text, String first, String rest) {
        List<String> lines = wrap(text, WHY_WIDTH - rest.length());
        for (int i = 0; i < lines.size(); i++) {
            out.println((i == 0 ? first : rest) + lines.get(i));
        }
    }

    /** {@code text} in lines of at most {@code width} characters, broken at spaces; a longer word is a line alone. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
