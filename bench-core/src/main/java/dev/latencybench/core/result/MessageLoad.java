package dev.latencybench.core.result;

/**
 * The load of a study that sends messages at a fixed rate, as it records it in {@code result.json}: messages a
 * second and bytes per message (the queue and chain studies). Read by the report's scenario heading; a result
 * without them reads with both null.
 */
public final class MessageLoad {
    public static final ResultPart<MessageLoad> PART = ResultPart.of(MessageLoad.class);

    /** Messages a second the sources send; null where the study records none. */
    public Long ratePerSec;
    /** Bytes per message; null where the study records none. */
    public Integer payloadBytes;

    /** Whether both are recorded. */
    public boolean known() {
        return ratePerSec != null && payloadBytes != null;
    }
}
