package dev.latencybench.core.fork;

import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.Metric;

/**
 * Where a workload records one metric during a period: a single-writer HdrHistogram recorder for a
 * metric one thread records ({@link Metric.Writers#ONE}), a concurrent one where several do. The
 * session's monitor thread takes an interval histogram from it every second. Values outside
 * [0, {@link LatencyRecorder#HIGHEST_TRACKABLE_NS}] are counted, never clamped into the histogram.
 *
 * <p>Hot path: {@link #record} is one wait-free histogram increment (single writer) or a few
 * atomic operations (concurrent); no allocation.
 */
public final class MetricRecorder {
    private final Metric metric;
    private final SingleWriterRecorder single;
    private final Recorder shared;
    private final AtomicLong outOfRange = new AtomicLong();
    private Histogram interval;

    MetricRecorder(Metric metric) {
        this.metric = metric;
        if (metric.writers() == Metric.Writers.ONE) {
            this.single = new SingleWriterRecorder(1, LatencyRecorder.HIGHEST_TRACKABLE_NS,
                    LatencyRecorder.SIGNIFICANT_DIGITS);
            this.shared = null;
        } else {
            this.single = null;
            this.shared = new Recorder(1, LatencyRecorder.HIGHEST_TRACKABLE_NS, LatencyRecorder.SIGNIFICANT_DIGITS);
        }
    }

    public Metric metric() {
        return metric;
    }

    /** Records one value; false (and counted) when it is outside the histogram's range. */
    public boolean record(long value) {
        if (value < 0 || value > LatencyRecorder.HIGHEST_TRACKABLE_NS) {
            if (single != null) {
                outOfRange.lazySet(outOfRange.get() + 1); // one writer: no update can be lost
            } else {
                outOfRange.incrementAndGet();
            }
            return false;
        }
        if (single != null) {
            single.recordValue(value);
        } else {
            shared.recordValue(value);
        }
        return true;
    }

    /** Values recorded outside the histogram's range this period. */
    public long outOfRange() {
        return outOfRange.get();
    }

    /**
     * Monitor thread only: what was recorded since the last call. The histogram is reused by the
     * next call: consume it before calling again.
     */
    Histogram sampleInterval() {
        interval = single != null ? single.getIntervalHistogram(interval) : shared.getIntervalHistogram(interval);
        return interval;
    }
}
