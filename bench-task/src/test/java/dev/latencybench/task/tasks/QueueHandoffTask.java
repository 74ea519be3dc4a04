package dev.latencybench.task.tasks;

import java.util.concurrent.ConcurrentLinkedQueue;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * A consumer thread samples what run() hands it; {@code dropEvery} > 0 leaves out every n-th sample,
 * {@code doubleEvery} > 0 samples every n-th twice: the tasks the accounting must catch.
 */
public class QueueHandoffTask implements LatencyTask {
    private final ConcurrentLinkedQueue<Long> queue = new ConcurrentLinkedQueue<>();
    private final int dropEvery;
    private final int doubleEvery;
    private Thread consumer;
    private long runs;
    public static volatile boolean tornDown;

    public QueueHandoffTask() {
        this(0, 0);
    }

    QueueHandoffTask(int dropEvery, int doubleEvery) {
        this.dropEvery = dropEvery;
        this.doubleEvery = doubleEvery;
    }

    @Override
    public void setUp(TaskContext context) {
        consumer = new Thread(() -> {
            while (!context.stopping()) {
                Long m = queue.poll();
                if (m != null) {
                    context.sample(m);
                } else {
                    Thread.onSpinWait();
                }
            }
        }, "test-consumer");
        consumer.setDaemon(true);
        consumer.start();
    }

    @Override
    public void run(long intendedNs) {
        runs++;
        if (dropEvery > 0 && runs % dropEvery == 0) {
            return;
        }
        queue.add(intendedNs);
        if (doubleEvery > 0 && runs % doubleEvery == 0) {
            queue.add(intendedNs);
        }
    }

    @Override
    public void tearDown() throws InterruptedException {
        consumer.join(5_000);
        tornDown = !consumer.isAlive();
    }

    /** Drops one sample in a hundred. */
    public static class Dropping extends QueueHandoffTask {
        public Dropping() {
            super(100, 0);
        }
    }

    /** Samples one run in a hundred twice. */
    public static class Doubling extends QueueHandoffTask {
        public Doubling() {
            super(0, 100);
        }
    }
}
