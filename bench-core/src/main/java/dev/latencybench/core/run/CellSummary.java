package dev.latencybench.core.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.record.LatencySummary;

/** One merged cell as the end-of-run table shows it. Immutable. */
public final class CellSummary {
    public final String variant;
    public final String cell;
    public final String status;
    public final List<String> reasons;
    public final List<String> flags;
    public final LatencySummary latency;
    public final LatencySummary serviceTime;
    public final Path dir;

    public CellSummary(String variant, String cell, String status, List<String> reasons, List<String> flags,
                       LatencySummary latency, LatencySummary serviceTime, Path dir) {
        this.variant = variant;
        this.cell = cell;
        this.status = status;
        this.reasons = reasons;
        this.flags = flags;
        this.latency = latency;
        this.serviceTime = serviceTime;
        this.dir = dir;
    }

    /**
     * Prints the study's table, one row per variant (transport): p50 p90 p99 p99.9 p99.99 max,
     * samples, status; then the reasons and flags of any row that has them.
     */
    public static void printTable(PrintStream out, String heading, List<CellSummary> cells, boolean serviceTime) {
        out.println(heading);
        String format = "  %-12s %-26s %8s %8s %8s %8s %8s %8s %12s  %s%n";
        out.printf(Locale.ROOT, format, "transport", "jvm__gc", "p50", "p90", "p99", "p99.9", "p99.99", "max",
                "samples", "status");
        for (CellSummary c : cells) {
            LatencySummary s = serviceTime ? c.serviceTime : c.latency;
            boolean empty = s.count == 0;
            out.printf(Locale.ROOT, format, c.variant, c.cell, cellText(s.p50, empty), cellText(s.p90, empty),
                    cellText(s.p99, empty), cellText(s.p99_9, empty), cellText(s.p99_99, empty),
                    cellText(s.max, empty), String.format(Locale.ROOT, "%,d", s.count), c.status);
        }
    }

    /** Prints each cell's reasons and flags, if any. */
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

    private static String cellText(long ns, boolean empty) {
        return empty ? "-" : Units.formatNs(ns);
    }
}
