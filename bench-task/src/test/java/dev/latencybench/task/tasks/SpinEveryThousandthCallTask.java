package dev.latencybench.task.tasks;

import java.util.concurrent.TimeUnit;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * A tail whose cause is the measured code: every thousandth call of run() spins for 3 ms before it samples
 * (on the pacing thread, which keeps its CPU: no run-queue wait), allocating nothing, so that call and the calls
 * due behind it finish late. The samples beyond p99.9 are the code's.
 */
public class SpinEveryThousandthCallTask implements LatencyTask {
    static final int SPIN_EVERY_CALLS = 1_000;
    static final long SPIN_NS = TimeUnit.MILLISECONDS.toNanos(3);
    private TaskContext context;
    private long calls;

    @Override
    public void setUp(TaskContext context) {
        this.context = context;
    }

    @Override
    public void run(long intendedNs) {
        if (++calls % SPIN_EVERY_CALLS == 0) {
            long until = System.nanoTime() + SPIN_NS;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
        context.sample(intendedNs);
    }

    @Override
    public void tearDown() {
    }
}
