package dev.latencybench.core.os;

import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ends this JVM when the process that started it is gone: a parent killed with SIGKILL cannot stop its children, so
 * each child watches its parent and calls {@link System#exit}, which runs its own shutdown hooks. One daemon thread;
 * nothing on a measuring thread.
 */
public final class ParentWatch {
    /** How often the parent is looked at: a child outlives its parent by about this much. */
    static final long POLL_MS = 500;
    /** One watch per JVM, however many sessions a study opens in it. */
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private ParentWatch() {
    }

    /**
     * Starts the watch; does nothing when this process has no parent it can see.
     *
     * @param parentName what the parent is, for the line printed when it is gone ("the runner")
     */
    public static void start(String parentName, int exitStatus, PrintStream err) {
        Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        if (parent.isEmpty() || !STARTED.compareAndSet(false, true)) {
            return;
        }
        ProcessHandle watched = parent.get();
        Thread t = new Thread(() -> {
            while (isAlive(watched)) {
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            err.println("latency-bench: " + parentName + " (pid " + watched.pid() + ") is gone; stopping");
            System.exit(exitStatus);
        }, "lb-parent-watch");
        t.setDaemon(true);
        t.start();
    }

    /** Alive, and still this process's parent: a parent killed but not yet reaped counts as gone. */
    static boolean isAlive(ProcessHandle parent) {
        return parent.isAlive() && ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L)
                == parent.pid();
    }
}
