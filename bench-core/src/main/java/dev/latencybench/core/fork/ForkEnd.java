package dev.latencybench.core.fork;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** How a benchmark JVM ends when a period or tear-down passes its bound: stack logged, JVM halted. Stateless. */
public final class ForkEnd {
    /** The exit status of a benchmark JVM that ended itself because its workload was stuck. */
    public static final int STUCK_EXIT = 86;
    /** How long a workload that was told to stop may take to stop before it is taken as stuck. */
    public static final long STOP_GRACE_NS = TimeUnit.SECONDS.toNanos(5);
    /** How long the hook of a System.exit of the measured code waits for the period in progress to end. */
    static final long EXIT_WAIT_NS = TimeUnit.SECONDS.toNanos(1);
    /** How often a session that told its workload to stop looks whether it is stuck. */
    static final long STUCK_CHECK_NS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How long a workload's close may take after a signal, so a clean-up does not wait out a stopped broker. */
    static final long SIGNAL_CLOSE_NS = TimeUnit.MILLISECONDS.toNanos(1_000);
    /** Frames of a stuck thread named in a reason: where it is stuck, and who called that. */
    private static final int FRAMES_IN_REASON = 2;

    private ForkEnd() {
    }

    /**
     * The measured code's caller of {@code System.exit} (or {@code Runtime.exit}) that is ending this JVM; null for
     * a signal or the harness's or JMH's own call.
     */
    public static String exitCaller(Map<Thread, StackTraceElement[]> stacks) {
        for (StackTraceElement[] stack : stacks.values()) {
            int exit = -1;
            for (int i = 0; i < stack.length; i++) {
                String m = stack[i].getClassName() + "." + stack[i].getMethodName();
                if (m.equals("java.lang.Runtime.exit") || m.equals("java.lang.System.exit")) {
                    exit = i;
                }
            }
            if (exit >= 0 && exit + 1 < stack.length) {
                StackTraceElement caller = stack[exit + 1];
                String c = caller.getClassName();
                if (c.startsWith("org.openjdk.jmh.") || c.startsWith("dev.latencybench.core.")) {
                    return null; // JMH's or the harness's own
                }
                return frame(caller);
            }
        }
        return null;
    }

    /** Runs {@code r} on a daemon thread for at most {@code boundNs}; returns that thread when stuck, else null. */
    static Thread runWithin(Runnable r, long boundNs, String threadName) {
        if (boundNs <= 0) {
            r.run();
            return null;
        }
        Thread t = new Thread(r, threadName);
        t.setDaemon(true);
        t.start();
        try {
            t.join(TimeUnit.NANOSECONDS.toMillis(boundNs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return t.isAlive() ? t : null;
    }

    /** The bound of a workload's close after a signal: its own bound when shorter, else {@link #SIGNAL_CLOSE_NS}. */
    static long afterSignal(long closeBoundNs) {
        return closeBoundNs > 0 ? Math.min(closeBoundNs, SIGNAL_CLOSE_NS) : SIGNAL_CLOSE_NS;
    }

    /** Says in the fork's log that a close after a signal was left unfinished, and where its thread was. */
    static void leftClosing(Thread closing, PrintStream log) {
        log.println("the benchmark JVM was stopped by a signal; closing the workload was left unfinished after "
                + TimeUnit.NANOSECONDS.toMillis(SIGNAL_CLOSE_NS) + " ms " + where(ownFrames(closing.getStackTrace())));
        log.flush();
    }

    /** Joins a thread that is ending; true when the caller was interrupted meanwhile (its flag is then clear). */
    static boolean joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        return interrupted;
    }

    /** Prints a stuck thread's whole stack to the fork's log and returns the reason; {@code doing} may be empty. */
    static String logStuck(String what, String doing, Thread stuck, PrintStream log) {
        StackTraceElement[] stack = stuck.getStackTrace();
        String reason = what + (doing.isEmpty() ? "" : ": " + doing) + "; its thread is stuck " + where(ownFrames(stack))
                + " (the whole stack is in the fork's log)";
        // not prefixed "latency-bench:", so the console shows the reason once, not the stack
        log.println("the stack of the stuck thread \"" + stuck.getName() + "\" (" + reason + "):");
        for (StackTraceElement e : stack) {
            log.println("\tat " + e);
        }
        log.flush();
        return reason;
    }

    /** {@code at t.Task.run(Task.java:12), called from t.Task.loop(Task.java:30)}: where a thread is stuck. */
    static String where(StackTraceElement[] stack) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(FRAMES_IN_REASON, stack.length); i++) {
            sb.append(i == 0 ? "at " : ", called from ").append(frame(stack[i]));
        }
        return sb.length() == 0 ? "at no Java frame" : sb.toString();
    }

    /** {@code t.Task.run(Task.java:12)}: a frame without its class loader's or module's name. */
    static String frame(StackTraceElement e) {
        return e.getClassName() + "." + e.getMethodName() + (e.getFileName() == null ? "(unknown source)"
                : "(" + e.getFileName() + (e.getLineNumber() >= 0 ? ":" + e.getLineNumber() : "") + ")");
    }

    /** The stuck thread's frames from the first one outside the JDK (whose waiting and parking say little). */
    static StackTraceElement[] ownFrames(StackTraceElement[] stack) {
        int i = 0;
        while (i < stack.length - 1 && (stack[i].getClassName().startsWith("java.") || stack[i].getClassName()
                .startsWith("jdk.internal.") || stack[i].getClassName().startsWith("sun."))) {
            i++;
        }
        StackTraceElement[] own = new StackTraceElement[stack.length - i];
        System.arraycopy(stack, i, own, 0, own.length);
        return own;
    }

}
