package dev.latencybench.task;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * The harness's own floor, the yardstick beside every task: {@code run} samples at once, so its
 * latency is what the pacer, one clock read and one concurrent histogram record cost on this machine.
 * A task's figure minus the floor's is the task's own.
 */
public final class FloorTask implements LatencyTask {
    private TaskContext context;

    @Override
    public void setUp(TaskContext context) {
        this.context = context;
    }

    @Override
    public void run(long intendedNs) {
        context.sample(intendedNs);
    }
}
