package dev.latencybench.queue.oneway;

/**
 * What a one-way latency scenario plugs into the harness: something that carries a message from
 * one producer thread to one consumer thread. The harness paces the producer, stamps the times,
 * numbers the messages and records what the consumer receives; the transport only moves bytes.
 *
 * <pre>
 *   producer thread                        consumer thread
 *   trySend(seq, intended, sent) --[transport]--> poll(handler) -> handler.onMessage(seq, intended, sent)
 * </pre>
 *
 * <p>Threading: {@link #trySend} is called by one producer thread only and {@link #poll} by one
 * consumer thread only; the start hooks run on those threads before their first call. Hot-path
 * contract: after warm-up, {@code trySend} and {@code poll} allocate nothing, log nothing and take
 * no locks.
 */
public interface MessageTransport extends AutoCloseable {
    /** Called on the producer thread before it sends in a period (acquire thread-bound resources here). */
    default void onProducerStart() {
    }

    /** Called on the consumer thread before it polls in a period; it must see every message sent after this returns. */
    default void onConsumerStart() {
    }

    /** Called on the consumer thread when it stops polling in a period. */
    default void onConsumerStop() {
    }

    /**
     * Sends one message carrying the three stamps (and the payload, if the transport has one).
     *
     * @return false when the transport is full and the harness should retry; true when sent
     */
    boolean trySend(long sequence, long intendedSendNs, long actualSendNs);

    /**
     * Receives what is available (at least the whole payload of each message is read) and hands each
     * message to {@code handler}.
     *
     * @return the number of messages handed over; 0 when none was waiting
     */
    int poll(MessageHandler handler);

    /** The payload size actually carried per message, in bytes. */
    int payloadBytes();

    /**
     * What an error of this transport's send or receive means, for the run's reasons; a transport that knows its
     * errors better than their {@code toString()} (a full queue folder) says so.
     */
    default String explain(Throwable error) {
        return error.toString();
    }

    /**
     * Whether after this error the transport cannot carry another period (its queue's file system is full): the
     * fork's later periods are then not run, instead of each failing its own way (a queue lock left held).
     */
    default boolean broken(Throwable error) {
        return false;
    }

    /** Releases everything, files included; called once, also after a failure. */
    @Override
    void close();
}
