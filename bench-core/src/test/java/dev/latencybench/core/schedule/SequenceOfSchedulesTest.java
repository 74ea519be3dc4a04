package dev.latencybench.core.schedule;

import static dev.latencybench.core.schedule.FakeSteps.MS;
import static dev.latencybench.core.schedule.FakeSteps.drive;
import static dev.latencybench.core.schedule.FakeSteps.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class SequenceOfSchedulesTest {
    private static final String PROPERTY = "bench.chain.instances";
    private static final PassRule RULE = PassRule.percentileBelow("p99.9", 100 * MS);

    private static CapacitySearch search(String variant, long limit) {
        return CapacitySearch.of(variant, PROPERTY).limit(limit).resolution(0.1).passRule(RULE).build();
    }

    /** chronicle holds 6 instances, in-memory 100 (more than its limit of 16). */
    private static final Function<Step, StepOutcome> MACHINE = step -> {
        long n = Long.parseLong(step.properties().getOrDefault(PROPERTY, "1"));
        long boundary = step.variant().equals("chronicle") ? 6 : 100;
        return ok(step, n <= boundary ? 50 * MS : 140 * MS);
    };

    private static List<String> names(List<StepOutcome> done) {
        return done.stream().map(o -> o.step.name()).collect(Collectors.toList());
    }

    @Test
    void runsEachSearchToItsEndThenTheNextAndAnswersForEach() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(search("chronicle", 64), search("in-memory", 16)));
        List<StepOutcome> done = drive(s, MACHINE);

        assertEquals(List.of("chronicle-instances-1", "chronicle-instances-2", "chronicle-instances-4",
                "chronicle-instances-8", "chronicle-instances-6", "chronicle-instances-7",
                "in-memory-instances-1", "in-memory-instances-2", "in-memory-instances-4", "in-memory-instances-8",
                "in-memory-instances-16"), names(done));
        Decision d = s.decision(done);
        assertEquals(Decision.Kind.AT_LIMIT, d.kind);
        assertEquals(6, d.value);
        assertEquals("chronicle: 6 instances; in-memory: at least 16 instances", d.answer);
        assertEquals(List.of("chronicle", "in-memory"), new ArrayList<>(d.parts.keySet()));
        assertEquals(search("chronicle", 64).decision(done.subList(0, 6)), d.parts.get("chronicle"));
        assertEquals(search("in-memory", 16).decision(done.subList(6, 11)), d.parts.get("in-memory"));
        assertEquals("chronicle: 6 instances passed (p99.9 50.0ms), 7 instances failed: p99.9 140ms >= 100ms; "
                + "in-memory: 16 instances, the search limit, passed (p99.9 50.0ms)", d.why);
        assertEquals(List.of("chronicle-instances-6", "chronicle-instances-7", "in-memory-instances-16"),
                d.decidedBy);
        assertEquals(d.toJson().getAsJsonObject("parts").getAsJsonObject("chronicle"),
                d.parts.get("chronicle").toJson());
        assertEquals(d, Decision.read(d.toJson()), "the schedule file's decision reads back whole, parts included");
    }

    @Test
    void beforeTheLastSearchEndsTheAnswerIsUnfinished() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(search("chronicle", 64), search("in-memory", 16)));
        List<StepOutcome> done = drive(s, MACHINE).subList(0, 7);

        assertEquals("in-memory-instances-2", s.next(done).name());
        Decision d = s.decision(done);
        assertEquals(Decision.Kind.UNFINISHED, d.kind);
        assertEquals("chronicle: 6 instances; in-memory: at least 1 instance", d.answer);
        assertEquals("chronicle: 6 instances; in-memory: unknown",
                s.decision(done.subList(0, 6)).answer);
        assertEquals("chronicle: unknown; in-memory: unknown", s.decision(List.of()).answer);
    }

    @Test
    void anInterruptedStepEndsTheWholeSequence() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(search("chronicle", 64), search("in-memory", 16)));
        List<StepOutcome> done = new ArrayList<>();
        done.add(MACHINE.apply(s.next(done)));
        done.add(StepOutcome.interrupted(s.next(done), null, "Ctrl-C"));

        assertNull(s.next(done));
        Decision d = s.decision(done);
        assertEquals(Decision.Kind.UNFINISHED, d.kind);
        assertEquals("chronicle: at least 1 instance; in-memory: unknown", d.answer);
        assertEquals("chronicle: interrupted at 2 instances: Ctrl-C; 1 instance passed (p99.9 50.0ms); "
                + "in-memory: the search is not finished", d.why);
    }

    @Test
    void aFailedStepIsTheSearchsBusinessNotTheSequences() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(search("chronicle", 4), search("in-memory", 2)));
        List<StepOutcome> done = drive(s, step -> StepOutcome.failed(step, null,
                "cannot start thread 3 of 7: unable to create native thread"));

        assertEquals(List.of("chronicle-instances-1", "in-memory-instances-1"), names(done));
        Decision d = s.decision(done);
        assertEquals(Decision.Kind.NONE_PASSED, d.kind);
        assertEquals("chronicle: none; in-memory: none", d.answer);
    }

    @Test
    void fixedListsAnswerNothingAndRunInOrder() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(FixedList.of("a", "b"), search("c", 2)));
        List<StepOutcome> done = drive(s, MACHINE);

        assertEquals(List.of("a", "b", "c-instances-1", "c-instances-2"), names(done));
        assertEquals(Map.of("c", search("c", 2).decision(done.subList(2, 4))), s.decision(done).parts);
        assertNull(new SequenceOfSchedules(List.of(FixedList.of("a"), FixedList.of("b"))).decision(List.of()));
        assertEquals(List.of("a", "b", "c"), s.variants());
        assertEquals(2 + search("c", 2).maxSteps(), s.maxSteps(), "the time estimate's worst case: every part's");
        assertEquals("a, b; then capacity search of c: 1, 2 instances, then bisect to within 10%; pass: p99.9 < 100ms",
                s.describe());
    }

    @Test
    void aFixedListsFailedStepFailsTheSequencesAnswerButKeepsTheSearchs() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(search("c", 2), FixedList.of("loop")));
        List<StepOutcome> done = drive(s, step -> step.variant().equals("loop")
                ? StepOutcome.failed(step, null, "the broker died") : MACHINE.apply(step));

        Decision d = s.decision(done);
        assertEquals(Decision.Kind.FAILED, d.kind);
        assertEquals(search("c", 2).decision(done.subList(0, 2)), d.parts.get("c"));
        assertEquals("failed: loop", d.parts.get("loop").answer);
        assertEquals("loop FAILED: the broker died", d.parts.get("loop").why);
        assertEquals(List.of("loop"), d.parts.get("loop").decidedBy);
        assertEquals(Map.of("c", search("c", 2).decision(done.subList(0, 2))),
                s.decision(drive(s, MACHINE)).parts, "a list whose steps all ended OK answers nothing");
    }

    @Test
    void stepsThatNoPartWouldHaveAskedForAreRejected() {
        SequenceOfSchedules s = new SequenceOfSchedules(List.of(search("chronicle", 4), search("in-memory", 2)));
        List<StepOutcome> wrong = List.of(ok(new Step("in-memory-instances-1", "in-memory",
                Map.of(PROPERTY, "1"), "1 instance"), 50 * MS));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.next(wrong));
        assertEquals("step 1 done is in-memory-instances-1 {bench.chain.instances=1}, but this schedule's step 1 is"
                + " chronicle-instances-1 {bench.chain.instances=1}", e.getMessage());
    }

    @Test
    void partsMayNotShareAVariant() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SequenceOfSchedules(List.of(search("chronicle", 4), search("chronicle", 8))));
        assertEquals("variant 'chronicle' is in two schedules of the sequence: their steps would share folders",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SequenceOfSchedules(List.of()));
    }
}
