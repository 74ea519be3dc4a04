package dev.latencybench.core.jmh;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import dev.latencybench.core.record.LatencySummary;

/**
 * Publishes the latency percentiles of each iteration as JMH secondary results
 * ({@code lat.p50} ... {@code lat.p99.99}, {@code lat.max}, {@code lat.samples}, {@code msg.lost}),
 * so JMH's own output, its JSON ({@code -rf json}) and the tools that read it see them.
 *
 * <p>Runs inside the forked benchmark JVM: the harness calls {@link #publish} at the end of each
 * measured period and the profiler hands the numbers to JMH after the iteration. Use with
 * {@code -prof dev.latencybench.core.jmh.LatencyProfiler}. JMH shows the average over forks for
 * percentiles; the suite's own result files merge histograms instead and are the ones to quote.
 */
public final class LatencyProfiler implements InternalProfiler {
    private static final AtomicReference<Published> LAST = new AtomicReference<>();

    /** Called by the harness (benchmark thread) when a period ends. */
    public static void publish(LatencySummary latency, long lost) {
        LAST.set(new Published(latency, lost));
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
        LatencySummary s = p.latency;
        List<ScalarResult> out = new ArrayList<>();
        out.add(new ScalarResult("lat.p50", s.p50, "ns", AggregationPolicy.AVG));
        out.add(new ScalarResult("lat.p90", s.p90, "ns", AggregationPolicy.AVG));
        out.add(new ScalarResult("lat.p99", s.p99, "ns", AggregationPolicy.AVG));
        out.add(new ScalarResult("lat.p99.9", s.p99_9, "ns", AggregationPolicy.AVG));
        out.add(new ScalarResult("lat.p99.99", s.p99_99, "ns", AggregationPolicy.AVG));
        out.add(new ScalarResult("lat.max", s.max, "ns", AggregationPolicy.MAX));
        out.add(new ScalarResult("lat.samples", s.count, "samples", AggregationPolicy.SUM));
        out.add(new ScalarResult("msg.lost", p.lost, "messages", AggregationPolicy.SUM));
        return out;
    }

    private static final class Published {
        final LatencySummary latency;
        final long lost;

        Published(LatencySummary latency, long lost) {
            this.latency = latency;
            this.lost = lost;
        }
    }
}
