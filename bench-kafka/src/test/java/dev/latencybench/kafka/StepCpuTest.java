package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.study.Accounting;

/** The CPU a chain step used, from its forks' machine loads, written as the chain's typed part of result.json. */
class StepCpuTest {
    @Test
    void aKafkaStepCountsTheBenchmarkJvmAndTheBrokerPerChain() {
        StepCpu cpu = new StepCpu();
        cpu.add(fork(1.5, 0.9, "search"));
        cpu.add(fork(2.5, 1.1, "search"));
        ChainResult.Cpu c = cpu.of(4);
        assertEquals(2.0, c.benchmarkJvmCores, 1e-9);
        assertEquals(1.0, c.brokerCores, 1e-9);
        assertEquals(4, c.chains);
        assertEquals(0.75, c.coresPerChain, 1e-9, "(2.0 + 1.0) / 4 chains");
    }

    @Test
    void withoutTheSuitesBrokerOnlyTheBenchmarkJvmCounts() {
        StepCpu chronicle = new StepCpu();
        chronicle.add(fork(0.8, 0.0, null));
        assertNull(chronicle.of(2).brokerCores, "Chronicle Queue has no broker");
        assertEquals(0.4, chronicle.of(2).coresPerChain, 1e-9);
        StepCpu external = new StepCpu();
        external.add(fork(0.8, 0.3, "external"));
        assertNull(external.of(1).brokerCores, "a cluster of one's own: its CPU is not seen");
        StepCpu owned = new StepCpu();
        owned.add(fork(0.8, 0.3, "owned"));
        assertEquals(0.3, owned.of(1).brokerCores, 1e-9, "a broker the fork started is its child");
        assertNull(new StepCpu().of(1), "no reading, no figure");
    }

    @Test
    void theStepsResultCarriesTheCpuAsTheChainsTypedPart() {
        Accounting a = ChainTally.accounting(1_000, ChainSlo.parse(ChainConfig.SLO, "p99.9<100ms"));
        JsonObject fork = fork(1.2, 0.6, "search");
        ChainTally t = new ChainTally(3);
        t.writeTo(fork, 1_000, ChainSlo.parse(ChainConfig.SLO, "p99.9<100ms"), 3, null);
        assertTrue(!fork.has("cpu"), "a fork's file has none: the launcher reads its machine load");
        a.add(fork);
        JsonObject result = new JsonObject();
        a.writeTo(result);
        ChainResult.Cpu c = ChainResult.PART.read(result).cpu;
        assertEquals(1.2, c.benchmarkJvmCores, 1e-9);
        assertEquals(0.6, c.brokerCores, 1e-9);
        assertEquals(0.6, c.coresPerChain, 1e-9, "1.8 cores over 3 chains");
        assertEquals("{\"benchmarkJvmCores\":1.2,\"brokerCores\":0.6,\"chains\":3,\"coresPerChain\":0.6}",
                result.get("cpu").toString().replace("0.6000000000000001", "0.6"));
    }

    private static JsonObject fork(double jvmCores, double childCores, String clusterKind) {
        JsonObject fork = new JsonObject();
        JsonObject load = new JsonObject();
        load.addProperty("otherProcessesCores", 0.0);
        load.addProperty("stealCores", 0.0);
        load.addProperty("thisProcessCores", jvmCores);
        load.addProperty("childProcessesCores", childCores);
        fork.add("machineLoad", load);
        if (clusterKind != null) {
            JsonObject kafka = new JsonObject();
            JsonObject cluster = new JsonObject();
            cluster.addProperty("kind", clusterKind);
            kafka.add("cluster", cluster);
            fork.add("kafka", kafka);
        }
        return fork;
    }
}
