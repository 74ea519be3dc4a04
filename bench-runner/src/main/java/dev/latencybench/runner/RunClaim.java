package dev.latencybench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.latencybench.core.run.OwnerLock;
import dev.latencybench.runner.cli.UsageException;

/**
 * What a matrix run holds while it works, so that two never write one run folder and never measure
 * on one machine at once: the run folder's {@code run.lock}, the machine's
 * {@code <tmp>/latency-bench-runner.lock} (held between cells too, when JMH's own lock is free), and
 * a free {@code jmh.lock} at the start. Both are {@link OwnerLock}s, so a killed runner leaves
 * neither held. Each refusal is bad input (exit 2), comes before anything starts, and names the
 * process in the way. Closed, however the run ended (done, failed, interrupted by Ctrl-C), it removes
 * {@code run.lock} from the run folder, which then holds only what the run wrote; a runner killed
 * outright leaves the file behind, unheld, and the next run or {@code --resume} takes it as before.
 */
final class RunClaim implements AutoCloseable {
    static final String RUN_LOCK = "run.lock";
    static final String MACHINE_LOCK = "latency-bench-runner.lock";
    private static final String STOP_IT = "wait until it ends, or stop it (Ctrl-C keeps what it measured), then ";

    private final List<OwnerLock> held = new ArrayList<>();
    /** The run folder's lock once taken, among {@link #held}; removed with the claim. */
    private OwnerLock runLock;

    private RunClaim() {
    }

    /**
     * @param resume the run folder exists and is locked first, so a second {@code --resume} hears
     *               that its run is still going; a new run's folder is made only once nothing is in the way
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
            return claim;
        } catch (IOException | RuntimeException e) {
            claim.close();
            throw e;
        }
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

    /** Releases every lock, the run folder's removed: the run is over, whatever ended it. */
    @Override
    public void close() throws IOException {
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
