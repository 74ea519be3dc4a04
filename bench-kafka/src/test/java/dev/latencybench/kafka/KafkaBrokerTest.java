package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaBrokerTest {
    @TempDir
    Path dir;

    @Test
    void serverPropertiesMakeOneLoopbackNodeThatIsBrokerAndController() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(BrokerFiles.serverProperties(19092, 19093, Paths.get("/tmp/x/data"))));
        assertEquals("broker,controller", p.getProperty("process.roles"));
        assertEquals("1", p.getProperty("node.id"));
        assertEquals("1@127.0.0.1:19093", p.getProperty("controller.quorum.voters"));
        assertEquals("PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093", p.getProperty("listeners"));
        assertEquals("PLAINTEXT://127.0.0.1:19092", p.getProperty("advertised.listeners"));
        assertEquals("CONTROLLER", p.getProperty("controller.listener.names"));
        assertEquals("/tmp/x/data", p.getProperty("log.dirs"));
        for (String rf : List.of("default.replication.factor", "offsets.topic.replication.factor",
                "transaction.state.log.replication.factor", "transaction.state.log.min.isr", "min.insync.replicas",
                "share.coordinator.state.topic.replication.factor", "share.coordinator.state.topic.min.isr")) {
            assertEquals("1", p.getProperty(rf), rf);
        }
        assertEquals("0", p.getProperty("group.initial.rebalance.delay.ms"));
        assertEquals("false", p.getProperty("auto.create.topics.enable"));
        assertFalse(p.stringPropertyNames().stream().anyMatch(k -> p.getProperty(k).contains("0.0.0.0")),
                "nothing listens beyond loopback");
    }

    @Test
    void theBrokerLogsAtWarn() {
        assertTrue(BrokerFiles.LOG4J2_PROPERTIES.contains("rootLogger.level=WARN"));
    }

    @Test
    void freePortsAreTwoDistinctOnes() {
        int[] ports = BrokerPorts.choose(0, 0);
        assertTrue(ports[0] > 0 && ports[1] > 0);
        assertNotEquals(ports[0], ports[1]);
    }

    @Test
    void aTakenPortIsNamedBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            int port = taken.getLocalPort();
            String e = assertThrows(IllegalStateException.class, () -> BrokerPorts.choose(0, port)).getMessage();
            assertTrue(e.startsWith("cannot start the Kafka broker: port " + port + " on 127.0.0.1 is taken"
                    + " (bench.kafka.broker.controllerPort=" + port + ", "), e);
            assertTrue(e.endsWith("); stop what uses it, choose another port, or give 0 for a free one"), e);
        }
    }

    @Test
    void staleFoldersGoAndLiveOnesStay() throws Exception {
        Path stale = Files.createDirectories(dir.resolve("lb-kafka-1-111"));
        Files.createFile(stale.resolve(KafkaBroker.LOCK_FILE));
        Files.createDirectories(stale.resolve("data/topic-0"));
        Path mine = Files.createDirectories(dir.resolve("lb-kafka-" + ProcessHandle.current().pid() + "-222"));
        Files.createFile(mine.resolve(KafkaBroker.LOCK_FILE));
        Path notOurs = Files.createDirectories(dir.resolve("lb-kafka-somebody-else")); // no lock file
        Path live = Files.createDirectories(dir.resolve("lb-kafka-2-333"));
        Files.createFile(live.resolve(KafkaBroker.LOCK_FILE));
        Process holder = holdLock(live.resolve(KafkaBroker.LOCK_FILE));
        try {
            List<String> removed = StaleBrokerFolders.remove(dir);
            assertEquals(List.of("removed " + stale + ", the folder of a Kafka broker whose benchmark JVM was killed"),
                    removed);
        } finally {
            holder.destroyForcibly().waitFor();
        }
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(mine), "this JVM's own folders are left to it");
        assertTrue(Files.exists(notOurs), "a folder without our lock file is not ours");
        assertTrue(Files.exists(live), "a folder whose lock is held is in use");
    }

    /** Another process holding a lock on the file, as a live broker does; returns once it holds it. */
    private static Process holdLock(Path file) throws Exception {
        Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LockHolderMain.class.getName(), file.toString())
                .redirectErrorStream(true).start();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine());
            return p;
        } catch (Exception | AssertionError e) {
            p.destroyForcibly();
            throw e;
        }
    }

    @Test
    void theTailQuotesTheLastLinesIndented() throws Exception {
        Path log = dir.resolve("broker.log");
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            b.append("line ").append(i).append('\n');
        }
        Files.writeString(log, b);
        String tail = BrokerFiles.tail(log);
        assertTrue(tail.startsWith(System.lineSeparator() + "    line 6"), tail);
        assertTrue(tail.endsWith("    line 20"), tail);
        assertEquals("", BrokerFiles.tail(dir.resolve("none.log")));
    }

    @Test
    void theJavaVersionComesFromTheJdksReleaseFile() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
        Files.writeString(dir.resolve("jdk/release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"21.0.3\"\n");
        assertEquals("21.0.3", BrokerDescription.javaVersion(bin.resolve("java")));
        assertEquals("unknown", BrokerDescription.javaVersion(dir.resolve("nojdk/bin/java")));
    }

    @Test
    void aMalformedBootstrapIsRefusedBeforeAnythingStarts() {
        for (String bad : List.of("localhost", "localhost:", ":9092", "h:0", "h:99999", "h:92x", "a:1,")) {
            String e = assertThrows(ConfigException.class, () -> KafkaCluster.open(new BenchProperties(Map.of(
                    KafkaCluster.BOOTSTRAP, bad)))).getMessage();
            assertEquals("bench.kafka.bootstrap=" + bad + " is not valid: expected HOST:PORT (or several,"
                    + " comma-separated) with a port from 1 to 65535, such as 127.0.0.1:9092", e);
        }
        assertEquals(2, ExternalKafkaCluster.parse("a:1, b:2").size());
    }

    /**
     * A broker that does not stop on SIGTERM holds a signalled JVM 1 s, not the 10 s an ordinary close gives it
     * (issue 48, row 19: a chain run's Ctrl-C took 9.7 s): the JVM here is signalled, its hook stops a process that
     * ignores SIGTERM, and the JVM and that process are gone within seconds.
     */
    @Test
    void aBrokerThatIgnoresSigtermHoldsASignalledJvmOneSecondNotTen() throws Exception {
        assertEquals(BrokerSettings.STOP_TIMEOUT_NS, KafkaBroker.stopGraceNs(), "no signal: the ordinary timeout");
        Process jvm = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), StopOnSignalMain.class.getName())
                .redirectErrorStream(true).start();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(jvm.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            String ready = out.readLine();
            assertTrue(ready != null && ready.startsWith("ready "), String.valueOf(ready));
            ProcessHandle stubborn = ProcessHandle.of(Long.parseLong(ready.substring(6))).orElseThrow();
            long t0 = System.nanoTime();
            new ProcessBuilder("kill", "-TERM", Long.toString(jvm.pid())).start().waitFor();
            assertTrue(jvm.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the JVM ended");
            double seconds = (System.nanoTime() - t0) / 1e9;
            String rest = new String(jvm.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(seconds < 5, String.format("%.1f s from SIGTERM to the JVM's end: %s", seconds, rest));
            assertTrue(rest.contains("did not stop within 1 s of SIGTERM while this run was being stopped; killing it"),
                    rest);
            stubborn.onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(!stubborn.isAlive(), "the process that ignored SIGTERM was killed");
        } finally {
            jvm.destroyForcibly();
        }
    }
}
