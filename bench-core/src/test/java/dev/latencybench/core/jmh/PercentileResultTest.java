package dev.latencybench.core.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencyRecorder;

class PercentileResultTest {
    private static Histogram latencies(long value, long count) {
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(value, count);
        return h;
    }

    @Test
    void forksAreMergedByTheirHistogramsNotByAveragingPercentiles() throws Exception {
        // fork A: 1,000 x 100 ns; fork B: 3,000 x 300 ns. Averaging the forks' medians gives 200 ns,
        // which no message took; the median of all 4,000 is 300 ns.
        PercentileResult a = new PercentileResult("lat.p50", 50, latencies(100, 1_000));
        PercentileResult b = new PercentileResult("lat.p50", 50, latencies(300, 3_000));
        assertEquals(100, a.getScore());
        assertEquals(300, b.getScore());

        PercentileResult merged = a.getIterationAggregator().aggregate(List.of(a, b));
        assertEquals(300, merged.getScore(), 300 * 0.001);
        assertEquals("lat.p50", merged.getLabel());
        assertEquals("ns", merged.getScoreUnit());
        assertEquals(4_000, merged.histogram().getTotalCount());
    }

    @Test
    void theResultsOfOnePeriodShareOneEncoding() {
        Histogram h = latencies(100, 1_000);
        h.recordValueWithCount(5_000, 10);
        List<PercentileResult> all = PercentileResult.of(h, new String[] {"lat.p50", "lat.p99.9"},
                new double[] {50, 99.9});
        assertEquals(List.of("lat.p50", "lat.p99.9"), List.of(all.get(0).getLabel(), all.get(1).getLabel()));
        assertEquals(new PercentileResult("lat.p50", 50, h).getScore(), all.get(0).getScore());
        assertEquals(new PercentileResult("lat.p99.9", 99.9, h).getScore(), all.get(1).getScore());
        assertEquals(h, all.get(1).histogram());
    }

    @Test
    void itTravelsFromTheForkToTheHostWithItsHistogram() throws Exception {
        // JMH sends results from the forked JVM to the host by Java serialization
        PercentileResult sent = new PercentileResult("lat.p99", 99, latencies(2_500, 10_000));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sent);
        }
        PercentileResult received;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            received = (PercentileResult) in.readObject();
        }
        assertEquals(sent.getScore(), received.getScore());
        assertEquals(sent.histogram(), received.histogram());
    }
}
