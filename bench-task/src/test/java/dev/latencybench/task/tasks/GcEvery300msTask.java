package dev.latencybench.task.tasks;

import java.util.concurrent.TimeUnit;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * A tail whose cause is known: run() samples at once, allocating nothing, while a thread of the task calls
 * {@code System.gc()} every 300 ms. A full collection stops every thread, the pacing one too, so the calls
 * due meanwhile finish late by up to the pause: the samples beyond p99.9 are the collector's.
 */
public class GcEvery300msTask implements LatencyTask {
    static final long GC_EVERY_MS = 300;
    private TaskContext context;
    private Thread collector;

    @Override
    public void setUp(TaskContext context) {
        this.context = context;
        collector = new Thread(() -> {
            while (!context.stopping()) {
                try {
                    TimeUnit.MILLISECONDS.sleep(GC_EVERY_MS);
                } catch (InterruptedException e) {
                    return;
                }
                System.gc();
            }
        }, "test-system-gc");
        collector.setDaemon(true);
        collector.start();
    }

    @Override
    public void run(long intendedNs) {
        context.sample(intendedNs);
    }

    @Override
    public void tearDown() throws InterruptedException {
        collector.interrupt();
        collector.join();
    }
}
