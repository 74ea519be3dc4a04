package dev.latencybench.jet;

import java.io.IOException;
import java.util.regex.Pattern;

import dev.latencybench.core.os.ProcStat;
import dev.latencybench.core.os.ThreadTimes;

/**
 * The CPU time this JVM used, all of it and its collector's threads' share (user + system, read through
 * bench-core's {@link ThreadTimes} from Linux's {@code /proc/self/stat} and {@code /proc/self/task}): the GC CPU
 * time the study's collectors are compared by, which pause times alone do not show (ZGC and Shenandoah do
 * most of their work beside the application). The collector's threads are found by the names
 * HotSpot gives them: {@code GC Thread#n} (G1, Parallel, Shenandoah's workers), {@code G1 ...},
 * {@code Z...} (ZGC's), {@code Shenandoah ...}. Serial's work runs in the VM thread and is not
 * counted. Where there is no {@code /proc}, both read -1. Stateless.
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
        for (ThreadTimes.Task t : now.threads()) {
            if (GC_THREAD.matcher(t.name()).matches()) {
                gc += t.cpuTicks();
            }
        }
        return new long[] {now.processCpuTicks() * ProcStat.NS_PER_TICK, gc * ProcStat.NS_PER_TICK};
    }
}
