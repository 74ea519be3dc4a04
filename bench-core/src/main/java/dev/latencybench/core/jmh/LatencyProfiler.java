package dev.latencybench.core.jmh;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.HdrHistogram.Histogram;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;


/**
 * A JMH profiler ({@code -prof dev.latencybench.core.jmh.LatencyProfiler}) that publishes each measured period's
 * percentiles per declared metric, and the workload's counts, as JMH secondary results. The percentiles are
 * {@link PercentileResult}s carrying their histograms, so JMH merges forks exactly, never averaging percentiles.
 */
public final class LatencyProfiler implements InternalProfiler {
    private static final AtomicReference<Published> LAST = new AtomicReference<>();
    private static final String[] PCT_LABELS = {"p50", "p90", "p99", "p99.9", "p99.99"};
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    /** Called by the fork session when a measured period ends, with each metric's histogram and the counts. */
    public static void publish(Metrics metrics, List<Histogram> perMetric, Map<String, Long> counts,
                               Map<String, String> units) {
        LAST.set(new Published(metrics, perMetric, counts, units)); // the period's own histograms, not written after
    }

    @Override
    public String getDescription() {
        return "latency-bench: percentiles of each declared metric (latency from the intended send time first),"
                + " samples and the workload's counts";
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
        List<Result<?>> out = new ArrayList<>();
        for (int i = 0; i < p.metrics.size(); i++) {
            Metric m = p.metrics.all().get(i);
            Histogram h = p.perMetric.get(i);
            if (h.getTotalCount() > 0) {
                String[] labels = new String[PCT_LABELS.length];
                for (int j = 0; j < labels.length; j++) {
                    labels[j] = m.name() + "." + PCT_LABELS[j];
                }
                out.addAll(PercentileResult.of(h, labels, PERCENTILES));
                out.add(new ScalarResult(m.name() + ".max", h.getMaxValue(), m.unit(), AggregationPolicy.MAX));
            }
            out.add(new ScalarResult(m.name() + ".samples", h.getTotalCount(), "samples", AggregationPolicy.SUM));
        }
        p.counts.forEach((name, value) -> out.add(new ScalarResult(name, value, p.units.getOrDefault(name, "count"),
                AggregationPolicy.SUM)));
        return out;
    }

    private static final class Published {
        final Metrics metrics;
        final List<Histogram> perMetric;
        final Map<String, Long> counts;
        final Map<String, String> units;

        Published(Metrics metrics, List<Histogram> perMetric, Map<String, Long> counts, Map<String, String> units) {
            this.metrics = metrics;
            this.perMetric = perMetric;
            this.counts = counts;
            this.units = units;
        }
    }
}
