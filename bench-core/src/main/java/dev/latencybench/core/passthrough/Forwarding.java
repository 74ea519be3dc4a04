package dev.latencybench.core.passthrough;

/**
 * What a hop does to a message it forwards: the pass-through's hops add one to its counter
 * ({@link #ADD_ONE}), so the sink can tell that every hop handled every message once. Tests plug in
 * a broken hop here (one that forgets to add one, or drops a message) to see the sink catch it.
 *
 * <p>Called on a hop's thread for every message: it must not allocate, block or log.
 */
interface Forwarding {
    /** Returned by {@link #next} for a message the hop does not forward. */
    long DROP = Long.MIN_VALUE;

    /** What every pass-through hop does: forwards the message with its counter plus one. */
    Forwarding ADD_ONE = (hop, sequence, counter) -> counter + 1;

    /**
     * @param hop      which hop, from 1
     * @param sequence the message's sequence number
     * @param counter  its counter as the hop received it
     * @return the counter to forward it with, or {@link #DROP}
     */
    long next(int hop, long sequence, long counter);
}
