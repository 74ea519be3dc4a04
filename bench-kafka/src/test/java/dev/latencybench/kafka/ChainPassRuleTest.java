package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.schedule.PassRule;
import dev.latencybench.core.schedule.Step;
import dev.latencybench.core.schedule.StepOutcome;

/**
 * Which failed steps bound the chain search: the reasons the study itself writes for load (taken from
 * {@link ChainTally} and {@link ChainPeriod}'s own texts), against a crash, a broker gone, a transport's
 * error, which say nothing about how many chains fit.
 */
class ChainPassRuleTest {
    private static final long MS = 1_000_000L;
    private final ChainPassRule rule = new ChainPassRule(ChainSlo.parse(ChainConfig.SLO, "p99.9<100ms"), 1_000, 1);
    private final Step step = Step.of("kafka");

    private static LatencySummary p999(long ns) {
        return p999(ns, 20_000);
    }

    private static LatencySummary p999(long ns, long messages) {
        return new LatencySummary(ns / 10, ns / 5, ns / 2, ns, ns * 2, ns * 3, messages);
    }

    private PassRule.Verdict failed(String... reasons) {
        return rule.judge(StepOutcome.failed(step, p999(50 * MS), reasons));
    }

    @Test
    void anOkStepIsJudgedByTheSlo() {
        assertTrue(rule.judge(StepOutcome.ok(step, p999(50 * MS))).passed());
        PassRule.Verdict v = rule.judge(StepOutcome.ok(step, p999(140 * MS)));
        assertFalse(v.passed());
        assertFalse(v.error());
        assertEquals("limited by the SLO: p99.9 140ms >= 100ms", v.text());
    }

    @Test
    void aStepWithTooFewMessagesBeyondTheSloCannotTell() {
        Step one = new Step("kafka-instances-1", "kafka", java.util.Map.of(ChainConfig.INSTANCES, "1"), "1 chain");
        String needed = "a 2,000-message step puts 2 messages beyond p99.9; 10,000 are needed: a measured period of"
                + " 10 s at 1,000 msg/s, -Dbench.duration=10s";
        PassRule.Verdict over = rule.judge(StepOutcome.failed(one, p999(170 * MS, 2_000),
                "the SLO p99.9 < 100ms was broken by 1 of 1 chains (worst: chain 0, p99.9 170ms >= 100ms)"));
        assertTrue(over.cannotTellAtThisLength(), over.toString());
        assertFalse(over.passed());
        assertFalse(over.error());
        assertEquals(needed, over.text());
        // a thin p99.9 under the bound, its max over it: the few worst messages decide nothing
        PassRule.Verdict under = rule.judge(StepOutcome.ok(one, p999(40 * MS, 2_000)));
        assertTrue(under.cannotTellAtThisLength(), "a thin figure under the bound passes nothing either");
        assertEquals(needed, under.text());
        // every message under the bound (max 42ms): any percentile of them is too, so the step passes
        PassRule.Verdict all = rule.judge(StepOutcome.ok(one, p999(14 * MS, 2_000)));
        assertTrue(all.passed(), all.toString());
        assertEquals("every one of 2,000 samples under 100ms (max 42.0ms; p99.9 itself rests on 2 beyond it)",
                all.text());
        Step four = new Step("kafka-instances-4", "kafka", java.util.Map.of(ChainConfig.INSTANCES, "4"), "4 chains");
        assertEquals("a 8,000-message step puts 8 messages beyond p99.9; 10,000 are needed: a measured period of"
                + " 3 s at 4,000 msg/s, -Dbench.duration=3s", rule.judge(StepOutcome.ok(four, p999(40 * MS, 8_000)))
                .text());

        PassRule.Verdict enough = rule.judge(StepOutcome.failed(one, p999(170 * MS, 20_000),
                "the SLO p99.9 < 100ms was broken by 1 of 1 chains (worst: chain 0, p99.9 170ms >= 100ms)"));
        assertFalse(enough.cannotTellAtThisLength());
        assertFalse(enough.passed());
        assertFalse(enough.error());
        assertTrue(enough.text().startsWith("limited by the SLO: FAILED: the SLO p99.9"), enough.text());
        assertTrue(rule.judge(StepOutcome.ok(one, p999(170 * MS, 20_000))).text()
                .equals("limited by the SLO: p99.9 170ms >= 100ms"));

        PassRule.Verdict rate = rule.judge(StepOutcome.failed(one, p999(170 * MS, 2_000),
                ChainTally.RATE_NOT_HELD + "chain 0 fell 2s behind"));
        assertFalse(rate.cannotTellAtThisLength(), "a rate not held needs no percentile");
        assertFalse(rate.passed());
        assertFalse(rate.error());
    }

    @Test
    void eachChainIsJudgedOnlyWithEnoughMessagesBeyondTheSlo() {
        ChainSlo slo = ChainSlo.parse(ChainConfig.SLO, "p99.9<100ms");
        assertFalse(slo.decides(9_000));
        assertTrue(slo.decides(10_000));
        ChainTally t = new ChainTally(2);
        for (int i = 0; i < 2_000; i++) {
            t.chains.get(0).latency.recordValue(150 * MS); // 2,000 messages all over the SLO: not judged
        }
        for (int i = 0; i < 20_000; i++) {
            t.chains.get(1).latency.recordValue(i < 19_000 ? MS : 150 * MS);
        }
        t.judge(slo);
        assertEquals(-1, t.chains.get(0).sloValueNs);
        assertTrue(t.sloBroken(slo).startsWith("the SLO p99.9 < 100ms was broken by 1 of 2 chains (worst: chain 1,"),
                t.sloBroken(slo));
    }

    @Test
    void theStudysOwnLoadReasonsBoundTheCapacity() {
        ChainTally t = new ChainTally(2);
        t.chains.get(1).sloValueNs = 151 * MS;
        t.chains.get(0).finalLagNs = 10_000 * MS;
        t.chains.get(0).wrongCounter = 3;
        t.chains.get(0).messages.add(dev.latencybench.core.record.MessageCounts.of(
                new dev.latencybench.core.record.SequenceTracker(0, 10), 10, 0)); // 10 sent, none received
        List<String> reasons = t.failures(5, 2_000 * MS, true, ChainSlo.parse(ChainConfig.SLO, "p99.9<100ms"));
        assertEquals(4, reasons.size(), reasons.toString()); // rate, counter, lost, SLO
        for (String r : reasons) {
            assertTrue(ChainTally.boundsCapacity(r), r);
        }
        PassRule.Verdict v = failed(reasons.toArray(new String[0]));
        assertFalse(v.passed());
        assertFalse(v.error(), v.text());
        assertTrue(v.text().startsWith("limited by the sources' rate (the machine could not keep their schedule):"
                + " FAILED: rate not held: "), v.text());
        assertTrue(failed(reasons.get(3)).text().startsWith("limited by the SLO: FAILED: the SLO p99.9 < 100ms was"
                + " broken by 1 of 2 chains"), failed(reasons.get(3)).text());
        assertFalse(failed(ChainTally.NOT_STARTED + "the 4,096 chains were not all ready", "no latency was measured")
                .error(), "chains the machine could not start in time are load, and so measured nothing");
        assertTrue(failed("no latency was measured").error(), "nothing measured, and no load said why");
    }

    @Test
    void aCrashABrokerGoneOrATransportErrorIsNoBound() {
        PassRule.Verdict v = failed("the benchmark failed: the JVM was killed (SIGKILL, exit code 137)",
                "messages lost: 1,000 of 2,000");
        assertTrue(v.error());
        assertEquals("FAILED: the benchmark failed: the JVM was killed (SIGKILL, exit code 137); messages lost:"
                + " 1,000 of 2,000", v.text(), "the reason that is not load comes first");
        assertTrue(failed("Kafka stopped serving: the search's Kafka broker (pid 12) is gone").error());
        assertTrue(failed("cannot start thread 5 of 7 (1 chains x 7 threads): OutOfMemoryError").error(),
                "no threads to be had is the machine's error, not a count that broke the SLO");
        assertTrue(rule.judge(StepOutcome.failed(step, null)).error(), "FAILED without a reason");
        assertTrue(rule.judge(StepOutcome.ok(step, null)).error(), "OK but nothing measured");
    }
}
