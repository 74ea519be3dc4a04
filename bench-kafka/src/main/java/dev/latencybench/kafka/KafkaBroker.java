package dev.latencybench.kafka;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.latencybench.core.os.ParentWatch;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Uuid;

/**
 * A single-node KRaft Kafka broker (broker and controller in one) that the suite starts as its own
 * JVM and stops again: bound to 127.0.0.1, in a fresh folder per run, logging at WARN.
 *
 * <pre>
 *   benchmark JVM ──starts──▶ java … BrokerMain lb-kafka.lock server.properties ──runs──▶ kafka.Kafka
 *        │                          │ watches its parent: exits when the benchmark JVM is gone
 *        └── close(): SIGTERM, wait, SIGKILL, reap, delete the folder (also from a shutdown hook)
 * </pre>
 *
 * <p>{@link #start} formats the folder ({@code kafka.tools.StorageTool format}), starts the broker
 * and returns once it answers a {@code describeCluster}; any failure on the way stops what was
 * started, deletes the folder and throws with the reason: the port taken, the broker's exit and
 * its last log lines, or the time waited. Folders that a killed benchmark JVM left behind are
 * removed at the next start (a live broker holds a lock on its folder's lock file).
 *
 * <p>Thread-safe: {@link #failure} may be polled from any thread; {@link #close} is idempotent.
 */
public final class KafkaBroker implements KafkaCluster {
    static final String FOLDER_PREFIX = "lb-kafka-";
    static final String LOCK_FILE = "lb-kafka.lock";
    static final String LOG_FILE = "broker.log";
    static final String FORMAT_LOG_FILE = "format.log";
    /** Log lines quoted in an error: enough for a stack trace's head, short enough to read. */
    static final int TAIL_LINES = 15;
    private static final String HOST = "127.0.0.1";
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
     *
     * @throws IllegalStateException with the reason when it cannot be started; nothing is left behind
     */
    public static KafkaBroker start(BrokerSettings settings) {
        String version = settings.kafkaVersion();
        if (!Files.isExecutable(settings.java())) {
            throw new IllegalStateException("cannot start the Kafka broker: " + settings.java() + " ("
                    + BrokerSettings.JAVA + ") is not an executable java");
        }
        removeStaleFolders(settings.folderParent()).forEach(line -> System.out.println("latency-bench: " + line));
        int[] ports = choosePorts(settings.port(), settings.controllerPort());
        Path folder;
        FileChannel channel;
        FileLock lock;
        try {
            folder = Files.createTempDirectory(settings.folderParent(), FOLDER_PREFIX + ProcessHandle.current().pid()
                    + "-");
            channel = FileChannel.open(folder.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            lock = channel.lock(0, Long.MAX_VALUE, true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the Kafka broker's folder in " + settings.folderParent()
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
            Files.writeString(folder.resolve("server.properties"), serverProperties(port, controllerPort,
                    folder.resolve("data")), StandardCharsets.UTF_8);
            Files.writeString(folder.resolve("log4j2.properties"), LOG4J2_PROPERTIES, StandardCharsets.UTF_8);
            copyClass(BrokerMain.class, folder.resolve("launcher"));
            copyClass(ParentWatch.class, folder.resolve("launcher"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Kafka broker's files in " + folder, e);
        }
        format();
        formatMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

        long t1 = System.nanoTime();
        List<String> cmd = new ArrayList<>();
        cmd.add(settings.java().toString());
        cmd.add("-Xms" + settings.heap());
        cmd.add("-Xmx" + settings.heap());
        cmd.addAll(settings.jvmFlags());
        cmd.add("-Dlog4j2.configurationFile=" + folder.resolve("log4j2.properties"));
        cmd.add("-cp");
        cmd.add(folder.resolve("launcher") + File.pathSeparator + settings.jars().resolve("*"));
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
                throw new UncheckedIOException("cannot start the Kafka broker with " + settings.java(), e);
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

    /**
     * A process in the broker's folder, stdout and stderr together, without the variables through
     * which the {@code java} launcher takes extra flags: the broker runs with the flags recorded.
     */
    private ProcessBuilder processBuilder(List<String> cmd) {
        ProcessBuilder b = new ProcessBuilder(cmd).directory(folder.toFile()).redirectErrorStream(true);
        b.environment().remove("JAVA_TOOL_OPTIONS");
        b.environment().remove("JDK_JAVA_OPTIONS");
        b.environment().remove("_JAVA_OPTIONS");
        return b;
    }

    /** {@code kafka.tools.StorageTool format}: a KRaft broker starts only on a formatted folder. */
    private void format() {
        Path log = folder.resolve(FORMAT_LOG_FILE);
        List<String> cmd = List.of(settings.java().toString(), "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Dlog4j2.configurationFile=" + folder.resolve("log4j2.properties"),
                "-cp", settings.jars().resolve("*").toString(), "kafka.tools.StorageTool", "format", "-t",
                Uuid.randomUuid().toString(), "-c", folder.resolve("server.properties").toString());
        Process p;
        synchronized (stopLock) {
            if (closed) {
                throw new IllegalStateException("the Kafka broker was stopped while it started");
            }
            try {
                p = processBuilder(cmd).redirectOutput(log.toFile()).start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + settings.java() + " to format the Kafka broker's"
                        + " folder", e);
            }
            formatProcess = p;
        }
        try {
            if (!p.waitFor(settings.startTimeoutNs(), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("formatting the Kafka broker's folder took longer than "
                        + seconds(settings.startTimeoutNs()) + " (" + BrokerSettings.START_TIMEOUT + "); last lines of "
                        + log + ":" + tail(log));
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("formatting the Kafka broker's folder failed (kafka.tools.StorageTool"
                        + " exited with status " + p.exitValue() + "); last lines of " + log + ":" + tail(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while formatting the Kafka broker's folder", e);
        } finally {
            p.destroyForcibly();
            formatProcess = null;
        }
    }

    /** Polls until the broker answers as Kafka, exits, or the start timeout passes. */
    private void awaitAnswer(Process p, long startedNs) {
        long deadline = startedNs + settings.startTimeoutNs();
        Admin admin = null;
        String lastError = "nothing accepted a connection on port " + port + " yet";
        try {
            while (true) {
                if (!p.isAlive()) {
                    throw new IllegalStateException(exitReason(p, "before it answered"));
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("the Kafka broker (pid " + p.pid() + ") did not answer at "
                            + bootstrapServers() + " within " + seconds(settings.startTimeoutNs()) + " ("
                            + BrokerSettings.START_TIMEOUT + "): " + lastError + "; last lines of "
                            + folder.resolve(LOG_FILE) + ":" + tail(folder.resolve(LOG_FILE)));
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
        String tail = tail(log);
        String cause = "";
        if (tail.contains("Address already in use") || tail.contains("BindException")) {
            cause = " because a port it needs is taken (127.0.0.1:" + port + " or controller 127.0.0.1:"
                    + controllerPort + ")";
        }
        int status = p.exitValue();
        return "the Kafka broker (pid " + p.pid() + ") exited with status " + status
                + (status > 128 ? " (signal " + (status - 128) + ")" : "") + " " + when + cause
                + "; last lines of " + log + ":" + (tail.isEmpty() ? " (none)" : tail);
    }

    @Override
    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    @Override
    public String failure() {
        return failure;
    }

    /**
     * The broker's end, when this JVM did not stop it, runs {@code onGone} at once, after {@link #failure} says
     * how it ended (so what {@code onGone} reads there is the exit, not null).
     */
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
     * After the broker exited on its own: copies its log into {@code dir} (the folder it was in is deleted when the
     * broker is closed) and makes {@link #failure} point there; nothing when it did not fail or the copy fails.
     *
     * @return the copy, or null
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

    /** The broker JVM's resident memory now, from /proc; -1 when it cannot be read. */
    public long rssKb() {
        Process p = process;
        long kb = p == null || !p.isAlive() ? -1 : procStatusKb(p.pid(), "VmRSS:");
        if (kb > peakRssKb) {
            peakRssKb = kb;
        }
        return kb;
    }

    /**
     * CPU time the broker JVM has used so far, user and system (from /proc through {@link ProcessHandle});
     * -1 when it cannot be read.
     */
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
        JsonObject o = new JsonObject();
        o.addProperty("kind", "owned");
        o.addProperty("kafkaVersion", kafkaVersion);
        o.addProperty("bootstrapServers", bootstrapServers());
        o.addProperty("port", port);
        o.addProperty("controllerPort", controllerPort);
        o.addProperty("folder", folder.toString());
        o.addProperty("pid", pid());
        o.addProperty("java", settings.java().toString());
        o.addProperty("javaVersion", javaVersion(settings.java()));
        o.addProperty("heap", settings.heap());
        JsonArray flags = new JsonArray();
        settings.jvmFlags().forEach(flags::add);
        o.add("jvmFlags", flags);
        JsonArray cmd = new JsonArray();
        command.forEach(cmd::add);
        o.add("command", cmd);
        o.addProperty("formatMs", formatMs);
        o.addProperty("startMs", startMs);
        o.addProperty("stopMs", stopMs);
        o.addProperty("rssKb", rssKb());
        o.addProperty("peakRssKb", peakRssKb);
        long cpu = cpuNs();
        o.addProperty("cpuMs", cpu < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(cpu));
        return o;
    }

    /**
     * SIGTERM, then SIGKILL after {@link BrokerSettings#STOP_TIMEOUT_NS}, reaps the process and
     * deletes the folder. Idempotent; safe from a shutdown hook; never throws.
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
            long t0 = System.nanoTime();
            p.destroy();
            boolean gone = waitFor(p, BrokerSettings.STOP_TIMEOUT_NS);
            if (!gone) {
                System.err.println("latency-bench: the Kafka broker (pid " + p.pid() + ") did not stop within "
                        + seconds(BrokerSettings.STOP_TIMEOUT_NS) + " of SIGTERM; killing it");
                p.destroyForcibly();
                waitFor(p, TimeUnit.SECONDS.toNanos(10));
            }
            stopMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
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
            deleteRecursively(folder);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("latency-bench: cannot delete the Kafka broker's folder " + folder + ": " + e);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // already shutting down: this is the hook
        }
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

    /**
     * The broker's configuration: one node that is broker and controller, both listeners on
     * 127.0.0.1, every replication factor and min.isr 1, no rebalance delay, topics only when asked.
     */
    static String serverProperties(int port, int controllerPort, Path dataDir) {
        return String.join("\n",
                "# written by latency-bench for one run; the folder is deleted when the run ends",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@" + HOST + ":" + controllerPort,
                "listeners=PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controllerPort,
                "advertised.listeners=PLAINTEXT://" + HOST + ":" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + dataDir,
                "num.partitions=1",
                "default.replication.factor=1",
                "min.insync.replicas=1",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                // the suite creates its topics; a misspelt topic should fail, not appear
                "auto.create.topics.enable=false",
                "") ;
    }

    /** WARN and above to stdout, which the broker's process writes to broker.log. */
    static final String LOG4J2_PROPERTIES = String.join("\n",
            "rootLogger.level=WARN",
            "rootLogger.appenderRef.out.ref=out",
            "appender.out.type=Console",
            "appender.out.name=out",
            "appender.out.layout.type=PatternLayout",
            "appender.out.layout.pattern=%d{ISO8601} %p [%c] %m%n",
            "");

    /** Two distinct ports: the ones asked for when they are free, otherwise free ones. */
    static int[] choosePorts(int port, int controllerPort) {
        requireFree(port, BrokerSettings.PORT);
        requireFree(controllerPort, BrokerSettings.CONTROLLER_PORT);
        try (ServerSocket a = port == 0 ? bind(0) : null; ServerSocket b = controllerPort == 0 ? bind(0) : null) {
            return new int[] {a != null ? a.getLocalPort() : port, b != null ? b.getLocalPort() : controllerPort};
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on " + HOST + " for the Kafka broker", e);
        }
    }

    private static void requireFree(int port, String property) {
        if (port == 0) {
            return;
        }
        try {
            bind(port).close(); // free: the broker binds it a moment later
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the Kafka broker: port " + port + " on " + HOST
                    + " is taken (" + property + "=" + port + ", " + e.getMessage() + "); stop what uses it, choose"
                    + " another port, or give 0 for a free one");
        }
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(false);
        try {
            s.bind(new java.net.InetSocketAddress(InetAddress.getByName(HOST), port));
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /**
     * Removes broker folders that a killed benchmark JVM left behind: a folder is stale when no
     * process holds its lock file (the starter and the broker each hold it while they live).
     * Folders of this JVM are never touched: reopening a lock file this JVM holds would drop the lock.
     *
     * @return one line per folder removed, for the console
     */
    public static List<String> removeStaleFolders(Path parent) {
        String mine = FOLDER_PREFIX + ProcessHandle.current().pid() + "-";
        List<Path> candidates;
        try (Stream<Path> s = Files.list(parent)) {
            candidates = s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(FOLDER_PREFIX) && !n.startsWith(mine) && Files.isRegularFile(p.resolve(LOCK_FILE));
            }).collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // a folder we cannot list is not ours to clean
        }
        List<String> removed = new ArrayList<>();
        for (Path folder : candidates) {
            try (FileChannel ch = FileChannel.open(folder.resolve(LOCK_FILE), StandardOpenOption.WRITE)) {
                FileLock l = ch.tryLock();
                if (l == null) {
                    continue; // a live broker or starter holds it
                }
                deleteRecursively(folder);
                removed.add("removed " + folder + ", the folder of a Kafka broker whose benchmark JVM was killed");
            } catch (IOException | OverlappingFileLockException | UncheckedIOException e) {
                // in use, or someone else's: leave it
            }
        }
        return removed;
    }

    /** The last {@link #TAIL_LINES} lines of a log, each on its own indented line; "" when none. */
    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            StringBuilder b = new StringBuilder();
            for (String line : lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())) {
                b.append(System.lineSeparator()).append("    ").append(line);
            }
            return b.toString();
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /** The {@code JAVA_VERSION} of the JDK that holds {@code java}, from its {@code release} file. */
    static String javaVersion(Path java) {
        Path home = java.toAbsolutePath().getParent() == null ? null : java.toAbsolutePath().getParent().getParent();
        if (home == null) {
            return "unknown";
        }
        try {
            for (String line : Files.readAllLines(home.resolve("release"), StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return line.substring("JAVA_VERSION=".length()).replace("\"", "");
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // no release file: say so
        }
        return "unknown";
    }

    /** A field of /proc/PID/status in kB, such as {@code VmRSS:}; -1 when it cannot be read. */
    static long procStatusKb(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field)) {
                    String[] f = line.substring(field.length()).trim().split("\\s+");
                    return Long.parseLong(f[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    private static void copyClass(Class<?> type, Path root) throws IOException {
        String resource = type.getName().replace('.', '/') + ".class";
        Path target = root.resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("class file " + resource + " not found on the class path");
            }
            Files.copy(in, target);
        }
    }

    static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> s = Files.walk(folder)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%d s", TimeUnit.NANOSECONDS.toSeconds(ns));
    }

    @Override
    public String toString() {
        return "the Kafka " + kafkaVersion + " broker at " + bootstrapServers() + " (pid " + pid() + ", folder "
                + folder + ")";
    }
}
