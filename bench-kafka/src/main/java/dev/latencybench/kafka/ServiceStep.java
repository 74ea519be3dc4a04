package dev.latencybench.kafka;

/**
 * What a service does to a message it forwards: the chain's services add one to its counter
 * ({@link #ADD_ONE}), so the sink can tell that every service handled every message once. Tests plug
 * in a broken service here (one that forgets to add one) to see the sink catch it.
 *
 * <p>Called on a service's thread for every message: it must not allocate, block or log.
 */
interface ServiceStep {
    /** What every service of the study does. */
    ServiceStep ADD_ONE = (service, sequence, counter) -> counter + 1;

    /**
     * @param service which service, from 1
     * @return the counter to forward the message with
     */
    long next(int service, long sequence, long counter);
}
