package dev.latencybench.queue.oneway;

/** The queue study's settings as result.json and fork.json record them, each member named once. Immutable. */
public final class OneWayMembers {
    final long ratePerSec;
    final int payloadBytes;

    public OneWayMembers(long ratePerSec, int payloadBytes) {
        this.ratePerSec = ratePerSec;
        this.payloadBytes = payloadBytes;
    }
}
