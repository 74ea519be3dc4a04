package dev.latencybench.startup;

import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.Others;

/**
 * What a fork keeps of the load generator's report: numbers, not the histograms (those are in the .hlog); a member a
 * file lacks is null. Immutable.
 */
record LoadSummary(Integer batchRequests, Integer concurrency, List<Batch> batches, Open open) {
    /** One batch: its number, the requests before it, errors, throughput, and its percentiles in {@code figures}. */
    record Batch(Integer batch, Long requestsBefore, Long errors, Long perSec, @Others JsonObject figures) {
        Percentiles percentiles() {
            return JsonCodec.fromJson(figures == null ? new JsonObject() : figures, Percentiles.class);
        }
    }

    /** The open loop: its rate, requests, errors, how far the sender fell behind, and both histograms' figures. */
    record Open(Long ratePerSec, Long requests, Long errors, Long maxSendLagNs, Percentiles latency,
            Percentiles service) {
    }

    /** A histogram's count and percentiles, in nanoseconds. */
    record Percentiles(Long count, Long p50, Long p95, Long p99, Long p99_9, Long max) {
    }
}
