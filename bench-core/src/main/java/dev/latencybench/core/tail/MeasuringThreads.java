package dev.latencybench.core.tail;

import java.util.ArrayList;
import java.util.List;

/**
 * The threads of a benchmark JVM that a sample waits on, declared before or after its {@link HiccupProbe} starts,
 * since a task's set-up runs before the session makes its probe. Thread-safe; not for a hot path.
 */
public final class MeasuringThreads {
    /** A declared thread waiting for a probe: its id, its source's name and its open {@code schedstat}. */
    private static final class Declared {
        final long threadId;
        final String name;
        final RunQueueDelay delay;

        Declared(long threadId, String name, RunQueueDelay delay) {
            this.threadId = threadId;
            this.name = name;
            this.delay = delay;
        }
    }

    private static final List<Declared> WAITING = new ArrayList<>();
    private static HiccupProbe running;

    private MeasuringThreads() {
    }

    /** Declares the calling thread for the JVM's probe to watch; false where it cannot be read or too many wait. */
    public static boolean declareCurrentThread() {
        Thread me = Thread.currentThread();
        HiccupProbe p;
        synchronized (MeasuringThreads.class) {
            p = running;
            if (p == null) {
                for (Declared d : WAITING) {
                    if (d.threadId == me.getId()) {
                        return true;
                    }
                }
                if (WAITING.size() == HiccupProbe.MOST_WATCHED) {
                    return false;
                }
                RunQueueDelay delay = RunQueueDelay.ofCurrentThread();
                if (delay == null) {
                    return false;
                }
                WAITING.add(new Declared(me.getId(), HiccupProbe.runQueueOf(me), delay));
                return true;
            }
        }
        return p.watchCurrentThread();
    }

    /** The JVM's probe, now started: it watches the threads declared so far and those declared from now on. */
    static void attach(HiccupProbe probe) {
        synchronized (MeasuringThreads.class) {
            running = probe;
            for (Declared d : WAITING) {
                probe.watch(d.threadId, d.name, d.delay); // closes the file where it cannot watch it
            }
            WAITING.clear();
        }
    }

    /** Forgets the probe and the declarations (tests). */
    static void reset() {
        synchronized (MeasuringThreads.class) {
            running = null;
            WAITING.forEach(d -> d.delay.close());
            WAITING.clear();
        }
    }
}
