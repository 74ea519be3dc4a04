package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.schedule.Decision;
import dev.latencybench.core.schedule.PassRule;
import dev.latencybench.core.schedule.Step;
import dev.latencybench.core.schedule.StepOutcome;
import dev.latencybench.core.schedule.Sweep;

/**
 * The study's key counts are judged for its own pipeline by the slide, as the report reads its points, so that the
 * points that decide how far a line held can be confirmed in more forks; the published pipeline is not judged.
 */
class JetSweepTest {
    private static final long MS = 1_000_000L;

    private static StepOutcome ok(Step step, long p9999Ns) {
        return StepOutcome.ok(step, new LatencySummary(MS, MS, MS, MS, p9999Ns, p9999Ns, 2_000_000));
    }

    @Test
    void theStudysOwnPipelineIsJudgedByTheSlideAndThePublishedOneIsNot() {
        JetSettings s = JetSettings.read(new BenchProperties(Map.of(JetSettings.KEYS, "100,1000,10000")));
        Sweep sweep = JetStudy.sweep(s, List.of("100", "1000", "10000"));
        assertEquals(2 * 1, sweep.maxDecidingSteps(), "two deciding points of the one pipeline judged: " + sweep);
        assertTrue(sweep.describe().endsWith("; pass: p99.99 < 10.0ms, judged for jet"), sweep.describe());
        List<StepOutcome> done = new java.util.ArrayList<>();
        for (Step step = sweep.next(done); step != null; step = sweep.next(done)) {
            long keys = Long.parseLong(step.properties().get(JetSettings.KEYS));
            done.add(keys <= 1000 ? ok(step, 3 * MS) : StepOutcome.failed(step, null,
                    "did not keep up: the source ended 2.00s behind its schedule"));
        }
        Decision d = sweep.decision(done);
        assertEquals(Decision.Kind.BOUNDARY, d.kind, d.toString());
        assertEquals(List.of("jet-keys-1000", "jet-keys-10000"), d.decidedBy);
    }

    @Test
    void aPointThatCouldNotCarryItsLoadFailsTheSlideAndOneWithAWrongCountIsAnError() {
        PassRule rule = JetStudy.holdsTheSlide(10 * MS);
        Step step = new Step("jet-keys-100", "jet", Map.of(JetSettings.KEYS, "100"), "keys=100");
        assertTrue(rule.judge(ok(step, 3 * MS)).passed());
        PassRule.Verdict over = rule.judge(ok(step, 30 * MS));
        assertFalse(over.passed() || over.error(), over.text());
        PassRule.Verdict behind = rule.judge(StepOutcome.failed(step, null,
                "did not keep up: the source fell 300ms behind its schedule, 2.00s into the measured period",
                "window ends given up with results missing: 3 of 300"));
        assertFalse(behind.passed() || behind.error(), "the load's: " + behind.text());
        PassRule.Verdict wrong = rule.judge(StepOutcome.failed(step, null,
                "window results with a count other than the schedule's: 2 of 300"));
        assertTrue(wrong.error(), "not the load's: " + wrong.text());
        assertTrue(rule.judge(StepOutcome.failed(step, null, "the benchmark JVM crashed (SIGSEGV)")).error());
    }
}
