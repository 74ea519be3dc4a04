package dev.latencybench.core.jmh;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;


/**
 * Publishes the latency percentiles of each iteration as JMH secondary results
 * ({@code lat.p50} ... {@code lat.p99.99}, {@code lat.max}, {@code lat.samples}, {@code msg.lost}),
 * so JMH's own output, its JSON ({@code -rf json}) and the tools that read it see them.
 *
 * <p>Runs inside the forked benchmark JVM: the harness calls {@link #publish} at the end of each
 * measured period and the profiler hands the numbers to JMH after the iteration. Use with
 * {@code -prof dev.latencybench.core.jmh.LatencyProfiler}. The percentiles are
 * {@link PercentileResult}s, which carry their histograms: JMH merges forks by adding them, so its
 * figures are the same as the suite's own result files, never an average of percentiles.
 */
public final class LatencyProfiler implements InternalProfiler {
    private static final AtomicReference<Published> LAST = new AtomicReference<>();
    private static final String[] LABELS = {"lat.p50", "lat.p90", "lat.p99", "lat.p99.9", "lat.p99.99"};
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    /** Called by the harness (benchmark thread) when a period ends, with the period's latencies. */
    public static void publish(Histogram latency, long lost) {
        LAST.set(new Published(latency, lost)); // the period's own histogram, not written after the period
    }

    @Override
    public String getDescription() {
        return "latency-bench: latency percentiles from the intended send time, samples and lost messages";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        LAST.set(null);
    }

    @Override
    @SuppressWarnings("rawtypes") // JMH's own signature uses the raw Result type
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
                                                       IterationParams iterationParams, IterationResult result) {
        Published p = LAST.getAndSet(null);
        if (p == null) {
            return Collections.emptyList();
        }
        Histogram h = p.latency;
        List<Result<?>> out = new ArrayList<>();
        if (h.getTotalCount() > 0) {
            out.addAll(PercentileResult.of(h, LABELS, PERCENTILES));
            out.add(new ScalarResult("lat.max", h.getMaxValue(), "ns", AggregationPolicy.MAX));
        }
        out.add(new ScalarResult("lat.samples", h.getTotalCount(), "samples", AggregationPolicy.SUM));
        out.add(new ScalarResult("msg.lost", p.lost, "messages", AggregationPolicy.SUM));
        return out;
    }

    private static final class Published {
        final Histogram latency;
        final long lost;

        Published(Histogram latency, long lost) {
            this.latency = latency;
            this.lost = lost;
        }
    }
}
