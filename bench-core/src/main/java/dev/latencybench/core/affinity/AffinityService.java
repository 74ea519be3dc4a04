package dev.latencybench.core.affinity;

/** Pins the calling thread to one CPU and releases it; the one place threads are pinned, so tests can fake it. */
public interface AffinityService {
    /** Binds the calling thread to {@code cpu}; returns the CPU it is now bound to alone, or -1 when not obtained. */
    int pinCurrentThread(int cpu);

    /** Lets the calling thread run on every CPU again. */
    void releaseCurrentThread();

    /** Why the last pin of this thread failed, or null. */
    String lastFailure();

    /** A service that pins nothing: for {@code bench.cpus=none}. */
    AffinityService NONE = refusing("pinning turned off (bench.cpus=none)");

    /** A service that pins nothing and gives {@code why} as the reason (also for tests of a refused pin). */
    static AffinityService refusing(String why) {
        return new AffinityService() {
            @Override
            public int pinCurrentThread(int cpu) {
                return -1;
            }

            @Override
            public void releaseCurrentThread() {
            }

            @Override
            public String lastFailure() {
                return why;
            }
        };
    }
}
