package dev.latencybench.launch;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.record.PercentileTrust;

/** One merged cell as the end-of-run table shows it. Immutable. */
public final class CellSummary {
    /** Metric tables the console prints; the rest are named and kept in the result files. */
    static final int CONSOLE_TABLES = 2;

    public final String variant;
    public final String cell;
    public final String status;
    public final List<String> reasons;
    public final List<String> flags;
    public final Metrics metrics;
    /** The merged percentiles of each metric, in declaration order. */
    public final List<LatencySummary> summaries;
    public final Path dir;

    public CellSummary(String variant, String cell, String status, List<String> reasons, List<String> flags,
                       Metrics metrics, List<LatencySummary> summaries, Path dir) {
        this.variant = variant;
        this.cell = cell;
        this.status = status;
        this.reasons = reasons;
        this.flags = flags;
        this.metrics = metrics;
        this.summaries = List.copyOf(summaries);
        this.dir = dir;
    }

    public LatencySummary summary(String metric) {
        return summaries.get(metrics.indexOf(metric));
    }

    public LatencySummary primary() {
        return summaries.get(0);
    }

    /** The line printed when a step ends, in the progress lines' form; {@code label} is {@code <study>/<step>}. */
    public String doneLine(String label) {
        LatencySummary p = primary();
        if (p.count == 0) {
            return String.format(Locale.ROOT, "[%s] done: %s  no %s recorded", label, status, metrics.primary().name());
        }
        return String.format(Locale.ROOT, "[%s] done: %s  %s p50 %s  p99 %s  p99.99 %s  %,d samples", label, status,
                metrics.primary().name(), shown(p.p50, p.count, 50), shown(p.p99, p.count, 99),
                shown(p.p99_99, p.count, 99.99), p.count);
    }

    /** Prints one table per metric (the first {@value #CONSOLE_TABLES}), one row per variant. */
    public static void printTables(PrintStream out, String variantColumn, List<CellSummary> cells) {
        if (cells.isEmpty()) {
            return;
        }
        List<Metric> all = cells.get(0).metrics.all();
        for (Metric m : all.subList(0, Math.min(CONSOLE_TABLES, all.size()))) {
            printTable(out, m.what() + ":", variantColumn, cells, m.name());
        }
        if (all.size() > CONSOLE_TABLES) {
            List<String> rest = new java.util.ArrayList<>();
            all.subList(CONSOLE_TABLES, all.size()).forEach(m -> rest.add(m.name()));
            out.printf(Locale.ROOT, "  %d more metric(s), in each cell's result.json and the report: %s%n", rest.size(),
                    String.join(", ", rest));
        }
    }

    /**
     * One line for each declared metric, past the primary, that no cell recorded while the primary was; the cells
     * of {@code floor} (null: none) are not asked.
     */
    public static List<String> unrecorded(List<CellSummary> cells, String floor) {
        List<String> lines = new java.util.ArrayList<>();
        List<CellSummary> asked = cells.stream().filter(c -> !c.variant.equals(floor) && c.primary().count > 0)
                .collect(java.util.stream.Collectors.toList());
        if (asked.isEmpty()) {
            return lines; // nothing measured: no metric can be told apart from the others
        }
        List<Metric> all = asked.get(0).metrics.all();
        for (Metric m : all.subList(1, all.size())) {
            if (asked.stream().allMatch(c -> c.metrics.indexOf(m.name()) < 0 || c.summary(m.name()).count == 0)) {
                lines.add(m.name() + ": no sample in any cell (" + m.what() + ": declared, never recorded)");
            }
        }
        return lines;
    }

    /** Prints the table of one metric; cells without it show dashes. */
    public static void printTable(PrintStream out, String heading, String variantColumn, List<CellSummary> cells,
                                  String metric) {
        out.println(heading);
        boolean marked = false;
        // the name columns as wide as their longest entry, so a long name never pushes a row askew
        int variantWidth = Math.max(12, variantColumn.length());
        int cellWidth = 26;
        for (CellSummary c : cells) {
            variantWidth = Math.max(variantWidth, c.variant.length());
            cellWidth = Math.max(cellWidth, c.cell.length());
        }
        String format = "  %-" + variantWidth + "s %-" + cellWidth + "s %8s %8s %8s %8s %8s %8s %12s  %s%n";
        out.printf(Locale.ROOT, format, variantColumn, "jvm__gc", "p50", "p90", "p99", "p99.9", "p99.99", "max",
                "samples", "status");
        for (CellSummary c : cells) {
            int i = c.metrics.indexOf(metric);
            LatencySummary s = i < 0 ? LatencySummary.of(dev.latencybench.core.record.LatencyRecorder.newHistogram())
                    : c.summaries.get(i);
            boolean empty = s.count == 0;
            // p99.99 is the percentile with the fewest samples beyond it: marked there, or nowhere
            marked |= !empty && PercentileTrust.beyond(s.count, 99.99) < PercentileTrust.CONFIDENT_BEYOND;
            out.printf(Locale.ROOT, format, c.variant, c.cell, cellText(s.p50, s.count, 50),
                    cellText(s.p90, s.count, 90), cellText(s.p99, s.count, 99), cellText(s.p99_9, s.count, 99.9),
                    cellText(s.p99_99, s.count, 99.99), empty ? "-" : Units.formatNs(s.max),
                    String.format(Locale.ROOT, "%,d", s.count), c.status);
        }
        if (marked) {
            out.println("  " + PercentileTrust.legend());
        }
    }

    public static void printNotes(PrintStream out, List<CellSummary> cells) {
        for (CellSummary c : cells) {
            for (String r : c.reasons) {
                out.println("  " + c.variant + " " + c.status + ": " + r);
            }
            for (String f : c.flags) {
                out.println("  " + c.variant + " flagged: " + f);
            }
        }
    }

    private static String cellText(long ns, long count, double pct) {
        return count == 0 ? "-" : shown(ns, count, pct);
    }

    private static String shown(long ns, long count, double pct) {
        return PercentileTrust.console(Units.formatNs(ns), count, pct);
    }
}
