package dev.latencybench.startup.load;

import java.util.List;

/**
 * What the load generator writes to its JSON file and the start-up workload reads back; {@code open} is null where
 * none ran. Immutable.
 */
public record LoadReport(List<Batch> batches, Open open) {
    /** One closed-loop batch: its requests, those that got no 200, its length and every request's latency. */
    public record Batch(long requests, long errors, long elapsedNs, String histogram) {
    }

    /** The open loop: its rate, requests, errors, how far the sender fell behind, its two histograms. */
    public record Open(long ratePerSec, long requests, long errors, long maxSendLagNs, String latency,
            String service) {
    }
}
