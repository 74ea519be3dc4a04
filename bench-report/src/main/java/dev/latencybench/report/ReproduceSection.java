package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/** The command that repeats the run, and where each cell's raw data lies. Stateless. */
final class ReproduceSection {
    private ReproduceSection() {
    }

    static void write(Doc doc, RunData data) {
        doc.h(2, "Reproduce");
        doc.p("The command that repeats this run (on another machine, JVM paths may differ; `scripts/bench jvms` lists"
                + " what is installed):");
        doc.code(Objects.requireNonNullElse(data.run().command, firstCommand(data)));
        List<String> tags = new ArrayList<>();
        for (String scenario : data.scenarios.keySet()) {
            tags.add((data.scenarios.size() > 1 ? "`" + scenario + "`: " : "") + tags(data.study(scenario).metrics));
        }
        doc.p("Every cell's figures in one table, one row per cell, variant and metric with its percentiles,"
                + " status and flags: [summary.csv](summary.csv) (for a spreadsheet) and [summary.json](summary.json).");
        doc.p("Raw data per cell: `<scenario>/<variant>/<jvm>__<gc>/` holds `result.json`, `env.json`, `jmh-<scenario>-<variant>.json` (JMH's own),"
                + " `latency.hlog` (HdrHistogram interval log: the primary metric untagged, the others tagged by"
                + " name; " + String.join("; ", tags) + "), a `<metric>.hgrm` per metric (the merged distribution as"
                + " HdrHistogram's percentile text, µs for times), `gc-<pid>.log` and `jmh.log` (JMH's whole output)."
                + " Each cell's console output (progress and tables) is in `logs/`.");
    }

    /** {@code `latency` untagged, `service` tagged `service`}. */
    private static String tags(Metrics metrics) {
        List<String> l = new ArrayList<>();
        for (Metric m : metrics.all()) {
            String tag = metrics.tag(m);
            l.add("`" + m.name() + "` " + (tag == null ? "untagged" : "tagged `" + tag + "`"));
        }
        return String.join(", ", l);
    }

    private static String firstCommand(RunData data) {
        for (List<RunData.Row> rows : data.scenarios.values()) {
            for (RunData.Row r : rows) {
                if (r.result != null && r.result.command != null) {
                    return r.result.command;
                }
            }
        }
        return "(unknown)";
    }
}
