package dev.latencybench.kafka;

import java.util.List;

import dev.latencybench.core.record.MessageCounts;
import dev.latencybench.core.result.ResultPart;

/**
 * The chain study's own members of {@code fork.json} and {@code result.json}, as {@link ChainTally} writes and
 * reads them. A member an older file lacks reads as null (or 0). Immutable.
 */
final class ChainResult {
    static final ResultPart<ChainResult> PART = ResultPart.of(ChainResult.class);

    final Long measuredPeriods;
    final Long wrongCounter;
    final Pacing pacing;
    final Slo slo;
    final Allocation allocation;
    final List<Chain> chains;
    final Integer instances;
    final Cpu cpu;

    ChainResult(Long measuredPeriods, Long wrongCounter, Pacing pacing, Slo slo, Allocation allocation,
            List<Chain> chains, Integer instances, Cpu cpu) {
        this.measuredPeriods = measuredPeriods;
        this.wrongCounter = wrongCounter;
        this.pacing = pacing;
        this.slo = slo;
        this.allocation = allocation;
        this.chains = chains;
        this.instances = instances;
        this.cpu = cpu;
    }

    /**
     * The CPU a step used over its measured period, in cores, averaged over its forks: the benchmark JVM's, the
     * suite's broker's (null where none served the step), and both per chain. A cell's file only.
     */
    static final class Cpu {
        final double benchmarkJvmCores;
        final Double brokerCores;
        final int chains;
        final double coresPerChain;

        Cpu(double benchmarkJvmCores, Double brokerCores, int chains) {
            this.benchmarkJvmCores = benchmarkJvmCores;
            this.brokerCores = brokerCores;
            this.chains = chains;
            this.coresPerChain = chains <= 0 ? Double.NaN
                    : (benchmarkJvmCores + (brokerCores == null ? 0 : brokerCores)) / chains;
        }
    }

    /** The rate asked of each source, and the most any fell behind its schedule, at worst and at its end. */
    static final class Pacing {
        final long askedRatePerSec;
        final long maxLagNs;
        final long finalLagNs;

        Pacing(long askedRatePerSec, long maxLagNs, long finalLagNs) {
            this.askedRatePerSec = askedRatePerSec;
            this.maxLagNs = maxLagNs;
            this.finalLagNs = finalLagNs;
        }
    }

    /** The SLO in words, how many chains broke it, and the worst chain with its figure (none when none was judged). */
    static final class Slo {
        final String rule;
        final long brokenByChains;
        final Integer worstChain;
        final Long worstValueNs;

        Slo(String rule, long brokenByChains, Integer worstChain, Long worstValueNs) {
            this.rule = rule;
            this.brokenByChains = brokenByChains;
            this.worstChain = worstChain;
            this.worstValueNs = worstValueNs;
        }
    }

    /** The bytes the sources' and sinks' threads allocated in their loops, over the messages they were for. */
    static final class Allocation {
        final long sourceBytes;
        final long sinkBytes;
        final long messages;
        final double bytesPerMessage;
        final String scope;

        Allocation(long sourceBytes, long sinkBytes, long messages, double bytesPerMessage, String scope) {
            this.sourceBytes = sourceBytes;
            this.sinkBytes = sinkBytes;
            this.messages = messages;
            this.bytesPerMessage = bytesPerMessage;
            this.scope = scope;
        }
    }

    /** One chain's figures; {@code sloValueNs} -1 when not judged, {@code latencyNs} null in a cell's file. */
    static final class Chain {
        final int chain;
        final long sent;
        final long received;
        final long lost;
        final long duplicated;
        final long outOfOrder;
        final long unexpected;
        final long outOfRange;
        final long wrongCounter;
        final long maxLagNs;
        final long finalLagNs;
        final long sloValueNs;
        final Latency latencyNs;

        Chain(int chain, MessageCounts m, long wrongCounter, long maxLagNs, long finalLagNs, long sloValueNs,
                Latency latencyNs) {
            this.chain = chain;
            this.sent = m.sent;
            this.received = m.received;
            this.lost = m.lost;
            this.duplicated = m.duplicated;
            this.outOfOrder = m.outOfOrder;
            this.unexpected = m.unexpected;
            this.outOfRange = m.outOfRange;
            this.wrongCounter = wrongCounter;
            this.maxLagNs = maxLagNs;
            this.finalLagNs = finalLagNs;
            this.sloValueNs = sloValueNs;
            this.latencyNs = latencyNs;
        }

        /** Its message counts, as bench-core counts them. */
        MessageCounts messages() {
            MessageCounts m = new MessageCounts();
            m.sent = sent;
            m.received = received;
            m.lost = lost;
            m.duplicated = duplicated;
            m.outOfOrder = outOfOrder;
            m.unexpected = unexpected;
            m.outOfRange = outOfRange;
            return m;
        }
    }

    /** A chain's end-to-end latency in ns, at 1% precision. */
    static final class Latency {
        final long p50;
        final long p99;
        final long p99_9;
        final long max;
        final long count;

        Latency(long p50, long p99, long p99_9, long max, long count) {
            this.p50 = p50;
            this.p99 = p99;
            this.p99_9 = p99_9;
            this.max = max;
            this.count = count;
        }
    }
}
