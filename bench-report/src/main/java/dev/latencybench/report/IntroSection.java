package dev.latencybench.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;


import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.report.data.Percentiles;
import dev.latencybench.report.data.RunData;
import dev.latencybench.report.doc.Doc;

/** The report's opening: the run, its host, how many rows ended how, and a warning for an untrustworthy host. */
final class IntroSection {
    private IntroSection() {
    }

    static void write(Doc doc, RunData data) {
        String runId = Objects.requireNonNullElse(data.run().runId, data.dir.getFileName().toString());
        doc.h(1, "latency-bench report: " + runId);
        String banner = banner(data);
        if (banner != null) {
            doc.p(banner);
        }
        AnswerSection.write(doc, data);
        doc.p(intro(data, runId));
        String caveat = hostCaveat(data.env);
        if (caveat != null) {
            doc.p(caveat);
        }
    }

    private static String intro(RunData data, String runId) {
        int cells = 0;
        int ok = 0;
        int skipped = 0;
        int bad = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (List<RunData.Row> rows : data.scenarios.values()) {
            for (RunData.Row r : rows) {
                if (!seen.add(r.scenario + "/" + r.cell + "/" + r.variant)) {
                    continue;
                }
                cells++;
                if ("OK".equals(r.status)) {
                    ok++;
                } else if ("SKIPPED".equals(r.status)) {
                    skipped++;
                } else {
                    bad++;
                }
            }
        }
        String host = Objects.requireNonNullElse(data.run().host, data.env != null && data.env.os != null
                && data.env.os.host != null ? data.env.os.host : "unknown");
        return String.format(Locale.ROOT, "Run `%s` on host `%s`: %d result row(s): %d OK, %d failed or interrupted,"
                + " %d skipped. Each scenario names the metrics its study records, what each is measured from and"
                + " to, the primary one first: the charts, the rankings and the trust tables are the primary"
                + " metric's. A percentile with fewer than %d samples beyond it is not given, charted or ranked: it reads"
                + " \"— (n)\", n the samples beyond it; values marked%s rest on fewer than %d. In the tables, a bold"
                + " value is the lowest of its column among the cells that ended OK without a flag, the floor variant"
                + " left out.", runId, host, cells, ok, bad, skipped, Percentiles.SHOWN_BEYOND, Percentiles.LOW,
                Percentiles.CONFIDENT_BEYOND);
    }

    /** The banner of a smoke run, which checks that the suite runs and is no measurement; null at other scales. */
    static String banner(RunData data) {
        Set<String> scales = new LinkedHashSet<>();
        for (List<RunData.Row> rows : data.scenarios.values()) {
            for (RunData.Row r : rows) {
                if (r.result != null && r.result.scale != null) {
                    scales.add(r.result.scale);
                }
            }
        }
        if (!scales.contains("smoke")) {
            return null;
        }
        return "**A smoke run: it checks that the suite runs here; it is not a measurement to decide on.** Each cell"
                + " ran for seconds, with one fork, so the tails rest on a handful of samples and nothing is ranked"
                + " from run-to-run spread. For figures to act on, run `--scale standard` (or `paper`) with"
                + " `-Dbench.forks=3` on a tuned host.";
    }

    /** A warning when the host cannot give trustworthy tails: too few CPUs, none isolated. */
    static String hostCaveat(EnvironmentFile env) {
        if (env == null || env.cpu == null) {
            return null;
        }
        EnvironmentFile.Cpu cpu = env.cpu;
        int cpus = cpu.availableProcessors != null ? cpu.availableProcessors : 0;
        String isolatedCpus = cpu.isolated != null ? cpu.isolated : "";
        boolean isolated = !isolatedCpus.isEmpty() && !isolatedCpus.equals("none"); // CpuList writes "none"
        if (cpus >= 4 && isolated) {
            return null;
        }
        return String.format(Locale.ROOT, "**Host caveat:** %d CPU(s) available%s. The study's measuring threads"
                + " share cores with the JVM's own threads and everything else on the machine, so from p99 up the"
                + " numbers are mostly the scheduler's, not the JVM's or the collector's. Compare tails on a host with"
                + " isolated cores (`scripts/check-host` says what to change).", cpus, isolated ? ""
                : ", none isolated");
    }
}
