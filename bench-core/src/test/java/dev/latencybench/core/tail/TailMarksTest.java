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

/** The marks the report's timeline draws: per fork and cause, the worst of its worst episodes, bounded, in time order. */
class TailMarksTest {
    @TempDir
    Path tmp;

    @Test
    void eachForkKeepsTheWorstOfItsWorstEpisodesOfEachCauseInTimeOrder() throws IOException {
        // fork 7: a G1 pause over [1, 2] ms; 31 outliers end in it, then 5 end well after it
        Files.write(tmp.resolve("gc-7.log"), List.of(
                "[1.0s][1ms][1999000ns][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 0.900ms",
                "[1.0s][1ms][2000000ns][info][safepoint] Safepoint \"G1CollectForAllocation\", Time since last: 5 ns,"
                        + " Reaching safepoint: 1000 ns, Total: 1000000 ns"));
        Path fork = tmp.resolve("forks").resolve("7");
        Files.createDirectories(fork);
        OutlierBuffer b = new OutlierBuffer(1_000, 100);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(500, 100_000);
        for (int i = 0; i < 30; i++) { // 30 episodes in the pause, apart: lifetimes of 5.0-7.9 us, ends 30 us apart
            b.add(1_000_000 + 30_000 * i, 5_000 + 100 * i);
            h.recordValue(5_000 + 100 * i);
        }
        b.add(1_000_000 + 30_000 * 29 + 1_000, 20_000); // the worst, in the last one's episode: it stands for it
        h.recordValue(20_000);
        for (int i = 0; i < 5; i++) {
            b.add(9_000_000 - 100_000 * i, 3_000); // later ones first: the marks are sorted by their end
            h.recordValue(3_000);
        }
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), b);
        StallFile.write(fork.resolve(ResultLayout.STALLS), new HiccupProbe(new HiccupProbeTest.FakeClock(), 1_000_000,
                10));

        TailPart t = TailAttribution.of(tmp, List.of(fork), h);
        Map<String, List<long[]>> marks = t.marks.get("7");
        assertEquals(List.of("gc", "code"), new ArrayList<>(marks.keySet()));
        List<long[]> gc = marks.get("gc");
        assertEquals(TailPart.MARKS_PER_CAUSE, gc.size(), "the worst of the 20 worst of 30 episodes");
        for (int k = 0; k < 19; k++) {
            int i = 10 + k; // the episodes 10 to 28 by their own sample
            assertEquals(1_000_000 + 30_000 * i, gc.get(k)[0]);
            assertEquals(5_000 + 100 * i, gc.get(k)[1]);
        }
        assertEquals(1_000_000 + 30_000 * 29 + 1_000, gc.get(19)[0], "episode 29 by its worst sample, not two marks");
        assertEquals(20_000, gc.get(19)[1]);
        List<long[]> code = marks.get("code");
        assertEquals(5, code.size());
        assertEquals(8_600_000, code.get(0)[0]);
        assertEquals(9_000_000, code.get(4)[0]);

        JsonObject result = new JsonObject();
        result.add(TailPart.MEMBER, t.toJson());
        TailPart back = TailPart.of(result);
        assertEquals(20_000, back.marks.get("7").get("gc").get(19)[1], "read back from result.json");
    }
}
