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
        return done.stream().map(o -> o.step().name()).collect(Collectors.toList());
    }

    @Test
    void runsEachValueForEachVariantVariantByVariant() {
        List<StepOutcome> done = drive(keys, step -> ok(step, MS));
        assertEquals(List.of("jet-keys-1000", "jet-keys-10000", "jet-keys-100000",
                "hazelcast-keys-1000", "hazelcast-keys-10000", "hazelcast-keys-100000"), names(done));
        Step second = done.get(1).step();
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
}
