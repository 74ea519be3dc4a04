package dev.latencybench.queue.oneway;

/**
 * The queue study's settings as result.json records them (its {@code recorded}) and as each fork.json records
 * them, each member named once here and written in this order with {@link dev.latencybench.core.json.JsonCodec}.
 * Immutable.
 */
public final class OneWayMembers {
    final long ratePerSec;
    final int payloadBytes;

    public OneWayMembers(long ratePerSec, int payloadBytes) {
        this.ratePerSec = ratePerSec;
        this.payloadBytes = payloadBytes;
    }
}
