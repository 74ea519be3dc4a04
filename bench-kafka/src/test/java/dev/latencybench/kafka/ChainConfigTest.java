package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.schedule.CapacitySearch;
import dev.latencybench.core.schedule.FixedList;
import dev.latencybench.core.schedule.SequenceOfSchedules;

class ChainConfigTest {
    @TempDir
    Path tmp;

    private ChainConfig read(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ChainConfig.QUEUE_DIR, tmp.toString());
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return ChainConfig.read(new BenchProperties(m));
    }

    private String error(String... pairs) {
        return assertThrows(ConfigException.class, () -> read(pairs)).getMessage();
    }

    /** It was dropped without a word, and fork.json recorded 10 s beside the published 125 us that ran. */
    @Test
    void aPollTimeoutNoTransportThatRunsReadsIsRefused() {
        assertEquals("bench.kafka.pollTimeout=10s is not valid: only the kafka transport (and kafka-loop) polls with it,"
                + " and bench.transports=kafka-as-published runs neither (kafka-as-published keeps the published study's"
                + " wait); add kafka to bench.transports, or leave the property out",
                error("bench.transports", "kafka-as-published", "bench.kafka.pollTimeout", "10s"));
        assertEquals(10_000_000_000L, read("bench.transports", "kafka-as-published,kafka", "bench.kafka.pollTimeout",
                "10s").kafkaClients.pollTimeoutNs, "kafka reads it");
        assertEquals(0, read("bench.transports", "kafka-loop", "bench.kafka.pollTimeout", "0").kafkaClients
                .pollTimeoutNs, "and its loop");
    }

    @Test
    void defaultsAreTheStudys() {
        ChainConfig c = read();
        assertEquals(1_000, c.ratePerSec);
        assertEquals(5, c.services);
        assertEquals(6, c.topics());
        assertEquals(0, c.instances, "a capacity search");
        assertEquals(1_024, c.limit);
        assertEquals("p99.9 < 100ms", c.slo.describe());
        assertEquals(40, c.payloadBytes);
        assertEquals(List.of("chronicle", "kafka-as-published", "kafka", "in-memory", "chronicle-loop", "kafka-loop"),
                c.transports, "Chronicle against both Kafka consumers, the floor, and each hop's yardstick");
        assertTrue(c.usesKafka());
        assertFalse(read("bench.transports", "chronicle,chronicle-loop").usesKafka());
        assertTrue(read("bench.transports", "kafka-as-published").usesKafka());
        assertEquals(125_000, c.idleWaitNs());
        assertEquals(4_096, read("bench.scale", "paper").limit);
        assertEquals(2, read("bench.scale", "smoke").limit,
                "a smoke run checks the study works: two steps a transport");
        assertEquals(60_000_000_000L, c.brokerWarmupMaxNs, "the broker warms up 30 s to 60 s");
        assertEquals(60_000_000_000L, read("bench.scale", "paper").brokerWarmupMaxNs);
        // a smoke step is too short to judge a p99.9 (the report cannot tell), so the smoke run warms the broker 5 s
        assertEquals(5_000_000_000L, read("bench.scale", "smoke").brokerWarmupMaxNs, "smoke: 5 s");
        assertEquals(60_000_000_000L, read("bench.scale", "smoke", ChainConfig.BROKER_WARMUP, "60s").brokerWarmupMaxNs,
                "a smoke run that asks for the study's warm-up gets it");
        assertEquals(5_000_000_000L, read(ChainConfig.BROKER_WARMUP, "5s").brokerWarmupMaxNs);
        assertTrue(error(ChainConfig.BROKER_WARMUP, "0s").contains(ChainConfig.BROKER_WARMUP));
    }

    @Test
    void theKafkaSettingsAreReadAndChecked() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ChainConfig.QUEUE_DIR, tmp.toString());
        m.put("bench.transports", "kafka");
        m.put("bench.kafka.producer.linger.ms", "1");
        m.put("bench.kafka.consumer.max.poll.records", "10");
        m.put("bench.kafka.broker.heap", "512m");
        m.put("bench.kafka.bootstrap", "");
        BenchProperties p = new BenchProperties(m);
        p.rejectUnknown(ChainConfig.properties()); // every bench.kafka.* property is declared
        ChainConfig c = ChainConfig.read(p);
        assertEquals(List.of("kafka"), c.transports);
        assertEquals("1", c.kafkaClients.producer.get("linger.ms"));
        assertEquals("10", c.kafkaClients.consumer.get("max.poll.records"));
        assertEquals(125_000, c.kafkaClients.pollTimeoutNs);
        assertEquals("512m", c.brokerSettings.heap);
        assertEquals("", c.kafkaBootstrap);
        assertTrue(error("bench.kafka.producer.acks", "2").contains("bench.kafka.producer.acks"));
        assertTrue(error("bench.kafka.broker.heap", "lots").contains("bench.kafka.broker.heap"));
    }

    /**
     * A cluster named by bench.kafka.bootstrap that nobody answers at is bad input: the plan's check of the
     * user's input (which the runner runs before its first cell, and a study jar before its first step)
     * refuses it within seconds, naming the address; both turn that into exit status 2 before anything
     * starts. Reading the plan, or preparing the machine, connects to nothing.
     */
    @Test
    void anUnreachableClusterIsRefusedBeforeAnythingStartsNamingTheAddress() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ChainConfig.QUEUE_DIR, tmp.toString());
        m.put("bench.kafka.bootstrap", "127.0.0.1:1");
        dev.latencybench.core.study.Study.Plan plan = new ChainStudy().plan(new BenchProperties(m),
                dev.latencybench.core.affinity.CpuTopology.system());
        plan.prepare(); // this machine's leftovers only: asks no cluster
        long t0 = System.nanoTime();
        String e = assertThrows(ConfigException.class, plan::verify).getMessage();
        assertTrue(e.startsWith("no Kafka cluster answers at 127.0.0.1:1 (bench.kafka.bootstrap): nothing accepts a"
                + " connection there"), e);
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "within seconds");
        m.put("bench.transports", "chronicle,in-memory");
        new ChainStudy().plan(new BenchProperties(m), dev.latencybench.core.affinity.CpuTopology.system()).verify();
    }

    /**
     * The study's JVMs may be Java 11, but Kafka's broker needs 17: a broker java older than that is refused
     * before anything starts, naming the property, not found when the broker fails to load its classes.
     */
    @Test
    void aBrokerJavaOlderThanKafkasBrokerNeedsIsRefusedBeforeAnythingStarts() throws IOException {
        Path java11 = fakeJava("jdk11", 11);
        Map<String, String> m = new LinkedHashMap<>();
        m.put(ChainConfig.QUEUE_DIR, tmp.toString());
        m.put(BrokerSettings.JAVA, java11.toString());
        dev.latencybench.core.study.Study.Plan plan = new ChainStudy().plan(new BenchProperties(m),
                dev.latencybench.core.affinity.CpuTopology.system());
        String e = assertThrows(ConfigException.class, plan::verify).getMessage();
        assertEquals("bench.kafka.broker.java=" + java11 + " is not valid: Kafka's broker needs Java 17 or newer; this"
                + " JVM (" + java11 + ") is Java 11; give the java of a JDK 17 or newer as -Dbench.kafka.broker.java"
                + " (the study's own JVMs may be older)", e);

        m.put("bench.transports", "chronicle,in-memory");
        // no broker: nothing to check
        new ChainStudy().plan(new BenchProperties(m), dev.latencybench.core.affinity.CpuTopology.system()).verify();
        m.remove("bench.transports");
        m.put(BrokerSettings.JAVA, fakeJava("jdk17", 17).toString());
        new ChainStudy().plan(new BenchProperties(m), dev.latencybench.core.affinity.CpuTopology.system()).verify();
    }

    /** A {@code java} that answers the launcher's probe as a JDK of this feature version would. */
    private Path fakeJava(String name, int feature) throws IOException {
        Path java = tmp.resolve(name).resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\necho 'Property settings:'\necho '    java.specification.version = " + feature
                + "'\necho '    java.version = " + feature + ".0.1'\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    @Test
    void valuesAreRead() {
        ChainConfig c = read("bench.chain.rate", "2K", "bench.chain.services", "0", "bench.chain.instances", "3",
                "bench.chain.slo", "p99 < 5ms", "bench.payload", "256", "bench.transports", "in-memory");
        assertEquals(2_000, c.ratePerSec);
        assertEquals(0, c.services);
        assertEquals(1, c.topics());
        assertEquals(3, c.instances);
        assertEquals("p99 < 5.00ms", c.slo.describe());
        assertEquals(5_000_000, c.slo.boundNs());
        assertEquals(256, c.payloadBytes);
        assertEquals(List.of("in-memory"), c.transports);
    }

    @Test
    void badValuesAreNamedWithWhatIsAllowed() {
        assertEquals("bench.chain.services=-1 is not valid: expected services per chain (0: source -> one topic ->"
                + " sink) as a whole number from 0 to 32",
                error("bench.chain.services", "-1"));
        assertEquals("bench.chain.services=33 is not valid: expected services per chain (0: source -> one topic ->"
                + " sink) from 0 to 32", error("bench.chain.services", "33"));
        assertEquals("bench.chain.rate=0 is not valid: expected messages per second each chain's source sends from 1"
                + " to 1000000", error("bench.chain.rate", "0"));
        assertEquals("bench.chain.instances=0 is not valid: expected chains to run at once (none: search for the most"
                + " that hold the SLO) from 1 to 65536", error("bench.chain.instances", "0"));
        assertEquals("bench.chain.limit=many is not valid: expected the most chains the capacity search tries as a"
                + " whole number such as 500 or 1K, from 1 to 65536", error("bench.chain.limit", "many"));
        assertEquals("bench.payload=8 is not valid: expected bytes per message (the stamps take 40) from 40 to"
                + " 1048576", error("bench.payload", "8"));
        assertEquals("bench.transports=chronicle,rabbit is not valid: unknown transport 'rabbit'; expected a"
                + " comma-separated list of chronicle, in-memory, kafka, kafka-as-published, kafka-loop,"
                + " chronicle-loop",
                error("bench.transports", "chronicle,rabbit"));
    }

    @Test
    void badSlosAreNamedWithWhatIsAllowed() {
        String allowed = "expected <percentile><<bound> such as p99.9<100ms, with a percentile of p50, p90, p99,"
                + " p99.9, p99.99 or max and a bound above 0 with a unit (ns, us, ms, s)";
        assertEquals("bench.chain.slo=fast is not valid: " + allowed, error("bench.chain.slo", "fast"));
        assertEquals("bench.chain.slo=p95<10ms is not valid: unknown percentile 'p95'; " + allowed,
                error("bench.chain.slo", "p95<10ms"));
        assertEquals("bench.chain.slo=p99.9<100 is not valid: the bound '100' is not a duration; " + allowed,
                error("bench.chain.slo", "p99.9<100"));
        assertEquals("bench.chain.slo=p99.9<0ms is not valid: the bound must be above 0; " + allowed,
                error("bench.chain.slo", "p99.9<0ms"));
        assertEquals("max < 1.00s", read("bench.chain.slo", "MAX<1s").slo.describe());
    }

    @Test
    void aFixedCountRunsTheTransportsInOrderAndNoCountSearchesEach() {
        // each hop loop right after its transport: Kafka's on the broker its searches warmed
        List<String> order = List.of("chronicle", "chronicle-loop", "kafka-as-published", "kafka", "kafka-loop",
                "in-memory");
        assertEquals(new FixedList(order).steps(),
                ((FixedList) ChainStudy.schedule(read("bench.chain.instances", "2"))).steps());
        SequenceOfSchedules s = (SequenceOfSchedules) ChainStudy.schedule(read("bench.chain.limit", "4"));
        assertEquals(order, s.variants());
        assertEquals(6, s.parts().size(), "four searches, two loops");
        assertTrue(s.parts().get(1) instanceof FixedList);
        assertTrue(s.parts().get(4) instanceof FixedList);
        assertEquals(List.of("kafka", "kafka-loop", "chronicle"), ChainTransports.runOrder(List.of("kafka-loop",
                "kafka", "chronicle")));
        assertEquals(List.of("chronicle", "kafka-loop"), ChainTransports.runOrder(List.of("kafka-loop", "chronicle")),
                "a loop without its transport runs last");
        CapacitySearch chronicle = (CapacitySearch) s.parts().get(0);
        assertEquals("capacity search of chronicle: 1, 2, 4 chains, then bisect to within 10%; pass: p99.9 < 100ms",
                chronicle.describe());
        assertTrue(ChainStudy.schedule(read("bench.transports", "in-memory")) instanceof CapacitySearch);
    }

}
