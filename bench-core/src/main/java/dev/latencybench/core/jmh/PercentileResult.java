package dev.latencybench.core.jmh;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Aggregator;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.util.SingletonStatistics;

import dev.latencybench.core.record.LatencyRecorder;

/**
 * One latency percentile as a JMH secondary result that carries its compressed histogram, so JMH merges forks by
 * adding histograms, as {@code result.json} does, instead of averaging percentiles. Immutable; off the hot path.
 */
public final class PercentileResult extends org.openjdk.jmh.results.Result<PercentileResult> {
    private static final long serialVersionUID = 1L;

    private final double percentile;
    private final byte[] histogram;

    /** @param percentile e.g. 99.9; the score is the histogram's value at it, in ns */
    public PercentileResult(String label, double percentile, Histogram latencies) {
        this(label, percentile, encode(latencies), latencies.getValueAtPercentile(percentile));
    }

    /** One result per label, {@code labels[i]} at {@code percentiles[i]}, sharing one encoding of the histogram. */
    public static List<PercentileResult> of(Histogram latencies, String[] labels, double[] percentiles) {
        byte[] encoded = encode(latencies);
        List<PercentileResult> out = new ArrayList<>();
        for (int i = 0; i < labels.length; i++) {
            out.add(new PercentileResult(labels[i], percentiles[i], encoded,
                    latencies.getValueAtPercentile(percentiles[i])));
        }
        return out;
    }

    private PercentileResult(String label, double percentile, byte[] histogram, double value) {
        super(ResultRole.SECONDARY, label, new SingletonStatistics(value), "ns", AggregationPolicy.AVG);
        this.percentile = percentile;
        this.histogram = histogram;
    }

    /** The latencies this result was read from (merged ones, after aggregation). */
    public Histogram histogram() {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(histogram), 0);
        } catch (DataFormatException e) {
            throw new IllegalStateException("a percentile result's histogram is damaged: " + e.getMessage(), e);
        }
    }

    @Override
    protected Aggregator<PercentileResult> getThreadAggregator() {
        return PercentileResult::merge;
    }

    @Override
    protected Aggregator<PercentileResult> getIterationAggregator() {
        return PercentileResult::merge;
    }

    /** Adds the histograms of results of one label and reads the percentile from the sum. */
    static PercentileResult merge(Collection<PercentileResult> results) {
        Histogram sum = LatencyRecorder.newHistogram();
        String label = null;
        double percentile = 0;
        for (PercentileResult r : results) {
            sum.add(r.histogram());
            label = r.getLabel();
            percentile = r.percentile;
        }
        return new PercentileResult(label, percentile, sum);
    }

    private static byte[] encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buf);
        byte[] out = new byte[length];
        buf.flip();
        buf.get(out);
        return out;
    }
}
