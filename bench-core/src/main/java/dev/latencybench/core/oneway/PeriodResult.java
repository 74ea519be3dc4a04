package dev.latencybench.core.oneway;

import dev.latencybench.core.record.LatencySummary;

/** What one period of a {@link OneWayHarness} measured. Immutable. */
public final class PeriodResult {
    static final PeriodResult EMPTY = new PeriodResult(new LatencySummary(0, 0, 0, 0, 0, 0, 0), 0, 0, 0);

    public final LatencySummary latency;
    public final long sent;
    public final long received;
    public final long lost;

    PeriodResult(LatencySummary latency, long sent, long received, long lost) {
        this.latency = latency;
        this.sent = sent;
        this.received = received;
        this.lost = lost;
    }
}
