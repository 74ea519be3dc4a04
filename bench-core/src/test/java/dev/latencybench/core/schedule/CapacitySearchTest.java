package dev.latencybench.core.schedule;

import static dev.latencybench.core.schedule.FakeSteps.MS;
import static dev.latencybench.core.schedule.FakeSteps.drive;
import static dev.latencybench.core.schedule.FakeSteps.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.latencybench.core.record.LatencySummary;

class CapacitySearchTest {
    private static final String PROPERTY = "bench.chain.instances";
    private static final PassRule P999_BELOW_100MS = PassRule.percentileBelow("p99.9", 100 * MS);

    private static CapacitySearch.Builder chronicle() {
        return CapacitySearch.of("chronicle", PROPERTY).limit(4096).passRule(P999_BELOW_100MS);
    }

    /** A system that keeps p99.9 at 50 ms up to {@code boundary} instances and 140 ms above. */
    private static Function<Step, StepOutcome> fitsUpTo(long boundary) {
        return step -> ok(step, instances(step) <= boundary ? 50 * MS : 140 * MS);
    }

    private static long instances(Step step) {
        return Long.parseLong(step.properties().get(PROPERTY));
    }

    private static List<Long> values(List<StepOutcome> done) {
        return done.stream().map(o -> instances(o.step)).collect(Collectors.toList());
    }

    private static int log2Ceil(long n) {
        return 64 - Long.numberOfLeadingZeros(n - 1);
    }

    @ParameterizedTest(name = "boundary {0}")
    @ValueSource(longs = {1, 2, 3, 500, 4095})
    void findsTheBoundaryExactlyInLogarithmicallyManySteps(long boundary) {
        CapacitySearch search = chronicle().build();
        List<StepOutcome> done = drive(search, fitsUpTo(boundary));

        Decision d = search.decision(done);
        assertEquals(Decision.Kind.BOUNDARY, d.kind);
        assertEquals(boundary, d.value);
        assertEquals(List.of("chronicle-instances-" + boundary, "chronicle-instances-" + (boundary + 1)),
                d.decidedBy);
        assertTrue(d.complete());
        assertFalse(d.hitLimit());
        assertFalse(d.firstStepFailed());
        // grow to the first power of two above the boundary, then bisect the last doubling
        assertTrue(done.size() <= 2 * log2Ceil(boundary + 1) + 2, done.size() + " steps: " + values(done));
        assertTrue(done.size() <= search.maxSteps());
        assertEquals(done.size(), new HashSet<>(values(done)).size(), "a value ran twice: " + values(done));
    }

    @Test
    void stepsOfBoundary500AreTheDoublingsThenTheBisection() {
        CapacitySearch search = chronicle().build();
        List<StepOutcome> done = drive(search, fitsUpTo(500));

        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L, 128L, 256L, 512L,
                384L, 448L, 480L, 496L, 504L, 500L, 502L, 501L), values(done));
        Decision d = search.decision(done);
        assertEquals("500 instances", d.answer);
        assertEquals("500 instances passed (p99.9 50.0ms), 501 instances failed: p99.9 140ms >= 100ms", d.why);
    }

    @Test
    void everyBoundaryUpToTheLimitIsFoundWithinMaxStepsAndNoValueRunsTwice() {
        CapacitySearch search = CapacitySearch.of("chronicle", PROPERTY).limit(300).passRule(P999_BELOW_100MS)
                .build();
        for (long boundary = 0; boundary <= 300; boundary++) {
            List<StepOutcome> done = drive(search, fitsUpTo(boundary));
            Decision d = search.decision(done);
            long expectedValue = boundary;
            assertEquals(expectedValue, d.value, "boundary " + boundary);
            Decision.Kind expectedKind = boundary == 0 ? Decision.Kind.NONE_PASSED
                    : boundary == 300 ? Decision.Kind.AT_LIMIT : Decision.Kind.BOUNDARY;
            assertEquals(expectedKind, d.kind, "boundary " + boundary);
            assertTrue(done.size() <= search.maxSteps(), "boundary " + boundary + ": " + values(done));
            assertEquals(done.size(), new HashSet<>(values(done)).size(), "boundary " + boundary);
        }
    }

    @Test
    void maxStepsCountsTheGrowingStepsAndTheWidestBisection() {
        assertEquals(13 + 11, chronicle().build().maxSteps()); // 1 .. 4,096, then 2,048 .. 4,096
        assertEquals(1, chronicle().start(7).limit(7).build().maxSteps());
        assertEquals(11 + 9, chronicle().limit(1000).build().maxSteps()); // 1 .. 512, 1,000; 512 .. 1,000
    }

    @Test
    void stopsAtTheLimitWhenEveryStepPasses() {
        CapacitySearch search = chronicle().build();
        List<StepOutcome> done = drive(search, fitsUpTo(Long.MAX_VALUE));

        assertEquals(13, done.size());
        assertEquals(4096L, values(done).get(12));
        Decision d = search.decision(done);
        assertEquals(Decision.Kind.AT_LIMIT, d.kind);
        assertTrue(d.hitLimit());
        assertEquals(4096, d.value);
        assertEquals("at least 4,096 instances", d.answer);
        assertEquals(List.of("chronicle-instances-4096"), d.decidedBy);
        assertEquals("4,096 instances, the search limit, passed (p99.9 50.0ms)", d.why);
    }

    @Test
    void theLastGrowingStepIsTheLimitWhenTheLimitIsNoPowerOfTheGrowth() {
        CapacitySearch search = chronicle().limit(1000).build();
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L, 128L, 256L, 512L, 1000L),
                values(drive(search, fitsUpTo(Long.MAX_VALUE))));
        assertEquals(999, search.decision(drive(search, fitsUpTo(999))).value);
    }

    @Test
    void aFirstStepThatFailsMeansNoneFits() {
        CapacitySearch search = chronicle().build();
        List<StepOutcome> done = drive(search, fitsUpTo(0));

        assertEquals(1, done.size());
        Decision d = search.decision(done);
        assertEquals(Decision.Kind.NONE_PASSED, d.kind);
        assertTrue(d.firstStepFailed());
        assertEquals(0, d.value);
        assertEquals("none", d.answer);
        assertEquals(List.of("chronicle-instances-1"), d.decidedBy);
        assertEquals("the first step, 1 instance, failed: p99.9 140ms >= 100ms", d.why);
    }

    @Test
    void aFirstStepAboveOneThatFailsSaysFewerThanIt() {
        CapacitySearch search = chronicle().start(100).build();
        Decision d = search.decision(drive(search, fitsUpTo(50)));
        assertEquals("fewer than 100 instances", d.answer);
        assertEquals("the first step, 100 instances, failed: p99.9 140ms >= 100ms", d.why);
    }

    @Test
    void aCrashedStepCountsAsFailedAndItsReasonIsInTheDecision() {
        CapacitySearch search = chronicle().build();
        Function<Step, StepOutcome> fits500 = fitsUpTo(500);
        List<StepOutcome> done = drive(search, step -> instances(step) == 384
                ? StepOutcome.failed(step, null, "JVM exited with 134 (SIGABRT)")
                : fits500.apply(step));

        Decision d = search.decision(done);
        assertEquals(Decision.Kind.BOUNDARY, d.kind);
        assertEquals(383, d.value);
        assertEquals(List.of("chronicle-instances-383", "chronicle-instances-384"), d.decidedBy);
        assertEquals("383 instances passed (p99.9 50.0ms), 384 instances failed: FAILED: JVM exited with 134 (SIGABRT)",
                d.why);
        assertEquals(done.size(), new HashSet<>(values(done)).size());
    }

    /** A rule that calls a FAILED step whose reason starts with "error" an error, as the chain study's does. */
    private static final PassRule ERRORS_ARE_NOT_BOUNDS = new PassRule() {
        @Override
        public Verdict judge(StepOutcome outcome) {
            if (outcome.status == StepOutcome.Status.FAILED && outcome.reasons.get(0).startsWith("error")) {
                return Verdict.error("FAILED: " + String.join("; ", outcome.reasons));
            }
            return P999_BELOW_100MS.judge(outcome);
        }

        @Override
        public String describe() {
            return P999_BELOW_100MS.describe();
        }
    };

    @Test
    void aStepThatFailedOutsideTheRuleStopsTheSearchWithoutAnAnswer() {
        CapacitySearch search = chronicle().passRule(ERRORS_ARE_NOT_BOUNDS).build();
        Function<Step, StepOutcome> fits500 = fitsUpTo(500);
        List<StepOutcome> done = drive(search, step -> instances(step) == 8
                ? StepOutcome.failed(step, null, "error: the broker died")
                : fits500.apply(step));

        assertEquals(List.of(1L, 2L, 4L, 8L), values(done), "nothing runs after the failed step");
        Decision d = search.decision(done);
        assertEquals(Decision.Kind.FAILED, d.kind);
        assertEquals(0, d.value);
        assertFalse(d.complete());
        assertTrue(d.failed());
        assertEquals("no answer: the step of 8 instances failed", d.answer);
        assertEquals("chronicle-instances-8 (8 instances) failed for a reason that is not a capacity bound, so the"
                + " search stopped there: FAILED: error: the broker died; before it 4 instances passed (p99.9 50.0ms)",
                d.why);
        assertEquals(List.of("chronicle-instances-4", "chronicle-instances-8"), d.decidedBy);
    }

    @Test
    void aStepTooShortToJudgeStopsTheSearchWithoutAnAnswer() {
        CapacitySearch search = chronicle().build();
        List<StepOutcome> done = drive(search, step -> instances(step) < 4 ? FakeSteps.ok(step, 50 * MS)
                : StepOutcome.ok(step, new LatencySummary(MS, MS, MS, 140 * MS, 150 * MS, 160 * MS, 2_000)));

        assertEquals(List.of(1L, 2L, 4L), values(done), "nothing runs after the step too short to judge");
        Decision d = search.decision(done);
        assertEquals(Decision.Kind.CANNOT_TELL, d.kind);
        assertTrue(d.cannotTell());
        assertTrue(d.complete(), "a longer run is another run: the search itself is done");
        assertEquals(0, d.value);
        assertEquals("cannot tell at this length (a 2,000-sample step puts 2 samples beyond p99.9; 10,000 are"
                + " needed (p99.9 140ms, against < 100ms))", d.answer);
        assertEquals("chronicle-instances-4 (4 instances) was too short to judge, so the search stopped there;"
                + " before it 2 instances passed (p99.9 50.0ms)", d.why);
        assertEquals(List.of("chronicle-instances-2", "chronicle-instances-4"), d.decidedBy);
        assertEquals(d, Decision.read(d.toJson()), "the schedule file reads back");
        Decision failedPart = new Decision(Decision.Kind.FAILED, 0, "no answer", List.of(), "");
        assertEquals(Decision.Kind.CANNOT_TELL, Decision.combine(new java.util.LinkedHashMap<>(Map.of("kafka", d)))
                .kind);
        java.util.LinkedHashMap<String, Decision> both = new java.util.LinkedHashMap<>();
        both.put("kafka", d);
        both.put("chronicle", failedPart);
        assertEquals(Decision.Kind.FAILED, Decision.combine(both).kind, "a failed part outranks one too short");
    }

    @Test
    void aFirstStepThatFailedOutsideTheRuleIsNoAnswerNotNone() {
        CapacitySearch search = chronicle().passRule(ERRORS_ARE_NOT_BOUNDS).build();
        List<StepOutcome> done = drive(search, step -> StepOutcome.failed(step, null, "error: no broker at 127.0.0.1:1"));

        Decision d = search.decision(done);
        assertEquals(Decision.Kind.FAILED, d.kind);
        assertEquals("no answer: the step of 1 instance failed", d.answer);
        assertEquals(List.of("chronicle-instances-1"), d.decidedBy);
        Decision combined = Decision.combine(new java.util.LinkedHashMap<>(Map.of("kafka", d)));
        assertEquals(Decision.Kind.FAILED, combined.kind, "one failed part fails the whole answer");
        assertFalse(combined.complete());
    }

    @Test
    void aStepThatFailedForTheRuleStillBoundsTheSearch() {
        CapacitySearch search = chronicle().passRule(ERRORS_ARE_NOT_BOUNDS).build();
        Function<Step, StepOutcome> fits500 = fitsUpTo(500);
        List<StepOutcome> done = drive(search, step -> instances(step) > 500
                ? StepOutcome.failed(step, FakeSteps.summary(140 * MS), "the SLO was broken")
                : fits500.apply(step));

        Decision d = search.decision(done);
        assertEquals(Decision.Kind.BOUNDARY, d.kind);
        assertEquals(500, d.value);
    }

    @Test
    void aStepThatMeasuredNothingDoesNotPassWhateverTheRuleSays() {
        PassRule always = new PassRule() {
            @Override
            public Verdict judge(StepOutcome outcome) {
                return Verdict.pass("anything");
            }

            @Override
            public String describe() {
                return "always";
            }
        };
        CapacitySearch search = chronicle().passRule(always).build();
        LatencySummary empty = new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        List<StepOutcome> done = drive(search, step -> instances(step) < 8 ? ok(step, MS) : StepOutcome.ok(step, empty));

        Decision d = search.decision(done);
        assertEquals(7, d.value);
        assertEquals("7 instances passed (anything), 8 instances failed: nothing was measured", d.why);
    }

    @Test
    void anInterruptedStepEndsTheSearchWithALowerBound() {
        CapacitySearch search = chronicle().build();
        List<StepOutcome> done = drive(search, step -> instances(step) == 64
                ? StepOutcome.interrupted(step, null, "stopped by SIGINT")
                : ok(step, 50 * MS));

        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L), values(done));
        assertNull(search.next(done));
        Decision d = search.decision(done);
        assertEquals(Decision.Kind.UNFINISHED, d.kind);
        assertFalse(d.complete());
        assertEquals(32, d.value);
        assertEquals("at least 32 instances", d.answer);
        assertEquals(List.of("chronicle-instances-32", "chronicle-instances-64"), d.decidedBy);
        assertEquals("interrupted at 64 instances: stopped by SIGINT; 32 instances passed (p99.9 50.0ms)", d.why);
    }

    @Test
    void anInterruptedBisectionKeepsWhatItKnew() {
        CapacitySearch search = chronicle().build();
        Function<Step, StepOutcome> fits500 = fitsUpTo(500);
        List<StepOutcome> done = drive(search, step -> instances(step) == 384
                ? StepOutcome.interrupted(step, FakeSteps.summary(MS)) : fits500.apply(step));

        Decision d = search.decision(done);
        assertEquals("at least 256 instances", d.answer);
        assertEquals(List.of("chronicle-instances-256", "chronicle-instances-512", "chronicle-instances-384"),
                d.decidedBy);
        assertEquals("interrupted at 384 instances; 256 instances passed (p99.9 50.0ms), "
                + "512 instances failed: p99.9 140ms >= 100ms", d.why);
    }

    @Test
    void aDecisionBeforeTheEndIsUnfinished() {
        CapacitySearch search = chronicle().build();
        Decision none = search.decision(List.of());
        assertEquals(Decision.Kind.UNFINISHED, none.kind);
        assertEquals("unknown", none.answer);
        assertEquals("the search is not finished", none.why);

        List<StepOutcome> done = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            done.add(ok(search.next(done), 50 * MS));
        }
        Decision d = search.decision(done);
        assertEquals("at least 4 instances", d.answer);
        assertEquals("the search is not finished; 4 instances passed (p99.9 50.0ms)", d.why);
    }

    @Test
    void aRelativeResolutionStopsEarlierWithinIt() {
        CapacitySearch exact = chronicle().build();
        CapacitySearch fivePercent = chronicle().resolution(0.05).build();
        for (long boundary : new long[] {3, 100, 500, 3000}) {
            List<StepOutcome> done = drive(fivePercent, fitsUpTo(boundary));
            Decision d = fivePercent.decision(done);
            long pass = d.value;
            long fail = Long.parseLong(d.decidedBy.get(1).substring("chronicle-instances-".length()));
            assertTrue(pass <= boundary && boundary < fail, pass + " .. " + fail);
            assertTrue(fail - pass <= Math.max(1, pass / 20), pass + " .. " + fail);
            assertTrue(done.size() <= drive(exact, fitsUpTo(boundary)).size());
        }
        List<StepOutcome> done = drive(fivePercent, fitsUpTo(500));
        assertEquals(14, done.size()); // 18 exact
        assertEquals("496 instances passed (p99.9 50.0ms), 512 instances failed: p99.9 140ms >= 100ms; "
                + "resolution 5%", fivePercent.decision(done).why);
    }

    @Test
    void growthOtherThanTwoRoundsUpAndStepsAtLeastOne() {
        CapacitySearch search = chronicle().growth(1.5).limit(20).build();
        assertEquals(List.of(1L, 2L, 3L, 5L, 8L, 12L, 18L, 20L), values(drive(search, fitsUpTo(100))));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), values(drive(chronicle().growth(1.01).limit(5).build(),
                fitsUpTo(100))));
    }

    @Test
    void stepsAreNamedAfterTheVariantThePropertyAndTheValue() {
        Step first = chronicle().start(64).build().next(List.of());
        assertEquals("chronicle-instances-64", first.name());
        assertEquals("chronicle", first.variant());
        assertEquals(Map.of(PROPERTY, "64"), first.properties());
        assertEquals("chronicle, 64 instances", first.describe());
        assertEquals("chronicle, 1 instance", chronicle().build().next(List.of()).describe());
        assertEquals("chronicle, 1,024 chains", chronicle().start(1024).unit("chains").build().next(List.of())
                .describe());
    }

    @Test
    void describesItselfForTheRunHeader() {
        assertEquals("capacity search of chronicle: 1, 2, 4, ... up to 4,096 instances, then bisect; "
                + "pass: p99.9 < 100ms", chronicle().build().describe());
        assertEquals("capacity search of kafka: 10, 15, 23, ... up to 1,000 partitions, then bisect to within 5%; "
                + "pass: p99 < 2.00ms", CapacitySearch.of("kafka", "bench.kafka.partitions").start(10).limit(1000)
                .growth(1.5).resolution(0.05).passRule(PassRule.percentileBelow("p99", 2 * MS)).build().describe());
        assertEquals("capacity search of chronicle: 1, 2, 3 instances, then bisect; pass: p99.9 < 100ms",
                chronicle().limit(3).build().describe());
        assertEquals("capacity search of chronicle: 5 instances, then bisect; pass: p99.9 < 100ms",
                chronicle().start(5).limit(5).build().describe());
        assertEquals(List.of("chronicle"), chronicle().build().variants());
    }

    @Test
    void refusesStepsItDidNotAskFor() {
        CapacitySearch search = chronicle().build();
        Step stranger = new Step("chronicle-instances-3", "chronicle", Map.of(PROPERTY, "3"), "3 instances");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> search.next(List.of(ok(stranger, MS))));
        assertEquals("step 1 done is chronicle-instances-3 {bench.chain.instances=3}, but this schedule's step 1 is "
                + "chronicle-instances-1 {bench.chain.instances=1}", e.getMessage());

        Step first = search.next(List.of());
        List<StepOutcome> interrupted = List.of(StepOutcome.interrupted(first, null));
        Step second = search.next(List.of(ok(first, MS)));
        IllegalArgumentException after = assertThrows(IllegalArgumentException.class,
                () -> search.next(List.of(interrupted.get(0), ok(second, MS))));
        assertEquals("step 2 (chronicle-instances-2) follows an interrupted step: an interrupted step ends the "
                + "schedule", after.getMessage());
    }

    @Test
    void rejectsBadSettingsNamingThem() {
        assertEquals("limit 2 is below start 4", badSettings(chronicle().start(4).limit(2)));
        assertEquals("start must be at least 1, was 0", badSettings(chronicle().start(0)));
        assertEquals("a capacity search needs a limit",
                badSettings(CapacitySearch.of("chronicle", PROPERTY).passRule(P999_BELOW_100MS)));
        assertEquals("a capacity search needs a pass rule",
                badSettings(CapacitySearch.of("chronicle", PROPERTY).limit(10)));
        assertEquals("growth must be above 1 (2 doubles the value each step), was 1.0",
                badSettings(chronicle().growth(1)));
        assertEquals("growth must be above 1 (2 doubles the value each step), was NaN",
                badSettings(chronicle().growth(Double.NaN)));
        assertEquals("resolution must be 0 (exact) or a fraction below 1 (0.05 for 5%), was 5.0",
                badSettings(chronicle().resolution(5)));
        assertEquals("resolution must be 0 (exact) or a fraction below 1 (0.05 for 5%), was -0.1",
                badSettings(chronicle().resolution(-0.1)));
        assertEquals("unit must not be empty", badSettings(chronicle().unit(" ")));
        assertEquals("variant 'chronicle queue' is not a folder name: use letters, digits, '.', '_' or '-'",
                badSettings(CapacitySearch.of("chronicle queue", PROPERTY).limit(10).passRule(P999_BELOW_100MS)));
        assertEquals("property 'chain.instances' is not a bench.* system property",
                badSettings(CapacitySearch.of("chronicle", "chain.instances").limit(10).passRule(P999_BELOW_100MS)));
        assertEquals("property 'bench.chain.' is not a bench.* system property",
                badSettings(CapacitySearch.of("chronicle", "bench.chain.").limit(10).passRule(P999_BELOW_100MS)));
    }

    private static String badSettings(CapacitySearch.Builder b) {
        return assertThrows(IllegalArgumentException.class, b::build).getMessage();
    }

    @Test
    void decisionAsJson() {
        CapacitySearch search = chronicle().build();
        Decision d = search.decision(drive(search, fitsUpTo(2)));
        assertEquals("{\"kind\":\"BOUNDARY\",\"value\":2,\"answer\":\"2 instances\","
                + "\"decidedBy\":[\"chronicle-instances-2\",\"chronicle-instances-3\"],"
                + "\"why\":\"2 instances passed (p99.9 50.0ms), 3 instances failed: p99.9 140ms >= 100ms\"}",
                d.toJson().toString());
        Set<Decision> same = new HashSet<>(List.of(d, search.decision(drive(search, fitsUpTo(2)))));
        assertEquals(1, same.size());
    }
}
