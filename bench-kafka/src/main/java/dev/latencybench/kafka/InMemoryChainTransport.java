package dev.latencybench.kafka;

import java.util.concurrent.locks.LockSupport;


/**
 * The {@code in-memory} transport, the chain study's floor: one {@link Ring} per topic, so what it measures is the
 * harness itself. Threading as {@link ChainTransport} says; no allocation per message.
 */
final class InMemoryChainTransport implements ChainTransport {
    /** Messages a topic holds before its writer waits: a second at the study's rate. */
    static final int RING_CAPACITY = 1024;

    private Ring[][] rings = new Ring[0][];

    @Override
    public void createTopics(int chains, int topicsPerChain) {
        rings = new Ring[chains][topicsPerChain];
        for (Ring[] chain : rings) {
            for (int t = 0; t < chain.length; t++) {
                chain[t] = new Ring(RING_CAPACITY);
            }
        }
    }

    @Override
    public Writer writer(int chain, int topic) {
        Ring ring = rings[chain][topic];
        return ring::offer;
    }

    @Override
    public Reader reader(int chain, int topic) {
        Ring ring = rings[chain][topic];
        ring.clear(); // between periods neither side runs; an aborted period may have left messages
        return (handler, idleWaitNs) -> {
            int slot = ring.take();
            if (slot < 0) {
                LockSupport.parkNanos(idleWaitNs);
                return 0;
            }
            int n = 0;
            while (slot >= 0) {
                long sequence = ring.get(slot, Ring.SEQUENCE);
                long intended = ring.get(slot, Ring.INTENDED_NS);
                long actual = ring.get(slot, Ring.ACTUAL_NS);
                long counter = ring.get(slot, Ring.COUNTER);
                long handedOver = ring.get(slot, Ring.HANDED_OVER_NS);
                ring.release();
                handler.onMessage(sequence, intended, actual, counter, handedOver);
                n++;
                slot = ring.take();
            }
            return n;
        };
    }

    @Override
    public void close() {
        rings = new Ring[0][];
    }
}
