package dev.latencybench.kafka;

/**
 * What a service does to a message's counter, so the sink can tell every service handled it once; tests break it.
 * Called per message on a service's thread: must not allocate, block or log.
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
