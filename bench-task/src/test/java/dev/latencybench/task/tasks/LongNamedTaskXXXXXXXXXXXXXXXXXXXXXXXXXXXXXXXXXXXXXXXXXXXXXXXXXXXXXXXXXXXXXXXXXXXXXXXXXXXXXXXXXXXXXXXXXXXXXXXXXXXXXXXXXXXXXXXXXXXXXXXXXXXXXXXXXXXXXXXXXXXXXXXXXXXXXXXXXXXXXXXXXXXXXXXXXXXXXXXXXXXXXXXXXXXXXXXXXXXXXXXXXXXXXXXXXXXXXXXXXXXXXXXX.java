package dev.latencybench.task.tasks;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * A task whose simple name is 237 characters, legal Java: more than a file name made from it
 * ({@code jmh-task-<name>.json} and its temporary name) takes. Samples every call.
 */
public class LongNamedTaskXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX implements LatencyTask {
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
