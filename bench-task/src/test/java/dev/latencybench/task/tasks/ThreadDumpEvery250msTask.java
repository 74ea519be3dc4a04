package dev.latencybench.task.tasks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * A tail whose cause is a safepoint that is not the collector's: run() samples at once, allocating nothing, while
 * a thread of the task dumps the stacks of {@value #PARKED_THREADS} parked threads ({@value #STACK_DEPTH} frames
 * deep) every 250 ms. A thread dump is a VM operation at a safepoint ({@code ThreadDump} in the safepoint log, on
 * JDK 17 and 25) that walks every stack while all Java threads, the pacing one too, wait; on this project's 2-vCPU
 * VM one took 3-13 ms. The calls due meanwhile finish late by up to it: the samples beyond p99.9 are the
 * safepoint's.
 */
public class ThreadDumpEvery250msTask implements LatencyTask {
    static final long DUMP_EVERY_MS = 250;
    static final int PARKED_THREADS = 300;
    static final int STACK_DEPTH = 20;
    private final List<Thread> parked = new ArrayList<>();
    private volatile boolean done;
    private TaskContext context;
    private Thread dumper;

    @Override
    public void setUp(TaskContext context) throws InterruptedException {
        this.context = context;
        CountDownLatch deep = new CountDownLatch(PARKED_THREADS);
        for (int i = 0; i < PARKED_THREADS; i++) {
            Thread t = new Thread(() -> parkAt(STACK_DEPTH, deep), "test-parked-" + i);
            t.setDaemon(true);
            t.start();
            parked.add(t);
        }
        deep.await(); // every stack is as deep as it gets before the first dump
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        dumper = new Thread(() -> {
            niceThisThread();
            while (!context.stopping()) {
                try {
                    TimeUnit.MILLISECONDS.sleep(DUMP_EVERY_MS);
                } catch (InterruptedException e) {
                    return;
                }
                threads.dumpAllThreads(false, false);
            }
        }, "test-thread-dump");
        dumper.setDaemon(true);
        dumper.start();
    }

    /**
     * Gives this thread the least CPU share (nice 19, Linux's per-thread priority): after each safepoint the dumper
     * builds the dump's few thousand objects, and at the default share that kept the pacing thread waiting for its
     * CPU for up to 8 ms after the safepoint had ended (a clean-clone build put 11 of 20 samples beyond p99.9 down
     * to that run-queue wait). Niced, the pacing thread takes the CPU back as soon as it wakes, and the tail is the
     * safepoint's. Where {@code renice} cannot run the thread keeps its share.
     */
    private static void niceThisThread() {
        try {
            String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
            new ProcessBuilder("renice", "-n", "19", "-p", tid).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            // left at its share
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Recurses {@code depth} frames, then parks until the task tears down. */
    private void parkAt(int depth, CountDownLatch deep) {
        if (depth > 0) {
            parkAt(depth - 1, deep);
            return;
        }
        deep.countDown();
        while (!done) {
            LockSupport.park(this);
        }
    }

    @Override
    public void run(long intendedNs) {
        context.sample(intendedNs);
    }

    @Override
    public void tearDown() throws InterruptedException {
        done = true;
        dumper.interrupt();
        dumper.join();
        for (Thread t : parked) {
            LockSupport.unpark(t);
        }
        for (Thread t : parked) {
            t.join();
        }
    }
}
