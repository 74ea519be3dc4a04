package dev.latencybench.report.compare;

import java.util.Locale;

import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.report.data.RunData;

/**
 * For {@code bench compare}: whether the main cause of a cell's tail changed between the two runs. The main cause is
 * the one most of the samples beyond p99.9 were put down to ({@link TailPart}; on a tie, the first in {@link Cause}'s
 * order); a run whose cell has no tail part, or fewer than {@link TailPart#SHARES_FROM} samples beyond p99.9
 * attributed, names none, and then nothing is said. Stateless.
 */
final class TailCauseChange {
    private TailCauseChange() {
    }

    /**
     * {@code   tail cause beyond p99.9: gc (18 of 20) -> platform (15 of 20)}, with its line end, under the cell's rows
     * when the main cause differs; empty when it does not, or either run names none.
     */
    static String line(RunData.Row base, RunData.Row cand) {
        TailPart b = tail(base);
        TailPart c = tail(cand);
        Cause bMain = main(b);
        Cause cMain = main(c);
        if (bMain == null || cMain == null || bMain == cMain) {
            return "";
        }
        return "  tail cause beyond p99.9: " + describe(b, bMain) + " -> " + describe(c, cMain) + "\n";
    }

    /** The cause most samples beyond p99.9 were put down to; null where too few were attributed for shares. */
    static Cause main(TailPart t) {
        if (t == null || t.beyondP99_9.attributed < TailPart.SHARES_FROM) {
            return null;
        }
        Cause most = Cause.GC;
        for (Cause c : Cause.values()) {
            if (t.beyondP99_9.count(c) > t.beyondP99_9.count(most)) {
                most = c;
            }
        }
        return most;
    }

    private static String describe(TailPart t, Cause c) {
        return String.format(Locale.ROOT, "%s (%,d of %,d)", c.label(), t.beyondP99_9.count(c),
                t.beyondP99_9.attributed);
    }

    private static TailPart tail(RunData.Row r) {
        return r.result == null ? null : TailPart.of(r.result.json());
    }
}
