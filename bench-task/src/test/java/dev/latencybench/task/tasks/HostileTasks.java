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

    /** Prints the check's own "done" line in its set-up, then ends its JVM as a finished check would. */
    public static class ForgedDoneInSetUp implements LatencyTask {
        @Override
        public void setUp(TaskContext context) {
            System.out.println("latency-bench-check: done");
            System.out.println("latency-bench-check: done " + System.getProperty("latency-bench.check.token", ""));
            System.out.flush();
            Runtime.getRuntime().halt(0);
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

    /** Samples every call, but its tear-down does not return until {@link #RELEASE}. */
    public static class HangingTearDown implements LatencyTask {
        /** Lets the tear-down return: a test releases it when it is done. */
        public static final CountDownLatch RELEASE = new CountDownLatch(1);
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
            RELEASE.await();
        }
    }

    /** Samples its first calls ({@code bench.task.callsBefore}, default 300), then a call of run() blocks until {@link #RELEASE}. */
    public static class BlockingRun implements LatencyTask {
        /** Lets the blocked calls return: a test releases them when it is done. */
        public static final CountDownLatch RELEASE = new CountDownLatch(1);
        private TaskContext context;
        private long callsBefore;
        private long calls;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
            this.callsBefore = Long.parseLong(context.property("callsBefore", "300"));
        }

        @Override
        public void run(long intendedNs) throws InterruptedException {
            if (++calls > callsBefore) {
                RELEASE.await();
            }
            context.sample(intendedNs);
        }
    }

    /** Samples every call, never by itself: its samples never come, and it says nothing of it. */
    public static class NeverSamples implements LatencyTask {
        @Override
        public void run(long intendedNs) {
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

    /** Samples each even call twice and each odd call never: as many samples as runs, half the calls lost. */
    public static class EvenTwiceOddNever implements LatencyTask {
        private TaskContext context;
        private long calls;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
        }

        @Override
        public void run(long intendedNs) {
            if (calls++ % 2 == 0) {
                context.sample(intendedNs);
                context.sample(intendedNs);
            }
        }
    }

    /** Samples each call once, but a time a microsecond later than the one it was handed. */
    public static class SamplesATimeOfItsOwn implements LatencyTask {
        private TaskContext context;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
        }

        @Override
        public void run(long intendedNs) {
            context.sample(intendedNs + 1_000);
        }
    }

    /**
     * Starts {@code sleep 300} in its set-up with the JVM's own output (inheritIO), appends its pid to the file
     * {@code bench.task.pidFile} names, and leaves it running; samples every call.
     */
    public static class ChildProcessInSetUp implements LatencyTask {
        private TaskContext context;

        @Override
        public void setUp(TaskContext context) throws java.io.IOException {
            this.context = context;
            Process child = new ProcessBuilder("sleep", "300").inheritIO().start();
            java.nio.file.Files.write(java.nio.file.Paths.get(context.property("pidFile", "child.pids")),
                    (child.pid() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }

        @Override
        public void run(long intendedNs) {
            context.sample(intendedNs);
        }
    }

    /**
     * As {@link ChildProcessInSetUp}, then halts its JVM at the end of its set-up, but only in a benchmark JVM
     * (not in the check's): its child is handed to init while it still holds the fork's output.
     */
    public static class ChildProcessThenHaltInFork extends ChildProcessInSetUp {
        @Override
        public void setUp(TaskContext context) throws java.io.IOException {
            super.setUp(context);
            if (!System.getProperty("sun.java.command", "").contains("TaskCheckMain")) {
                Runtime.getRuntime().halt(0);
            }
        }
    }

    /** Its set-up does not return until {@link #RELEASE}, and ignores interrupts meanwhile. */
    public static class SetUpStuckIgnoringInterrupts implements LatencyTask {
        /** Lets the set-up return: a test releases it when it is done. */
        public static final CountDownLatch RELEASE = new CountDownLatch(1);

        @Override
        public void setUp(TaskContext context) {
            while (RELEASE.getCount() > 0) {
                try {
                    RELEASE.await();
                } catch (InterruptedException ignored) {
                    // a hostile set-up: goes on waiting
                }
            }
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Halts its JVM in its set-up with the code {@code bench.task.haltCode} (default 3). */
    public static class HaltInSetUp implements LatencyTask {
        @Override
        public void setUp(TaskContext context) {
            Runtime.getRuntime().halt(Integer.parseInt(context.property("haltCode", "3")));
        }

        @Override
        public void run(long intendedNs) {
        }
    }

    /** Samples each call; call {@code bench.task.failAt} (default 2,000) recurses until its stack overflows. */
    public static class StackOverflowAtACall implements LatencyTask {
        private TaskContext context;
        private long failAt;
        private long calls;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
            this.failAt = Long.parseLong(context.property("failAt", "2000"));
        }

        @Override
        public void run(long intendedNs) {
            if (++calls == failAt) {
                recurse(0);
            }
            context.sample(intendedNs);
        }

        private static long recurse(long depth) {
            return recurse(depth + 1) + 1;
        }
    }

    /** Its set-up says it began ({@link #BEGAN}) and returns once {@link #RELEASE}d; samples every call. */
    public static class SetUpUntilReleased implements LatencyTask {
        /** Counted down when the set-up begins. */
        public static final CountDownLatch BEGAN = new CountDownLatch(1);
        /** Lets the set-up return. */
        public static final CountDownLatch RELEASE = new CountDownLatch(1);
        private TaskContext context;

        @Override
        public void setUp(TaskContext context) throws InterruptedException {
            this.context = context;
            BEGAN.countDown();
            RELEASE.await();
        }

        @Override
        public void run(long intendedNs) {
            context.sample(intendedNs);
        }
    }

    /** Its set-up never returns, ignoring interrupts, but only in a benchmark JVM: the check's passes. */
    public static class SetUpStuckOnlyInFork implements LatencyTask {
        private TaskContext context;

        @Override
        public void setUp(TaskContext context) {
            this.context = context;
            if (System.getProperty("sun.java.command", "").contains("TaskCheckMain")) {
                return;
            }
            CountDownLatch never = new CountDownLatch(1);
            while (true) {
                try {
                    never.await();
                } catch (InterruptedException ignored) {
                    // a hostile set-up: goes on waiting
                }
            }
        }

        @Override
        public void run(long intendedNs) {
            context.sample(intendedNs);
        }
    }
}
