package dev.latencybench.jet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonObject;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.study.Accounting;

/**
 * The counters of the sliding-window study's measured periods, which add up across periods and forks; written as
 * {@link JetResult}. Not thread-safe; filled by one period's thread or the launcher's merger.
 */
final class JetTally {
    private static final double NS_PER_SEC = 1e9;

    long keys;
    long periods;
    long periodNs;
    long windows;
    long results;
    long wrongCounts;
    long incompleteWindows;
    long missingWindowEnds;
    long lateResults;
    long inputItems;
    long inputNs;
    long sourceMaxLagNs;
    /** When the greatest lag was seen, from the start of the measured period it was seen in. */
    long sourceMaxLagAtNs;
    long sourceFinalLagNs;
    long heapUsedMaxBytes;
    long cpuNs;
    long gcCpuNs;

    void add(JetTally o) {
        keys = Math.max(keys, o.keys);
        periods += o.periods;
        periodNs += o.periodNs;
        windows += o.windows;
        results += o.results;
        wrongCounts += o.wrongCounts;
        incompleteWindows += o.incompleteWindows;
        missingWindowEnds += o.missingWindowEnds;
        lateResults += o.lateResults;
        inputItems += o.inputItems;
        inputNs += o.inputNs;
        if (o.sourceMaxLagNs > sourceMaxLagNs) {
            sourceMaxLagNs = o.sourceMaxLagNs;
            sourceMaxLagAtNs = o.sourceMaxLagAtNs;
        }
        sourceFinalLagNs = Math.max(sourceFinalLagNs, o.sourceFinalLagNs);
        heapUsedMaxBytes = Math.max(heapUsedMaxBytes, o.heapUsedMaxBytes);
        cpuNs = cpuNs < 0 || o.cpuNs < 0 ? -1 : cpuNs + o.cpuNs;
        gcCpuNs = gcCpuNs < 0 || o.gcCpuNs < 0 ? -1 : gcCpuNs + o.gcCpuNs;
    }

    /** Events the source emitted per second, as the source's own clock timed them. */
    double inputPerSec() {
        return inputNs == 0 ? 0 : inputItems * NS_PER_SEC / inputNs;
    }

    /** Window results received per second. */
    double outputPerSec() {
        return periodNs == 0 ? 0 : results * NS_PER_SEC / periodNs;
    }

    /**
     * Why these counts fail a period: the source fell behind, or results were wrong, missing, late or absent.
     * @param complete false for a period cut short: the lag and the last window ends are then not judged
     */
    List<String> failures(long maxLagNs, long ratePerSec, boolean complete) {
        List<String> reasons = new ArrayList<>();
        if (sourceMaxLagNs > maxLagNs) {
            reasons.add(String.format(Locale.ROOT, "did not keep up: the source fell %s behind its schedule, %s into"
                    + " the measured period (allowed: %s, %s; %s behind at its end); it emitted %,.0f of %,d events/s",
                    Units.formatNs(sourceMaxLagNs), Units.formatNs(sourceMaxLagAtNs), Units.formatNs(maxLagNs),
                    JetSettings.MAX_LAG, Units.formatNs(sourceFinalLagNs), inputPerSec(), ratePerSec));
        } else if (complete && sourceFinalLagNs > maxLagNs) {
            reasons.add(String.format(Locale.ROOT, "did not keep up: the source ended %s behind its schedule"
                    + " (allowed: %s, %s); it emitted %,.0f of %,d events/s", Units.formatNs(sourceFinalLagNs),
                    Units.formatNs(maxLagNs), JetSettings.MAX_LAG, inputPerSec(), ratePerSec));
        }
        if (complete && windows == 0) {
            reasons.add("no window result arrived in the period");
        }
        if (wrongCounts > 0) {
            reasons.add(String.format(Locale.ROOT, "window results with a count other than the schedule's: %,d of %,d",
                    wrongCounts, results));
        }
        if (incompleteWindows > 0) {
            reasons.add(String.format(Locale.ROOT, "window ends given up with results missing: %,d of %,d",
                    incompleteWindows, windows));
        }
        if (complete && missingWindowEnds > 0) {
            reasons.add(String.format(Locale.ROOT, "window ends with no result at all: %,d", missingWindowEnds));
        }
        if (lateResults > 0) {
            reasons.add(String.format(Locale.ROOT, "results that arrived after their window end was reported: %,d",
                    lateResults));
        }
        return reasons;
    }

    void writeTo(JsonObject parent) {
        JetResult.COUNTERS.write(new JetResult.Counters(figures()), parent);
    }

    /** The counters as the {@code jet} member carries them, with the rates and CPU shares derived from them. */
    JetResult.Figures figures() {
        return new JetResult.Figures(keys, periods, periodNs, windows, results, wrongCounts, incompleteWindows,
                missingWindowEnds, lateResults, inputItems, inputNs, Math.round(inputPerSec()),
                Math.round(outputPerSec()), Math.round(inputPerSec() + outputPerSec()), sourceMaxLagNs,
                sourceMaxLagAtNs, sourceFinalLagNs, heapUsedMaxBytes, cpuNs, gcCpuNs,
                cpuNs < 0 || periodNs == 0 ? -1 : (double) cpuNs / periodNs,
                gcCpuNs < 0 || periodNs == 0 ? -1 : (double) gcCpuNs / periodNs);
    }

    /** Reads back what {@link #writeTo} wrote; an empty tally when {@code parent} has none. */
    static JetTally readFrom(JsonObject parent) {
        JetTally t = new JetTally();
        JetResult.Figures o = parent == null ? null : JetResult.COUNTERS.read(parent).jet();
        if (o == null) {
            return t;
        }
        t.keys = o.keys() == null ? 0 : o.keys();
        t.periods = o.periods();
        t.periodNs = o.periodNs();
        t.windows = o.windows();
        t.results = o.results();
        t.wrongCounts = o.wrongCounts();
        t.incompleteWindows = o.incompleteWindows();
        t.missingWindowEnds = o.missingWindowEnds();
        t.lateResults = o.lateResults();
        t.inputItems = o.inputItems();
        t.inputNs = o.inputNs();
        t.sourceMaxLagNs = o.sourceMaxLagNs();
        t.sourceMaxLagAtNs = o.sourceMaxLagAtNs() == null ? 0 : o.sourceMaxLagAtNs();
        t.sourceFinalLagNs = o.sourceFinalLagNs();
        t.heapUsedMaxBytes = o.heapUsedMaxBytes();
        t.cpuNs = o.cpuNs();
        t.gcCpuNs = o.gcCpuNs();
        return t;
    }

    /** The launcher's accounting of one point: the forks' tallies added up; the window ends are the primary metric's samples. */
    static Accounting accounting() {
        return new Accounting() {
            private final JetTally all = new JetTally();

            @Override
            public void add(JsonObject fork) {
                all.add(readFrom(fork));
            }

            @Override
            public void writeTo(JsonObject result) {
                all.writeTo(result);
            }

            @Override
            public List<String> flags() {
                return List.of();
            }

            @Override
            public long expectedSamples() {
                return all.windows;
            }
        };
    }
}
