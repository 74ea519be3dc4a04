package dev.latencybench.jet;

import java.io.IOException;
import java.util.regex.Pattern;

import dev.latencybench.core.os.ProcStat;
import dev.latencybench.core.os.ThreadTimes;

/**
 * The CPU time this JVM used, and its collector threads' share, found by HotSpot's thread names: concurrent
 * collectors do work that pause times do not show. Serial's work is not counted. Stateless.
 */
final class ProcessCpu {
    private static final Pattern GC_THREAD = Pattern.compile("GC Thread.*|G1 .*|Z[A-Z].*|Shenandoah.*");

    private final ThreadTimes threads;

    ProcessCpu(ThreadTimes threads) {
        this.threads = threads;
    }

    static ProcessCpu self() {
        return new ProcessCpu(ThreadTimes.self());
    }

    /** {total ns, collector's threads ns}; {-1, -1} without /proc. */
    long[] read() {
        ThreadTimes.Reading now;
        try {
            now = threads.read();
        } catch (IOException e) {
            return new long[] {-1, -1};
        }
        if (now == null) {
            return new long[] {-1, -1};
        }
        long gc = 0;
        for (ThreadTimes.Task t : now.threads) {
            if (GC_THREAD.matcher(t.name).matches()) {
                gc += t.cpuTicks;
            }
        }
        return new long[] {now.processCpuTicks * ProcStat.NS_PER_TICK, gc * ProcStat.NS_PER_TICK};
    }
}
