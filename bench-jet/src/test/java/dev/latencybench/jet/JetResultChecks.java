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
 * the source at its 10,000 events/s and caught up, and the heap measured. Stateless.
 */
public final class JetResultChecks {
    private JetResultChecks() {
    }

    /** @return the number of window ends the point measured */
    public static long assertEveryWindowCounted(JsonObject r, long keys) {
        UnderLoad.assertOk(r, keys + " keys");
        JsonObject jet = r.getAsJsonObject("jet");
        long windows = jet.get("windows").getAsLong();
        assertTrue(windows >= 290 && windows <= 320, "3 s of 10 ms slides: " + windows);
        assertEquals(keys * windows, jet.get("results").getAsLong(), "every key of every window end");
        for (String zero : List.of("wrongCounts", "incompleteWindows", "missingWindowEnds", "lateResults")) {
            assertEquals(0, jet.get(zero).getAsLong(), zero);
        }
        long input = jet.get("inputPerSec").getAsLong();
        assertTrue(input > 9_500 && input < 10_500, "the source held 10,000 events/s: " + input);
        assertTrue(jet.get("sourceFinalLagNs").getAsLong() <= 100_000_000L, "kept up");
        for (String m : List.of("first-result", "last-result")) {
            assertEquals(windows, r.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), m);
        }
        assertTrue(jet.get("heapUsedMaxBytes").getAsLong() > 0);
        return windows;
    }
}
