package dev.latencybench.core.fork;

import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.tail.OutlierBuffer;

/**
 * Where a workload records one metric during a period: a single-writer HdrHistogram recorder for a metric one
 * thread records, a concurrent one where several do. Values outside [0,
 * {@link LatencyRecorder#HIGHEST_TRACKABLE_NS}] are counted, never clamped. A measured period's primary recorder
 * also hands outliers to an {@link OutlierBuffer} ({@link #record(long, long)}).
 *
 * <p>Hot path: {@link #record} is one wait-free histogram increment (single writer) or a few atomic operations;
 * no allocation.
 */
public final class MetricRecorder {
    private final Metric metric;
    private final SingleWriterRecorder single;
    private final Recorder shared;
    private final AtomicLong outOfRange = new AtomicLong();
    /** Where outliers go; null keeps none. */
    private final OutlierBuffer outliers;
    /** A value above this is an outlier: the buffer's threshold, or the highest value, which none exceeds. */
    private final long outlierAboveNs;
    private Histogram interval;

    MetricRecorder(Metric metric) {
        this(metric, null);
    }

    /** @param outliers where values above its threshold go with their end time; null keeps none */
    MetricRecorder(Metric metric, OutlierBuffer outliers) {
        this.metric = metric;
        this.outliers = outliers;
        this.outlierAboveNs = outliers == null ? Long.MAX_VALUE : outliers.aboveNs();
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

    /** Records a value that ended at {@code endNs}, keeping an outlier with that time; false when out of range. */
    public boolean record(long value, long endNs) {
        if (value > outlierAboveNs && value <= LatencyRecorder.HIGHEST_TRACKABLE_NS) {
            if (single != null) {
                outliers.add(endNs, value);
            } else {
                outliers.addShared(endNs, value);
            }
        }
        return record(value);
    }

    /** Values recorded outside the histogram's range this period. */
    public long outOfRange() {
        return outOfRange.get();
    }

    /** Monitor thread only: what was recorded since the last call; the histogram is reused by the next call. */
    Histogram sampleInterval() {
        interval = single != null ? single.getIntervalHistogram(interval) : shared.getIntervalHistogram(interval);
        return interval;
    }
}
