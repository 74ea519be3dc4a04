package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** When a broker's warm-up calls its latency settled, and what it says about itself. */
class BrokerWarmupTest {
    private static final long MS = 1_000_000L;

    @Test
    void settledWhenTheLastFiveSecondsAreCloseOrAllQuiet() {
        assertFalse(BrokerWarmup.settled(List.of(2 * MS, 2 * MS, 2 * MS, 2 * MS)), "fewer than five seconds");
        assertFalse(BrokerWarmup.settled(List.of(400 * MS, 120 * MS, 60 * MS, 40 * MS, 30 * MS)),
                "still falling: compiling");
        assertTrue(BrokerWarmup.settled(List.of(400 * MS, 30 * MS, 24 * MS, 33 * MS, 25 * MS, 28 * MS)),
                "within 1.5x");
        assertFalse(BrokerWarmup.settled(List.of(30 * MS, 24 * MS, 25 * MS, 26 * MS, 50 * MS)),
                "one second 2x the best");
        assertTrue(BrokerWarmup.settled(List.of(900 * MS, 1 * MS, 4 * MS, 2 * MS, 3 * MS, 1 * MS)),
                "all under 10 ms: noise");
        // a warm broker on 2 cores (seconds 40-44 of a real warm-up): spikes to 9 ms are noise, not warming
        assertTrue(BrokerWarmup.settled(List.of(15 * MS, 1_300_000L, 3 * MS, 1_900_000L, 2_700_000L, 9_300_000L)),
                "1-9 ms is warm");
        // seconds 5-9 of another warm-up, 15-19 ms: settled by the spread, though such a plateau fell to 1-5 ms
        // after 16 s in a warm-up that went on, which is why the minimum is 30 s
        assertTrue(BrokerWarmup.settled(List.of(17_400_000L, 17_500_000L, 18_900_000L, 16_000_000L, 15_800_000L)));
        assertEquals(30_000 * MS, BrokerWarmup.MIN_NS, "past the 2-core VM's plateau, which ended after 16 s");
    }

    @Test
    void describesWhatItDid() {
        BrokerWarmup.Result r = new BrokerWarmup.Result(1_000, 12_200 * MS, true, List.of(240 * MS, 9 * MS, 3 * MS,
                2 * MS, 2 * MS, 3 * MS, 2 * MS), 73_200, BrokerWarmup.MAX_NS);
        assertEquals("warmed up 12 s at 6 topics x 1,000 msg/s (73,200 messages) until its latency settled (p99 per"
                + " second: first 240ms, last 3.00ms, 2.00ms, 2.00ms, 3.00ms, 2.00ms)", r.summary());
        assertEquals(7, r.toJson().getAsJsonArray("p99PerSecondNs").size());
        assertTrue(r.toJson().get("settled").getAsBoolean());
        assertTrue(r.toJson().get("rule").getAsString().endsWith("after at least 30 s, at most 60 s"),
                r.toJson().toString());
    }

    /** bench.kafka.broker.warmup: a longest under 30 s is the shortest too; a longer one keeps the 30 s. */
    @Test
    void aShorterLongestIsAlsoTheShortest() {
        assertEquals(BrokerWarmup.MIN_NS, BrokerWarmup.minNs(BrokerWarmup.MAX_NS));
        assertEquals(BrokerWarmup.MIN_NS, BrokerWarmup.minNs(120_000 * MS));
        assertEquals(5_000 * MS, BrokerWarmup.minNs(5_000 * MS));
        BrokerWarmup.Result r = new BrokerWarmup.Result(1_000, 5_000 * MS, false, List.of(240 * MS, 90 * MS,
                30 * MS, 20 * MS, 12 * MS), 30_000, 5_000 * MS);
        assertTrue(r.summary().contains("without its latency settling within 5 s"), r.summary());
        assertTrue(r.toJson().get("rule").getAsString().endsWith("after at least 5 s, at most 5 s"),
                r.toJson().toString());
    }
}
