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

    /** A warm-up of 1 s taken as one interval (the session's last sample): the whole warm-up is its second half. */
    private static void warmUp(ForkTail t, Histogram h) {
        t.warmupInterval(h, 1_000_000_000L, 1_000_000_000L);
        t.warmedUp(1_000_000_000L);
    }

    @Test
    void theWarmUpsP90IsTheThresholdAndOnePercentOfTheExpectedSamplesTheCapacity() {
        ForkTail t = new ForkTail(0, 200_000_000_000L);
        warmUp(t, oneToTenThousand());
        OutlierBuffer b = t.forMeasuredPeriod();
        assertEquals(oneToTenThousand().highestEquivalentValue(9_000), b.aboveNs());
        assertEquals(20_000, b.capacity(), "1% of 10,000 in 1 s scaled to 200 s");
        assertSame(b, t.forMeasuredPeriod(), "one buffer for the fork's measured periods");
    }

    /** Start-up and the JIT in the first half: its slow samples do not set the threshold. */
    @Test
    void theThresholdIsTheP90OfTheIntervalsTakenAfterTheWarmUpsMidpoint() {
        Histogram slow = LatencyRecorder.newHistogram();
        slow.recordValueWithCount(5_000_000, 10_000);
        ForkTail t = new ForkTail(0, 400_000_000_000L);
        long warmupNs = 4_000_000_000L;
        t.warmupInterval(slow, 1_000_000_000L, warmupNs);
        t.warmupInterval(slow, 2_000_000_000L, warmupNs); // the midpoint's sample ends the first half
        t.warmupInterval(oneToTenThousand(), 3_000_000_000L, warmupNs);
        t.warmupInterval(oneToTenThousand(), 4_000_000_000L, warmupNs);
        t.warmedUp(warmupNs);
        OutlierBuffer b = t.forMeasuredPeriod();
        assertEquals(oneToTenThousand().highestEquivalentValue(9_000), b.aboveNs());
        assertEquals(40_000, b.capacity(), "1% of the whole warm-up's 40,000 in 4 s scaled to 400 s");
    }

    @Test
    void aWarmUpThatEndedBeforeItsMidpointGivesItsWholeP90() {
        ForkTail t = new ForkTail(0, 200_000_000_000L);
        t.warmupInterval(oneToTenThousand(), 400_000_000L, 1_000_000_000L);
        t.warmedUp(1_000_000_000L);
        assertEquals(oneToTenThousand().highestEquivalentValue(9_000), t.forMeasuredPeriod().aboveNs());
    }

    /** Every smoke run (Jet's windows, a chain step's messages, the queue's 200,000): every sample a candidate, at least 1,000 kept. */
    @Test
    void upTo250kSamplesKeepTheWorstOfAll() {
        ForkTail t = new ForkTail(0, 2_000_000_000L);
        warmUp(t, oneToTenThousand());
        OutlierBuffer b = t.forMeasuredPeriod();
        assertEquals(0, b.aboveNs(), "20,000 expected: every sample a candidate");
        assertEquals(ForkTail.LEAST_KEPT, b.capacity(), "1% of 20,000 is under 1,000");
        ForkTail smoke = new ForkTail(0, 25_000_000_000L);
        warmUp(smoke, oneToTenThousand());
        assertEquals(0, smoke.forMeasuredPeriod().aboveNs(), "250,000 expected: still every sample a candidate");
        assertEquals(2_500, smoke.forMeasuredPeriod().capacity());
        ForkTail many = new ForkTail(0, 26_000_000_000L);
        warmUp(many, oneToTenThousand());
        assertEquals(oneToTenThousand().highestEquivalentValue(9_000), many.forMeasuredPeriod().aboveNs(),
                "260,000 expected: the warm-up's p90");
    }

    @Test
    void benchTailAboveOverridesTheWarmUp() {
        ForkTail t = new ForkTail(50_000, 1_000_000_000L);
        warmUp(t, oneToTenThousand());
        assertEquals(50_000, t.forMeasuredPeriod().aboveNs());
    }

    @Test
    void noWarmUpKeepsTheWorstOfEverySample() {
        OutlierBuffer all = new ForkTail(0, 1_000_000_000L).forMeasuredPeriod();
        assertEquals(0, all.aboveNs());
        assertEquals(ForkTail.KEPT_WITHOUT_ESTIMATE, all.capacity());
        assertEquals(ForkTail.KEPT_WITHOUT_ESTIMATE, new ForkTail(1_000, 1_000_000_000L).forMeasuredPeriod().capacity());
    }

    @Test
    void theCapacityStopsAtAMillion() {
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 200_000_000L);
        ForkTail t = new ForkTail(0, 1_000_000_000L);
        warmUp(t, h);
        assertEquals(ForkTail.MOST_KEPT, t.forMeasuredPeriod().capacity());
    }

    /**
     * 10,000 records, one in three above the threshold and growing, through a buffer of 16: it fills, then each
     * larger outlier takes the smallest kept one's place (the heap's sift-down). Run for a metric one thread
     * records (no lock) and for one several threads record (the buffer's lock), after a warm-up of the same paths.
     */
    private static void keepsTheLargestAndAllocatesNothing(Metric metric) {
        for (int round = 0; round < 3; round++) { // warm every path (below, fill, replace, not kept) before measuring
            MetricRecorder warm = new MetricRecorder(metric, new OutlierBuffer(1_000, 16));
            for (int i = 0; i < 30_000; i++) {
                warm.record(i % 2 == 0 ? 500 : 1_001 + i % 4_000, i);
            }
        }
        // Measured up to 5 times, the least counted: a compilation or deoptimization of the recording path that
        // lands inside one measurement can allocate once (a deoptimized frame's objects), never per record; a
        // record that allocated would show in every measurement (3,333 outliers: at least 53 KB).
        OutlierBuffer b = null;
        MetricRecorder r = null;
        long readingCostBytes = 0;
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 5 && allocated != readingCostBytes; attempt++) {
            b = new OutlierBuffer(1_000, 16);
            r = new MetricRecorder(metric, b);
            long probe = ThreadAllocation.currentThreadBytes();
            readingCostBytes = ThreadAllocation.currentThreadBytes() - probe; // what reading the counter allocates
            long before = ThreadAllocation.currentThreadBytes();
            for (int i = 0; i < 10_000; i++) {
                long value = i % 3 == 2 ? 1_000 + i : 999 + (i % 3); // 999, 1000, then an outlier 1000 + i
                r.record(value, 1_000_000 + i);
            }
            allocated = Math.min(allocated, ThreadAllocation.currentThreadBytes() - before);
        }
        assertEquals(readingCostBytes, allocated, "bytes allocated by 10,000 records, with reading the counter,"
                + " the least of 5 measurements");
        assertEquals(16, b.size());
        assertEquals(3_333 - 16, b.notKept(), "each outlier beyond the 16th pushed a smaller one out");
        long[] kept = new long[16];
        for (int k = 0; k < 16; k++) {
            kept[k] = b.latencyNs(k);
            assertEquals(1_000_000 + b.latencyNs(k) - 1_000, b.endNs(k), "its own end time");
        }
        java.util.Arrays.sort(kept);
        assertEquals(1_000 + 9_998 - 15 * 3, kept[0], "the 16 largest: the last 16 outliers");
        assertEquals(1_000 + 9_998, kept[15]);
        assertEquals(10_000, r.sampleInterval().getTotalCount());
    }

    @Test
    void theRecorderKeepsTheLargestValuesAboveTheThresholdWithTheirEndTimeAndAllocatesNothing() {
        keepsTheLargestAndAllocatesNothing(Metric.nanos("latency", "test"));
    }

    @Test
    void aRecorderOfSeveralWritersKeepsThemUnderTheBuffersLockAndAllocatesNothing() {
        keepsTheLargestAndAllocatesNothing(new Metric("latency", "test", "ns", Metric.Writers.MANY));
    }
}
