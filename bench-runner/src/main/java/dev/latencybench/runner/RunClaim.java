package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.latencybench.launch.OwnerLock;
import dev.latencybench.launch.UsageException;

/**
 * What a matrix run holds so that two never write one run folder or measure on one machine at once: the folder's
 * {@code run.lock} and the machine's runner lock, both {@link OwnerLock}s. A refusal is bad input (exit 2) and names
 * the process in the way; closing, also on a signal, removes {@code run.lock}. Thread-safe.
 */
final class RunClaim implements AutoCloseable {
    static final String RUN_LOCK = "run.lock";
    static final String MACHINE_LOCK = "latency-bench-runner.lock";
    private static final String STOP_IT = "wait until it ends, or stop it (Ctrl-C keeps what it measured), then ";

    private final List<OwnerLock> held = new ArrayList<>();
    /** The run folder's lock once taken, among {@link #held}; removed with the claim. */
    private OwnerLock runLock;
    /** Releases the claim when a signal ends the runner, whatever it was doing. */
    private final Thread hook = new Thread(this::closeQuietly, "lb-run-claim");
    /** Counted down once the matrix recorded an interruption (or ended without one); see {@link #releaseAfterRecord}. */
    private volatile CountDownLatch recorded = new CountDownLatch(0);
    private volatile long recordWaitMs;

    private RunClaim() {
    }

    /**
     * @param resume the existing run folder is locked first, so a second {@code --resume} hears the run still goes
     * @param tmpDir where the machine's locks are: {@code java.io.tmpdir}, as for JMH
     */
    static RunClaim take(Path runDir, boolean resume, Path tmpDir) throws IOException {
        RunClaim claim = new RunClaim();
        try {
            if (resume) {
                claim.runLock = claim.lock(runDir.resolve(RUN_LOCK), "bench run --resume: the run " + runDir
                        + " is still going in %s; one process at a time may work on a run folder: " + STOP_IT
                        + "resume it");
            }
            claim.lock(tmpDir.resolve(MACHINE_LOCK), "bench run: another run is measuring on this machine: %s; two"
                    + " runs at once would disturb each other's latencies: " + STOP_IT + "start this one");
            String jmhBusy = OwnerLock.jmhBusy(tmpDir);
            if (jmhBusy != null) {
                throw new UsageException("bench run: " + jmhBusy);
            }
            if (!resume) {
                Files.createDirectories(runDir);
                claim.runLock = claim.lock(runDir.resolve(RUN_LOCK), "bench run: the run folder " + runDir
                        + " is in use by %s");
            }
            Runtime.getRuntime().addShutdownHook(claim.hook);
            return claim;
        } catch (IOException | RuntimeException e) {
            claim.close();
            throw e;
        }
    }

    /** The process holding {@code runDir}'s {@code run.lock}, as {@code process 1234 (java ...)}; null when none is. */
    static String workingOn(Path runDir) {
        return OwnerLock.holder(runDir.resolve(RUN_LOCK));
    }

    /** @param refusal what to say when another process holds it; {@code %s} names that process */
    private OwnerLock lock(Path file, String refusal) throws IOException {
        OwnerLock lock = OwnerLock.tryTake(file);
        if (lock == null) {
            String holder = OwnerLock.holder(file);
            throw new UsageException(refusal.replace("%s", holder != null ? holder : "another process"));
        }
        held.add(lock);
        return lock;
    }

    /**
     * From now on the claim is released only after the returned action ran (or {@code waitMs} passed), so no other
     * runner takes the folder while the interrupted one still writes its record.
     */
    Runnable releaseAfterRecord(long waitMs) {
        CountDownLatch latch = new CountDownLatch(1);
        recordWaitMs = waitMs;
        recorded = latch;
        return latch::countDown;
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException e) { // the JVM is ending: the kernel drops the locks anyway
            System.err.println("latency-bench: cannot remove " + RUN_LOCK + ": " + e.getMessage());
        }
    }

    /** Releases every lock, the run folder's removed: the run is over, whatever ended it. Idempotent. */
    @Override
    public void close() throws IOException {
        try {
            recorded.await(recordWaitMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook or the main thread, whichever comes first, releases
        }
        release();
    }

    private synchronized void release() throws IOException {
        IOException first = null;
        for (OwnerLock lock : held) {
            try {
                if (lock == runLock) {
                    lock.closeAndRemove();
                } else {
                    lock.close();
                }
            } catch (IOException e) { // release the others all the same
                first = first == null ? e : first;
            }
        }
        held.clear();
        runLock = null;
        if (first != null) {
            throw first;
        }
    }
}
