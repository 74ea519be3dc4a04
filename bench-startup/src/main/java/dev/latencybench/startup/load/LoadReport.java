package dev.latencybench.startup.load;

import java.util.List;

/**
 * What the load generator writes to its JSON file and the start-up workload reads back: each closed-loop batch and
 * the open loop, histograms encoded ({@link LoadGenerator#decode}). Its members are named once, here. Immutable.
 *
 * @param batches the closed-loop batches, in order
 * @param open the open loop; null where none ran
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
