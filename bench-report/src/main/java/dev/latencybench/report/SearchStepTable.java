package dev.latencybench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Function;

import com.google.gson.JsonElement;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.view.Table;
import dev.latencybench.report.data.PauseSummary;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Search;

/**
 * The search section's table of every step as it ran: its figures, whether it kept the pass rule, its CPU use in
 * total and per searched unit, its longest pause and why it failed. Stateless.
 */
final class SearchStepTable {
    private SearchStepTable() {
    }

    /** Every step as it ran: its figures, CPU use, longest stop-the-world pause and why it failed. */
    static Table of(RunData data, String scenario, List<Search> searches, String label) {
        boolean severalCells = searches.size() > 1;
        boolean children = anyChildProcesses(data, scenario, searches);
        Table t = new Table();
        if (severalCells) {
            t.text("JVM × GC");
        }
        t.text("variant").number(label).text("status").time("p50").time("p99").time("p99.9").number("samples")
                .number("CPU (cores)");
        if (children) {
            t.number("started processes CPU (cores)");
        }
        t.number("CPU per " + singular(label) + " (cores)");
        t.time("longest pause").text("why it failed");
        for (Search s : searches) {
            Search.Rule rule = s.passRule();
            for (Search.Step st : s.steps) {
                RunData.Row row = data.row(scenario, st.name(), s.cell);
                List<Object> cells = new ArrayList<>();
                if (severalCells) {
                    cells.add(s.label());
                }
                LatencySummary sum = st.primary() != null && st.primary().count > 0 ? st.primary()
                        : row != null && row.measured() ? row.primary() : null;
                Boolean passed = passed(st, rule);
                cells.add(st.variant());
                cells.add(st.value() < 0 ? "-" : String.format(Locale.ROOT, "%,d", st.value()));
                cells.add(st.ok() ? (Boolean.FALSE.equals(passed) ? "OK, SLO broken" : Boolean.TRUE.equals(passed)
                        ? "OK, passed" : "OK") : st.status());
                cells.add(sum == null ? "-" : Table.Time.percentile(sum.p50, sum.count, 50));
                cells.add(sum == null ? "-" : Table.Time.percentile(sum.p99, sum.count, 99));
                cells.add(sum == null ? "-" : Table.Time.percentile(sum.p99_9, sum.count, 99.9));
                cells.add(sum == null ? "-" : String.format(Locale.ROOT, "%,d", sum.count));
                cells.add(cpu(row, THIS_PROCESS));
                if (children) {
                    cells.add(cpu(row, CHILD_PROCESSES));
                }
                cells.add(perUnit(row, st.value()));
                cells.add(longestPause(row));
                String why = "";
                if (!st.ok()) {
                    why = row != null && !row.reasons.isEmpty() ? String.join("; ", row.reasons) : "no result";
                } else if (Boolean.FALSE.equals(passed)) {
                    why = rule.percentile() + " " + Units.formatNs(rule.of(sum)) + " >= " + Units.formatNs(rule.boundNs());
                }
                cells.add(why);
                t.row(cells);
            }
        }
        return t;
    }

    /** The step's CPU (the JVM's and its started processes') per searched unit; "-" without a value or a reading. */
    static String perUnit(RunData.Row row, long value) {
        OptionalDouble own = cores(row, THIS_PROCESS);
        if (value <= 0 || own.isEmpty()) {
            return "-";
        }
        double total = own.getAsDouble() + cores(row, CHILD_PROCESSES).orElse(0);
        return String.format(Locale.ROOT, "%.2f", total / value);
    }

    /** {@code chain} for {@code chains}. */
    static String singular(String unit) {
        return unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit;
    }

    /** The longest stop-the-world pause of the step's forks (warm-up included), from their GC logs; "-" without. */
    private static Object longestPause(RunData.Row row) {
        try {
            PauseSummary p = row == null ? PauseSummary.of(null) : row.pauses();
            return p.safepoints == 0 ? "-" : Table.Time.of(p.maxNs);
        } catch (IOException e) {
            return "-";
        }
    }

    /** The benchmark JVM's own CPU use in a fork's machine load. */
    static final Function<EnvironmentFile.MachineLoad, Double> THIS_PROCESS = l -> l.thisProcessCores;
    /** The CPU use of the processes the benchmark JVM started, in a fork's machine load. */
    static final Function<EnvironmentFile.MachineLoad, Double> CHILD_PROCESSES = l -> l.childProcessesCores;

    /** Whether a step of these searches measured processes its benchmark JVM started. */
    static boolean anyChildProcesses(RunData data, String scenario, List<Search> searches) {
        for (Search s : searches) {
            for (Search.Step st : s.steps) {
                OptionalDouble cores = cores(data.row(scenario, st.name(), s.cell), CHILD_PROCESSES);
                if (cores.isPresent() && cores.getAsDouble() > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A CPU use from the forks' machine loads, in cores, averaged over the forks; "-" when unknown. */
    static String cpu(RunData.Row row, Function<EnvironmentFile.MachineLoad, Double> field) {
        OptionalDouble cores = cores(row, field);
        return cores.isPresent() ? String.format(Locale.ROOT, "%.2f", cores.getAsDouble()) : "-";
    }

    private static OptionalDouble cores(RunData.Row row, Function<EnvironmentFile.MachineLoad, Double> field) {
        if (row == null || row.result == null) {
            return OptionalDouble.empty();
        }
        double sum = 0;
        int n = 0;
        for (JsonElement e : row.result.machineLoad) {
            Double cores = field.apply(EnvironmentFile.MachineLoad.read(e.getAsJsonObject()));
            if (cores != null && cores >= 0) {
                sum += cores;
                n++;
            }
        }
        return n == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / n);
    }

    /** Whether a measured step kept the pass rule; null when the rule or the figures are unknown. */
    static Boolean passed(Search.Step st, Search.Rule rule) {
        if (!st.ok()) {
            return false;
        }
        if (rule == null || st.primary() == null || st.primary().count == 0) {
            return null;
        }
        return rule.of(st.primary()) < rule.boundNs();
    }
}
