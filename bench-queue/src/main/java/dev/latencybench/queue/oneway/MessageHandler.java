package dev.latencybench.queue.oneway;

/**
 * Receives the stamps of one message on the consumer thread. Implemented by the harness; called by
 * a {@link MessageTransport}'s {@code poll} as soon as the message has been read whole.
 */
@FunctionalInterface
public interface MessageHandler {
    void onMessage(long sequence, long intendedSendNs, long actualSendNs);
}
