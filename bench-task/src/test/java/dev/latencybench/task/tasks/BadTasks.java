package dev.latencybench.task.tasks;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/** Tasks that are bad input, each in its own way. */
public final class BadTasks {
    private BadTasks() {
    }

    /** Its set-up throws. */
    public static class ThrowingSetUp implements LatencyTask {
        @Override
        public void setUp(TaskContext context) {
            throw new IllegalStateException("no config file at /etc/nowhere.conf");
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Needs an argument. */
    public static class NoDefaultConstructor implements LatencyTask {
        public NoDefaultConstructor(int size) {
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Cannot be made. */
    public abstract static class Abstract implements LatencyTask {
    }

    /** Not a task at all. */
    public static class NotATask {
    }

    /** Asks for a probe nobody declared. */
    public static class UndeclaredProbe implements LatencyTask {
        @Override
        public void setUp(TaskContext context) {
            context.probe("decode");
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Records a probe, and reads its own property into it. */
    public static class Probing implements LatencyTask {
        private TaskContext context;
        private TaskContext.Probe decode;
        private long fixedNs;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
            this.decode = context.probe("decode");
            this.fixedNs = Long.parseLong(context.property("decodeNs", "1"));
        }

        @Override
        public void run(long intendedNs) {
            decode.sampleNanos(fixedNs);
            context.sample(intendedNs);
        }
    }
}
