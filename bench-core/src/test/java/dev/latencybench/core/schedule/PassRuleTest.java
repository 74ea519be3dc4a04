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
    void aThinPercentileFailsForCertainWhenALowerOneThatRestsOnEnoughSamplesIsOverTheBound() {
        // 2,000 samples: p99.9 rests on 2, p99 on 20; a p99 over the bound puts 20 samples over it where 2 are allowed
        LatencySummary p99Over = new LatencySummary(47 * MS, 90 * MS, 132 * MS, 140 * MS, 150 * MS, 160 * MS, 2_000);
        assertEquals(PassRule.Verdict.fail("p99 132ms >= 100ms: 20 of 2,000 samples at or over it, where p99.9 allows"
                + " 2 beyond it"), rule.judge(StepOutcome.ok(STEP, p99Over)));
        LatencySummary medianOver = new LatencySummary(5 * MS, 6 * MS, 7 * MS, 8 * MS, 9 * MS, 10 * MS, 2_000);
        PassRule.Verdict v = PassRule.percentileBelow("p99.9", MS).judge(StepOutcome.ok(STEP, medianOver));
        assertFalse(v.cannotTellAtThisLength(), "a median over a p99.9 bound is a failure, not a question");
        assertFalse(v.passed());
        assertEquals("p50 5.00ms >= 1.00ms: 1,000 of 2,000 samples at or over it, where p99.9 allows 2 beyond it",
                v.text());
        // under the bound below p99.9, over it only in the few worst samples: only a longer step can tell
        LatencySummary onlyTheWorst = new LatencySummary(MS, 2 * MS, 99 * MS, 140 * MS, 150 * MS, 160 * MS, 2_000);
        assertTrue(rule.judge(StepOutcome.ok(STEP, onlyTheWorst)).cannotTellAtThisLength());
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
