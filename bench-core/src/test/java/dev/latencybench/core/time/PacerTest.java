package dev.latencybench.core.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PacerTest {

    @Test
    void dueTimesOfARateThatDividesOneSecond() {
        Pacer pacer = new Pacer(new FakeClock(0), 1_000, 0);
        pacer.start(500);
        assertEquals(1_000_000, pacer.intervalNs());
        assertEquals(500, pacer.dueNs(0));
        assertEquals(1_000_500, pacer.dueNs(1));
        assertEquals(1_000_000_500, pacer.dueNs(1_000));
    }

    @Test
    void dueTimesOfARateThatDoesNotDivideOneSecond() {
        Pacer pacer = new Pacer(new FakeClock(0), 3, 0);
        pacer.start(0);
        assertEquals(333_333_333, pacer.intervalNs());
        assertEquals(0, pacer.dueNs(0));
        assertEquals(333_333_333, pacer.dueNs(1));
        assertEquals(666_666_666, pacer.dueNs(2));
        assertEquals(1_000_000_000, pacer.dueNs(3));
    }

    @Test
    void awaitNextReturnsTheDueTimesAndSleepsExactlyUntilEach() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = new Pacer(clock, 3, 0);
        pacer.start(0);
        List<Long> intended = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            intended.add(pacer.awaitNext());
        }
        assertEquals(List.of(0L, 333_333_333L, 666_666_666L, 1_000_000_000L), intended);
        assertEquals(List.of(333_333_333L, 333_333_333L, 333_333_334L), clock.sleeps());
        assertEquals(1_000_000_000L, clock.now());
        assertEquals(4, pacer.count());
        assertEquals(0, pacer.maxLagNs());
        assertEquals(0, pacer.lateSends());
    }

    @Test
    void noDriftOverManyMessages() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = new Pacer(clock, 3, 0);
        pacer.start(0);
        long last = -1;
        for (int i = 0; i < 3_000; i++) {
            last = pacer.awaitNext();
        }
        assertEquals(999_666_666_666L, last);
        assertEquals(999_666_666_666L, clock.now());
        // message 3000 is due at exactly 1000 s, where adding the rounded interval would be 1 us early
        assertEquals(1_000_000_000_000L, pacer.dueNs(3_000));
        assertEquals(999_999_999_000L, 3_000 * pacer.intervalNs());
        assertEquals(1_000_000_000_000L, pacer.awaitNext());
        assertEquals(0, pacer.maxLagNs());
        assertEquals(0, pacer.lateSends());
    }

    @Test
    void sleepsUntilTheSpinThresholdBeforeEachDueTimeThenSpins() {
        long threshold = 100_000;
        FakeClock clock = new FakeClock(0, 1_000); // every read moves time by 1 us, so the spin ends
        Pacer pacer = new Pacer(clock, 1_000, threshold);
        pacer.start(1_000_000);
        List<Long> intended = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            intended.add(pacer.awaitNext());
        }
        assertEquals(List.of(1_000_000L, 2_000_000L, 3_000_000L, 4_000_000L, 5_000_000L), intended);
        // one sleep per message, each ending exactly `threshold` before the due time
        assertEquals(List.of(899_000L, 899_000L, 899_000L, 899_000L, 899_000L), clock.sleeps());
        assertEquals(List.of(900_000L, 1_900_000L, 2_900_000L, 3_900_000L, 4_900_000L), clock.wakeTimes());
        // per message: one read before the sleep, then 100 reads of 1 us each to spin the last 100 us
        assertEquals(5 * 101, clock.reads());
        assertEquals(0, pacer.maxLagNs());
        assertEquals(0, pacer.lastLagNs());
    }

    @Test
    void aZeroSpinThresholdSleepsTheWholeWayAndNeverSpins() {
        FakeClock clock = new FakeClock(0); // a spin would never end on this clock
        Pacer pacer = new Pacer(clock, 1_000, 0);
        pacer.start(1_000_000);
        for (int i = 0; i < 3; i++) {
            pacer.awaitNext();
        }
        assertEquals(List.of(1_000_000L, 1_000_000L, 1_000_000L), clock.sleeps());
        assertEquals(6, clock.reads());
        assertEquals(3_000_000, clock.now());
    }

    @Test
    void catchesUpAfterAStallWithTheOriginalIntendedTimes() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = new Pacer(clock, 100_000, 0); // one message every 10 us
        pacer.start(0);
        assertEquals(0, pacer.awaitNext());
        clock.advance(100_000); // the sender stalls for 10 intervals

        List<Long> intended = new ArrayList<>();
        List<Long> lags = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            intended.add(pacer.awaitNext());
            lags.add(pacer.lastLagNs());
        }
        assertEquals(List.of(10_000L, 20_000L, 30_000L, 40_000L, 50_000L, 60_000L, 70_000L, 80_000L, 90_000L,
                100_000L), intended);
        assertEquals(List.of(90_000L, 80_000L, 70_000L, 60_000L, 50_000L, 40_000L, 30_000L, 20_000L, 10_000L, 0L),
                lags);
        assertEquals(List.of(), clock.sleeps(), "caught-up sends must not wait");
        assertEquals(100_000, clock.now());
        assertEquals(90_000, pacer.maxLagNs());
        assertEquals(9, pacer.lateSends(), "sends a whole interval or more late");
        assertEquals(11, pacer.count());

        assertEquals(110_000, pacer.awaitNext()); // back on schedule: waits again
        assertEquals(List.of(10_000L), clock.sleeps());
        assertEquals(0, pacer.lastLagNs());
        assertEquals(90_000, pacer.maxLagNs());
        assertEquals(9, pacer.lateSends());
    }

    @Test
    void achievedRateOfAnOnTimeScheduleIsTheAskedRate() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = new Pacer(clock, 1_000, 0);
        pacer.start(0);
        assertEquals(0.0, pacer.achievedRatePerSec(), 0.0);
        for (int i = 0; i < 1_000; i++) {
            pacer.awaitNext();
        }
        assertEquals(1_000.0, pacer.achievedRatePerSec(), 0.0);
    }

    @Test
    void achievedRateOfALateScheduleCountsTheActualSendTimes() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = new Pacer(clock, 1_000, 0);
        pacer.start(0);
        for (int i = 0; i < 1_000; i++) {
            pacer.awaitNext();
            clock.advance(2_000_000); // each send takes 2 ms: message i goes out at 2i ms
        }
        // the last message (due at 999 ms) went out at 1998 ms; its interval ends at 1999 ms
        assertEquals(1_000 * 1e9 / 1_999_000_000L, pacer.achievedRatePerSec(), 0.0);
        assertEquals(999_000_000, pacer.maxLagNs());
        assertEquals(999_000_000, pacer.lastLagNs());
        assertEquals(999, pacer.lateSends());
    }

    @Test
    void startResetsTheScheduleAndTheAccounting() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = new Pacer(clock, 1_000, 0);
        pacer.start(0);
        pacer.awaitNext();
        clock.advance(5_000_000);
        pacer.awaitNext();
        assertEquals(4_000_000, pacer.maxLagNs());

        pacer.start(10_000_000);
        assertEquals(0, pacer.count());
        assertEquals(0, pacer.maxLagNs());
        assertEquals(0, pacer.lastLagNs());
        assertEquals(0, pacer.lateSends());
        assertEquals(0.0, pacer.achievedRatePerSec(), 0.0);
        assertEquals(10_000_000, pacer.awaitNext());
        assertEquals(10_000_000, clock.now());
    }

    @Test
    void dueTimesDoNotOverflowOnVeryLongSchedules() {
        Pacer pacer = new Pacer(new FakeClock(0), 10_000_000, 0);
        pacer.start(5);
        // 10^10 messages at 10M/s: 1000 s, where i * 10^9 alone would overflow a long
        assertEquals(5 + 1_000_000_000_000L, pacer.dueNs(10_000_000_000L));
        assertEquals(5 + 86_400_000_000_000L + 100, pacer.dueNs(864_000_000_001L));
    }

    @Test
    void rejectsARateBelowOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Pacer(new FakeClock(0), 0, 0));
        assertEquals("ratePerSec must be from 1 to 10^9: 0", e.getMessage());
    }

    @Test
    void rejectsARateAboveOneBillion() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Pacer(new FakeClock(0), 1_000_000_001L, 0));
        assertEquals("ratePerSec must be from 1 to 10^9: 1000000001", e.getMessage());
    }

    @Test
    void acceptsTheExtremeRates() {
        assertEquals(1, new Pacer(new FakeClock(0), 1_000_000_000L, 0).intervalNs());
        assertEquals(1_000_000_000L, new Pacer(new FakeClock(0), 1, 0).intervalNs());
    }

    @Test
    void rejectsANegativeSpinThreshold() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Pacer(new FakeClock(0), 1_000, -1));
        assertEquals("spinThresholdNs must not be negative: -1", e.getMessage());
    }

    @Test
    void eachDueTimeIsFoundBackAsItsIndexAndNoOtherTimeIs() {
        for (long rate : new long[] {1, 3, 7, 10_000, 333_333, 1_000_000_000L}) {
            Pacer pacer = new Pacer(new FakeClock(0), rate, 0);
            long startNs = 123_456_789L;
            pacer.start(startNs);
            for (long i = 0; i < 2_000; i++) {
                long due = pacer.dueNs(i);
                assertEquals(i, Pacer.indexOfDue(startNs, rate, due), "rate " + rate + " index " + i);
                long next = pacer.dueNs(i + 1);
                for (long between = due + 1; between < next && between < due + 3; between++) {
                    assertEquals(-1, Pacer.indexOfDue(startNs, rate, between), "rate " + rate + " at " + between);
                }
            }
            assertEquals(-1, Pacer.indexOfDue(startNs, rate, startNs - 1));
        }
    }
}
