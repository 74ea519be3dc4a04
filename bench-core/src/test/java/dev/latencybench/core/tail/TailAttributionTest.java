package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.result.ResultLayout;

class TailAttributionTest {
    @TempDir
    Path tmp;

    /**
     * A fork 42 whose log has a G1 pause over [1,000,000, 2,000,000] ns and a ThreadDump over [5,000,000, 5,100,000],
     * and whose hiccup probe saw the pacer wait over [1,500,000, 1,900,000] (in the pause) and [4,400,000, 4,700,000].
     */
    private Path fork(OutlierBuffer outliers) throws IOException {
        Path fork = forkWithoutStalls(outliers);
        HiccupProbe probe = new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000, 10);
        probe.watch(1, "run queue of pacer", new HiccupProbeTest.ScriptedDelay());
        probe.stalls().add(1_500_000, 1_900_000, 1);
        probe.stalls().add(4_400_000, 4_700_000, 1);
        StallFile.write(fork.resolve(ResultLayout.STALLS), probe);
        return fork;
    }

    /** The same fork whose probe watched no measuring thread (a study that pins none) and saw no stall. */
    private Path forkWatchingNoThread(OutlierBuffer outliers) throws IOException {
        Path fork = forkWithoutStalls(outliers);
        StallFile.write(fork.resolve(ResultLayout.STALLS),
                new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000, 10));
        return fork;
    }

    /** The same fork as before the hiccup probe: no {@code stalls.bin}. */
    private Path forkWithoutStalls(OutlierBuffer outliers) throws IOException {
        Files.write(tmp.resolve("gc-42.log"), List.of(
                "[1.0s][1ms][1999000ns][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 0.900ms",
                "[1.0s][1ms][2000000ns][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 5 ns,"
                        + " Reaching safepoint: 1000 ns, Total: 1000000 ns",
                "[1.0s][1ms][5100000ns][info][safepoint] Safepoint \"ThreadDump\", Time since last: 5 ns, Total: 100000 ns"));
        Path fork = tmp.resolve("forks").resolve("42");
        Files.createDirectories(fork);
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), outliers);
        return fork;
    }

    /**
     * Each outlier goes to the cause whose stops cover the most of its time above the median (1 µs), at least half:
     * the pause covers half of [1.5, 2.5] ms and the pacer's wait inside it 40%, a large share kept as shared; the
     * dump covers 84% of [4.98, 5.1]; the pacer's wait 67% of [4.5, 4.8]; nothing reaches [0.7, 0.9].
     */
    @Test
    void eachOutlierGoesToTheCauseCoveringMostOfItsTimeAboveTheMedian() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(2_500_000, 1_000_000);  // [1.5, 2.5] ms: the pause
        b.add(5_100_000, 120_000);    // [4.98, 5.1] ms: the thread dump
        b.add(4_800_000, 300_000);    // [4.5, 4.8] ms: the pacer's wait for a CPU
        b.add(900_000, 200_000);      // [0.7, 0.9] ms: ends before the pause and the waits start: the code
        Histogram h = LatencyRecorder.newHistogram();
        for (int i = 0; i < 996; i++) {
            h.recordValue(1_000);
        }
        h.recordValue(1_000_000);
        h.recordValue(120_000);
        h.recordValue(300_000);
        h.recordValue(200_000);
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(100_000, t.thresholdNs);
        assertEquals(4, t.kept);
        assertEquals(1, t.forksAttributed);
        assertEquals(4, t.aboveThreshold.attributed);
        assertEquals(1, t.aboveThreshold.platform);
        assertEquals(1, t.aboveThreshold.code);
        assertEquals(0, t.aboveThreshold.other);
        assertEquals(4, t.beyondP99.samples);
        assertEquals(4, t.beyondP99.attributed);
        assertEquals(1, t.beyondP99.gc, "the pause covers half; the pacer's wait in it 40%");
        assertEquals(1, t.beyondP99.sharedBy(Cause.PLATFORM), "a large share: kept beside the gc");
        assertEquals("platform", t.worst.get("gc").sharedWith);
        assertEquals(0.5, t.worst.get("gc").covered, 0.001);
        assertEquals(1, t.beyondP99.safepoint);
        assertEquals(1, t.beyondP99.platform);
        assertEquals(1, t.beyondP99.code);
        assertEquals("Pause Young (Normal) (G1 Evacuation Pause)", t.worst.get("gc").stop);
        assertEquals(1_000_000, t.worst.get("gc").latencyNs);
        assertEquals("ThreadDump", t.worst.get("safepoint").stop);
        assertEquals("run queue of pacer", t.worst.get("platform").stop);
        assertEquals(300_000, t.worst.get("platform").latencyNs);
        assertEquals(200_000, t.worst.get("code").latencyNs);
        assertNull(t.worst.get("code").stop);
        assertEquals("42", t.worst.get("code").fork);
        assertEquals(List.of(), t.shortfall);
        assertNull(t.shareBeyondP99_9(Cause.GC), "fewer than 10 beyond p99.9: no share");
    }

    @Test
    void sharesBeyondP999CountTheAttributedSamples() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 100);
        Histogram h = LatencyRecorder.newHistogram();
        for (int i = 0; i < 99_980; i++) {
            h.recordValue(1_000);
        }
        for (int i = 0; i < 20; i++) { // 15 in the pause, 5 after it
            long end = i < 15 ? 1_500_000 + i : 3_000_000 + i;
            b.add(end, 400_000);
            h.recordValue(400_000);
        }
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(20, t.beyondP99_9.attributed);
        assertEquals(0.75, t.shareBeyondP99_9(Cause.GC), 1e-12);
        assertEquals(0.0, t.shareBeyondP99_9(Cause.SAFEPOINT), 1e-12);
        assertEquals(0.0, t.shareBeyondP99_9(Cause.PLATFORM), 1e-12);
        assertEquals(0.25, t.shareBeyondP99_9(Cause.CODE), 1e-12);
        assertNull(t.shareBeyondP99_9(Cause.OTHER), "platform and code told apart: no other");
        TailPart back = TailPart.of(wrapped(t));
        assertEquals(15, back.beyondP99_9.gc);
        assertEquals(List.of(), back.shortfall, "threshold below p99.9, buffer not full, log on the clock");
        assertEquals("Pause Young (Normal) (G1 Evacuation Pause)", back.worst.get("gc").stop);
    }

    /**
     * The idle control JVM's late wake-up is the platform's too, for every fork of the cell: the code outlier of
     * the first test, [0.7, 0.9] ms, is put down to the control JVM's stall over [0.8, 1.2] ms.
     */
    @Test
    void aStallOfTheControlJvmIsThePlatform() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(900_000, 200_000);      // [0.7, 0.9] ms: the control JVM's stall
        b.add(3_200_000, 200_000);    // [3.0, 3.2] ms: none: the code
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 998);
        h.recordValueWithCount(200_000, 2);
        HiccupProbe control = new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000, 10);
        control.stalls().add(800_000, 1_200_000, 0);
        StallFile.write(tmp.resolve(ControlJvm.STALLS), control);
        TailPart t = TailAttribution.of(tmp, List.of(forkWatchingNoThread(b)), h);
        assertEquals(1, t.aboveThreshold.platform);
        assertEquals(1, t.aboveThreshold.code);
        assertEquals(ControlJvm.LATE_WAKE_UP, t.worst.get("platform").stop);
        assertEquals(List.of(), t.shortfall);
    }

    /**
     * The control JVM's late wake-ups are the platform's only where together they cover at least half a sample's
     * lifetime: a 3 ms spin of the code with 1.2 ms of them inside is the code's; with 2 ms inside, the platform's
     * (both after the fork's own stops and stalls).
     */
    @Test
    void aControlJvmStallCoveringLessThanHalfASampleLeavesItToTheCode() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(23_000_000, 3_000_000);  // [20, 23] ms, the control's [21.0, 22.2] inside: 40%, code
        b.add(33_000_000, 3_000_000);  // [30, 33] ms, the control's [30.5, 31.5] and [31.6, 32.6]: 67%, platform
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 998);
        h.recordValueWithCount(3_000_000, 2);
        HiccupProbe control = new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000, 10);
        control.stalls().add(21_000_000, 22_200_000, 0);
        control.stalls().add(30_500_000, 31_500_000, 0);
        control.stalls().add(31_600_000, 32_600_000, 0);
        StallFile.write(tmp.resolve(ControlJvm.STALLS), control);
        TailPart t = TailAttribution.of(tmp, List.of(forkWatchingNoThread(b)), h);
        assertEquals(1, t.aboveThreshold.code, t.toJson().toString());
        assertEquals(1, t.aboveThreshold.platform, t.toJson().toString());
        assertEquals(33_000_000, t.worst.get("platform").endNs);
    }

    /**
     * Where the fork's probe watched the measuring threads' run queues, the control JVM's late wake-ups are not used:
     * the threads' own waits are known, and the code outlier of [0.7, 0.9] ms stays the code's under a control stall.
     */
    @Test
    void aForkThatWatchedItsThreadsIgnoresTheControlJvm() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(900_000, 200_000);      // [0.7, 0.9] ms
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 999);
        h.recordValueWithCount(200_000, 1);
        HiccupProbe control = new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000, 10);
        control.stalls().add(600_000, 1_200_000, 0);
        StallFile.write(tmp.resolve(ControlJvm.STALLS), control);
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(1, t.aboveThreshold.code, t.toJson().toString());
        assertEquals(0, t.aboveThreshold.platform, t.toJson().toString());
    }

    /** Where the fork's own probe saw the measuring thread wait, that names the stall, though the control's started later. */
    @Test
    void theForksOwnStallNamesThePlatformBeforeTheControlJvms() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(4_800_000, 300_000);    // [4.5, 4.8] ms: the pacer's wait [4.4, 4.7] and the control's [4.6, 4.9]
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 999);
        h.recordValue(300_000);
        HiccupProbe control = new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000, 10);
        control.stalls().add(4_600_000, 4_900_000, 0);
        StallFile.write(tmp.resolve(ControlJvm.STALLS), control);
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(1, t.aboveThreshold.platform);
        assertEquals("run queue of pacer", t.worst.get("platform").stop);
    }

    /**
     * Samples that time other processes (start-up's launches) are never put down to this JVM's stops: the one in the
     * G1 pause is the code's (the other process's), the one in the pacer's wait the platform's.
     */
    @Test
    void samplesOfOtherProcessesAreNotPutDownToThisJvmsStops() throws IOException {
        OutlierBuffer b = new OutlierBuffer(0, 10);
        b.add(2_500_000, 1_000_000);  // [1.5, 2.5] ms: the G1 pause, and the pacer's wait within it
        b.add(3_200_000, 200_000);    // [3.0, 3.2] ms: none
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValue(1_000_000);
        h.recordValue(200_000);
        Path fork = fork(new OutlierBuffer(0, 1));
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), b, true);
        TailPart t = TailAttribution.of(tmp, List.of(fork), h);
        assertEquals(0, t.aboveThreshold.gc + t.aboveThreshold.safepoint);
        assertEquals(1, t.aboveThreshold.platform);
        assertEquals(1, t.aboveThreshold.code);
        assertEquals(List.of("fork 42: its samples time other processes, whose GC and safepoint stops are not in its"
                + " log, so they are put down to the platform or else to those processes (code), never to gc or"
                + " safepoint"), t.shortfall);
    }

    /** A control JVM's file that cannot be read is said, and the forks' own records still count. */
    @Test
    void aDamagedControlFileIsSaid() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(900_000, 200_000);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 999);
        h.recordValue(200_000);
        Files.write(tmp.resolve(ControlJvm.STALLS), new byte[] {1, 2, 3});
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(1, t.aboveThreshold.code);
        assertEquals(1, t.shortfall.size());
        assertEquals(true, t.shortfall.get(0).startsWith("the control JVM's stalls are not used: "), t.shortfall.get(0));
    }

    /** A fork that ran no hiccup probe cannot tell the platform from the code: 'other', as before the probe. */
    @Test
    void aForkWithoutStallsPutsWhatNoStopCoversDownToOther() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 100);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 99_980);
        for (int i = 0; i < 20; i++) { // 15 in the pause, 5 after it
            b.add(i < 15 ? 1_500_000 + i : 4_800_000 + i, 300_000);
            h.recordValue(300_000);
        }
        TailPart t = TailAttribution.of(tmp, List.of(forkWithoutStalls(b)), h);
        assertEquals(15, t.beyondP99_9.gc);
        assertEquals(5, t.beyondP99_9.other);
        assertEquals(0, t.beyondP99_9.platform + t.beyondP99_9.code);
        assertEquals(List.of("fork 42: no stalls.bin (no hiccup probe ran), so its outliers not in a JVM stop are"
                + " 'other', the platform and the code not told apart"), t.shortfall);
        assertEquals(0.25, t.shareBeyondP99_9(Cause.OTHER), 1e-12);
        assertNull(t.shareBeyondP99_9(Cause.PLATFORM), "not told apart: no share, rather than a false 0");
        assertNull(t.shareBeyondP99_9(Cause.CODE));
    }

    /** A result written before the split reads back as it was: its other, no platform or code. */
    @Test
    void aResultWrittenBeforePlatformAndCodeReadsAsItWas() {
        com.google.gson.JsonObject r = com.google.gson.JsonParser.parseString("{\"tail\": {\"thresholdNs\": 5,"
                + " \"beyondP99_9\": {\"percentileNs\": 9, \"samples\": 20, \"attributed\": 20, \"gc\": 12,"
                + " \"safepoint\": 0, \"other\": 8}}}").getAsJsonObject();
        TailPart t = TailPart.of(r);
        assertEquals(8, t.beyondP99_9.count(Cause.OTHER));
        assertEquals(0.6, t.shareBeyondP99_9(Cause.GC), 1e-12);
        assertEquals(0.4, t.shareBeyondP99_9(Cause.OTHER), 1e-12);
        assertNull(t.shareBeyondP99_9(Cause.PLATFORM));
        assertNull(t.shareBeyondP99_9(Cause.CODE));
    }

    @Test
    void aForkWhoseLogHasNoNanosecondStampIsNotAttributed() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 10);
        b.add(1_500_000, 400_000);
        Path fork = fork(b);
        Files.write(tmp.resolve("gc-42.log"), List.of("[1.0s][1ms][info][safepoint] Safepoint \"ThreadDump\", Total: 9 ns"));
        TailPart t = TailAttribution.of(tmp, List.of(fork), LatencyRecorder.newHistogram());
        assertEquals(1, t.kept);
        assertEquals(0, t.forksAttributed);
        assertEquals(0, t.beyondP99.attributed);
        assertEquals(List.of("fork 42: no GC log stamped with timenanos, the samples' clock, so its 1 outliers"
                + " kept are not attributed"), t.shortfall);
    }

    /** A threshold above the measured p99.9 (a slow warm-up) keeps fewer than lie beyond it, and says so. */
    @Test
    void aThresholdAboveTheCellsP999IsSaid() throws IOException {
        OutlierBuffer b = new OutlierBuffer(500_000, 100);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 99_980);
        for (int i = 0; i < 20; i++) { // 10 of 400 us, under the threshold, and 10 of 600 us
            long latency = i < 10 ? 400_000 : 600_000;
            if (latency > b.aboveNs()) {
                b.add(3_000_000 + i, latency);
            }
            h.recordValue(latency);
        }
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(20, t.beyondP99_9.samples);
        assertEquals(10, t.beyondP99_9.attributed);
        long p99_9 = h.getValueAtPercentile(99.9);
        assertEquals(List.of("fork 42: its threshold 500000 ns lies above the cell's p99.9 " + p99_9
                + " ns; the cell holds 10 samples between them, and this fork kept none of its own"), t.shortfall);
    }

    /** A full buffer whose smallest kept lies above p99.9 may have let some beyond it go, and says so. */
    @Test
    void aFullBufferThatMayLackSamplesBeyondP999IsSaid() throws IOException {
        OutlierBuffer b = new OutlierBuffer(100_000, 5);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 99_980);
        for (int i = 0; i < 20; i++) {
            b.add(3_000_000 + i, 400_000 + i);
            h.recordValue(400_000 + i);
        }
        TailPart t = TailAttribution.of(tmp, List.of(fork(b)), h);
        assertEquals(5, t.beyondP99_9.attributed);
        assertEquals(1, t.shortfall.size(), t.shortfall.toString());
        assertEquals(true, t.shortfall.get(0).startsWith("fork 42: its buffer was full (5 kept, 15 not kept) and its"
                + " smallest kept, 400015 ns, lies above the cell's p99.9 "), t.shortfall.get(0));
    }

    @Test
    void noOutlierFileNoTail() throws IOException {
        Path fork = tmp.resolve("forks").resolve("7");
        Files.createDirectories(fork);
        assertNull(TailAttribution.of(tmp, List.of(fork), LatencyRecorder.newHistogram()));
    }

    private static com.google.gson.JsonObject wrapped(TailPart t) {
        com.google.gson.JsonObject r = new com.google.gson.JsonObject();
        r.add(TailPart.MEMBER, t.toJson());
        return r;
    }
}
