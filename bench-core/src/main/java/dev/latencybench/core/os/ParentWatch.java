package dev.latencybench.core.os;

import java.io.PrintStream;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ends this JVM when the process that started it is gone. A parent killed with SIGKILL runs no
 * shutdown hook and cannot stop its children, so each child watches its parent instead: when the
 * parent has exited (or this process was handed to another parent, which the kernel does at once)
 * the watch calls {@link System#exit}, which runs this JVM's own shutdown hooks, so a launcher still
 * stops its benchmark JVMs and keeps what they measured.
 *
 * <p>One daemon thread that looks every {@link #POLL_MS} ms; nothing on a measuring thread.
 */
public final class ParentWatch {
    /** How often the parent is looked at: a child outlives its parent by about this much. */
    static final long POLL_MS = 500;
    /** One watch per JVM, however many times a study opens a session in it. */
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private ParentWatch() {
    }

    /**
     * Starts the watch; does nothing when this process has no parent it can see.
     *
     * @param parentName what the parent is, for the one line printed when it is gone ("the runner")
     * @param exitStatus the status this JVM exits with then
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
