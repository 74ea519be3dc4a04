package dev.latencybench.core.fork;

import java.lang.management.ManagementFactory;

/** The bytes a thread has allocated on the heap, for a workload's allocation per message. Off the hot path. */
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
