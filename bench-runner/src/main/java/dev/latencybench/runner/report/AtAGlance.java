package dev.latencybench.runner.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.env.CpuPlacement;
import dev.latencybench.core.record.LatencySummary;

/**
 * Per variant but the floor, the cells with the lowest and highest median and p99.99 of the primary
 * metric, and a warning when the two compared cells ran on CPUs placed differently. Stateless.
 */
final class AtAGlance {
    private AtAGlance() {
    }

    static void write(Doc doc, RunData data, String scenario, List<String> variants) {
        RunData.Study study = data.study(scenario);
        List<String> lines = new ArrayList<>();
        for (String v : variants) {
            if (study.isFloor(v)) {
                continue;
            }
            List<RunData.Row> ok = data.rows(scenario, v).stream().filter(r -> "OK".equals(r.status) && r.measured())
                    .toList();
            if (ok.size() < 2) {
                continue;
            }
            lines.add(best(v, "median", ok, s -> s.p50));
            lines.add(best(v, "p99.99", ok, s -> s.p99_99));
        }
        if (!lines.isEmpty()) {
            doc.p("At a glance (cells that ended OK; compare with the spread and the flags below before trusting a"
                    + " difference):");
            doc.bullets(lines);
        }
    }

    private static String best(String variant, String what, List<RunData.Row> ok, ToLongFunction<LatencySummary> f) {
        List<RunData.Row> sorted = new ArrayList<>(ok);
        sorted.sort(Comparator.comparingLong(r -> f.applyAsLong(r.primary())));
        RunData.Row a = sorted.get(0);
        RunData.Row b = sorted.get(1);
        RunData.Row worst = sorted.get(sorted.size() - 1);
        long av = f.applyAsLong(a.primary());
        long bv = f.applyAsLong(b.primary());
        String line = String.format(Locale.ROOT, "%s, lowest %s: `%s` %s; next `%s` %s (%.2fx)", variant, what,
                a.label(), Units.formatNs(av), b.label(), Units.formatNs(bv), ratio(bv, av));
        if (sorted.size() > 2) {
            long wv = f.applyAsLong(worst.primary());
            line += String.format(Locale.ROOT, "; highest `%s` %s (%.2fx)", worst.label(), Units.formatNs(wv),
                    ratio(wv, av));
        }
        String moved = placementDiffers(a, sorted.size() > 2 ? worst : b);
        return moved == null ? line : line + ". " + moved;
    }

    /**
     * Says so when two cells ran on CPUs whose cache-line round trips differ by more than
     * {@link CpuPlacement#CHANGE_FACTOR}: their difference may be the host's, not the JVM's.
     */
    static String placementDiffers(RunData.Row a, RunData.Row b) {
        long[] x = a.roundTripNs();
        long[] y = b.roundTripNs();
        if (x == null || y == null || Math.min(x[0], y[0]) <= 0
                || Math.max(x[1], y[1]) <= Math.min(x[0], y[0]) * CpuPlacement.CHANGE_FACTOR) {
            return null;
        }
        return "But their CPUs' cache-line round trips differ (" + Confidence.roundTrip(x) + " against "
                + Confidence.roundTrip(y) + "): the host placed the CPUs differently, and that alone moves medians"
                + " (see the trust table)";
    }

    private static double ratio(long a, long b) {
        return b == 0 ? Double.NaN : (double) a / b;
    }
}
