package dev.latencybench.kafka;

import com.google.gson.JsonObject;
import dev.latencybench.core.os.ExitStatus;
import dev.latencybench.core.os.JavaFlagVariables;
import dev.latencybench.core.os.ProcessFootprint;
import dev.latencybench.core.result.OwnedFolder;
import dev.latencybench.core.os.ParentWatch;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;

/**
 * A single-node KRaft Kafka broker (broker and controller in one), run as its own JVM on 127.0.0.1 in a fresh
 * folder per run; {@link #start} leaves nothing behind when it fails.
 *
 * <p>Thread-safe: {@link #failure} may be polled from any thread; {@link #close} is idempotent.
 */
public final class KafkaBroker implements KafkaCluster {
    static final String FOLDER_PREFIX = "lb-kafka-";
    static final String LOCK_FILE = "lb-kafka.lock";
    static final String LOG_FILE = "broker.log";
    static final String FORMAT_LOG_FILE = "format.log";
    /** The only address the broker listens on. */
    static final String HOST = "127.0.0.1";
    /** How long a broker's SIGTERM gets while this JVM is ending, before SIGKILL ({@link #stopGraceNs}). */
    static final long SIGNAL_STOP_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long one readiness probe may wait for an answer. */
    private static final int PROBE_TIMEOUT_MS = 2_000;

    private final BrokerSettings settings;
    private final String kafkaVersion;
    private final Path folder;
    private final int port;
    private final int controllerPort;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Thread shutdownHook;
    private final Object stopLock = new Object();

    private volatile Process process;
    private volatile Process formatProcess;
    private volatile List<String> command = List.of();
    private volatile boolean stopping;
    private volatile String failure;
    /** Completes once the broker's exit is noted in {@link #failure} (unless this JVM stopped it); null before start. */
    private volatile CompletableFuture<Void> exitNoted;
    private volatile long formatMs = -1;
    private volatile long startMs = -1;
    private volatile long stopMs = -1;
    private volatile long peakRssKb = -1;
    private volatile long lastCpuNs = -1;
    private boolean closed;

    private KafkaBroker(BrokerSettings settings, String kafkaVersion, Path folder, int port, int controllerPort,
            FileChannel lockChannel, FileLock lock) {
        this.settings = settings;
        this.kafkaVersion = kafkaVersion;
        this.folder = folder;
        this.port = port;
        this.controllerPort = controllerPort;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.shutdownHook = new Thread(this::close, "lb-kafka-broker-stop");
    }

    /**
     * Starts a broker and waits until it answers.
     * @throws IllegalStateException with the reason when it cannot be started; nothing is left behind
     */
    public static KafkaBroker start(BrokerSettings settings) {
        String version = settings.kafkaVersion();
        if (!Files.isExecutable(settings.java)) {
            throw new IllegalStateException("cannot start the Kafka broker: " + settings.java + " ("
                    + BrokerSettings.JAVA + ") is not an executable java");
        }
        StaleBrokerFolders.remove(settings.folderParent).forEach(line -> System.out.println("latency-bench: " + line));
        int[] ports = BrokerPorts.choose(settings.port, settings.controllerPort);
        Path folder;
        FileChannel channel;
        FileLock lock;
        try {
            folder = Files.createTempDirectory(settings.folderParent, FOLDER_PREFIX + ProcessHandle.current().pid()
                    + "-");
            channel = FileChannel.open(folder.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            lock = channel.lock(0, Long.MAX_VALUE, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the Kafka broker's folder in " + settings.folderParent
                    + " (" + BrokerSettings.FOLDER + ")", e);
        }
        KafkaBroker broker = new KafkaBroker(settings, version, folder, ports[0], ports[1], channel, lock);
        try {
            Runtime.getRuntime().addShutdownHook(broker.shutdownHook);
            broker.launch();
            return broker;
        } catch (RuntimeException | Error e) {
            broker.close();
            throw e;
        }
    }

    private void launch() {
        long t0 = System.nanoTime();
        try {
            Files.writeString(folder.resolve("server.properties"), BrokerFiles.serverProperties(port, controllerPort,
                    folder.resolve("data")), StandardCharsets.UTF_8);
            Files.writeString(folder.resolve("log4j2.properties"), BrokerFiles.LOG4J2_PROPERTIES, StandardCharsets.UTF_8);
            BrokerFiles.copyClass(BrokerMain.class, folder.resolve("launcher"));
            BrokerFiles.copyClass(ParentWatch.class, folder.resolve("launcher"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Kafka broker's files in " + folder, e);
        }
        format();
        formatMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        long t1 = System.nanoTime();
        List<String> cmd = new ArrayList<>();
        cmd.add(settings.java.toString());
        cmd.add("-Xms" + settings.heap);
        cmd.add("-Xmx" + settings.heap);
        cmd.addAll(settings.jvmFlags);
        cmd.add("-Dlog4j2.configurationFile=" + folder.resolve("log4j2.properties"));
        cmd.add("-cp");
        cmd.add(folder.resolve("launcher") + File.pathSeparator + settings.jars.resolve("*"));
        cmd.add(BrokerMain.class.getName());
        cmd.add(folder.resolve(LOCK_FILE).toString());
        cmd.add(folder.resolve("server.properties").toString());
        command = Collections.unmodifiableList(cmd);
        synchronized (stopLock) {
            if (closed) {
                throw new IllegalStateException("the Kafka broker was stopped while it started");
            }
            try {
                process = processBuilder(cmd).redirectOutput(folder.resolve(LOG_FILE).toFile()).start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the Kafka broker with " + settings.java, e);
            }
        }
        Process p = process;
        exitNoted = p.onExit().thenRun(() -> {
            if (!stopping) {
                failure = exitReason(p, "while the study was using it");
            }
        });
        awaitAnswer(p, t1);
        startMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1);
    }

    /** A process in the broker's folder, output merged, without the variables that add flags to {@code java}. */
    private ProcessBuilder processBuilder(List<String> cmd) {
        return JavaFlagVariables.removeFrom(new ProcessBuilder(cmd).directory(folder.toFile()).redirectErrorStream(true));
    }

    /** {@code kafka.tools.StorageTool format}, in {@link StorageFormat}; {@link #close} ends it while it runs. */
    private void format() {
        Path log = folder.resolve(FORMAT_LOG_FILE);
        Process p;
        synchronized (stopLock) {
            if (closed) {
                throw new IllegalStateException("the Kafka broker was stopped while it started");
            }
            try {
                p = processBuilder(StorageFormat.command(settings, folder)).redirectOutput(log.toFile()).start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + settings.java + " to format the Kafka broker's"
                        + " folder", e);
            }
            formatProcess = p;
        }
        try {
            StorageFormat.await(p, log, settings.startTimeoutNs);
        } finally {
            formatProcess = null;
        }
    }

    /** Polls until the broker answers as Kafka, exits, or the start timeout passes. */
    private void awaitAnswer(Process p, long startedNs) {
        long deadline = startedNs + settings.startTimeoutNs;
        Admin admin = null;
        String lastError = "nothing accepted a connection on port " + port + " yet";
        try {
            while (true) {
                if (!p.isAlive()) {
                    throw new IllegalStateException(exitReason(p, "before it answered"));
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("the Kafka broker (pid " + p.pid() + ") did not answer at "
                            + bootstrapServers() + " within " + seconds(settings.startTimeoutNs) + " ("
                            + BrokerSettings.START_TIMEOUT + "): " + lastError + "; "
                            + BrokerFiles.lastLines(folder.resolve(LOG_FILE)));
                }
                if (!ClusterProbe.answersTcp(HOST, port, 200)) {
                    Thread.sleep(50);
                    continue;
                }
                if (admin == null) {
                    admin = ClusterProbe.admin(bootstrapServers(), PROBE_TIMEOUT_MS, "lb-broker-ready-check");
                }
                try {
                    ClusterProbe.describe(admin, PROBE_TIMEOUT_MS);
                    return;
                } catch (ExecutionException | TimeoutException e) {
                    lastError = "describeCluster: " + (e.getCause() != null ? e.getCause() : e);
                    Thread.sleep(50);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the Kafka broker to answer", e);
        } finally {
            ClusterProbe.closeQuietly(admin);
        }
    }

    /** Why the broker process ended, with its last log lines; names the port when it was taken. */
    private String exitReason(Process p, String when) {
        Path log = folder.resolve(LOG_FILE);
        String tail = BrokerFiles.tail(log);
        String cause = "";
        if (tail.contains("Address already in use") || tail.contains("BindException")) {
            cause = " because a port it needs is taken (127.0.0.1:" + port + " or controller 127.0.0.1:"
                    + controllerPort + ")";
        }
        int status = p.exitValue();
        return "the Kafka broker (pid " + p.pid() + ") exited with status " + ExitStatus.describe(status) + " " + when
                + cause + "; " + BrokerFiles.lastLines(log);
    }

    @Override
    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    @Override
    public String failure() {
        return failure;
    }

    /** Runs {@code onGone} when the broker ends without this JVM stopping it, after {@link #failure} is set. */
    @Override
    public void whenGone(Runnable onGone) {
        CompletableFuture<Void> noted = exitNoted;
        if (noted != null) {
            noted.thenRun(() -> {
                if (!stopping) {
                    onGone.run();
                }
            });
        }
    }

    /**
     * Copies a failed broker's log into {@code dir}, as close deletes its folder, and points {@link #failure} there.
     * @return the copy, or null when it did not fail or the copy fails
     */
    Path keepLog(Path dir) {
        String f = failure;
        Path log = folder.resolve(LOG_FILE);
        if (f == null || !Files.isRegularFile(log)) {
            return null;
        }
        Path kept = dir.resolve(LOG_FILE);
        try {
            Files.createDirectories(dir);
            Files.copy(log, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            System.err.println("latency-bench: cannot keep " + log + " in " + dir + ": " + e);
            return null;
        }
        failure = f.replace(log.toString(), kept.toString());
        return kept;
    }

    /** The broker's process id; -1 before it started. */
    public long pid() {
        Process p = process;
        return p == null ? -1 : p.pid();
    }

    /** The broker's folder (log data, logs, properties); deleted by {@link #close}. */
    public Path folder() {
        return folder;
    }

    public int port() {
        return port;
    }

    /** The broker JVM's resident memory now, from /proc ({@link ProcessFootprint}); -1 when it cannot be read. */
    public long rssKb() {
        Process p = process;
        long kb = p == null || !p.isAlive() ? -1 : ProcessFootprint.system().rssKiB(p.pid());
        if (kb > peakRssKb) {
            peakRssKb = kb;
        }
        return kb;
    }

    /** CPU time the broker JVM has used so far, user and system; -1 when it cannot be read. */
    public long cpuNs() {
        Process p = process;
        if (p == null) {
            return -1;
        }
        Optional<Duration> cpu = p.isAlive() ? p.info().totalCpuDuration() : Optional.empty();
        if (cpu.isPresent()) {
            lastCpuNs = cpu.get().toNanos();
        }
        return lastCpuNs; // once it is gone: the last look, taken as it was stopped
    }

    /** Milliseconds from launch until the broker answered (format not included); -1 before. */
    public long startMs() {
        return startMs;
    }

    /** Milliseconds from SIGTERM until the process was gone; -1 before {@link #close}. */
    public long stopMs() {
        return stopMs;
    }

    @Override
    public JsonObject describe() {
        return BrokerDescription.of(this);
    }

    BrokerSettings settings() {
        return settings;
    }

    String kafkaVersion() {
        return kafkaVersion;
    }

    int controllerPort() {
        return controllerPort;
    }

    /** The broker's command line; empty before it was launched. */
    List<String> command() {
        return command;
    }

    /** Milliseconds the storage format step took; -1 before it ended. */
    long formatMs() {
        return formatMs;
    }

    /** The highest {@link #rssKb} seen so far; -1 before the first. */
    long peakRssKb() {
        return peakRssKb;
    }

    /**
     * SIGTERM, then SIGKILL after {@link #stopGraceNs}; reaps the process and deletes the folder.
     * Idempotent, safe from a shutdown hook, never throws.
     */
    @Override
    public void close() {
        synchronized (stopLock) {
            if (closed) {
                return;
            }
            closed = true;
            stopping = true;
        }
        Process f = formatProcess;
        if (f != null) {
            f.destroyForcibly();
        }
        Process p = process;
        if (p != null) {
            rssKb(); // the last look at its memory and CPU time
            cpuNs();
            stopMs = stop(p, stopGraceNs());
        }
        try {
            lock.release();
        } catch (IOException | RuntimeException e) {
            // the channel closes below, which drops the lock too
        }
        try {
            lockChannel.close();
        } catch (IOException e) {
            // nothing more to release
        }
        try {
            OwnedFolder.deleteTree(folder);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("latency-bench: cannot delete the Kafka broker's folder " + folder + ": " + e);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // already shutting down: this is the hook
        }
    }

    /**
     * How long a SIGTERM gets before SIGKILL: {@link BrokerSettings#STOP_TIMEOUT_NS}, or the short
     * {@link #SIGNAL_STOP_NS} while this JVM is ending, so a Ctrl-C is not held up.
     */
    static long stopGraceNs() {
        return shuttingDown() ? SIGNAL_STOP_NS : BrokerSettings.STOP_TIMEOUT_NS;
    }

    /** Whether this JVM is running its shutdown hooks: a hook can no longer be added then. */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { }, "lb-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** SIGTERM, then SIGKILL after {@code graceNs}; returns the ms until the process was gone; a kill is logged. */
    static long stop(Process p, long graceNs) {
        long t0 = System.nanoTime();
        p.destroy();
        if (!waitFor(p, graceNs)) {
            System.err.println("latency-bench: the Kafka broker (pid " + p.pid() + ") did not stop within "
                    + seconds(graceNs)
                    + " of SIGTERM" + (graceNs == SIGNAL_STOP_NS ? " while this run was being stopped" : "")
                    + "; killing it");
            p.destroyForcibly();
            waitFor(p, TimeUnit.SECONDS.toNanos(10));
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    private static boolean waitFor(Process p, long ns) {
        try {
            return p.waitFor(ns, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // keep stopping; the caller sees the flag
            p.destroyForcibly();
            try {
                return p.onExit().get(5, TimeUnit.SECONDS) != null;
            } catch (InterruptedException | ExecutionException | TimeoutException e2) {
                return !p.isAlive();
            }
        }
    }

    /** {@code ns} in whole seconds, for a message: {@code "30 s"}. */
    static String seconds(long ns) {
        return String.format(Locale.ROOT, "%d s", TimeUnit.NANOSECONDS.toSeconds(ns));
    }

    @Override
    public String toString() {
        return "the Kafka " + kafkaVersion + " broker at " + bootstrapServers() + " (pid " + pid() + ", folder "
                + folder + ")";
    }
}
