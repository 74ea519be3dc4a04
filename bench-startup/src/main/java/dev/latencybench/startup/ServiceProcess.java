package dev.latencybench.startup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.latencybench.core.config.Units;
import dev.latencybench.core.os.ExitStatus;
import dev.latencybench.core.os.JavaFlagVariables;
import dev.latencybench.core.time.Clock;

/**
 * One launch of a service under test, a child of the benchmark JVM, from just before its start to its reaping.
 * If the benchmark JVM is killed outright, the service's stdin pipe closes and the service exits on its own.
 * Thread-safe: {@link #close} may come from a shutdown hook while another thread polls.
 */
final class ServiceProcess implements AutoCloseable {
    /** Between two probes of a service not answering yet: the resolution of the time to first response. */
    static final long POLL_INTERVAL_NS = TimeUnit.MICROSECONDS.toNanos(200);
    /** How long a service gets to end after SIGTERM before it is killed. */
    static final long STOP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    /** Output lines quoted in a failure: a stack trace's head, short enough to read. */
    static final int TAIL_LINES = 12;
    static final String PATH = "/hello";
    private static final int PROBE_TIMEOUT_MS = 2_000;

    /** Every service process not yet reaped, for the one shutdown hook that stops them all. */
    private static final Set<ServiceProcess> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> List.copyOf(LIVE).forEach(ServiceProcess::close),
                "lb-startup-services-stop"));
    }

    private final String name;
    private final Process process;
    private final Path log;
    private final long launchNs;
    private final Clock clock;
    private volatile boolean closed;

    private ServiceProcess(String name, Process process, Path log, long launchNs, Clock clock) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.launchNs = launchNs;
        this.clock = clock;
    }

    /** Starts a process with its output to {@code log}; the clock is read just before, so the start counts. */
    static ServiceProcess start(String name, List<String> command, Path log, Clock clock) {
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // the service runs with the flags recorded, not with flags from the environment
        JavaFlagVariables.removeFrom(b);
        long t0 = clock.nanoTime();
        Process p;
        try {
            p = b.start();
        } catch (IOException e) {
            throw new ServiceFailure("cannot start " + name + " (" + command.get(0) + "): " + e.getMessage());
        }
        ServiceProcess s = new ServiceProcess(name, p, log, t0, clock);
        LIVE.add(s);
        return s;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Polls {@code GET /hello} until it answers 200; returns nanoseconds from the launch to that answer's end.
     * @throws ServiceFailure when the process exits first, or {@code timeoutNs} passes
     */
    long awaitFirstOk(int port, long timeoutNs, BooleanSupplier stopping) {
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
        int last = HttpProbe.REFUSED;
        while (true) {
            last = HttpProbe.get(address, PATH, PROBE_TIMEOUT_MS);
            long now = clock.nanoTime();
            if (last == 200) {
                return now - launchNs;
            }
            if (!process.isAlive()) {
                throw new ServiceFailure(exitReason("before it answered", port));
            }
            if (closed || stopping.getAsBoolean()) {
                throw new ServiceFailure(name + " was stopped before it answered");
            }
            if (now - launchNs > timeoutNs) {
                throw new ServiceFailure(name + " (pid " + process.pid() + ") did not answer 200 at 127.0.0.1:" + port
                        + PATH + " within " + Units.formatDuration(timeoutNs) + " (" + StartupConfig.TIMEOUT
                        + "); the last probe saw " + HttpProbe.describe(last) + "; last lines of its output:"
                        + tail());
            }
            clock.sleepNanos(POLL_INTERVAL_NS);
        }
    }

    /** Waits for the process to end by itself, stopping it once {@code stopping} turns true; returns its exit code. */
    int awaitExit(BooleanSupplier stopping) {
        while (true) {
            try {
                if (process.waitFor(100, TimeUnit.MILLISECONDS)) {
                    return process.exitValue();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new ServiceFailure("interrupted while waiting for " + name);
            }
            if (stopping.getAsBoolean()) {
                close();
                return process.exitValue();
            }
        }
    }

    /** Why the process ended, with its exit status and last output lines; names the port when it was taken. */
    String exitReason(String when, int port) {
        int status = process.exitValue();
        String tail = tail();
        String cause = tail.contains("Address already in use") || tail.contains("BindException")
                ? " because 127.0.0.1:" + port + " is taken" : "";
        return name + " (pid " + process.pid() + ") exited with status " + ExitStatus.describe(status) + " " + when
                + cause
                + "; last lines of its output:" + tail;
    }

    /**
     * Closes the service's standard input, its order to exit normally, and waits; returns its exit status.
     * @throws ServiceFailure when it does not end within {@code timeoutNs} (it is then killed)
     */
    int endInput(long timeoutNs) {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(timeoutNs, TimeUnit.NANOSECONDS)) {
                close();
                throw new ServiceFailure(name + " (pid " + process.pid() + ") did not exit within "
                        + Units.formatDuration(timeoutNs) + " after its input closed; killed. Last lines of its"
                        + " output:" + tail());
            }
            int status = process.exitValue();
            close();
            return status;
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new ServiceFailure("interrupted while " + name + " was ending");
        }
    }

    /** The last {@link #TAIL_LINES} lines of the service's output, each on a new indented line; "(none)" if empty. */
    String tail() {
        List<String> lines;
        try {
            lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return " (cannot read " + log + ": " + e.getMessage() + ")";
        }
        if (lines.isEmpty()) {
            return " (none)";
        }
        StringBuilder sb = new StringBuilder();
        for (String line : lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())) {
            sb.append("\n    ").append(line);
        }
        return sb.toString();
    }

    /** SIGTERM, then SIGKILL after {@link #STOP_TIMEOUT_NS}, and reaps it. Idempotent; never throws. */
    @Override
    public void close() {
        if (closed && !process.isAlive()) {
            LIVE.remove(this);
            return;
        }
        closed = true;
        process.destroy();
        boolean gone = waitFor(STOP_TIMEOUT_NS);
        if (!gone) {
            process.destroyForcibly();
            waitFor(STOP_TIMEOUT_NS);
        }
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
        }
        LIVE.remove(this);
    }

    private boolean waitFor(long ns) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + ns;
        try {
            while (true) {
                try {
                    return process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true; // stopping a child matters more; the flag is restored below
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** How many service processes are started and not yet reaped (for tests). */
    static int live() {
        return LIVE.size();
    }

    /** Why a service could not be measured: the message is the whole reason, for the fork's result. */
    static final class ServiceFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ServiceFailure(String message) {
            super(message, null, false, false);
        }
    }
}
