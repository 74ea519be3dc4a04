package dev.latencybench.task.tasks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.api.TaskContext;

/**
 * A tail whose cause is the platform: run() samples at once, allocating nothing, while another process, a
 * real-time one ({@code chrt -f}) pinned to the pacing thread's CPU ({@code taskset}), spins in 5 ms bursts every
 * 100 ms. A SCHED_FIFO process takes its CPU from every ordinary thread there, so the pinned pacing thread waits
 * in its run queue for up to a burst, and the calls due meanwhile finish late: the samples beyond p99.9 are the
 * platform's, seen in the pacing thread's own run-queue wait.
 *
 * <p>The hog is a bash loop, started on the first call of run() (only then is the pacing thread known: its CPU is
 * read from {@code /proc/thread-self/stat}; the process is started by another thread, off the paced path) and
 * ended in {@link #tearDown}. It also ends by itself within 100 ms once this JVM is gone (it checks its parent
 * between bursts), so a killed benchmark JVM leaves none behind. It needs a pinned pacing thread
 * ({@code bench.cpus} other than {@code none}), {@code chrt}, {@code taskset} and the right to use SCHED_FIFO
 * (root, or CAP_SYS_NICE); without them run() fails the period, naming what was missing.
 */
public class RealTimeHogOnPacingCpuTask implements LatencyTask {
    static final long BURST_US = 5_000;
    static final String EVERY_SEC = "0.1";
    /** Spins BURST_US, waits EVERY_SEC with bash's own read (no sleep process to leave behind), while its parent lives. */
    static final String HOG = "parent=$PPID; exec {idle}<> <(:); "
            + "while kill -0 \"$parent\" 2>/dev/null; do s=${EPOCHREALTIME/./}; "
            + "while (( ${EPOCHREALTIME/./} - s < " + BURST_US + " )); do :; done; "
            + "read -t " + EVERY_SEC + " -u \"$idle\"; done";
    private TaskContext context;
    /** The CPU the hog spins on, once known: the pacing thread's here, a subclass's worker's there. */
    private volatile int hogCpu = -1;
    private volatile String failure;
    private volatile boolean tearingDown;
    private volatile Process hog;
    private Thread starter;
    private boolean first = true;

    @Override
    public void setUp(TaskContext context) {
        this.context = context;
        starter = new Thread(this::startHog, "test-hog-starter");
        starter.setDaemon(true);
        starter.start();
    }

    /** Waits for the hog's CPU, then starts the hog there and watches that it keeps running. */
    private void startHog() {
        try {
            while (hogCpu < 0) {
                if (tearingDown) {
                    return;
                }
                TimeUnit.MILLISECONDS.sleep(5);
            }
            Process p = new ProcessBuilder(command(hogCpu)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            hog = p;
            if (tearingDown) {
                return; // tearDown reaps it
            }
            if (p.waitFor(200, TimeUnit.MILLISECONDS)) {
                failure = "the real-time hog (chrt -f 10 taskset -c " + hogCpu + " bash) exited at once with status "
                        + p.exitValue() + ": chrt, taskset or the right to use SCHED_FIFO is missing";
            }
        } catch (IOException e) {
            failure = "could not start the real-time hog: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run(long intendedNs) throws IOException {
        if (first) {
            first = false; // once, in the first warm-up call
            hogOn(pinnedCpu("the pacing thread"));
        }
        failIfNoHog();
        context.sample(intendedNs);
    }

    /** Has the hog start on {@code cpu}, once (a later call does nothing). */
    final void hogOn(int cpu) {
        if (hogCpu < 0) {
            hogCpu = cpu;
        }
    }

    /** Fails the call where the hog could not start, naming why. */
    final void failIfNoHog() {
        String f = failure;
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }

    /** The one CPU the calling thread ({@code who}) may run on. */
    static int pinnedCpu(String who) throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/thread-self/status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                String cpus = line.substring(line.indexOf(':') + 1).trim();
                if (!cpus.matches("\\d+")) {
                    throw new IllegalStateException(who + " may run on CPUs " + cpus + ", not one: a hog"
                            + " cannot hold it up; pin it (bench.cpus=auto or two CPU numbers, not none)");
                }
                return Integer.parseInt(cpus);
            }
        }
        throw new IllegalStateException("no Cpus_allowed_list in /proc/thread-self/status: not Linux?");
    }

    @Override
    public void tearDown() throws InterruptedException {
        tearingDown = true;
        starter.join();
        Process p = hog;
        if (p != null) {
            p.destroy();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
    }

    /** The hog on {@code cpu}: FIFO priority 10, above every ordinary thread, far below the kernel's own. */
    static List<String> command(int cpu) {
        return List.of("chrt", "-f", "10", "taskset", "-c", Integer.toString(cpu), "bash", "-c", HOG);
    }
}
