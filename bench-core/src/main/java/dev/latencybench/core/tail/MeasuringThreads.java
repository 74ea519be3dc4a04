package dev.latencybench.core.tail;

import java.util.ArrayList;
import java.util.List;

/**
 * The threads of a benchmark JVM that a sample waits on, declared by the study or the task before or after its
 * {@link HiccupProbe} starts: a task's worker thread that it pins in its set-up ({@code TaskContext.pinWorkerThread}),
 * long before the first measured period starts the probe. The probe watches each one's run-queue wait
 * ({@link RunQueueDelay}) from when it starts, or from the declaration if it runs already. A thread declared where
 * its {@code schedstat} cannot be read (not Linux) is not watched; the probe's own late wake-ups then remain.
 *
 * <p>Why the JVM's, not a session's: a task's set-up runs before the fork's session makes its probe, and one
 * benchmark JVM runs one probe. At most {@value HiccupProbe#MOST_WATCHED} threads are waiting for a probe at once
 * (further declarations are refused). Thread-safe (the class's lock); not for a hot path: a declaration opens one
 * {@code /proc} file.
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

    /**
     * Declares the calling thread as one a sample waits on: the JVM's probe watches its run-queue wait (named
     * {@code run queue of <thread name>}) from now on, or from when it starts. False where it cannot be read or too
     * many wait already; true where it is or will be watched.
     */
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

    /** Forgets the probe and the declarations (tests): the next probe started watches only what is declared after. */
    static void reset() {
        synchronized (MeasuringThreads.class) {
            running = null;
            WAITING.forEach(d -> d.delay.close());
            WAITING.clear();
        }
    }
}
