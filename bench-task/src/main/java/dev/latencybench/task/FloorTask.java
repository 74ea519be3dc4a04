package dev.latencybench.task;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/** The harness's own floor: {@code run} samples at once, so a task's figure minus the floor's is the task's own. */
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
