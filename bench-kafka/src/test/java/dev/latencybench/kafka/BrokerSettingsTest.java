package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerSettingsTest {
    @TempDir
    Path dir;

    private static BrokerSettings read(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return BrokerSettings.fromProperties(new BenchProperties(m));
    }

    private static String error(String... keyValues) {
        return assertThrows(ConfigException.class, () -> read(keyValues)).getMessage();
    }

    @Test
    void theDefaultsAreKafkasOwnStartScripts() {
        BrokerSettings s = read();
        assertEquals("1g", s.heap);
        assertEquals(List.of("-server", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20",
                "-XX:InitiatingHeapOccupancyPercent=35", "-XX:+ExplicitGCInvokesConcurrent",
                "-Djava.awt.headless=true"), s.jvmFlags);
        assertEquals(0, s.port);
        assertEquals(BrokerSettings.currentJava(), s.java);
        assertEquals(TimeUnit.SECONDS.toNanos(60), s.startTimeoutNs);
        assertTrue(s.jars.endsWith("target/kafka-broker"), s.jars.toString());
    }

    @Test
    void propertiesAreRead() {
        BrokerSettings s = read("bench.kafka.broker.heap", "512m", "bench.kafka.broker.jvmFlags", "-XX:+UseZGC  -Dx=1",
                "bench.kafka.broker.port", "19092", "bench.kafka.broker.startTimeout", "30s");
        assertEquals("512m", s.heap);
        assertEquals(List.of("-XX:+UseZGC", "-Dx=1"), s.jvmFlags);
        assertEquals(19092, s.port);
        assertEquals(TimeUnit.SECONDS.toNanos(30), s.startTimeoutNs);
        assertEquals("512m", s.toJson().get("heap").getAsString());
        assertEquals(2, s.toJson().getAsJsonArray("jvmFlags").size());
    }

    @Test
    void badValuesAreRefusedNamingThePropertyAndWhatIsAllowed() {
        assertEquals("bench.kafka.broker.heap=lots is not valid: expected a heap size such as 512m or 1g",
                error("bench.kafka.broker.heap", "lots"));
        assertEquals("bench.kafka.broker.jvmFlags=-Xmx2g is not valid: the heap is set by bench.kafka.broker.heap, not"
                + " by -Xmx2g", error("bench.kafka.broker.jvmFlags", "-Xmx2g"));
        assertEquals("bench.kafka.broker.jvmFlags=UseZGC is not valid: 'UseZGC' is not a JVM flag; expected flags that"
                + " start with '-', separated by spaces", error("bench.kafka.broker.jvmFlags", "UseZGC"));
        assertEquals("bench.kafka.broker.port=70000 is not valid: expected the broker's port on 127.0.0.1 (0: a free"
                + " one) from 0 to 65535", error("bench.kafka.broker.port", "70000"));
        assertEquals("bench.kafka.broker.controllerPort=19092 is not valid: the controller needs a port of its own, not"
                + " the broker's (bench.kafka.broker.port=19092)", error("bench.kafka.broker.port", "19092",
                "bench.kafka.broker.controllerPort", "19092"));
        assertTrue(error("bench.kafka.broker.java", "/no/such/java").startsWith("bench.kafka.broker.java=/no/such/java"
                + " is not valid: no executable java there"));
        assertTrue(error("bench.kafka.broker.startTimeout", "0s").startsWith("bench.kafka.broker.startTimeout=0s is not"
                + " valid: expected how long the broker may take to answer from 1s to 10m"));
    }

    @Test
    void pathsAreMadeAbsoluteForTheBrokersOwnWorkingFolder() {
        BrokerSettings s = BrokerSettings.defaults().withJars(Path.of("rel/jars")).withFolderParent(Path.of("rel"));
        assertEquals(Path.of("rel/jars").toAbsolutePath(), s.jars);
        assertEquals(Path.of("rel").toAbsolutePath(), s.folderParent);
    }

    @Test
    void theKafkaVersionComesFromTheJars() throws Exception {
        Files.createFile(dir.resolve("kafka-server-4.4.0.jar"));
        Files.createFile(dir.resolve("kafka-server-common-4.4.0.jar"));
        assertEquals("4.4.0", BrokerSettings.defaults().withJars(dir).kafkaVersion());
    }

    @Test
    void missingJarsSayHowToGetThem() {
        String e = assertThrows(IllegalStateException.class,
                () -> BrokerSettings.defaults().withJars(dir.resolve("none")).kafkaVersion()).getMessage();
        assertEquals("the Kafka broker's jars are not there: " + dir.resolve("none") + " is not a folder; build them"
                + " with ./mvnw -pl bench-kafka -am package (they go to bench-kafka/target/kafka-broker)"
                + ", or set bench.kafka.broker.jars to a folder of a Kafka broker's"
                + " jars, or set bench.kafka.bootstrap to use a running cluster", e);
        String empty = assertThrows(IllegalStateException.class,
                () -> BrokerSettings.defaults().withJars(dir).kafkaVersion()).getMessage();
        assertTrue(empty.startsWith("the folder " + dir + " (bench.kafka.broker.jars) should hold one"
                + " kafka-server-<version>.jar, and holds none"), empty);
    }
}
