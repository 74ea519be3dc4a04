package dev.latencybench.kafka;

import com.google.gson.JsonObject;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How the suite starts its own Kafka broker: java, jars, heap, JVM flags, ports and timeouts, read from
 * {@code bench.kafka.broker.*} or built with the {@code with*} methods. The broker keeps one fixed JVM so that cells
 * differ only in the services. Immutable and thread-safe; not for hot paths.
 */
public final class BrokerSettings {
    public static final String JAVA = "bench.kafka.broker.java";
    /** Kafka's broker (kafka-server 4.x) is compiled for Java 17. */
    static final int MIN_JAVA = 17;
    public static final String JARS = "bench.kafka.broker.jars";
    public static final String HEAP = "bench.kafka.broker.heap";
    public static final String JVM_FLAGS = "bench.kafka.broker.jvmFlags";
    /** The folder of the broker's jars beside the study's jar. */
    static final String BROKER_FOLDER = "kafka-broker";
    public static final String PORT = "bench.kafka.broker.port";
    public static final String CONTROLLER_PORT = "bench.kafka.broker.controllerPort";
    public static final String START_TIMEOUT = "bench.kafka.broker.startTimeout";
    public static final String FOLDER = "bench.kafka.broker.folder";

    /** The heap kafka-server-start.sh gives a broker when KAFKA_HEAP_OPTS is not set. */
    public static final String DEFAULT_HEAP = "1g";
    /** The flags kafka-run-class.sh gives a broker when KAFKA_JVM_PERFORMANCE_OPTS is not set. */
    public static final List<String> DEFAULT_JVM_FLAGS = List.of("-server", "-XX:+UseG1GC",
            "-XX:MaxGCPauseMillis=20", "-XX:InitiatingHeapOccupancyPercent=35", "-XX:+ExplicitGCInvokesConcurrent",
            "-Djava.awt.headless=true");
    /** Ten times a usual start, for a cold disk and a busy machine. */
    public static final long DEFAULT_START_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    /** SIGTERM stops a broker in about 2 s; after this it is killed. */
    public static final long STOP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private static final Pattern HEAP_SIZE = Pattern.compile("[1-9][0-9]*[kKmMgG]?");

    public final Path java;
    public final Path jars;
    public final String heap;
    public final List<String> jvmFlags;
    public final int port;
    public final int controllerPort;
    public final long startTimeoutNs;
    public final Path folderParent;

    private BrokerSettings(Path java, Path jars, String heap, List<String> jvmFlags, int port, int controllerPort,
            long startTimeoutNs, Path folderParent) {
        // absolute: the broker runs in its own folder, where a relative path would point elsewhere
        this.java = Objects.requireNonNull(java, "java").toAbsolutePath();
        this.jars = Objects.requireNonNull(jars, "jars").toAbsolutePath();
        this.heap = Objects.requireNonNull(heap, "heap");
        this.jvmFlags = Collections.unmodifiableList(List.copyOf(jvmFlags));
        this.port = port;
        this.controllerPort = controllerPort;
        this.startTimeoutNs = startTimeoutNs;
        this.folderParent = Objects.requireNonNull(folderParent, "folderParent").toAbsolutePath();
    }

    /** The defaults: this JVM's {@code java}, the jars beside this module, free ports. */
    public static BrokerSettings defaults() {
        return new BrokerSettings(currentJava(), defaultJars(), DEFAULT_HEAP, DEFAULT_JVM_FLAGS, 0, 0,
                DEFAULT_START_TIMEOUT_NS, Paths.get(System.getProperty("java.io.tmpdir")));
    }

    private static final Property HEAP_PROPERTY = Property.text(HEAP, DEFAULT_HEAP,
            "the broker's heap (-Xms and -Xmx), such as 512m or 1g");
    private static final Property JVM_FLAGS_PROPERTY = Property.text(JVM_FLAGS, String.join(" ", DEFAULT_JVM_FLAGS),
            "the broker's JVM flags, space-separated (the heap is set by " + HEAP + ")");
    private static final Property PORT_PROPERTY = Property.count(PORT, 0, 0, 65535,
            "the broker's port on 127.0.0.1 (0: a free one)");
    private static final Property CONTROLLER_PORT_PROPERTY = Property.count(CONTROLLER_PORT, 0, 0, 65535,
            "the broker's controller port on 127.0.0.1 (0: a free one)");
    private static final Property START_TIMEOUT_PROPERTY = Property.duration(START_TIMEOUT, DEFAULT_START_TIMEOUT_NS,
            TimeUnit.SECONDS.toNanos(1), TimeUnit.MINUTES.toNanos(10), "how long the broker may take to answer");

    /** The {@code bench.kafka.broker.*} properties {@link #fromProperties} reads, declared. */
    public static List<Property> properties() {
        BrokerSettings d = defaults();
        return List.of(javaProperty(d), jarsProperty(d), HEAP_PROPERTY, JVM_FLAGS_PROPERTY, PORT_PROPERTY,
                CONTROLLER_PORT_PROPERTY, START_TIMEOUT_PROPERTY, folderProperty(d));
    }

    private static Property javaProperty(BrokerSettings d) {
        return Property.text(JAVA, d.java.toString(), "the java that runs the broker (Java " + MIN_JAVA
                + " or newer)");
    }

    private static Property jarsProperty(BrokerSettings d) {
        return Property.text(JARS, d.jars.toString(), "the folder of the broker's jars");
    }

    private static Property folderProperty(BrokerSettings d) {
        return Property.folder(FOLDER, d.folderParent.toString(), "where the broker's fresh log folder is made",
                "give a writable directory");
    }

    /** Reads the {@code bench.kafka.broker.*} properties; a bad value fails here, before anything starts. */
    public static BrokerSettings fromProperties(BenchProperties props) {
        BrokerSettings d = defaults();
        Path java = path(props, javaProperty(d));
        if (!Files.isExecutable(java)) {
            throw ConfigException.invalid(JAVA, java.toString(), "no executable java there; give the path of a"
                    + " JDK's bin/java (Java " + MIN_JAVA + " or newer)");
        }
        Path jars = path(props, jarsProperty(d));
        String heap = props.string(HEAP_PROPERTY);
        if (!HEAP_SIZE.matcher(heap).matches()) {
            throw ConfigException.invalid(HEAP, heap, "expected a heap size such as 512m or 1g");
        }
        String flags = props.string(JVM_FLAGS_PROPERTY);
        List<String> jvmFlags = flags.isEmpty() ? List.of() : Arrays.asList(flags.trim().split("\\s+"));
        for (String f : jvmFlags) {
            if (!f.startsWith("-")) {
                throw ConfigException.invalid(JVM_FLAGS, flags, "'" + f + "' is not a JVM flag; expected flags"
                        + " that start with '-', separated by spaces");
            }
            if (f.startsWith("-Xmx") || f.startsWith("-Xms")) {
                throw ConfigException.invalid(JVM_FLAGS, flags, "the heap is set by " + HEAP + ", not by " + f);
            }
        }
        int port = (int) props.count(PORT_PROPERTY);
        int controllerPort = (int) props.count(CONTROLLER_PORT_PROPERTY);
        if (port != 0 && port == controllerPort) {
            throw ConfigException.invalid(CONTROLLER_PORT, Integer.toString(controllerPort),
                    "the controller needs a port of its own, not the broker's (" + PORT + "=" + port + ")");
        }
        long startTimeoutNs = props.durationNs(START_TIMEOUT_PROPERTY);
        Path folder = props.writableDirectory(folderProperty(d));
        return new BrokerSettings(java, jars, heap, jvmFlags, port, controllerPort, startTimeoutNs, folder);
    }

    public BrokerSettings withJars(Path jars) {
        return new BrokerSettings(java, jars, heap, jvmFlags, port, controllerPort, startTimeoutNs, folderParent);
    }

    public BrokerSettings withHeap(String heap) {
        return new BrokerSettings(java, jars, heap, jvmFlags, port, controllerPort, startTimeoutNs, folderParent);
    }

    public BrokerSettings withJvmFlags(List<String> jvmFlags) {
        return new BrokerSettings(java, jars, heap, jvmFlags, port, controllerPort, startTimeoutNs, folderParent);
    }

    /** Fixed ports; 0 picks a free one. */
    public BrokerSettings withPorts(int port, int controllerPort) {
        return new BrokerSettings(java, jars, heap, jvmFlags, port, controllerPort, startTimeoutNs, folderParent);
    }

    public BrokerSettings withFolderParent(Path folderParent) {
        return new BrokerSettings(java, jars, heap, jvmFlags, port, controllerPort, startTimeoutNs, folderParent);
    }

    /**
     * The Kafka version of the broker's jars, from the name of its {@code kafka-server-<version>.jar}.
     * @throws IllegalStateException when the folder holds no broker, saying how to get one
     */
    public String kafkaVersion() {
        if (!Files.isDirectory(jars)) {
            throw new IllegalStateException("the Kafka broker's jars are not there: " + jars + " is not a folder;"
                    + " build them with ./mvnw -pl bench-kafka -am package (they go to bench-kafka/target/kafka-broker)"
                    + ", or set " + JARS + " to a folder of a Kafka "
                    + "broker's jars, or set " + KafkaCluster.BOOTSTRAP + " to use a running cluster");
        }
        try (Stream<Path> s = Files.list(jars)) {
            List<String> versions = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("kafka-server-") && n.endsWith(".jar")
                            && Character.isDigit(n.charAt("kafka-server-".length())))
                    .map(n -> n.substring("kafka-server-".length(), n.length() - ".jar".length()))
                    .collect(Collectors.toList());
            if (versions.size() != 1) {
                throw new IllegalStateException("the folder " + jars + " (" + JARS + ") should hold one "
                        + "kafka-server-<version>.jar, and holds " + (versions.isEmpty() ? "none" : versions)
                        + "; build it with ./mvnw -pl bench-kafka -am package, or set " + KafkaCluster.BOOTSTRAP
                        + " to use a running cluster");
            }
            return versions.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the broker's jars in " + jars, e);
        }
    }

    /** The settings as env.json and result.json record them, in the order written. */
    @SuppressWarnings("unused") // read by JsonCodec
    private static final class Written {
        String java;
        String jars;
        String heap;
        List<String> jvmFlags;
        int port;
        int controllerPort;
        long startTimeoutMs;
        String folderParent;
    }

    /** Every setting, for env.json and result.json. */
    public JsonObject toJson() {
        Written o = new Written();
        o.java = java.toString();
        o.jars = jars.toString();
        o.heap = heap;
        o.jvmFlags = List.copyOf(jvmFlags);
        o.port = port;
        o.controllerPort = controllerPort;
        o.startTimeoutMs = TimeUnit.NANOSECONDS.toMillis(startTimeoutNs);
        o.folderParent = folderParent.toString();
        return JsonCodec.toJsonObject(o);
    }

    /** The {@code java} of the running JVM. */
    static Path currentJava() {
        return Paths.get(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * Where the build puts the broker's jars: {@code kafka-broker/} beside the study's jar or classes, else the
     * checkout's {@code bench-kafka/target/kafka-broker} (for a jar from the local Maven repository).
     */
    static Path defaultJars() {
        Path beside = besideJar();
        if (beside != null && Files.isDirectory(beside)) {
            return beside;
        }
        for (Path checkout : List.of(Path.of(""), Path.of(".."))) {
            Path built = checkout.resolve("bench-kafka").resolve("target").resolve(BROKER_FOLDER).toAbsolutePath()
                    .normalize();
            if (Files.isDirectory(built)) {
                return built;
            }
        }
        return beside != null ? beside : Path.of("bench-kafka", "target", BROKER_FOLDER).toAbsolutePath();
    }

    /** {@code kafka-broker/} beside the study's jar or {@code target/classes}; null where that cannot be known. */
    private static Path besideJar() {
        CodeSource source = BrokerSettings.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            Path parent = Paths.get(source.getLocation().toURI()).getParent(); // target/ for classes and the jar
            return parent == null ? null : parent.resolve(BROKER_FOLDER);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    private static Path path(BenchProperties props, Property property) {
        String raw = props.string(property);
        try {
            return Paths.get(raw).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw ConfigException.invalid(property.name, raw, ConfigException.pathProblem(e));
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "java %s, heap %s, flags %s, jars %s", java, heap,
                String.join(" ", jvmFlags), jars);
    }
}
