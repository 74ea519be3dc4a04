package dev.latencybench.core.tail;

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

/** The marks the report's timeline draws: per fork and cause, the worst outliers kept, bounded, in time order. */
class TailMarksTest {
    @TempDir
    Path tmp;

    @Test
    void eachForkKeepsItsWorstOutliersOfEachCauseInTimeOrder() throws IOException {
        // fork 7: a G1 pause over [1, 2] ms; 30 outliers end in it, rising, then 5 end well after it
        Files.write(tmp.resolve("gc-7.log"), List.of(
                "[1.0s][1ms][1999000ns][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 0.900ms",
                "[1.0s][1ms][2000000ns][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 5 ns,"
                        + " Reaching safepoint: 1000 ns, Total: 1000000 ns"));
        Path fork = tmp.resolve("forks").resolve("7");
        Files.createDirectories(fork);
        OutlierBuffer b = new OutlierBuffer(10_000, 100);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 100_000);
        for (int i = 0; i < 30; i++) {
            b.add(1_500_000 + 10_000 * i, 100_000 + 1_000 * i);
            h.recordValue(100_000 + 1_000 * i);
        }
        for (int i = 0; i < 5; i++) {
            b.add(9_000_000 - 100_000 * i, 50_000); // later ones first: the marks are sorted by their end
            h.recordValue(50_000);
        }
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), b);
        StallFile.write(fork.resolve(ResultLayout.STALLS), new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000,
                10));

        TailPart t = TailAttribution.of(tmp, List.of(fork), h);
        Map<String, List<long[]>> marks = t.marks.get("7");
        assertEquals(List.of("gc", "code"), new ArrayList<>(marks.keySet()));
        List<long[]> gc = marks.get("gc");
        assertEquals(TailPart.MARKS_PER_CAUSE, gc.size(), "the worst 20 of 30");
        for (int k = 0; k < gc.size(); k++) {
            int i = 10 + k;
            assertEquals(1_500_000 + 10_000 * i, gc.get(k)[0]);
            assertEquals(100_000 + 1_000 * i, gc.get(k)[1]);
        }
        List<long[]> code = marks.get("code");
        assertEquals(5, code.size());
        assertEquals(8_600_000, code.get(0)[0]);
        assertEquals(9_000_000, code.get(4)[0]);

        JsonObject result = new JsonObject();
        result.add(TailPart.MEMBER, t.toJson());
        TailPart back = TailPart.of(result);
        assertEquals(129_000, back.marks.get("7").get("gc").get(19)[1], "read back from result.json");
    }
}
