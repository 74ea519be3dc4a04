package dev.latencybench.core.schedule;

import static dev.latencybench.core.schedule.FakeSteps.MS;
import static dev.latencybench.core.schedule.FakeSteps.drive;
import static dev.latencybench.core.schedule.FakeSteps.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class SweepTest {
    private final Sweep keys = new Sweep(List.of("jet", "hazelcast"), "bench.jet.keys",
            List.of("1000", "10000", "100000"));

    private static List<String> names(List<StepOutcome> done) {
        return done.stream().map(o -> o.step.name()).collect(Collectors.toList());
    }

    @Test
    void runsEachValueForEachVariantVariantByVariant() {
        List<StepOutcome> done = drive(keys, step -> ok(step, MS));
        assertEquals(List.of("jet-keys-1000", "jet-keys-10000", "jet-keys-100000",
                "hazelcast-keys-1000", "hazelcast-keys-10000", "hazelcast-keys-100000"), names(done));
        Step second = done.get(1).step;
        assertEquals("jet", second.variant());
        assertEquals(Map.of("bench.jet.keys", "10000"), second.properties());
        assertEquals("jet, keys=10000", second.describe());
        assertNull(keys.decision(done));
    }

    @Test
    void aFailedStepDoesNotStopTheSweepAnInterruptedOneDoes() {
        assertEquals(6, drive(keys, step -> StepOutcome.failed(step, null, "out of memory")).size());
        List<StepOutcome> done = drive(keys, step -> step.name().equals("jet-keys-10000")
                ? StepOutcome.interrupted(step, null) : ok(step, MS));
        assertEquals(List.of("jet-keys-1000", "jet-keys-10000"), names(done));
    }

    @Test
    void describesItselfForTheRunHeader() {
        assertEquals("sweep of bench.jet.keys: 1000, 10000, 100000 for each of jet, hazelcast", keys.describe());
        assertEquals("sweep of bench.jet.keys: 1000, 10000 for jet",
                new Sweep(List.of("jet"), "bench.jet.keys", List.of("1000", "10000")).describe());
        assertEquals(List.of("jet", "hazelcast"), keys.variants());
    }

    @Test
    void rejectsBadSweeps() {
        assertEquals("a sweep needs at least one variant", bad(List.of(), "bench.jet.keys", List.of("1")));
        assertEquals("a sweep of bench.jet.keys needs at least one value", bad(List.of("jet"), "bench.jet.keys",
                List.of()));
        assertEquals("value '10 000' of bench.jet.keys is not a folder name: use letters, digits, '.', '_' or '-'",
                bad(List.of("jet"), "bench.jet.keys", List.of("10 000")));
        assertEquals("value '1000' of bench.jet.keys is listed twice",
                bad(List.of("jet"), "bench.jet.keys", List.of("1000", "1000")));
        assertEquals("variant 'jet' is listed twice", bad(List.of("jet", "jet"), "bench.jet.keys", List.of("1")));
        assertEquals("property 'jet.keys' is not a bench.* system property",
                bad(List.of("jet"), "jet.keys", List.of("1")));
        assertEquals("property bench.jet.a:b ends in 'a:b', which is not a folder name: use letters, digits, '.', "
                + "'_' or '-'", bad(List.of("jet"), "bench.jet.a:b", List.of("1")));
        assertEquals("two steps would share the folder x-keys-1-keys-2",
                bad(List.of("x", "x-keys-1"), "bench.jet.keys", List.of("1-keys-2", "2")));
    }

    private static String bad(List<String> variants, String property, List<String> values) {
        return assertThrows(IllegalArgumentException.class, () -> new Sweep(variants, property, values))
                .getMessage();
    }

    /** Judged for jet by p99.9 < 10 ms; hazelcast runs beside it, judged by nobody. */
    private final Sweep judged = keys.judgedBy(PassRule.percentileBelow("p99.9", 10 * MS), List.of("jet"));

    /** jet passes up to {@code heldUpTo} keys and fails above; hazelcast fails everywhere. */
    private static java.util.function.Function<Step, StepOutcome> holdsUpTo(long heldUpTo) {
        return step -> ok(step, step.variant().equals("jet")
                && Long.parseLong(step.properties().get("bench.jet.keys")) <= heldUpTo ? MS : 20 * MS);
    }

    @Test
    void aJudgedSweepDecidesByItsHighestPassAndTheFirstFailAboveItForTheVariantsJudged() {
        assertNull(keys.decision(List.of()), "not judged: answers no question");
        assertEquals(0, keys.maxDecidingSteps());
        assertEquals(2, judged.maxDecidingSteps(), "a pass and a fail for the one variant judged");
        assertEquals(Decision.Kind.UNFINISHED, judged.decision(List.of()).kind, "not null: decided step by step");
        assertEquals("sweep of bench.jet.keys: 1000, 10000, 100000 for each of jet, hazelcast; pass: p99.9 < 10.0ms,"
                + " judged for jet", judged.describe());

        List<StepOutcome> done = drive(judged, holdsUpTo(10_000));
        assertEquals(6, done.size(), "every step runs, whatever its outcome");
        Decision d = judged.decision(done);
        assertEquals(Decision.Kind.BOUNDARY, d.kind, d.toString());
        assertEquals(10_000, d.value);
        assertEquals("10,000 keys", d.answer);
        assertEquals(List.of("jet-keys-10000", "jet-keys-100000"), d.decidedBy, "hazelcast is not judged");
        assertEquals(List.of("jet-keys-10000", "jet-keys-100000"), Confirmation.deciding(d, done).stream()
                .map(Step::name).collect(Collectors.toList()));

        Decision all = judged.decision(drive(judged, holdsUpTo(100_000)));
        assertEquals(Decision.Kind.AT_LIMIT, all.kind);
        assertEquals("at least 100,000 keys", all.answer);
        assertEquals(List.of("jet-keys-100000"), all.decidedBy);

        Decision none = judged.decision(drive(judged, holdsUpTo(0)));
        assertEquals(Decision.Kind.NONE_PASSED, none.kind);
        assertEquals(List.of("jet-keys-1000"), none.decidedBy);

        List<StepOutcome> half = drive(judged, holdsUpTo(10_000)).subList(0, 2);
        assertEquals(Decision.Kind.UNFINISHED, judged.decision(half).kind, "jet's last point not run yet");
    }

    @Test
    void aStepTheRuleCallsAnErrorLeavesNoAnswerAndAConfirmedFlipIsFollowed() {
        PassRule errorsOnCrash = new PassRule() {
            @Override
            public Verdict judge(StepOutcome o) {
                return o.status == StepOutcome.Status.FAILED ? Verdict.error("FAILED: " + o.reasons)
                        : PassRule.percentileBelow("p99.9", 10 * MS).judge(o);
            }

            @Override
            public String describe() {
                return "p99.9 < 10.0ms";
            }
        };
        Sweep s = keys.judgedBy(errorsOnCrash, List.of("jet"));
        List<StepOutcome> crashed = drive(s, step -> step.name().equals("jet-keys-10000")
                ? StepOutcome.failed(step, null, "the JVM crashed") : ok(step, MS));
        Decision d = s.decision(crashed);
        assertEquals(Decision.Kind.FAILED, d.kind, "an environment failure is no bound");
        assertEquals(List.of(), Confirmation.deciding(d, crashed), "nothing to confirm");

        List<StepOutcome> done = drive(judged, holdsUpTo(10_000));
        // the first fail, run again in 3 forks, passes on them all: the answer follows it
        StepOutcome again = ok(done.get(2).step, MS);
        Decision after = Confirmation.rejudge(judged, done, Map.of("jet-keys-100000", again), 3);
        assertEquals(Decision.Kind.AT_LIMIT, after.kind, after.toString());
        assertEquals("at least 100,000 keys", after.answer);
        assertEquals("10,000 keys", after.confirmed().answerBefore(), "the answer changed, and says from what");
    }

    @Test
    void onlyWholeNumbersAndVariantsItRunsCanBeJudged() {
        PassRule rule = PassRule.percentileBelow("p99.9", 10 * MS);
        assertThrows(IllegalArgumentException.class, () -> keys.judgedBy(rule, List.of("other")));
        assertThrows(IllegalArgumentException.class, () -> keys.judgedBy(rule, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Sweep(List.of("jet"), "bench.jet.mode",
                List.of("fast", "slow")).judgedBy(rule, List.of("jet")));
    }
}
