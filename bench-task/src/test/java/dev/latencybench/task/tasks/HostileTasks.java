package dev.latencybench.task.tasks;

import java.util.concurrent.CountDownLatch;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/** Tasks that do what a task must not: each attacks the JVM it runs in, or never comes back. */
public final class HostileTasks {
    private HostileTasks() {
    }

    /** Its class cannot be initialized. */
    public static class ThrowingStaticInit implements LatencyTask {
        static final String LICENCE = licence();

        private static String licence() {
            throw new IllegalStateException("no licence file");
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Leaves a non-daemon thread running after its tear-down. */
    public static class LeakedThread implements LatencyTask {
        @Override
        public void setUp(TaskContext context) {
            Thread t = new Thread(() -> {
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "leaked-by-task");
            t.start();
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Ends its JVM in its set-up. */
    public static class ExitInSetUp implements LatencyTask {
        @Override
        public void setUp(TaskContext context) {
            System.exit(0);
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Its set-up never returns. */
    public static class HangingSetUp implements LatencyTask {
        @Override
        public void setUp(TaskContext context) throws InterruptedException {
            new CountDownLatch(1).await();
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Samples every call, but its tear-down never returns. */
    public static class HangingTearDown implements LatencyTask {
        private TaskContext context;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
        }

        @Override
        public void run(long intendedNs) {
            context.sample(intendedNs);
        }

        @Override
        public void tearDown() throws InterruptedException {
            new CountDownLatch(1).await();
        }
    }

    /** Samples its first calls, then a call of run() never returns. */
    public static class BlockingRun implements LatencyTask {
        /** How many calls return before one blocks. */
        public static final int CALLS_BEFORE = 300;
        private TaskContext context;
        private int calls;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
        }

        @Override
        public void run(long intendedNs) throws InterruptedException {
            if (++calls > CALLS_BEFORE) {
                new CountDownLatch(1).await();
            }
            context.sample(intendedNs);
        }
    }

    /** Samples its first calls, then ends its JVM from run(). */
    public static class ExitInRun implements LatencyTask {
        private TaskContext context;
        private int calls;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
        }

        @Override
        public void run(long intendedNs) {
            if (++calls > 300) {
                System.exit(0);
            }
            context.sample(intendedNs);
        }
    }
}
