package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.data.Search;

/**
 * What a search's steps say about the machine rather than the measured system: the floor's answer (this machine's
 * limit) and the steps that used {@value #SATURATED_PERCENT}% or more of its CPUs. Stateless.
 */
final class MachineLimits {
    /** A step using this share of the machine's CPUs or more (its JVM and what it started) ran out of them. */
    static final int SATURATED_PERCENT = 90;

    private MachineLimits() {
    }

    /** The sentence, or null when the steps met neither limit. */
    static String sentence(RunData data, String scenario, List<Search> searches, String label) {
        List<String> said = new ArrayList<>();
        String floor = data.study(scenario).floor;
        for (Search s : searches) {
            Search.Answer f = floor == null ? null : s.parts.get(floor);
            if (f != null && s.parts.size() > 1 && f.hasValue()) {
                said.add((searches.size() > 1 ? "On " + s.label() + ", the" : "The") + " floor (`" + floor
                        + "`, the harness alone) holds " + f.answer() + ": a count near it is this machine's limit,"
                        + " not the transport's.");
            }
        }
        int cpus = cpus(data.env);
        if (cpus > 0) {
            List<String> busy = new ArrayList<>();
            for (Search s : searches) {
                for (Search.Step st : s.steps) {
                    RunData.Row row = data.row(scenario, st.name(), s.cell);
                    double cores = cores(row, SearchStepTable.THIS_PROCESS)
                            + cores(row, SearchStepTable.CHILD_PROCESSES);
                    if (cores * 100 >= SATURATED_PERCENT * cpus) {
                        busy.add(String.format(Locale.ROOT, "`%s` at %,d %s %.2f", st.variant(), st.value(), label,
                                cores));
                    }
                }
            }
            if (!busy.isEmpty()) {
                said.add("Steps that used " + SATURATED_PERCENT + "% or more of the machine's " + cpus + " cores: "
                        + String.join(", ", busy) + "; there the limit is the machine's, not the transport's.");
            }
        }
        return said.isEmpty() ? null : String.join(" ", said);
    }

    /** The CPUs the benchmark JVM could use, from env.json; 0 when not known. */
    static int cpus(EnvironmentFile env) {
        Integer cpus = env == null ? null : env.cpuOrEmpty().availableProcessors;
        return cpus == null ? 0 : cpus;
    }

    /** The step's mean cores of one kind over its forks, 0 when not recorded. */
    private static double cores(RunData.Row row, Function<EnvironmentFile.MachineLoad, Double> field) {
        String c = SearchStepTable.cpu(row, field);
        return c.equals("-") ? 0 : Double.parseDouble(c);
    }
}
