package dev.latencybench.core.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.view.VerdictRule.Better;
import dev.latencybench.core.view.VerdictRule.Ruling;
import dev.latencybench.core.view.VerdictRule.Outcome;
import dev.latencybench.core.view.VerdictRule.Range;

/** The one verdict rule: each kind of range (samples, a floor, a search's bracket) and each outcome, with its words. */
class VerdictRuleTest {
    private static final long MS = 1_000_000;
    private static final LongFunction<String> NS = Units::formatNs;
    private static final LongFunction<String> CHAINS = v -> String.format(Locale.ROOT, "%,d %s", v,
            v == 1 ? "chain" : "chains");

    private static long[] ms(long... values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] * MS;
        }
        return out;
    }

    /** The smoke run of issue 21: cds 167ms (launches 167-175) against jvm 153ms (launches 153-179). */
    @Test
    void launchesWhoseRangesOverlapTie() {
        Ruling c = VerdictRule.compare(Range.of(167 * MS, "launches", ms(167, 175, 170)),
                Range.of(153 * MS, "launches", ms(153, 179, 160)), Better.LOWER, NS);
        assertEquals(Outcome.TIE_OVERLAP, c.outcome);
        assertTrue(c.tie());
        assertEquals("their launches overlap (167ms to 175ms against 153ms to 179ms)", c.reason);
    }

    @Test
    void rangesThatLieApartRankTheLowerBetterWhenLowerIsBetter() {
        Range aot = Range.of(146 * MS, "launches", ms(140, 146, 150));
        Range jvm = Range.of(227 * MS, "launches", ms(220, 227, 240));
        Ruling c = VerdictRule.compare(aot, jvm, Better.LOWER, NS);
        assertEquals(Outcome.BETTER, c.outcome);
        assertFalse(c.tie());
        assertEquals("their launches lie apart (140ms to 150ms against 220ms to 240ms)", c.reason);
        assertEquals(Outcome.WORSE, VerdictRule.compare(jvm, aot, Better.LOWER, NS).outcome);
        assertEquals(Outcome.WORSE, VerdictRule.compare(aot, jvm, Better.HIGHER, NS).outcome,
                "the same ranges, where higher is better");
    }

    @Test
    void rangesThatTouchOverlap() {
        assertEquals(Outcome.TIE_OVERLAP, VerdictRule.compare(Range.of(10, "forks", 8, 10),
                Range.of(12, "forks", 10, 14), Better.LOWER, NS).outcome, "10 is in both");
        Ruling same = VerdictRule.compare(Range.of(5, "forks", 5, 5), Range.of(5, "forks", 5, 5, 5),
                Better.LOWER, NS);
        assertEquals("their forks overlap (every fork 5ns against every fork 5ns)", same.reason);
    }

    @Test
    void aDifferenceWithinTheFloorsSpreadIsATieBeforeTheRangesAreLookedAt() {
        Range floor = Range.across("cells", List.of(343L, 463L, 400L));
        assertEquals(343, floor.value, "a floor's value is its lowest");
        // 1.02us against 1.19us, one fork each: 170ns apart, more than the floor's 120ns
        Ruling apart = VerdictRule.compare(Range.of(1190, "forks", 1190), Range.of(1020, "forks", 1020), floor,
                Better.LOWER, NS);
        assertEquals(Outcome.CANNOT_TELL, apart.outcome);
        assertEquals("a single fork each, no spread to tell a difference of 170ns from run-to-run noise (one fork,"
                + " 1.19us against one fork, 1.02us)", apart.reason);
        // 100ns apart: within it, even with one fork each
        Ruling within = VerdictRule.compare(Range.of(1120, "forks", 1120), Range.of(1020, "forks", 1020), floor,
                Better.LOWER, NS);
        assertEquals(Outcome.TIE_FLOOR, within.outcome);
        assertEquals("they differ by 100ns, no more than the floor moves across cells by itself (343ns to 463ns)",
                within.reason);
        // apart beyond both the forks and the floor
        Ruling slower = VerdictRule.compare(Range.of(2000, "forks", 1900, 2100), Range.of(1000, "forks", 900, 1100),
                floor, Better.LOWER, NS);
        assertEquals(Outcome.WORSE, slower.outcome);
        assertEquals("their forks lie apart (1.90us to 2.10us against 900ns to 1.10us), and they differ by 1.00us, more"
                + " than the floor moves across cells by itself (343ns to 463ns)", slower.reason);
    }

    @Test
    void aFloorOfOneCellHasNoSpreadAndIsLeftOut() {
        Range floor = Range.across("cells", List.of(400L));
        assertEquals(Outcome.CANNOT_TELL, VerdictRule.compare(Range.of(410, "forks", 410), Range.of(400, "forks", 400),
                floor, Better.LOWER, NS).outcome, "10ns apart, but a floor of one cell says nothing");
    }

    @Test
    void oneSampleOnOneSideCannotBeTold() {
        Ruling c = VerdictRule.compare(Range.of(160 * MS, "launches", ms(160)),
                Range.of(153 * MS, "launches", ms(153, 179)), Better.LOWER, NS);
        assertEquals(Outcome.CANNOT_TELL, c.outcome);
        assertFalse(c.tie());
        assertEquals("a single launch on one side, no spread to tell a difference of 7.00ms from run-to-run noise (one"
                + " launch, 160ms against 153ms to 179ms)", c.reason);
    }

    @Test
    void bracketsOfASearchThatOverlapTie() {
        // growth 2 left chronicle between 4 and 8; in-memory bisected to between 6 and 7
        Ruling c = VerdictRule.compare(Range.bracket(4, 8), Range.bracket(6, 7), Better.HIGHER, CHAINS);
        assertEquals(Outcome.TIE_OVERLAP, c.outcome);
        assertEquals("each is known only as far as its search went, and the two overlap (between 4 chains passing and 8"
                + " chains failing against between 6 chains passing and 7 chains failing)", c.reason);
    }

    @Test
    void bracketsMeetingAtOneLoadLieApartForTheFirstFailingLoadIsNotHeld() {
        // a held 5, b failed at 5: a is better, though 5 ends one bracket and starts the other
        Ruling c = VerdictRule.compare(Range.bracket(5, 6), Range.bracket(4, 5), Better.HIGHER, CHAINS);
        assertEquals(Outcome.BETTER, c.outcome);
        assertEquals("the higher passed 5 chains where the lower had failed at 5 chains, so the searches lie apart"
                + " (between 5 chains passing and 6 chains failing against between 4 chains passing and 5 chains"
                + " failing)", c.reason);
        assertEquals(Outcome.WORSE, VerdictRule.compare(Range.bracket(4, 5), Range.bracket(5, 6), Better.HIGHER,
                CHAINS).outcome);
        assertEquals(Outcome.BETTER, VerdictRule.compare(Range.bracket(512, 513), Range.bracket(200, 201),
                Better.HIGHER, CHAINS).outcome);
    }

    @Test
    void aLowerBoundTiesWithWhatReachesAboveItAndBeatsWhatFailedBelowIt() {
        Range limit = Range.atLeast(4);
        assertEquals("at least 4 chains with none failing", limit.describe(CHAINS));
        assertEquals(Outcome.TIE_OVERLAP, VerdictRule.compare(limit, Range.atLeast(8), Better.HIGHER, CHAINS).outcome,
                "two lower bounds say nothing of which is larger");
        assertEquals(Outcome.TIE_OVERLAP, VerdictRule.compare(limit, Range.bracket(3, 5), Better.HIGHER, CHAINS)
                .outcome, "4 may be all the other holds too");
        Ruling c = VerdictRule.compare(limit, Range.bracket(3, 4), Better.HIGHER, CHAINS);
        assertEquals(Outcome.BETTER, c.outcome);
        assertEquals("the higher passed 4 chains where the lower had failed at 4 chains, so the searches lie apart"
                + " (at least 4 chains with none failing against between 3 chains passing and 4 chains failing)", c.reason);
    }

    @Test
    void nonePassedIsTheBracketFromNothingToTheFirstFailingLoad() {
        Range none = Range.bracket(0, 1);
        assertEquals("none passing and 1 chain failing", none.describe(CHAINS));
        assertEquals(Outcome.WORSE, VerdictRule.compare(none, Range.bracket(3, 4), Better.HIGHER, CHAINS).outcome);
        assertEquals(Outcome.TIE_OVERLAP, VerdictRule.compare(none, Range.bracket(0, 1), Better.HIGHER, CHAINS)
                .outcome);
    }

    /** The Jet study's shape: the highest items/s under the slide, between the best passing point and the next failing. */
    @Test
    void aRateUnderABoundIsABracketOfRates() {
        LongFunction<String> rate = v -> String.format(Locale.ROOT, "%,d items/s", v);
        Ruling c = VerdictRule.compare(Range.bracket(400_000, 800_000), Range.bracket(200_000, 400_000),
                Better.HIGHER, rate);
        assertEquals(Outcome.BETTER, c.outcome);
        assertEquals(Outcome.TIE_OVERLAP, VerdictRule.compare(Range.bracket(400_000, 800_000),
                Range.atLeast(600_000), Better.HIGHER, rate).outcome);
    }

    @Test
    void aBracketMustEndAboveWhereItStarts() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Range.bracket(8, 8));
        assertEquals("the first failing load (8) must be above the last passing one (8)", e.getMessage());
    }

    @Test
    void rangesDescribeThemselves() {
        assertEquals("153ms to 179ms", Range.of(160 * MS, "launches", ms(153, 179, 160)).describe(NS));
        assertEquals("every launch 150ms", Range.of(150 * MS, "launches", ms(150, 150)).describe(NS));
        assertEquals("one launch, 150ms", Range.of(150 * MS, "launches", ms(150)).describe(NS));
        assertEquals("no forks, 150ms", Range.of(150 * MS, "forks").describe(NS));
        assertEquals("between 4 chains passing and 8 chains failing", Range.bracket(4, 8).describe(CHAINS));
        assertTrue(Range.bracket(4, 5).hasSpread() && Range.bracket(4, 5).isBracket());
        assertFalse(Range.of(1, "forks", 1).hasSpread());
    }
}
