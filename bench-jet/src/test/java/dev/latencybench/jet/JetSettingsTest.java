package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;

class JetSettingsTest {
    private static JetSettings read(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return JetSettings.read(new BenchProperties(m));
    }

    private static String error(String... kv) {
        return assertThrows(ConfigException.class, () -> read(kv)).getMessage();
    }

    @Test
    void theScalesHaveTheStudysShape() {
        JetSettings paper = read("bench.scale", "paper");
        assertEquals(1_000_000, paper.ratePerSec());
        assertEquals(List.of(5_000L, 15_000L, 25_000L, 35_000L, 45_000L, 55_000L, 65_000L, 75_000L, 85_000L,
                95_000L, 105_000L), paper.keys());
        assertEquals(10_000_000_000L, paper.windowNs());
        assertEquals(10_000_000L, paper.slideNs());
        assertEquals(240_000_000_000L, paper.periods().measureNs);
        JetSettings smoke = read("bench.scale", "smoke");
        assertEquals(List.of(100L), smoke.keys());
        assertEquals(1_000_000_000L, smoke.windowNs());
        assertEquals(10_000, smoke.ratePerSec());
        assertEquals(List.of(), smoke.cluster());
    }

    @Test
    void keysMustBePositiveWholeNumbersEachOnce() {
        assertEquals("bench.jet.keys=0 is not valid: expected key counts from 1 to 10000000, comma-separated, each"
                + " once, such as 5K,15K,25K (0 is not)", error("bench.jet.keys", "0"));
        assertEquals("bench.jet.keys=10,-5 is not valid: expected key counts from 1 to 10000000, comma-separated,"
                + " each once, such as 5K,15K,25K", error("bench.jet.keys", "10,-5"));
        assertEquals("bench.jet.keys=10,10 is not valid: expected key counts from 1 to 10000000, comma-separated,"
                + " each once, such as 5K,15K,25K (10 is listed twice)", error("bench.jet.keys", "10,10"));
        assertEquals(List.of(5_000L, 100L), read("bench.jet.keys", "5K, 100").keys());
    }

    @Test
    void theSlideMustDivideTheWindow() {
        assertEquals("bench.jet.slide=3ms is not valid: the slide must divide the window (bench.jet.window=10s) into"
                + " whole slides, e.g. 10ms for 10s", error("bench.jet.slide", "3ms"));
    }

    @Test
    void aClusterIsHostColonPort() {
        assertEquals("bench.jet.cluster=somehost is not valid: expected HOST:PORT of a cluster member,"
                + " comma-separated, such as 10.0.0.5:5701,10.0.0.6:5701", error("bench.jet.cluster", "somehost"));
        assertEquals(List.of("10.0.0.5:5701", "h:5702"), read("bench.jet.cluster", "10.0.0.5:5701, h:5702").cluster());
    }
}
