package dev.latencybench.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    private static final long MAX = LatencyRecorder.HIGHEST_TRACKABLE_NS;

    @Test
    void latencyIsFromTheIntendedTimeAndServiceTimeFromTheActualTime() {
        LatencyRecorder r = new LatencyRecorder();
        r.record(1_000, 1_500, 3_000); // values below 2048 are held exactly
        r.sampleInterval();
        Histogram latency = r.latencyInterval();
        Histogram service = r.serviceInterval();
        assertEquals(1, latency.getTotalCount());
        assertEquals(1, latency.getCountAtValue(2_000));
        assertEquals(2_000, latency.getMaxValue());
        assertEquals(1, service.getTotalCount());
        assertEquals(1, service.getCountAtValue(1_500));
        assertEquals(1_500, service.getMaxValue());
        assertEquals(0, r.outOfRange());
    }

    @Test
    void zeroAndTheHighestTrackableValueAreRecorded() {
        LatencyRecorder r = new LatencyRecorder();
        r.record(5_000, 5_000, 5_000);
        r.record(0, 0, MAX);
        r.sampleInterval();
        assertEquals(2, r.latencyInterval().getTotalCount());
        assertEquals(1, r.latencyInterval().getCountAtValue(0));
        assertEquals(1, r.latencyInterval().getCountAtValue(MAX));
        assertEquals(2, r.serviceInterval().getTotalCount());
        assertEquals(0, r.outOfRange());
    }

    @Test
    void outOfRangeValuesAreCountedAndNotRecorded() {
        LatencyRecorder r = new LatencyRecorder();
        r.record(2_000, 2_000, 1_000);          // negative latency and service time
        r.record(1_000, 2_000, 1_500);          // latency fine, service time negative
        r.record(0, MAX, MAX + 1);              // latency above the range, service time fine
        r.record(0, 0, MAX + 1);                // both above the range
        r.record(100, 100, 200);                // in range
        r.sampleInterval();
        assertEquals(4, r.outOfRange());
        assertEquals(1, r.latencyInterval().getTotalCount());
        assertEquals(1, r.latencyInterval().getCountAtValue(100));
        assertEquals(1, r.serviceInterval().getTotalCount());
        assertEquals(1, r.serviceInterval().getCountAtValue(100));
    }

    @Test
    void sampleIntervalReturnsWhatWasRecordedSinceThePreviousSample() {
        LatencyRecorder r = new LatencyRecorder();
        r.record(0, 0, 10);
        r.record(0, 0, 20);
        r.record(0, 0, 30);
        r.sampleInterval();
        assertEquals(3, r.latencyInterval().getTotalCount());
        assertEquals(30, r.latencyInterval().getMaxValue());

        r.record(0, 0, 40);
        r.record(0, 0, 50);
        r.sampleInterval();
        assertEquals(2, r.latencyInterval().getTotalCount());
        assertEquals(40, r.latencyInterval().getMinValue());
        assertEquals(50, r.latencyInterval().getMaxValue());
        assertEquals(2, r.serviceInterval().getTotalCount());

        r.sampleInterval();
        assertEquals(0, r.latencyInterval().getTotalCount());
        assertEquals(0, r.serviceInterval().getTotalCount());
    }

    @Test
    void newHistogramHasTheRecordersRangeAndPrecision() {
        Histogram h = LatencyRecorder.newHistogram();
        assertEquals(1, h.getLowestDiscernibleValue());
        assertEquals(MAX, h.getHighestTrackableValue());
        assertEquals(3, h.getNumberOfSignificantValueDigits());
        assertEquals(0, h.getTotalCount());
    }
}
