package dev.latencybench.queue.oneway;

/** Receives one message's stamps on the consumer thread, once the transport's {@code poll} read it whole. */
@FunctionalInterface
public interface MessageHandler {
    void onMessage(long sequence, long intendedSendNs, long actualSendNs);
}
