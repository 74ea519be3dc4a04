package dev.latencybench.core.schedule;

import static dev.latencybench.core.schedule.FakeSteps.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencySummary;

class PassRuleTest {
    private static final Step STEP = Step.of("chronicle");
    private final PassRule rule = PassRule.percentileBelow("p99.9", 100 * MS);

    @Test
    void passesBelowTheBoundAndFailsAtIt() {
        assertEquals(PassRule.Verdict.pass("p99.9 61.0ms"), rule.judge(FakeSteps.ok(STEP, 61 * MS)));
        assertTrue(rule.passes(FakeSteps.ok(STEP, 100 * MS - 1)));
        assertEquals(PassRule.Verdict.fail("p99.9 100ms >= 100ms"), rule.judge(FakeSteps.ok(STEP, 100 * MS)));
        assertEquals(PassRule.Verdict.fail("p99.9 140ms >= 100ms"), rule.judge(FakeSteps.ok(STEP, 140 * MS)));
        assertEquals("p99.9 < 100ms", rule.describe());
    }

    @Test
    void readsTheNamedFigure() {
        LatencySummary s = new LatencySummary(1, 2, 3, 4, 5, 6, 100_000);
        StepOutcome o = StepOutcome.ok(STEP, s);
        assertTrue(PassRule.percentileBelow("p50", 2).passes(o));
        assertFalse(PassRule.percentileBelow("p90", 2).passes(o));
        assertTrue(PassRule.percentileBelow("p99", 4).passes(o));
        assertFalse(PassRule.percentileBelow("p99_9", 4).passes(o));
        assertTrue(PassRule.percentileBelow("p99.99", 6).passes(o));
        assertEquals(PassRule.Verdict.fail("max 6ns >= 6ns"), PassRule.percentileBelow("max", 6).judge(o));
    }

    @Test
    void aPercentileWithFewerThanTenSamplesBeyondItCannotTell() {
        LatencySummary thin = new LatencySummary(MS, MS, MS, 140 * MS, 150 * MS, 160 * MS, 9_000);
        PassRule.Verdict v = rule.judge(StepOutcome.ok(STEP, thin));
        assertTrue(v.cannotTellAtThisLength());
        assertFalse(v.passed());
        assertFalse(v.error());
        assertEquals("a 9,000-sample step puts 9 samples beyond p99.9; 10,000 are needed (p99.9 140ms, against"
                + " < 100ms)", v.text());
        LatencySummary enough = new LatencySummary(MS, MS, MS, 140 * MS, 150 * MS, 160 * MS, 10_000);
        assertEquals(PassRule.Verdict.fail("p99.9 140ms >= 100ms"), rule.judge(StepOutcome.ok(STEP, enough)));
        assertEquals(PassRule.Verdict.fail("max 160ms >= 100ms"), PassRule.percentileBelow("max", 100 * MS)
                .judge(StepOutcome.ok(STEP, thin)), "the max is the worst sample by definition: always judged");
    }

    @Test
    void aStepThatIsNotOkOrMeasuredNothingFailsWithItsReasons() {
        assertEquals(PassRule.Verdict.fail("FAILED: JVM exited with 134; no result.json"),
                rule.judge(new StepOutcome(STEP, StepOutcome.Status.FAILED,
                        List.of("JVM exited with 134", "no result.json"), FakeSteps.summary(MS))));
        assertEquals(PassRule.Verdict.fail("INTERRUPTED"), rule.judge(StepOutcome.interrupted(STEP, null)));
        assertEquals(PassRule.Verdict.fail("nothing was measured"), rule.judge(StepOutcome.ok(STEP, null)));
        assertEquals(PassRule.Verdict.fail("nothing was measured"),
                rule.judge(StepOutcome.ok(STEP, new LatencySummary(0, 0, 0, 0, 0, 0, 0))));
    }

    @Test
    void rejectsAnUnknownPercentileOrABoundNotAboveZero() {
        assertEquals("unknown percentile 'p95': use p50, p90, p99, p99.9, p99.99 or max",
                assertThrows(IllegalArgumentException.class, () -> PassRule.percentileBelow("p95", MS))
                        .getMessage());
        assertEquals("the bound of p99.9 must be above 0 ns, was 0",
                assertThrows(IllegalArgumentException.class, () -> PassRule.percentileBelow("p99.9", 0))
                        .getMessage());
    }
}
