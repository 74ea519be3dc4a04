package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.latencybench.core.config.BenchProperties;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real broker: it starts, carries 1,000 messages through a service hop in order, and is gone
 * with its folder after close; and each fault ends in a clear message with nothing left behind.
 * Brokers get a small heap here: these runs check behaviour, not latency. What becomes of a broker
 * whose owner is killed outright or stopped with SIGTERM is checked where the study's launcher owns
 * one, in {@code ChainStudySmokeIT} (the broker ends, and the folder is removed by the owner's hook or
 * by the next run's clean-up).
 */
class KafkaBrokerIT {
    private static final Path JARS = Paths.get(System.getProperty(BrokerSettings.JARS, "target/kafka-broker"));
    private static final int MESSAGES = 1_000;

    @TempDir
    Path parent;

    private BrokerSettings settings() {
        return BrokerSettings.defaults().withJars(JARS).withFolderParent(parent).withHeap("256m");
    }

    @Test
    void carriesMessagesInOrderThroughAServiceAndStopsCleanly() throws Exception {
        long t0 = System.nanoTime();
        KafkaBroker broker = KafkaBroker.start(settings());
        long startedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        long pid = broker.pid();
        Path folder = broker.folder();
        List<Long> sequences = new ArrayList<>();
        List<Long> counters = new ArrayList<>();
        try (KafkaChainTransport transport = new KafkaChainTransport(broker, false,
                KafkaClientSettings.defaults(TimeUnit.MILLISECONDS.toNanos(1)), KafkaPoll.MEANT, 1_000, 100)) {
            transport.createTopics(1, 2);
            ChainTransport.Reader service = transport.reader(0, 0);
            ChainTransport.Reader sink = transport.reader(0, 1);
            ChainTransport.Writer source = transport.writer(0, 0);
            ChainTransport.Writer forward = transport.writer(0, 1);
            for (int i = 0; i < MESSAGES; i++) {
                long now = System.nanoTime();
                source.send(i, now, now, 0, now); // the producer copies it: the writer's array is reused
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (sequences.size() < MESSAGES && System.nanoTime() < deadline) {
                service.poll((seq, intended, actual, counter, handedOver) ->
                        forward.send(seq, intended, actual, counter + 1, System.nanoTime()), 100_000);
                sink.poll((seq, intended, actual, counter, handedOver) -> {
                    sequences.add(seq);
                    counters.add(counter);
                }, 100_000);
            }
            assertEquals(null, transport.failure());
            System.out.printf("broker: started in %d ms (format %s ms, launch to answer %d ms), RSS %d kB%n", startedMs,
                    broker.describe().get("formatMs"), broker.startMs(), broker.rssKb());
        } finally {
            broker.close();
        }
        System.out.printf("broker: stopped in %d ms%n", broker.stopMs());
        assertEquals(MESSAGES, sequences.size(), "every message arrives once");
        for (int i = 0; i < MESSAGES; i++) {
            assertEquals(i, sequences.get(i), "in order");
            assertEquals(1, counters.get(i), "one service added one");
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "broker process gone");
        assertFalse(Files.exists(folder), "folder deleted");
        assertTrue(broker.stopMs() >= 0 && broker.stopMs() < BrokerSettings.STOP_TIMEOUT_NS / 1_000_000,
                "stopped by SIGTERM, not killed: " + broker.stopMs() + " ms");
    }

    @Test
    void aTakenPortFailsNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            int port = taken.getLocalPort();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> KafkaBroker.start(settings().withPorts(port, 0)));
            assertTrue(e.getMessage().contains("port " + port + " on 127.0.0.1 is taken (bench.kafka.broker.port="
                    + port), e.getMessage());
        }
        assertEquals(List.of(), listFolder(parent), "nothing left behind");
    }

    @Test
    void aKilledBrokerFailsTheClientsWithTheReasonAndCloseStillCleansUp() throws Exception {
        KafkaBroker broker = KafkaBroker.start(settings());
        long pid = broker.pid();
        try (KafkaChainTransport transport = new KafkaChainTransport(broker, false,
                KafkaClientSettings.defaults(TimeUnit.MILLISECONDS.toNanos(1)), KafkaPoll.MEANT, 1_000,
                ChainMessage.HEADER_BYTES)) {
            transport.createTopics(1, 1);
            ChainTransport.Reader reader = transport.reader(0, 0);
            ChainTransport.Writer writer = transport.writer(0, 0);
            writer.send(0, 0, 0, 0, 0);
            ChainTransport.Handler ignore = (seq, intended, actual, counter, handedOver) -> { };

            ProcessHandle.of(pid).orElseThrow().destroyForcibly();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (transport.failure() == null && System.nanoTime() < deadline) {
                try {
                    reader.poll(ignore, 100_000);
                } catch (IllegalStateException e) {
                    assertEquals(transport.failure(), e.getMessage());
                }
                Thread.sleep(20);
            }
            String failure = transport.failure();
            assertNotNull(failure, "the reader sees the broker gone");
            assertTrue(failure.contains("the Kafka broker (pid " + pid + ") exited with status 137 (signal 9) while"
                    + " the study was using it"), failure);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> writer.send(1, 0, 0, 0, 0));
            assertEquals(failure, e.getMessage());
            System.out.println("after the kill: " + failure);
        } finally {
            broker.close();
        }
        assertFalse(Files.exists(broker.folder()), "folder deleted");
        assertEquals(List.of(), listFolder(parent));
    }

    @Test
    void aBrokerThatExitsAtOnceFailsWithItsStatusAndLastLines() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> KafkaBroker.start(settings().withJvmFlags(List.of("-XX:+NoSuchFlagForTheTest"))));
        assertTrue(e.getMessage().contains("exited with status 1 before it answered; last lines of "), e.getMessage());
        assertTrue(e.getMessage().contains("NoSuchFlagForTheTest"), e.getMessage());
    }

    @Test
    void anExternalAddressNobodyAnswersAtFailsWithinSecondsNamingIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort(); // free again once closed: nobody answers there
        }
        String address = "127.0.0.1:" + port;
        long t0 = System.nanoTime();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KafkaCluster.open(
                new BenchProperties(Map.of(KafkaCluster.BOOTSTRAP, address, BrokerSettings.JARS, JARS.toString()))));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(e.getMessage().startsWith("no Kafka cluster answers at " + address + " (bench.kafka.bootstrap)"),
                e.getMessage());
        assertTrue(ms < 5_000, "failed after " + ms + " ms");
        System.out.println("external nobody: failed in " + ms + " ms: " + e.getMessage());
    }

    private static List<Path> listFolder(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.collect(java.util.stream.Collectors.toList());
        }
    }
}
