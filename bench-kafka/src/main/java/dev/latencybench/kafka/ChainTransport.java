package dev.latencybench.kafka;

import com.google.gson.JsonObject;

/**
 * Carries stamped messages through the topics {@code 0 .. services} of each chain; one instance per benchmark JVM.
 *
 * <p>Threading: {@link #createTopics} once on the benchmark thread; {@code writer} and {@code reader} each period on
 * the stage thread that uses it, after the previous period's threads ended. A message sent before a period's reader
 * was made need not reach it. {@link #close} may run while stage threads still run and must not wait for them.
 * {@code send} and {@code poll} are the hot path: no logging, and no allocation where the client allows it.
 */
public interface ChainTransport extends AutoCloseable {

    /**
     * Creates the topics: {@code chains x topicsPerChain}, empty.
     * @throws Exception when they cannot be made (no space, no broker): the fork fails with it
     */
    void createTopics(int chains, int topicsPerChain) throws Exception;

    /** The writing end of topic {@code topic} of chain {@code chain}, for the calling thread. */
    Writer writer(int chain, int topic);

    /** The reading end of topic {@code topic} of chain {@code chain}, for the calling thread, at the topic's end. */
    Reader reader(int chain, int topic);

    /** The transport's settings and counters for {@code fork.json} (client settings, folders); default none. */
    default void describe(JsonObject fork) {
    }

    /** What a stage's error means to a user, for the failure's reason; default {@code error.toString()}. */
    default String explain(Throwable error) {
        return error.toString();
    }

    /** Removes every topic and file and stops every client; idempotent. */
    @Override
    void close();

    /** One topic's writing end; one thread. */
    interface Writer {
        /**
         * Sends one message; false when the topic is full and nothing was sent (try again).
         * @param handedOverNs when this stage handed it over, for the next stage's hop metric
         */
        boolean send(long sequence, long intendedNs, long actualNs, long counter, long handedOverNs);
    }

    /** One topic's reading end; one thread. */
    interface Reader {
        /**
         * Hands the messages there to {@code handler}, in order; when there are none, waits up to {@code idleWaitNs}.
         * @return the messages handed over, 0 when none came
         */
        int poll(Handler handler, long idleWaitNs);
    }

    /** Takes one message, on the reading thread. */
    interface Handler {
        void onMessage(long sequence, long intendedNs, long actualNs, long counter, long handedOverNs);
    }
}
