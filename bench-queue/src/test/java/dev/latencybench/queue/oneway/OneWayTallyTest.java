package dev.latencybench.queue.oneway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

class OneWayTallyTest {
    private static final long SECOND = 1_000_000_000L;

    private static OneWayTally period(long sent, long received, double achieved, long maxLagNs) {
        return period(sent, received, achieved, maxLagNs, 0);
    }

    private static OneWayTally period(long sent, long received, double achieved, long maxLagNs, long finalLagNs) {
        OneWayTally t = new OneWayTally();
        t.periods = 1;
        t.messages.sent = sent;
        t.messages.received = received;
        t.messages.lost = sent - received;
        t.minAchievedRatePerSec = achieved;
        t.maxLagNs = maxLagNs;
        t.maxFinalLagNs = finalLagNs;
        t.lateSends = 3;
        t.producerBytes = 100;
        t.consumerBytes = 50;
        return t;
    }

    @Test
    void aCleanPeriodHasNoFailures() {
        assertEquals(List.of(), period(1000, 1000, 99_000, 5_000).failures(100_000, SECOND, true));
    }

    @Test
    void lossAndRateAreFailures() {
        assertEquals(List.of("rate not held: the producer ended 612ms behind schedule (more than 300ms allowed),"
                        + " achieving 98,000 msg/s of 100,000 asked", "messages lost: 2 of 1,000"),
                period(1000, 998, 98_000, 700_000_000, 612_000_000).failures(100_000, 30 * SECOND, true));
    }

    @Test
    void oneStallNearTheEndIsALatencyEventNotARateFailure() {
        // 30 s period: up to 300 ms behind at the end is allowed; 2 s period: the 50 ms floor applies
        assertEquals(List.of(), period(1000, 1000, 99_000, 300_000_000, 300_000_000).failures(100_000, 30 * SECOND,
                true));
        assertEquals(List.of(), period(1000, 1000, 97_600, 50_000_000, 50_000_000).failures(100_000, 2 * SECOND,
                true));
        assertEquals(List.of("rate not held: the producer ended 50.0ms behind schedule (more than 50.0ms allowed),"
                + " achieving 97,600 msg/s of 100,000 asked"), period(1000, 1000, 97_600, 50_000_000, 50_000_001)
                .failures(100_000, 2 * SECOND, true));
    }

    @Test
    void aSenderThatFellFarBehindAndCaughtUpIsFlagged() {
        // the g1 cell that read OK: 193,291 of 200,000 sends late and 796 ms behind at worst, its final lag passing
        OneWayTally t = period(200_000, 200_000, 99_000, 796_000_000, 1_000_000);
        t.lateSends = 193_291;
        assertEquals(List.of(), t.failures(100_000, 2 * SECOND, true), "its final lag passed: not a failure");
        assertEquals("fell behind: 193,291 of 200,000 sends late, the worst 796ms behind schedule (the rate was held"
                + " only by catching up)", t.fellBehind());
        // one long stall with few late sends, or many slightly late sends, is a latency event, not a backlog
        OneWayTally stall = period(200_000, 200_000, 99_000, 796_000_000, 1_000_000);
        stall.lateSends = 19_999;
        assertNull(stall.fellBehind());
        OneWayTally jitter = period(200_000, 200_000, 99_000, 90_000_000, 1_000_000);
        jitter.lateSends = 150_000;
        assertNull(jitter.fellBehind());
    }

    @Test
    void anInterruptedPeriodIsNotJudgedOnLossOrRate() {
        assertEquals(List.of(), period(1000, 998, 98_000, 700_000_000, 612_000_000).failures(100_000, SECOND, false));
    }

    @Test
    void duplicatesDisorderUnexpectedAndOutOfRangeAlwaysFail() {
        OneWayTally t = period(10, 10, 100_000, 0);
        t.messages.duplicated = 1;
        t.messages.outOfOrder = 2;
        t.messages.unexpected = 3;
        t.messages.outOfRange = 4;
        assertEquals(List.of("messages duplicated: 1", "messages out of order: 2",
                "messages with unexpected sequence numbers: 3",
                "latencies outside the histogram range (0 to 600s): 4"), t.failures(100_000, SECOND, false));
    }

    @Test
    void talliesAddUpAndKeepTheWorstPacing() {
        OneWayTally sum = new OneWayTally().add(period(1000, 1000, 99_500, 7_000)).add(period(500, 499, 99_900, 9_000));
        JsonObject o = new JsonObject();
        sum.writeTo(o, 100_000);
        assertEquals(2, o.get("measuredPeriods").getAsLong());
        assertEquals(1500, o.get("sent").getAsLong());
        assertEquals(1499, o.get("received").getAsLong());
        assertEquals(1, o.get("lost").getAsLong());
        JsonObject pacing = o.getAsJsonObject("pacing");
        assertEquals(100_000, pacing.get("askedRatePerSec").getAsLong());
        assertEquals(99_500, pacing.get("achievedRatePerSec").getAsDouble(), 0.0);
        assertEquals(9_000, pacing.get("maxLagNs").getAsLong());
        assertEquals(0, pacing.get("finalLagNs").getAsLong());
        assertEquals(6, pacing.get("lateSends").getAsLong());
        JsonObject alloc = o.getAsJsonObject("allocation");
        assertEquals(200, alloc.get("producerBytes").getAsLong());
        assertEquals(100, alloc.get("consumerBytes").getAsLong());
        assertEquals(0.2, alloc.get("bytesPerMessage").getAsDouble(), 0.0);
    }

    @Test
    void readFromReadsWhatWriteToWrote() {
        OneWayTally t = period(1000, 990, 99_000, 5_000, 4_000);
        t.messages.duplicated = 1;
        t.messages.outOfOrder = 2;
        t.messages.unexpected = 3;
        t.messages.outOfRange = 4;
        JsonObject first = new JsonObject();
        t.writeTo(first, 100_000);
        JsonObject second = new JsonObject();
        OneWayTally.readFrom(first).writeTo(second, 100_000);
        assertEquals(first, second);
    }

    @Test
    void noPeriodsMeansNoAchievedRate() {
        JsonObject o = new JsonObject();
        new OneWayTally().writeTo(o, 100_000);
        assertEquals(0, o.getAsJsonObject("pacing").get("achievedRatePerSec").getAsDouble(), 0.0);
        assertEquals(List.of(), OneWayTally.readFrom(o).failures(100_000, SECOND, true));
    }

    @Test
    void roundTripsAddUpAsLowestAndHighestAndAMoveIsFlagged() {
        OneWayTally fork = new OneWayTally();
        assertNull(fork.placementChange(), "nothing probed, nothing to say");
        OneWayTally a = period(1000, 1000, 99_000, 5_000);
        a.addRoundTrip(170);
        a.addRoundTrip(-1); // a probe that timed out
        a.addRoundTrip(180);
        OneWayTally b = period(1000, 1000, 99_000, 5_000);
        b.addRoundTrip(250);
        fork.add(a).add(b);
        assertNull(fork.placementChange(), "250 / 170 is within 1.5x: one placement");

        JsonObject o = new JsonObject();
        fork.writeTo(o, 100_000);
        assertEquals(170, o.getAsJsonObject("cpuPair").get("roundTripMinNs").getAsLong());
        assertEquals(250, o.getAsJsonObject("cpuPair").get("roundTripMaxNs").getAsLong());
        OneWayTally back = OneWayTally.readFrom(o);
        OneWayTally c = period(1000, 1000, 99_000, 5_000);
        c.addRoundTrip(540);
        back.add(c);
        assertEquals("CPU placement changed: the cache-line round trip between the producer's and the consumer's CPUs"
                + " ranged from 170ns to 540ns (probed before and after each period), 3.2x apart where one placement"
                + " stays within 1.5x: the host moved the CPUs, or something else ran on them, so the percentiles mix"
                + " two conditions",
                back.placementChange());
    }

    @Test
    void resultsWrittenBeforeTheProbeExistedReadWithoutRoundTrips() {
        JsonObject o = new JsonObject();
        period(1000, 1000, 99_000, 5_000).writeTo(o, 100_000);
        assertFalse(o.has("cpuPair"), "no probe, no object");
        assertNull(OneWayTally.readFrom(o).placementChange());
    }

    /** A fork's own periods written as a fork writes them: round trips {@code lowNs} and {@code highNs}. */
    private static JsonObject forkWith(long lowNs, long highNs) {
        OneWayTally t = period(1000, 1000, 99_000, 5_000);
        t.addRoundTrip(lowNs);
        t.addRoundTrip(highNs);
        JsonObject o = new JsonObject();
        t.writeTo(o, 100_000);
        return o;
    }

    /**
     * Forks in rounds land on the host's placements as they come: two forks each on one placement, 2.4x apart, are
     * not flagged (their spread is the ranking's evidence); a fork whose own periods moved is.
     */
    @Test
    void aCellIsFlaggedForAPlacementThatChangedWithinAForkNotBetweenForks() {
        dev.latencybench.core.study.Accounting between = OneWayTally.accounting(100_000);
        between.add(forkWith(170, 180));
        between.add(forkWith(410, 420));
        assertEquals(List.of(), between.flags());
        JsonObject result = new JsonObject();
        between.writeTo(result);
        assertEquals(170, result.getAsJsonObject("cpuPair").get("roundTripMinNs").getAsLong(), "all forks' lowest");
        assertEquals(420, result.getAsJsonObject("cpuPair").get("roundTripMaxNs").getAsLong(), "and highest");

        dev.latencybench.core.study.Accounting within = OneWayTally.accounting(100_000);
        within.add(forkWith(170, 180));
        within.add(forkWith(170, 540));
        assertEquals(1, within.flags().size(), within.flags().toString());
        assertTrue(within.flags().get(0).startsWith("CPU placement changed: the cache-line round trip between the"
                + " producer's and the consumer's CPUs ranged from 170ns to 540ns"), within.flags().get(0));
    }
}
