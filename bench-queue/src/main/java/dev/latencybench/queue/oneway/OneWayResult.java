package dev.latencybench.queue.oneway;

import dev.latencybench.core.result.ResultPart;

/**
 * The one-way harness's own members of {@code fork.json} and {@code result.json}, named once, here: what
 * {@link OneWayTally} writes of a fork's periods and of a cell's forks added up, and reads back to add the forks
 * up. The message counts ({@code sent}, {@code received}, ...) are bench-core's {@code MessageCounts} and the
 * CPU pair's round trips its {@code CpuPairResult}, beside these at the top level. A member an older file lacks
 * reads as null (or 0). Immutable. Its members: {@code measuredPeriods}, the measured periods counted;
 * {@code pacing}, the producer's rate, asked and achieved, and how far it fell behind; {@code allocation}, what
 * the producer's and consumer's threads allocated.
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

    /**
     * The rate asked; the lowest a measured period achieved (0 with none); the most the producer fell behind its
     * schedule, at worst and at a period's end; and the sends made later than their time.
     */
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
