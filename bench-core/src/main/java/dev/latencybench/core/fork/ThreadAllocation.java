package dev.latencybench.core.fork;

import java.lang.management.ManagementFactory;

/**
 * The bytes a thread has allocated on the heap, from HotSpot's per-thread accounting, for a
 * workload's "nothing allocated per message" figure: read on the stage's own thread before and after
 * its loop. Off the hot path (two reads per period).
 */
public final class ThreadAllocation {
    private ThreadAllocation() {
    }

    /** Bytes the calling thread has allocated so far; 0 where the JVM does not count them. */
    public static long currentThreadBytes() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean) {
            long bytes = ((com.sun.management.ThreadMXBean) bean).getThreadAllocatedBytes(Thread.currentThread().getId());
            return Math.max(0, bytes);
        }
        return 0;
    }
}
