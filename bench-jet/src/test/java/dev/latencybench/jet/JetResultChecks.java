package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.google.gson.JsonObject;
import dev.latencybench.core.testing.UnderLoad;

/**
 * What a smoke-scale point of the Jet pipeline must show in its {@code result.json}, wherever it ran (the
 * jar on its own here, README.md's smoke run in bench-runner's ReadmeFirstScreenIT, through this module's
 * test jar): OK, every window end of 3 s of 10 ms slides measured, every key's count of every window right,
 * the source at its 10,000 events/s and caught up, and the heap measured. The window ends and the source's rate
 * are asserted where the forks saw a quiet machine ({@link UnderLoad#assertWithinUnlessBusy}). Stateless.
 */
public final class JetResultChecks {
    private JetResultChecks() {
    }

    /** @return the number of window ends the point measured */
    public static long assertEveryWindowCounted(JsonObject r, long keys) {
        UnderLoad.assertOk(r, keys + " keys");
        JsonObject jet = r.getAsJsonObject("jet");
        long windows = jet.get("windows").getAsLong();
        // a period counts the window ends that reach it: one that catches up on a busy machine counts more
        UnderLoad.assertWithinUnlessBusy(r, windows, 290, 320, keys + " keys: window ends in 3 s of 10 ms slides");
        assertEquals(keys * windows, jet.get("results").getAsLong(), "every key of every window end");
        for (String zero : List.of("wrongCounts", "incompleteWindows", "missingWindowEnds", "lateResults")) {
            assertEquals(0, jet.get(zero).getAsLong(), zero);
        }
        long input = jet.get("inputPerSec").getAsLong();
        UnderLoad.assertWithinUnlessBusy(r, input, 9_501, 10_499, keys + " keys: the source's events/s");
        assertTrue(jet.get("sourceFinalLagNs").getAsLong() <= 100_000_000L, "kept up");
        for (String m : List.of("first-result", "last-result")) {
            assertEquals(windows, r.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), m);
        }
        assertTrue(jet.get("heapUsedMaxBytes").getAsLong() > 0);
        return windows;
    }
}
