package dev.latencybench.queue.oneway;

import dev.latencybench.core.result.ResultPart;

/**
 * The one-way harness's own members of {@code fork.json} and {@code result.json}: {@code measuredPeriods},
 * {@code pacing} and {@code allocation}; a member an older file lacks reads as null (or 0). Immutable.
 */
public final class OneWayResult {
    public static final ResultPart<OneWayResult> PART = ResultPart.of(OneWayResult.class);

    final Long measuredPeriods;
    final Pacing pacing;
    final Allocation allocation;

    OneWayResult(Long measuredPeriods, Pacing pacing, Allocation allocation) {
        this.measuredPeriods = measuredPeriods;
        this.pacing = pacing;
        this.allocation = allocation;
    }

    /** The rate asked and the lowest achieved, how far the producer fell behind, and the late sends. */
    static final class Pacing {
        final long askedRatePerSec;
        final double achievedRatePerSec;
        final long maxLagNs;
        final long finalLagNs;
        final long lateSends;

        Pacing(long askedRatePerSec, double achievedRatePerSec, long maxLagNs, long finalLagNs, long lateSends) {
            this.askedRatePerSec = askedRatePerSec;
            this.achievedRatePerSec = achievedRatePerSec;
            this.maxLagNs = maxLagNs;
            this.finalLagNs = finalLagNs;
            this.lateSends = lateSends;
        }
    }

    /** The bytes the producer's and consumer's threads allocated over the measured periods, and per message sent. */
    static final class Allocation {
        final long producerBytes;
        final long consumerBytes;
        final double bytesPerMessage;
        final String scope;

        Allocation(long producerBytes, long consumerBytes, double bytesPerMessage, String scope) {
            this.producerBytes = producerBytes;
            this.consumerBytes = consumerBytes;
            this.bytesPerMessage = bytesPerMessage;
            this.scope = scope;
        }
    }
}
