package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.tail.OutlierBuffer;

class ForkTailTest {
    private static Histogram oneToTenThousand() {
        Histogram h = LatencyRecorder.newHistogram();
        for (int v = 1; v <= 10_000; v++) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void theWarmUpsP99IsTheThresholdAndOnePercentOfTheExpectedSamplesTheCapacity() {
        ForkTail t = new ForkTail(0, 2_000_000_000L);
        t.warmedUp(oneToTenThousand(), 1_000_000_000L);
        OutlierBuffer b = t.forMeasuredPeriod();
        assertEquals(oneToTenThousand().getValueAtPercentile(99.0), b.aboveNs());
        assertEquals(200, b.capacity(), "1% of 10,000 in 1 s scaled to 2 s");
        assertSame(b, t.forMeasuredPeriod(), "one buffer for the fork's measured periods");
    }

    @Test
    void benchTailAboveOverridesTheWarmUp() {
        ForkTail t = new ForkTail(50_000, 1_000_000_000L);
        t.warmedUp(oneToTenThousand(), 1_000_000_000L);
        assertEquals(50_000, t.forMeasuredPeriod().aboveNs());
    }

    @Test
    void noWarmUpNoThresholdNoOutliers() {
        assertNull(new ForkTail(0, 1_000_000_000L).forMeasuredPeriod());
        assertEquals(ForkTail.KEPT_WITHOUT_ESTIMATE, new ForkTail(1_000, 1_000_000_000L).forMeasuredPeriod().capacity());
    }

    @Test
    void theCapacityStopsAtAMillion() {
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 200_000_000L);
        ForkTail t = new ForkTail(0, 1_000_000_000L);
        t.warmedUp(h, 1_000_000_000L);
        assertEquals(ForkTail.MOST_KEPT, t.forMeasuredPeriod().capacity());
    }

    @Test
    void theRecorderKeepsOnlyValuesAboveTheThresholdWithTheirEndTimeAndAllocatesNothing() {
        OutlierBuffer b = new OutlierBuffer(1_000, 16);
        MetricRecorder r = new MetricRecorder(Metric.nanos("latency", "test"), b);
        for (int i = 0; i < 20_000; i++) { // warm the path before measuring its allocation
            r.record(500, i);
        }
        long probe = ThreadAllocation.currentThreadBytes();
        long readingCostBytes = ThreadAllocation.currentThreadBytes() - probe; // what reading the counter allocates
        long before = ThreadAllocation.currentThreadBytes();
        for (int i = 0; i < 10_000; i++) {
            r.record(999 + (i % 3), 1_000_000 + i); // 999, 1000 and 1001: one in three above
        }
        long allocated = ThreadAllocation.currentThreadBytes() - before;
        assertEquals(16, b.size());
        assertEquals(3_333 - 16, b.notKept());
        assertEquals(1_000_002, b.endNs(0));
        assertEquals(1_001, b.latencyNs(0));
        assertEquals(readingCostBytes, allocated, "bytes allocated by 10,000 records, with reading the counter");
        assertEquals(30_000, r.sampleInterval().getTotalCount());
    }
}
