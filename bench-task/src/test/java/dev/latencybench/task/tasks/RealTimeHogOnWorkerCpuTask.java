package dev.latencybench.task.tasks;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import dev.latencybench.api.TaskContext;

/**
 * A tail whose cause is the platform, on a thread the task started: run() hands each intended time to a worker
 * thread that spin-polls for it and samples it, the starter {@code HandoffTask}'s shape; the worker pins itself with
 * {@link TaskContext#pinWorkerThread} and a real-time process spins 5 ms every 100 ms on its CPU (the hog of
 * {@link RealTimeHogOnPacingCpuTask}). The worker then waits in its run queue for up to a burst and the handed-off
 * samples finish late: the platform's, seen in the worker's own run-queue wait, which the suite reads because the
 * worker was pinned through the API. Before it did, such a tail read as the task's code.
 *
 * <pre>
 *   pacing thread --run(intended)--> ring of 64K longs --spin-poll--> worker (pinned, hog on its CPU) --sample-->
 * </pre>
 *
 * <p>Needs what the pacing-CPU hog needs, and the worker pinned ({@code bench.cpus} other than {@code none}). The
 * hand-off allocates nothing: a ring of longs, one writer and one reader.
 */
public class RealTimeHogOnWorkerCpuTask extends RealTimeHogOnPacingCpuTask {
    private static final int RING = 1 << 16;
    private final AtomicLongArray ring = new AtomicLongArray(RING);
    private final AtomicLong written = new AtomicLong();
    private volatile String workerFailure;
    private Thread worker;

    @Override
    public void setUp(TaskContext context) {
        super.setUp(context);
        worker = new Thread(() -> work(context), "test-worker");
        worker.setDaemon(true);
        worker.start();
    }

    private void work(TaskContext context) {
        int cpu = context.pinWorkerThread();
        if (cpu < 0) {
            workerFailure = "the worker is not pinned (bench.cpus=none, or pinning failed): a hog cannot hold it up";
            return;
        }
        try {
            hogOn(pinnedCpu("the worker"));
        } catch (IOException | IllegalStateException e) {
            workerFailure = e.getMessage();
            return;
        }
        long read = 0;
        while (!context.stopping()) {
            if (read < written.get()) {
                context.sample(ring.get((int) (read++ & (RING - 1))));
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void run(long intendedNs) {
        String f = workerFailure;
        if (f != null) {
            throw new IllegalStateException(f);
        }
        failIfNoHog();
        long w = written.get();
        ring.set((int) (w & (RING - 1)), intendedNs);
        written.lazySet(w + 1);
    }

    @Override
    public void tearDown() throws InterruptedException {
        worker.join(5_000);
        super.tearDown();
    }
}
