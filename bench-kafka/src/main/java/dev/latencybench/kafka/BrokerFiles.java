package dev.latencybench.kafka;

import static dev.latencybench.kafka.KafkaBroker.HOST;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The files of a {@link KafkaBroker}'s folder: the configuration written there and the log tails quoted in errors. */
final class BrokerFiles {
    /** Log lines quoted in an error: enough for a stack trace's head, short enough to read. */
    static final int TAIL_LINES = 15;

    private BrokerFiles() {
    }

    /** The broker's configuration: one node that is broker and controller on 127.0.0.1, every replication factor 1. */
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

    /** What an error quotes of a log: its last lines, or that it is empty or gone, never a bare colon. */
    static String lastLines(Path log) {
        if (!Files.exists(log)) {
            return "its log " + log + " is gone (" + (Files.exists(log.getParent()) ? "removed" : "its folder was"
                    + " removed, as a stopped run's clean-up does") + ")";
        }
        String tail = tail(log);
        return tail.isEmpty() ? "its log " + log + " is empty" : "last lines of " + log + ":" + tail;
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

    /** Copies a class's file from this JVM's class path to {@code root}, for the broker's launcher class path. */
    static void copyClass(Class<?> type, Path root) throws IOException {
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
}
