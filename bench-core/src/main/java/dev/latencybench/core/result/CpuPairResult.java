package dev.latencybench.core.result;

/**
 * The {@code cpuPair} member of a paced one-way study's {@code fork.json} and {@code result.json}: the
 * cache-line round trip between the producer's and the consumer's CPUs, probed before and after each
 * measured period. It is a study's own part, but the report's generic trust table shows it beside
 * any study that records it, so its type lives here, where the runner may read it without knowing
 * the study. A plain holder: not thread-safe.
 */
public final class CpuPairResult {
    public static final ResultPart<CpuPairResult> PART = ResultPart.of(CpuPairResult.class);

    /** Null in results written before the probe existed, and in studies that do not probe. */
    public RoundTrip cpuPair;

    /** The round trips probed over a cell's periods: the lowest, the highest, and what was probed. */
    public static final class RoundTrip {
        public long roundTripMinNs;
        public long roundTripMaxNs;
        public String what;
    }
}
