package dev.latencybench.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    private static Histogram oneToTenThousand() {
        Histogram h = LatencyRecorder.newHistogram();
        for (int v = 1; v <= 10_000; v++) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void percentilesOfKnownDataAsHdrHistogramReportsThem() {
        LatencySummary s = LatencySummary.of(oneToTenThousand());
        // three significant digits: each value is the highest equivalent of its bucket
        assertEquals(5_003, s.p50);
        assertEquals(9_007, s.p90);
        assertEquals(9_903, s.p99);
        assertEquals(9_991, s.p99_9);
        assertEquals(9_999, s.p99_99);
        assertEquals(10_007, s.max);
        assertEquals(10_000, s.count);
    }

    @Test
    void anEmptyHistogramGivesZeros() {
        assertEquals(new LatencySummary(0, 0, 0, 0, 0, 0, 0), LatencySummary.of(LatencyRecorder.newHistogram()));
    }

    @Test
    void jsonHasTheFieldNamesOfResultJson() {
        JsonObject json = new LatencySummary(1, 2, 3, 4, 5, 6, 7).toJson();
        assertEquals(List.of("p50", "p90", "p99", "p99_9", "p99_99", "max", "count"),
                json.keySet().stream().collect(Collectors.toList()));
        assertEquals("{\"p50\":1,\"p90\":2,\"p99\":3,\"p99_9\":4,\"p99_99\":5,\"max\":6,\"count\":7}", json.toString());
    }

    @Test
    void jsonRoundTrip() {
        LatencySummary s = LatencySummary.of(oneToTenThousand());
        LatencySummary back = LatencySummary.fromJson(JsonParser.parseString(s.toJson().toString()).getAsJsonObject());
        assertEquals(s, back);
        assertEquals(s.hashCode(), back.hashCode());
        assertEquals("p50=5003 p90=9007 p99=9903 p99.9=9991 p99.99=9999 max=10007 count=10000", back.toString());
    }

    @Test
    void equalsComparesEveryField() {
        LatencySummary s = new LatencySummary(1, 2, 3, 4, 5, 6, 7);
        assertEquals(s, new LatencySummary(1, 2, 3, 4, 5, 6, 7));
        assertNotEquals(s, new LatencySummary(9, 2, 3, 4, 5, 6, 7));
        assertNotEquals(s, new LatencySummary(1, 9, 3, 4, 5, 6, 7));
        assertNotEquals(s, new LatencySummary(1, 2, 9, 4, 5, 6, 7));
        assertNotEquals(s, new LatencySummary(1, 2, 3, 9, 5, 6, 7));
        assertNotEquals(s, new LatencySummary(1, 2, 3, 4, 9, 6, 7));
        assertNotEquals(s, new LatencySummary(1, 2, 3, 4, 5, 9, 7));
        assertNotEquals(s, new LatencySummary(1, 2, 3, 4, 5, 6, 9));
        assertNotEquals(s, "p50=1");
    }

    @Test
    void mergedHistogramsGiveThePercentilesOfTheUnionNotTheAverage() {
        Histogram fast = LatencyRecorder.newHistogram();
        Histogram slow = LatencyRecorder.newHistogram();
        for (int v = 1; v <= 1_000; v++) {
            fast.recordValue(v);
            slow.recordValue(1_000_000);
        }
        LatencySummary a = LatencySummary.of(fast);
        LatencySummary b = LatencySummary.of(slow);
        assertEquals(500, a.p50);
        assertEquals(1_000_447, b.p50);

        Histogram merged = LatencyRecorder.newHistogram();
        merged.add(fast);
        merged.add(slow);
        LatencySummary m = LatencySummary.of(merged);
        assertEquals(new LatencySummary(1_000, 1_000_447, 1_000_447, 1_000_447, 1_000_447, 1_000_447, 2_000), m);
        assertNotEquals((a.p50 + b.p50) / 2, m.p50);
    }

    @Test
    void tenSamplesBeyondAPercentileAreTheLeastThatIsShownOrJudged() {
        assertEquals(10, LatencySummary.SHOWN_BEYOND);
        assertEquals(2, LatencySummary.beyond(2_000, 99.9));
        assertFalse(LatencySummary.shown(2_000, 99.9));
        assertTrue(LatencySummary.shown(10_000, 99.9));
        assertEquals(10_000, LatencySummary.neededFor(99.9));
        assertEquals(100_000, LatencySummary.neededFor(99.99));
        assertEquals(20, LatencySummary.neededFor(50));
        assertEquals(1_000, LatencySummary.neededFor(99));
    }
}
