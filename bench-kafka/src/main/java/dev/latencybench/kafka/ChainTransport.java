package dev.latencybench.kafka;

import com.google.gson.JsonObject;

/**
 * What a chain study's transport does: carry stamped messages through the topics of each chain.
 * One instance per benchmark JVM, opened by {@link ChainTransports} for its id; the
 * {@link ChainWorkload} knows only this interface. A chain {@code c} has topics {@code 0 .. services}:
 * its source writes topic 0, service {@code i} reads topic {@code i - 1} and writes topic {@code i},
 * its sink reads the last one.
 *
 * <pre>
 *   createTopics(chains, topics)              once, on the benchmark thread, before the first period
 *   writer(c, t) / reader(c, t)               each period, on the stage thread that will use it
 *   Writer.send(...) / Reader.poll(...)       the stage's loop: the hot path
 *   close()                                   once, when the fork ends (maybe from a shutdown hook)
 * </pre>
 *
 * <p>Threading: each topic has one writing and one reading thread per period; stage threads are new
 * each period, and the previous period's have all ended before {@code writer} or {@code reader} is
 * called again (a transport may return the same object, made usable by the calling thread, or a new
 * one). A message sent before the reader of a period was made need not reach it: the workload makes
 * every reader and writer before its sources start. {@link #close} may be called while stage threads
 * still run (a shutdown hook): it must not wait for them, and their calls may then fail.
 *
 * <p>Hot path ({@code send}, {@code poll}): no logging, no locks on the in-memory and Chronicle
 * transports, nothing allocated per message where the client library allows it.
 */
public interface ChainTransport extends AutoCloseable {

    /**
     * Creates the topics: {@code chains x topicsPerChain}, empty.
     *
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

    /**
     * What an error of this transport's stage means to a user, for the failure's reason: a transport over
     * memory-mapped files says when its folder's file system is full; default {@code error.toString()}.
     */
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
         *
         * @param handedOverNs when this stage handed it over, for the next stage's hop metric
         */
        boolean send(long sequence, long intendedNs, long actualNs, long counter, long handedOverNs);
    }

    /** One topic's reading end; one thread. */
    interface Reader {
        /**
         * Hands the messages that are there to {@code handler}, in order; when there are none, waits up
         * to {@code idleWaitNs} for one (a transport with nothing to wait on parks that long).
         *
         * @return the messages handed over, 0 when none came
         */
        int poll(Handler handler, long idleWaitNs);
    }

    /** Takes one message, on the reading thread. */
    interface Handler {
        void onMessage(long sequence, long intendedNs, long actualNs, long counter, long handedOverNs);
    }
}
