package dev.latencybench.core.schedule;

import static dev.latencybench.core.schedule.FakeSteps.MS;
import static dev.latencybench.core.schedule.FakeSteps.drive;
import static dev.latencybench.core.schedule.FakeSteps.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

class FixedListTest {
    private final FixedList queue = FixedList.of("chronicle", "reference", "baseline");

    private static List<String> names(List<StepOutcome> done) {
        return done.stream().map(o -> o.step.name()).collect(Collectors.toList());
    }

    @Test
    void runsEachVariantOnceInOrderAsAPlainStep() {
        List<StepOutcome> done = drive(queue, step -> ok(step, MS));
        assertEquals(List.of("chronicle", "reference", "baseline"), names(done));
        assertEquals(List.of(Step.of("chronicle"), Step.of("reference"), Step.of("baseline")), queue.steps());
        done.forEach(o -> assertEquals(o.step.name(), o.step.variant()));
        done.forEach(o -> assertEquals(java.util.Map.of(), o.step.properties()));
        assertNull(queue.decision(done));
    }

    @Test
    void aFailedVariantDoesNotStopTheList() {
        List<StepOutcome> done = drive(queue, step -> step.variant().equals("chronicle")
                ? StepOutcome.failed(step, null, "JVM exited with 1") : ok(step, MS));
        assertEquals(List.of("chronicle", "reference", "baseline"), names(done));
    }

    @Test
    void anInterruptedVariantEndsTheList() {
        List<StepOutcome> done = drive(queue, step -> step.variant().equals("reference")
                ? StepOutcome.interrupted(step, null) : ok(step, MS));
        assertEquals(List.of("chronicle", "reference"), names(done));
        assertNull(queue.next(done));
    }

    @Test
    void describesItselfAsItsVariants() {
        assertEquals("chronicle, reference, baseline", queue.describe());
        assertEquals(List.of("chronicle", "reference", "baseline"), queue.variants());
    }

    @Test
    void refusesStepsOutOfOrder() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> queue.next(List.of(ok(Step.of("reference"), MS))));
        assertEquals("step 1 done is reference, but this schedule's step 1 is chronicle", e.getMessage());
        List<StepOutcome> all = drive(queue, step -> ok(step, MS));
        List<StepOutcome> tooMany = new java.util.ArrayList<>(all);
        tooMany.add(ok(Step.of("chronicle"), MS));
        assertEquals("step 4 done is chronicle, but this schedule's step 4 is none (it was complete)",
                assertThrows(IllegalArgumentException.class, () -> queue.next(tooMany)).getMessage());
    }

    @Test
    void rejectsBadLists() {
        assertEquals("a fixed list needs at least one variant",
                assertThrows(IllegalArgumentException.class, () -> new FixedList(List.of())).getMessage());
        assertEquals("variant 'chronicle' is listed twice",
                assertThrows(IllegalArgumentException.class, () -> FixedList.of("chronicle", "chronicle"))
                        .getMessage());
        assertEquals("variant '../x' is not a folder name: use letters, digits, '.', '_' or '-'",
                assertThrows(IllegalArgumentException.class, () -> FixedList.of("../x")).getMessage());
    }
}
