package dev.latencybench.queue.oneway;

/**
 * Carries messages from one producer thread to one consumer thread; the harness paces, stamps, numbers and records.
 * {@link #trySend} and {@link #poll} are each called by one thread only, and after warm-up allocate nothing, log
 * nothing and take no locks.
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

    /** Sends one message with the three stamps; returns false when the transport is full and the harness retries. */
    boolean trySend(long sequence, long intendedSendNs, long actualSendNs);

    /** Hands each available message to {@code handler}, its whole payload read; returns how many, 0 when none. */
    int poll(MessageHandler handler);

    /** The payload carried per message, in bytes. */
    int payloadBytes();

    /** What an error of this transport's send or receive means, for the run's reasons. */
    default String explain(Throwable error) {
        return error.toString();
    }

    /** Whether after this error the transport cannot carry another period, so the fork's later periods are not run. */
    default boolean broken(Throwable error) {
        return false;
    }

    /** Releases everything, files included; called once, also after a failure. */
    @Override
    void close();
}
