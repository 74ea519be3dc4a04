package dev.latencybench.core.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HowSureTest {
    @Test
    void forksApartNameTheLower() {
        HowSure.Ratio r = HowSure.compare(HowSure.Side.ofForks(450, 460, 455), HowSure.Side.ofForks(1100, 1120, 1090));
        assertEquals(HowSure.Call.LOWER, r.call);
        assertTrue(r.high < 1 - HowSure.NOISE, r.describe());
        assertEquals(HowSure.Call.HIGHER, HowSure.compare(HowSure.Side.ofForks(1100, 1120, 1090),
                HowSure.Side.ofForks(450, 460, 455)).call);
    }

    @Test
    void aForkOnTheOtherPlacementMakesATie() {
        // the 2-vCPU VM's medians sit at ~0.45 or ~1.1 µs by where the host placed the threads
        HowSure.Ratio r = HowSure.compare(HowSure.Side.ofForks(450, 460, 1100), HowSure.Side.ofForks(1100, 1120, 1090));
        assertEquals(HowSure.Call.TIE, r.call, r.describe());
        assertTrue(r.low < 1 && r.high > 1 - HowSure.NOISE, r.describe());
    }

    @Test
    void aDifferenceWithinTheNoiseThresholdIsATie() {
        HowSure.Ratio r = HowSure.compare(HowSure.Side.ofForks(1000, 1001, 1002), HowSure.Side.ofForks(1010, 1011, 1012));
        assertEquals(HowSure.Call.TIE, r.call, r.describe());
    }

    @Test
    void oneForkRanksNothingHoweverTightItsOwnInterval() {
        HowSure.Ratio r = HowSure.compare(HowSure.Side.of(450, 450).within(449, 451),
                HowSure.Side.of(1100, 1100).within(1099, 1101));
        assertEquals(HowSure.Call.ONE_FORK, r.call);
        assertTrue(Double.isNaN(r.low));
        assertEquals("0.41×", r.describe());
    }

    @Test
    void aWiderWithinRunIntervalWidensTheForksOne() {
        HowSure.Side a = HowSure.Side.of(1000, 1000, 1000, 1000).within(800, 1300);
        HowSure.Side b = HowSure.Side.of(1500, 1500, 1500, 1500).within(1400, 1600);
        HowSure.Ratio r = HowSure.compare(a, b);
        assertTrue(r.withinRunWider);
        assertEquals(800.0 / 1600, r.low, 1e-9);
        assertEquals(1300.0 / 1400, r.high, 1e-9);
        assertEquals(HowSure.Call.LOWER, r.call);
    }

    @Test
    void theSameInputGivesTheSameInterval() {
        HowSure.Ratio one = HowSure.compare(HowSure.Side.ofForks(10, 12, 15, 11), HowSure.Side.ofForks(13, 14, 12));
        HowSure.Ratio two = HowSure.compare(HowSure.Side.ofForks(10, 12, 15, 11), HowSure.Side.ofForks(13, 14, 12));
        assertEquals(one, two);
    }

    @Test
    void pooledRunsFindAStepOfAFewPercent() {
        long[] before = {1000, 1010, 995, 1005, 990, 1002, 998, 1007};
        long[] after = {1080, 1090, 1075, 1085};
        HowSure.Ratio r = HowSure.compare(HowSure.Side.ofForks(after), HowSure.Side.ofForks(before));
        assertEquals(HowSure.Call.HIGHER, r.call, r.describe());
    }
}
