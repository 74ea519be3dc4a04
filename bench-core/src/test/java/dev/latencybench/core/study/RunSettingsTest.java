package dev.latencybench.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Property;

class RunSettingsTest {
    /** {@code --help} says 0 turns it to the warm-up's threshold; 0 was refused as "not a number with a unit". */
    @Test
    void tailAboveZeroAsTheHelpSaysIsTakenAndTheHelpNamesThePercentileTheCodeUses() {
        RunSettings run = RunSettings.read(new BenchProperties(Map.of(RunSettings.TAIL_ABOVE, "0")),
                RunSettings.DEFAULT_RESULTS);
        assertEquals(0, run.tailAboveNs);

        Property above = RunSettings.properties(RunSettings.DEFAULT_RESULTS).stream()
                .filter(p -> p.name.equals(RunSettings.TAIL_ABOVE)).findFirst().orElseThrow();
        assertEquals("the latency above which each sample of the primary metric is kept with its time, to tell which"
                + " share of the tail lies in GC pauses, safepoints or the platform (0: the p90 of the warm-up's second"
                + " half)", above.description);
    }
}
