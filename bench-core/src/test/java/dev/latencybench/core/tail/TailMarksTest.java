package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.result.ResultLayout;

/** The marks the report's timeline draws: per fork and cause, its worst in each of 20 time slots, in time order. */
class TailMarksTest {
    @TempDir
    Path tmp;

    @Test
    void eachCauseKeepsItsWorstInEachTwentiethOfTheForksOutlierTimeInTimeOrder() throws IOException {
        // fork 7: a G1 safepoint over [0.99, 2] ms; 31 outliers lie in it, then 5 well after it
        Files.write(tmp.resolve("gc-7.log"), List.of(
                "[1.0s][1ms][1999000ns][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 0.900ms",
                "[1.0s][1ms][2000000ns][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 5 ns,"
                        + " Reaching safepoint: 1000 ns, Total: 1010000 ns"));
        Path fork = tmp.resolve("forks").resolve("7");
        Files.createDirectories(fork);
        OutlierBuffer b = new OutlierBuffer(1_000, 100);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(500, 100_000);
        for (int i = 0; i < 30; i++) { // one every 30 us in the pause, each a little slower
            b.add(1_000_000 + 30_000 * i, 5_000 + 100 * i);
            h.recordValue(5_000 + 100 * i);
        }
        b.add(1_871_000, 20_000); // the worst of all
        h.recordValue(20_000);
        for (int i = 0; i < 5; i++) { // later ones first: the marks are sorted by their end
            b.add(9_000_000 - 100_000 * i, 3_000 + 10 * i);
            h.recordValue(3_000 + 10 * i);
        }
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), b);
        StallFile.write(fork.resolve(ResultLayout.STALLS), new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000,
                10));

        TailPart t = TailAttribution.of(tmp, List.of(fork), h);
        Map<String, List<long[]>> marks = t.marks.get("7");
        assertEquals(List.of("gc", "code"), new ArrayList<>(marks.keySet()));
        // the outliers end from 1.0 to 9.0 ms: 20 slots of 0.4 ms, the pause's in the first three
        List<long[]> gc = marks.get("gc");
        assertEquals(3, gc.size());
        assertArrayEquals(new long[] {1_390_000, 6_300}, gc.get(0), "the worst of [1.0, 1.4) ms");
        assertArrayEquals(new long[] {1_780_000, 7_600}, gc.get(1), "the worst of [1.4, 1.8) ms");
        assertArrayEquals(new long[] {1_871_000, 20_000}, gc.get(2), "the worst of [1.8, 2.2) ms");
        List<long[]> code = marks.get("code");
        assertEquals(2, code.size(), "8.6 ms in the last slot but one, the others in the last");
        assertArrayEquals(new long[] {8_600_000, 3_040}, code.get(0));
        assertArrayEquals(new long[] {8_700_000, 3_030}, code.get(1));

        JsonObject result = new JsonObject();
        result.add(TailPart.MEMBER, t.toJson());
        TailPart back = TailPart.of(result);
        assertEquals(20_000, back.marks.get("7").get("gc").get(2)[1], "read back from result.json");
    }
}
