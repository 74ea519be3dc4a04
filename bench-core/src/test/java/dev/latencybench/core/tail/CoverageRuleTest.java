package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.result.ResultLayout;

/**
 * The one rule ({@link Coverage}), through a cell's files as the launcher reads them: a stop or stall explains a
 * sample by how much of its time above the cell's median it covers; the cause covering the most, and at least half,
 * names it, else the code; two causes that each cover a large share are both kept. The cell's median is 1 µs in each
 * (100,000 samples of 1 µs), so a sample's time above it is its latency less 1 µs.
 */
class CoverageRuleTest {
    private static final long MEDIAN_NS = 1_000;
    private static final long MS = 1_000_000;

    @TempDir
    Path tmp;

    private final List<String> log = new ArrayList<>();
    private final OutlierBuffer outliers = new OutlierBuffer(0, 100);
    private final Histogram h = LatencyRecorder.newHistogram();
    /** The fork's probe: it watched the producer (source 1) and the consumer (source 2). */
    private final HiccupProbe probe = new HiccupProbe(new HiccupProbeTest.FakeClock(), MS, 100);

    CoverageRuleTest() {
        h.recordValueWithCount(MEDIAN_NS, 100_000);
        log.add("[0.005s][1ms][5000000ns][info][gc] Using G1"); // a log on the samples' clock, with or without stops
        probe.watch(1, "run queue of lb-producer", new HiccupProbeTest.ScriptedDelay());
        probe.watch(2, "run queue of lb-consumer", new HiccupProbeTest.ScriptedDelay());
    }

    private void safepoint(String operation, long startNs, long endNs) {
        log.add("[1.0s][1ms][" + endNs + "ns][info][safepoint] Safepoint \"" + operation + "\", Time since last: 5 ns,"
                + " Reaching safepoint: 1000 ns, At safepoint: 1000 ns, Total: " + (endNs - startNs) + " ns");
    }

    private void gcPause(long startNs, long endNs) {
        log.add("[1.0s][1ms][" + endNs + "ns][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) "
                + String.format(java.util.Locale.ROOT, "%.3fms", (endNs - startNs - 1_000) / 1e6));
        safepoint("G1CollectForAllocation", startNs, endNs);
    }

    private void sample(long startNs, long endNs) {
        outliers.add(endNs, endNs - startNs);
        h.recordValue(endNs - startNs);
    }

    private TailPart attribute() throws IOException {
        Files.write(tmp.resolve("gc-42.log"), log);
        Path fork = tmp.resolve("forks").resolve("42");
        Files.createDirectories(fork);
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), outliers);
        StallFile.write(fork.resolve(ResultLayout.STALLS), probe);
        return TailAttribution.of(tmp, List.of(fork), h);
    }

    /** A 50 µs safepoint inside a 5 ms spin covers 1% of it: the spin is the code's, not the safepoint's. */
    @Test
    void aShortSafepointInsideALongSpinIsTheCode() throws IOException {
        sample(10 * MS, 15 * MS);
        safepoint("Cleanup", 12 * MS, 12 * MS + 50_000);
        TailPart t = attribute();
        assertEquals(1, t.aboveThreshold.code, t.toJson().toString());
        assertEquals(0, t.aboveThreshold.safepoint);
        assertNull(t.worst.get("code").stop);
        assertEquals(MEDIAN_NS, t.medianNs);
    }

    /**
     * The queue smoke run on a busy 2-vCPU VM: an 8 ms Cleanup safepoint inside a 28 ms sample (29%) whose
     * whole life the producer's and consumer's run-queue waits cover together (155% summed, 100% as a union): the
     * platform, named by the wait that covers the most; the safepoint is not a large share.
     */
    @Test
    void anEightMsSafepointInsideA28MsSampleThatRunQueueWaitsCoverIsThePlatform() throws IOException {
        sample(100 * MS, 128 * MS);
        safepoint("Cleanup", 110 * MS, 118 * MS);
        probe.stalls().add(99 * MS, 120 * MS, 1);  // the producer waited 21 ms of it
        probe.stalls().add(105 * MS, 129 * MS, 2); // the consumer 23 ms
        TailPart t = attribute();
        assertEquals(1, t.aboveThreshold.platform, t.toJson().toString());
        assertEquals(0, t.aboveThreshold.safepoint);
        assertEquals(0, t.aboveThreshold.sharedBy(Cause.SAFEPOINT), "8 of 28 ms is not a large share");
        assertEquals("run queue of lb-consumer", t.worst.get("platform").stop);
        assertEquals(1.0, t.worst.get("platform").covered, 1e-9);
        assertNull(t.worst.get("platform").sharedWith);
    }

    /** A 12 ms GC pause covering 90% of a sample's time above the median: gc. */
    @Test
    void aGcPauseCovering90PercentIsTheGc() throws IOException {
        long aboveMedianNs = 12 * MS * 10 / 9;
        sample(50 * MS, 50 * MS + aboveMedianNs + MEDIAN_NS);
        gcPause(50 * MS + MS / 2, 62 * MS + MS / 2);
        probe.stalls().add(40 * MS, 50 * MS + MS / 4, 1); // a wait that only touches it
        TailPart t = attribute();
        assertEquals(1, t.aboveThreshold.gc, t.toJson().toString());
        assertEquals(0.9, t.worst.get("gc").covered, 1e-6);
        assertEquals("Pause Young (Normal) (G1 Evacuation Pause)", t.worst.get("gc").stop);
        assertNull(t.worst.get("gc").sharedWith, "the wait covers 2%");
    }

    /**
     * Two causes at 45% each, neither half: both shares are kept (the sample counts to one, the other is its shared
     * cause), and the clause names the larger. Equal shares go to the first in {@link Cause}'s order; a platform
     * share of 47% beside the gc's 45% takes the sample and the clause.
     */
    @Test
    void twoCausesAt45PercentEachAreBothKeptAndTheClauseNamesTheLarger() throws IOException {
        for (int i = 0; i < 10; i++) { // 20 ms above the median each: a 9 ms pause, then 9 ms of the producer's wait
            long start = (100 + 100 * i) * MS;
            sample(start, start + 20 * MS + MEDIAN_NS);
            gcPause(start + MS, start + 10 * MS);
            probe.stalls().add(start + 10 * MS, start + 19 * MS, 1);
        }
        TailPart t = attribute();
        assertEquals(10, t.beyondP99_9.attributed, t.toJson().toString());
        assertEquals(10, t.beyondP99_9.gc);
        assertEquals(10, t.beyondP99_9.sharedBy(Cause.PLATFORM), "the other 45% kept");
        assertEquals(0.45, t.worst.get("gc").covered, 1e-4);
        assertEquals("platform", t.worst.get("gc").sharedWith);
        assertEquals("beyond p99.9: 10 of 10 gc", t.causeClause());
        assertEquals(10, TailPart.ofMember(t.toJson()).beyondP99_9.sharedBy(Cause.PLATFORM), "read back");
    }

    @Test
    void ofTwoLargeSharesTheLargerTakesTheSample() throws IOException {
        for (int i = 0; i < 10; i++) { // 20 ms above the median each: 9 ms of pause, 9.4 ms of waits
            long start = (100 + 100 * i) * MS;
            sample(start, start + 20 * MS + MEDIAN_NS);
            gcPause(start + MS, start + 10 * MS);
            probe.stalls().add(start + 10 * MS, start + 19 * MS + 4 * MS / 10, 1);
        }
        TailPart t = attribute();
        assertEquals(10, t.beyondP99_9.platform, t.toJson().toString());
        assertEquals(10, t.beyondP99_9.sharedBy(Cause.GC));
        assertEquals(0.47, t.worst.get("platform").covered, 1e-4);
        assertEquals("beyond p99.9: 10 of 10 platform", t.causeClause());
    }

    /** One rule for the fork's probe as for the control JVM: a run-queue wait covering 40% leaves the sample to the code. */
    @Test
    void aRunQueueWaitCoveringLessThanHalfIsTheCodesAsAControlStallIs() throws IOException {
        sample(10 * MS, 15 * MS);
        probe.stalls().add(9 * MS, 12 * MS, 1); // 2 of the 5 ms
        TailPart t = attribute();
        assertEquals(1, t.aboveThreshold.code, t.toJson().toString());
        assertEquals(0, t.aboveThreshold.platform);
    }

    /** Two threads' waits that overlap count once: 2 ms and 2 ms over the same time cover 40%, not 80%. */
    @Test
    void overlappingWaitsOfTwoThreadsCountOnce() throws IOException {
        sample(10 * MS, 15 * MS);
        probe.stalls().add(11 * MS, 13 * MS, 1);
        probe.stalls().add(11 * MS, 13 * MS, 2);
        TailPart t = attribute();
        assertEquals(1, t.aboveThreshold.code, t.toJson().toString());
    }

    /**
     * A run-queue wait is known by its length, not its place: a 3 ms wait seen between two reads 25 ms apart (the
     * probe itself late on a busy machine) is held by a 28 ms interval, yet covers a 20 ms sample by 3 ms at most.
     */
    @Test
    void aWaitHeldByAWideIntervalCoversNoMoreThanItsLength() throws IOException {
        sample(10 * MS, 30 * MS);
        probe.stalls().add(5 * MS, 33 * MS, 1, 3 * MS);
        TailPart t = attribute();
        assertEquals(1, t.aboveThreshold.code, t.toJson().toString());
        probe.stalls().add(8 * MS, 31 * MS, 2, 12 * MS); // the consumer waited 12 ms: 3 + 12 of 20, at most
        t = attribute();
        assertEquals(1, t.aboveThreshold.platform, t.toJson().toString());
        assertEquals("run queue of lb-consumer", t.worst.get("platform").stop);
        assertEquals(0.75, t.worst.get("platform").covered, 1e-4);
    }

    /** A kept sample of no time (threshold 0 keeps any) has nothing to explain: the code's, not a division by 0. */
    @Test
    void aSampleOfNoTimeIsTheCodes() {
        Coverage c = Coverage.of(0, new long[] {0, 0, 0}, new Stop[3]);
        assertNull(c.cause);
        assertEquals(0.0, c.share(Cause.GC));
    }
}
