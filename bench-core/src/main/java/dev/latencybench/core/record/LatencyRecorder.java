package dev.latencybench.core.record;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Records, per received message, its latency (receive time minus <em>intended</em> send time: free
 * of coordinated omission, since a stalled sender cannot hide the messages queued behind it) and its
 * service time (receive time minus <em>actual</em> send time: what the original studies printed).
 *
 * <p>Threading: one writer thread calls {@link #record}; one reader thread calls
 * {@link #sampleInterval} to take interval histograms. Hot-path cost of {@code record}: two
 * wait-free HdrHistogram increments, no allocation. Values outside [0, {@link #HIGHEST_TRACKABLE_NS}]
 * are counted, never clamped into the histogram.
 */
public final class LatencyRecorder {
    /** Highest value the histograms hold: ten minutes. Larger values are counted as overflowed. */
    public static final long HIGHEST_TRACKABLE_NS = TimeUnit.MINUTES.toNanos(10);
    /** Three significant digits: 0.1% value resolution at every magnitude. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final SingleWriterRecorder latency =
            new SingleWriterRecorder(1, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    private final SingleWriterRecorder serviceTime =
            new SingleWriterRecorder(1, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    private volatile long outOfRange;

    private Histogram latencyInterval;
    private Histogram serviceInterval;

    /** Creates an empty histogram with the recorder's range, for totals and merges. */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    /** Writer thread only. */
    public void record(long intendedSendNs, long actualSendNs, long receiveNs) {
        long latencyNs = receiveNs - intendedSendNs;
        long serviceNs = receiveNs - actualSendNs;
        if (latencyNs < 0 || latencyNs > HIGHEST_TRACKABLE_NS || serviceNs < 0 || serviceNs > HIGHEST_TRACKABLE_NS) {
            outOfRange++; // single writer: a plain increment of a volatile is safe here
            return;
        }
        latency.recordValue(latencyNs);
        serviceTime.recordValue(serviceNs);
    }

    /** Messages whose latency was negative or above {@link #HIGHEST_TRACKABLE_NS}; not in the histograms. */
    public long outOfRange() {
        return outOfRange;
    }

    /**
     * Reader thread only: swaps out what was recorded since the last call. The returned histograms
     * are reused by the next call: copy or consume them before calling again.
     */
    public void sampleInterval() {
        latencyInterval = latency.getIntervalHistogram(latencyInterval);
        serviceInterval = serviceTime.getIntervalHistogram(serviceInterval);
    }

    /** The latency histogram of the last {@link #sampleInterval()}. */
    public Histogram latencyInterval() {
        return latencyInterval;
    }

    /** The service-time histogram of the last {@link #sampleInterval()}. */
    public Histogram serviceInterval() {
        return serviceInterval;
    }
}
