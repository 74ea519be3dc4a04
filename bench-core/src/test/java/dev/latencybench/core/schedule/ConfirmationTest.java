package dev.latencybench.core.schedule;

import static dev.latencybench.core.schedule.FakeSteps.MS;
import static dev.latencybench.core.schedule.FakeSteps.drive;
import static dev.latencybench.core.schedule.FakeSteps.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** A search's deciding steps run again in more forks, and the answer judged again on them. */
class ConfirmationTest {
    private static final String PROPERTY = "bench.chain.instances";
    private static final long HELD = 50 * MS;
    private static final long BROKE = 140 * MS;

    private static CapacitySearch search(String variant) {
        return CapacitySearch.of(variant, PROPERTY).limit(4096).unit("chains")
                .passRule(PassRule.percentileBelow("p99.9", 100 * MS)).build();
    }

    /** p99.9 50 ms up to {@code boundary} chains, 140 ms above: the steps as one fork each ran them. */
    private static Function<Step, StepOutcome> fitsUpTo(long boundary) {
        return step -> ok(step, Long.parseLong(step.properties().get(PROPERTY)) <= boundary ? HELD : BROKE);
    }

    private static StepOutcome step(List<StepOutcome> done, String name) {
        return done.stream().filter(o -> o.step.name().equals(name)).findFirst().orElseThrow();
    }

    /** The deciding steps as their merged forks judge them: each name with the p99.9 of its 3 forks merged. */
    private static Map<String, StepOutcome> confirmed(List<StepOutcome> done, Object... nameThenP999) {
        Map<String, StepOutcome> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenP999.length; i += 2) {
            String name = (String) nameThenP999[i];
            m.put(name, ok(step(done, name).step, (Long) nameThenP999[i + 1]));
        }
        return m;
    }

    private static List<String> names(List<Step> steps) {
        return steps.stream().map(Step::name).collect(Collectors.toList());
    }

    @Test
    void theDecidingStepsAreTheLastThatHeldAndTheFirstThatFailed() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(500));
        assertEquals(List.of("chronicle-instances-500", "chronicle-instances-501"),
                names(Confirmation.deciding(s.decision(done), done)));
    }

    @Test
    void aSearchWhoseLastPassHoldsInThreeForksKeepsItsAnswer() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(500));
        Decision before = s.decision(done);

        Decision after = Confirmation.rejudge(s, done,
                confirmed(done, "chronicle-instances-500", 60 * MS, "chronicle-instances-501", 130 * MS), 3);

        assertEquals(Decision.Kind.BOUNDARY, after.kind);
        assertEquals(500, after.value);
        assertEquals(before.answer, after.answer);
        assertEquals(before.decidedBy, after.decidedBy);
        // the figures are the merged forks', not the first fork's
        assertEquals("500 chains passed (p99.9 60.0ms), 501 chains failed: p99.9 130ms >= 100ms", after.why);
        assertTrue(after.confirmed().held());
        assertEquals(3, after.confirmed().forks());
        assertEquals(List.of("chronicle-instances-500", "chronicle-instances-501"), after.confirmed().steps());
        assertEquals("the deciding steps chronicle-instances-500, chronicle-instances-501, run again in 3 forks each:"
                + " the answer held", after.confirmed().text());
    }

    @Test
    void aLastPassThatFailsInThreeForksMovesTheAnswerToThePassBelowIt() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(500)); // ..., 496 passed, 504 failed, 500 passed, 502, 501 failed

        Decision after = Confirmation.rejudge(s, done,
                confirmed(done, "chronicle-instances-500", BROKE, "chronicle-instances-501", BROKE), 3);

        assertEquals(Decision.Kind.BOUNDARY, after.kind);
        assertEquals(496, after.value);
        assertEquals("496 chains", after.answer);
        assertEquals(List.of("chronicle-instances-496", "chronicle-instances-500"), after.decidedBy);
        assertEquals("496 chains passed (p99.9 50.0ms), 500 chains failed: p99.9 140ms >= 100ms; resolution 0%;"
                + " nothing between them was run", after.why);
        assertFalse(after.confirmed().held());
        assertEquals("500 chains", after.confirmed().answerBefore());
        assertTrue(after.confirmed().text().endsWith("the answer changed (from 500 chains), and it follows the"
                + " confirmed forks"), after.confirmed().text());
        assertTrue(after.complete());
    }

    @Test
    void aFirstFailureThatPassesInThreeForksMovesTheAnswerUp() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(500));

        Decision after = Confirmation.rejudge(s, done,
                confirmed(done, "chronicle-instances-500", HELD, "chronicle-instances-501", HELD), 3);

        // 502 failed in its one fork and lies right above: the boundary is exact again
        assertEquals(501, after.value);
        assertEquals(List.of("chronicle-instances-501", "chronicle-instances-502"), after.decidedBy);
        assertEquals("501 chains passed (p99.9 50.0ms), 502 chains failed: p99.9 140ms >= 100ms", after.why);
        assertEquals("500 chains", after.confirmed().answerBefore());
    }

    @Test
    void aFailureThatPassesWithNothingFailedAboveItLeavesALowerBound() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(1)); // 1 passed, 2 failed

        Decision after = Confirmation.rejudge(s, done,
                confirmed(done, "chronicle-instances-1", HELD, "chronicle-instances-2", HELD), 3);

        assertEquals(Decision.Kind.UNFINISHED, after.kind);
        assertEquals("at least 2 chains", after.answer);
        assertEquals("2 chains passed (p99.9 50.0ms); nothing above it was run", after.why);
        assertFalse(after.confirmed().held());
    }

    @Test
    void aFirstStepThatFailsInThreeForksLeavesNone() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(1));

        Decision after = Confirmation.rejudge(s, done,
                confirmed(done, "chronicle-instances-1", BROKE, "chronicle-instances-2", BROKE), 3);

        assertEquals(Decision.Kind.NONE_PASSED, after.kind);
        assertEquals("none", after.answer);
        assertEquals("1 chain", after.confirmed().answerBefore());
    }

    @Test
    void aConfirmingForkThatCrashedDoesNotHold() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(500));
        Map<String, StepOutcome> confirmed = new LinkedHashMap<>();
        Step last = step(done, "chronicle-instances-500").step;
        confirmed.put(last.name(), StepOutcome.failed(last, null, "a fork exited with 134"));

        Decision after = Confirmation.rejudge(s, done, confirmed, 3);

        // the pass rule counts a step that did not end OK as not held: the answer moves below it, and says why
        assertEquals(496, after.value, after.toString());
        assertTrue(after.why.contains("a fork exited with 134"), after.why);
        assertFalse(after.confirmed().held());
    }

    @Test
    void eachPartOfASequenceFollowsItsOwnConfirmedSteps() {
        SequenceOfSchedules seq = new SequenceOfSchedules(List.of(search("chronicle"), search("kafka")));
        Function<Step, StepOutcome> run = step -> fitsUpTo(step.variant().equals("chronicle") ? 12 : 5).apply(step);
        List<StepOutcome> done = drive(seq, run);
        Decision before = seq.decision(done);
        // in the order they ran: kafka's search failed 6 before it passed 5
        assertEquals(List.of("chronicle-instances-12", "chronicle-instances-13", "kafka-instances-6",
                "kafka-instances-5"), names(Confirmation.deciding(before, done)));

        Decision after = Confirmation.rejudge(seq, done, confirmed(done, "chronicle-instances-12", HELD,
                "chronicle-instances-13", BROKE, "kafka-instances-5", BROKE, "kafka-instances-6", BROKE), 3);

        assertEquals("chronicle: 12 chains; kafka: 4 chains", after.answer);
        assertEquals(12, after.parts.get("chronicle").value);
        assertEquals(4, after.parts.get("kafka").value);
        assertEquals("chronicle: 12 chains; kafka: 5 chains", after.confirmed().answerBefore());
        assertEquals(4, after.confirmed().steps().size());
    }

    @Test
    void nothingIsConfirmedWhereTheAnswerIsNotFinalOrThereIsNone() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = List.of(StepOutcome.failed(s.next(List.of()), null, "the broker did not start"));
        PassRule crashIsError = new PassRule() {
            @Override
            public Verdict judge(StepOutcome o) {
                return o.measured() ? Verdict.pass("measured") : Verdict.error("nothing measured");
            }

            @Override
            public String describe() {
                return "measured";
            }
        };
        CapacitySearch erring = CapacitySearch.of("chronicle", PROPERTY).limit(8).passRule(crashIsError).build();
        assertTrue(Confirmation.deciding(erring.decision(done), done).isEmpty());
        assertTrue(Confirmation.deciding(null, done).isEmpty());

        FixedList list = new FixedList(List.of("a", "b"));
        List<StepOutcome> ran = drive(list, st -> ok(st, HELD));
        assertNull(Confirmation.rejudge(list, ran, Map.of(), 3));
    }

    @Test
    void aConfirmedDecisionIsWrittenAndReadBack() {
        CapacitySearch s = search("chronicle");
        List<StepOutcome> done = drive(s, fitsUpTo(500));
        Decision after = Confirmation.rejudge(s, done,
                confirmed(done, "chronicle-instances-500", BROKE, "chronicle-instances-501", BROKE), 3);

        Decision read = Decision.read(after.toJson());

        assertEquals(after, read);
        assertEquals(3, read.toJson().getAsJsonObject("confirmed").get("forks").getAsInt());
        assertEquals("500 chains", read.confirmed().answerBefore());
        Decision plain = s.decision(done);
        assertNull(Decision.read(plain.toJson()).confirmed());
        assertSame(null, plain.confirmed());
    }
}
