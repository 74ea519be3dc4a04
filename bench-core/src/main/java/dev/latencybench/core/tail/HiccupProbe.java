package dev.latencybench.core.tail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.time.Clock;

/**
 * The platform's stalls, seen from inside the benchmark JVM: a thread that sleeps {@value #TICK_MS} ms at a time
 * keeps each wake-up later than the bound as a stall, and each growth of a watched measuring thread's run-queue
 * delay ({@link RunQueueDelay}) beyond it as a stall of that thread. The probe floats, so its own wake-ups show
 * stalls of the whole machine while run-queue delays show those of a pinned thread's CPU.
 *
 * <p>A growth {@code g} seen by a read that ended at {@code t1}, after one that started at {@code t0}, is kept as
 * {@code [t0 - g, t1]} with length {@code g}: the wait is added when the thread gets the CPU back.
 *
 * <p>Allocates nothing once started. Thread-safe: {@link #watch} from any thread; the rest runs on the probe's
 * thread, or in tests on the caller's.
 */
public final class HiccupProbe implements Runnable {
    static final long TICK_MS = 1;
    /** How long the probe sleeps between looks. */
    public static final long TICK_NS = TimeUnit.MILLISECONDS.toNanos(TICK_MS);
    /** A wake-up this late, or a run-queue delay that grew by this much between looks, is a stall. */
    public static final long BOUND_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /** The stalls kept per fork (28 bytes each on disk); later ones are counted, not kept. */
    public static final int MOST_STALLS = 100_000;
    /** Measuring threads watched at once; a thread that ended frees its place. */
    static final int MOST_WATCHED = 16;
    /** The source of a stall of the probe's own wake-up. */
    public static final String LATE_WAKE_UP = "the hiccup probe woke late";

    /** Reads a thread's run-queue delay so far, ns, -1 once it cannot; {@link RunQueueDelay} in a fork. */
    interface DelaySource extends AutoCloseable {
        long readNs();

        @Override
        void close();
    }

    private final Clock clock;
    private final long boundNs;
    private final StallBuffer stalls;
    private final List<String> sourceNames = new ArrayList<>(List.of(LATE_WAKE_UP));
    private final Set<Long> watchedThreads = new HashSet<>();
    private final List<DelaySource> pending = new ArrayList<>();
    private final List<Integer> pendingSources = new ArrayList<>();
    /** Threads watched now, or about to be: at most {@value #MOST_WATCHED}. */
    private int live;
    private volatile boolean anyPending;
    private volatile boolean stopped;
    // the probe thread's own: one slot per watched thread
    private final DelaySource[] watched = new DelaySource[MOST_WATCHED];
    private final int[] sourceOf = new int[MOST_WATCHED];
    private final long[] lastDelayNs = new long[MOST_WATCHED];
    private final long[] lastReadStartNs = new long[MOST_WATCHED];

    HiccupProbe(Clock clock, long boundNs, int capacity) {
        this.clock = clock;
        this.boundNs = boundNs;
        this.stalls = new StallBuffer(capacity);
    }

    /** A probe on {@code clock}, started now on daemon thread {@code lb-hiccup}, watching the measuring threads. */
    public static HiccupProbe start(Clock clock) {
        HiccupProbe p = new HiccupProbe(clock, BOUND_NS, MOST_STALLS);
        MeasuringThreads.attach(p);
        Thread t = new Thread(p, "lb-hiccup");
        t.setDaemon(true);
        t.start();
        return p;
    }

    /** The name of a stall of {@code thread}'s run queue: {@code run queue of lb-producer}. */
    static String runQueueOf(Thread thread) {
        return "run queue of " + thread.getName();
    }

    /** Watches the calling thread's run queue from the next look on; false where it cannot or too many are watched. */
    public boolean watchCurrentThread() {
        Thread me = Thread.currentThread();
        synchronized (this) {
            if (watchedThreads.contains(me.getId())) {
                return true;
            }
        }
        RunQueueDelay d = RunQueueDelay.ofCurrentThread();
        return d != null && watch(me.getId(), runQueueOf(me), d);
    }

    /** Watches a thread through {@code source}; false (and closed) when it is watched already or too many are. */
    synchronized boolean watch(long threadId, String name, DelaySource source) {
        if (live == MOST_WATCHED || !watchedThreads.add(threadId)) {
            source.close();
            return false;
        }
        live++;
        sourceNames.add(name);
        pending.add(source);
        pendingSources.add(sourceNames.size() - 1);
        anyPending = true;
        return true;
    }

    @Override
    public void run() {
        while (!stopped) {
            look();
        }
        for (int i = 0; i < MOST_WATCHED; i++) {
            release(i);
        }
    }

    /** Ends the probe's loop after its current sleep. */
    public void stop() {
        stopped = true;
    }

    /** One sleep and what it saw: the wake-up, each watched thread's run queue, then the threads newly watched. */
    void look() {
        long dueNs = clock.nanoTime() + TICK_NS;
        clock.sleepNanos(TICK_NS);
        woke(dueNs, clock.nanoTime());
        for (int i = 0; i < MOST_WATCHED; i++) {
            if (watched[i] != null) {
                long startNs = clock.nanoTime();
                long delayNs = watched[i].readNs();
                ranQueue(i, delayNs, startNs, clock.nanoTime());
            }
        }
        if (anyPending) {
            adoptPending(); // read from the next look on
        }
    }

    /** The probe meant to wake at {@code dueNs} and woke at {@code wokeNs}. */
    void woke(long dueNs, long wokeNs) {
        if (wokeNs - dueNs > boundNs) {
            stalls.add(dueNs, wokeNs, 0);
        }
    }

    /** Slot {@code i}'s thread had waited {@code delayNs} in all by a read from {@code startNs} to {@code endNs}. */
    void ranQueue(int i, long delayNs, long startNs, long endNs) {
        if (delayNs < 0) { // the thread ended
            release(i);
            return;
        }
        long grewNs = delayNs - lastDelayNs[i];
        if (grewNs > boundNs) {
            stalls.add(lastReadStartNs[i] - grewNs, endNs, sourceOf[i], grewNs);
        }
        lastDelayNs[i] = delayNs;
        lastReadStartNs[i] = startNs;
    }

    private synchronized void adoptPending() {
        for (int p = 0; p < pending.size(); p++) {
            for (int i = 0; i < MOST_WATCHED; i++) {
                if (watched[i] == null) {
                    watched[i] = pending.get(p);
                    sourceOf[i] = pendingSources.get(p);
                    lastReadStartNs[i] = clock.nanoTime();
                    lastDelayNs[i] = watched[i].readNs(); // the baseline: what it waited before it was watched
                    break;
                }
            }
        }
        pending.clear();
        pendingSources.clear();
        anyPending = false;
    }

    private void release(int i) {
        if (watched[i] != null) {
            watched[i].close();
            watched[i] = null;
            synchronized (this) {
                live--;
            }
        }
    }

    public long boundNs() {
        return boundNs;
    }

    public StallBuffer stalls() {
        return stalls;
    }

    /** Each stall's source by its index: 0 the probe's own wake-up, then the watched threads in the order watched. */
    public synchronized List<String> sourceNames() {
        return new ArrayList<>(sourceNames);
    }
}
