package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.Metric;

class MetricRecorderTest {
    private static final long MAX = LatencyRecorder.HIGHEST_TRACKABLE_NS;

    private static MetricRecorder one() {
        return new MetricRecorder(Metric.nanos("latency", "test"));
    }

    @Test
    void zeroAndTheHighestTrackableValueAreRecorded() {
        MetricRecorder r = one();
        r.record(0);
        r.record(MAX);
        r.record(2_000); // values below 2048 are held exactly
        Histogram h = r.sampleInterval();
        assertEquals(3, h.getTotalCount());
        assertEquals(1, h.getCountAtValue(0));
        assertEquals(1, h.getCountAtValue(MAX));
        assertEquals(1, h.getCountAtValue(2_000));
        assertEquals(0, r.outOfRange());
    }

    @Test
    void outOfRangeValuesAreCountedAndNotRecorded() {
        MetricRecorder r = one();
        r.record(-1);
        r.record(MAX + 1);
        r.record(100);
        Histogram h = r.sampleInterval();
        assertEquals(2, r.outOfRange());
        assertEquals(1, h.getTotalCount());
        assertEquals(1, h.getCountAtValue(100));
    }

    @Test
    void sampleIntervalReturnsWhatWasRecordedSinceThePreviousSample() {
        MetricRecorder r = one();
        r.record(10);
        r.record(30);
        assertEquals(2, r.sampleInterval().getTotalCount());
        r.record(40);
        r.record(50);
        Histogram second = r.sampleInterval();
        assertEquals(2, second.getTotalCount());
        assertEquals(40, second.getMinValue());
        assertEquals(50, second.getMaxValue());
        assertEquals(0, r.sampleInterval().getTotalCount());
    }

    @Test
    void severalWritersShareAConcurrentRecorderWithoutLosingValues() throws InterruptedException {
        MetricRecorder r = new MetricRecorder(new Metric("last", "test", "ns", Metric.Writers.MANY));
        Thread[] writers = new Thread[4];
        for (int t = 0; t < writers.length; t++) {
            writers[t] = new Thread(() -> {
                for (int i = 0; i < 50_000; i++) {
                    r.record(i % 1_000);
                    if (i % 10_000 == 0) {
                        r.record(-1);
                    }
                }
            });
            writers[t].start();
        }
        long seen = 0;
        for (Thread w : writers) {
            while (w.isAlive()) {
                seen += r.sampleInterval().getTotalCount(); // sampled while they write
                w.join(1);
            }
        }
        seen += r.sampleInterval().getTotalCount();
        assertEquals(200_000, seen);
        assertEquals(20, r.outOfRange());
    }

    @Test
    void newHistogramHasTheRecordersRangeAndPrecision() {
        Histogram h = LatencyRecorder.newHistogram();
        assertEquals(1, h.getLowestDiscernibleValue());
        assertEquals(MAX, h.getHighestTrackableValue());
        assertEquals(3, h.getNumberOfSignificantValueDigits());
    }
}
