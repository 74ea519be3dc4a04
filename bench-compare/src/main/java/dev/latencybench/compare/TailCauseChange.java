package dev.latencybench.compare;

import java.util.Locale;

import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.report.data.RunData;

/**
 * For {@code bench compare}: whether the main cause of a cell's tail (the one most samples beyond p99.9 were put down
 * to) changed between the two runs; nothing is said where either run names none. Stateless.
 */
final class TailCauseChange {
    private TailCauseChange() {
    }

    /** A line under the cell's rows when the main cause differs; empty when not, or either run names none. */
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
