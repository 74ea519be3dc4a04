package dev.latencybench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.chart.Charts;
import dev.latencybench.chart.TimeSeries;
import dev.latencybench.report.data.GcPauses;
import dev.latencybench.report.doc.Doc;

/**
 * The timeline's outlier marks ({@link TailPart#marks}): each at its end, moved onto the wall clock by the fork's GC
 * log, in its cause's colour. None for a fork whose log lacks either clock. Not thread-safe.
 */
final class TimelineOutliers {
    private final List<Double> sec = new ArrayList<>();
    private final List<Double> us = new ArrayList<>();
    private final List<String> causes = new ArrayList<>();
    private final List<Integer> slots = new ArrayList<>();

    /** One fork's, those that ended within its whole intervals {@code [startMs, lastEndMs]}. */
    void add(SpectrumTimeline.Fork fork, GcPauses clocks, long startMs, long lastEndMs, double offsetSec) {
        for (Cause c : Cause.values()) {
            for (long[] m : fork.outliers().getOrDefault(c.label(), List.of())) {
                double endMs = clocks.epochMsAtNanos(m[0]);
                if (endMs >= startMs && endMs <= lastEndMs && m[1] > 0) {
                    sec.add(offsetSec + (endMs - startMs) / 1000.0);
                    us.add(m[1] / Charts.NANOS_PER_MICRO);
                    causes.add(c.label());
                    slots.add(TailCauses.slot(c));
                }
            }
        }
    }

    private static double[] doubles(List<Double> l) {
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    TimeSeries.Outliers marks() {
        return new TimeSeries.Outliers(doubles(sec), doubles(us), causes.toArray(new String[0]),
                slots.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Under a timeline with outlier marks: per cell and cause, how many are marked, the worst and when it ended. */
    static void table(Doc doc, String variant, List<TimeSeries> timelines) {
        List<List<String>> rows = new ArrayList<>();
        for (TimeSeries line : timelines) {
            TimeSeries.Outliers o = line.outliers();
            for (Cause c : Cause.values()) {
                int n = 0;
                int worst = -1;
                for (int k = 0; k < o.size(); k++) {
                    if (o.causes()[k].equals(c.label())) {
                        n++;
                        worst = worst < 0 || o.us()[k] > o.us()[worst] ? k : worst;
                    }
                }
                if (n > 0) {
                    rows.add(List.of(line.name(), c.label(), Integer.toString(n),
                            Units.formatNs(o.us()[worst] * Charts.NANOS_PER_MICRO),
                            String.format(Locale.ROOT, "%.1f", o.sec()[worst])));
                }
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        doc.p("Diamonds are samples of `" + variant + "` kept as outliers, per fork and cause"
                + " its worst in each of " + TailPart.MARKS_PER_CAUSE + " equal slots of the fork's time from its"
                + " first outlier to its last, at their end and as high as they were long, in their cause's colour (the"
                + " causes as the tail's causes above count them).");
        doc.table(List.of("cell", "cause", "marked", "worst", "ended at (s)"), rows, Doc.numericFrom(2, 5));
    }
}
