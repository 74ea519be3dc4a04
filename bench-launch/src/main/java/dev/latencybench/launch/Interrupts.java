package dev.latencybench.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.SystemClock;

/**
 * The launcher's answer to a signal: stop the forks, clean up, merge the step in progress once (by the main thread
 * or the hook, whichever comes first) and print what was measured. Thread-safe.
 */
final class Interrupts {
    private static final long FORK_STOP_WAIT_MS = 10_000;

    private final PrintStream err;
    private final Clock clock;
    private volatile boolean interrupted;
    private volatile boolean finished;
    /** The merge of the step in progress, taken once: by the main thread, or by the shutdown hook. */
    private final AtomicReference<Runnable> pendingMerge = new AtomicReference<>();
    private volatile CountDownLatch stepDone = new CountDownLatch(0);
    private Thread hook;

    Interrupts(PrintStream err) {
        this(err, SystemClock.INSTANCE);
    }

    Interrupts(PrintStream err, Clock clock) {
        this.err = err;
        this.clock = clock;
    }

    /**
     * Installs the hook.
     * @param cleanUp   removes what killed forks left outside the results
     * @param afterward prints what was measured, once the step in progress is merged
     */
    void install(Runnable cleanUp, Runnable afterward) {
        hook = new Thread(() -> onSignal(cleanUp, afterward), "lb-launcher-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Removes the hook after a run that ended; false when the JVM is already shutting down. */
    boolean uninstall() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            return true;
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    boolean interrupted() {
        return interrupted;
    }

    /** Every step ran (or the run stopped): a signal from now on finds nothing to stop. */
    void finished() {
        finished = true;
    }

    /** A step starts: the hook merges it with {@code onInterrupt} unless the main thread does first. */
    CountDownLatch stepStarts(Runnable onInterrupt) {
        CountDownLatch done = new CountDownLatch(1);
        stepDone = done;
        pendingMerge.set(onInterrupt);
        return done;
    }

    /** True when the main thread takes the step's merge; false when the hook already took it. */
    boolean takeMerge(Runnable onInterrupt) {
        return pendingMerge.compareAndSet(onInterrupt, null);
    }

    private void onSignal(Runnable cleanUp, Runnable afterward) {
        if (finished) {
            return;
        }
        interrupted = true;
        err.println();
        err.println("latency-bench: interrupted; stopping the benchmark JVMs and keeping what they measured ...");
        List<ProcessHandle> children = new ArrayList<>();
        ProcessHandle.current().descendants().forEach(children::add);
        children.forEach(ProcessHandle::destroy);
        long deadlineNs = clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FORK_STOP_WAIT_MS);
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNs - clock.nanoTime())),
                        TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                child.destroyForcibly();
            }
        }
        cleanUp.run();
        Runnable merge = pendingMerge.getAndSet(null);
        if (merge != null) {
            merge.run();
        } else {
            try { // the main thread is merging the step: wait for it, so the table has every row
                stepDone.await(FORK_STOP_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        afterward.run();
    }
}
