package dev.latencybench.kafka;

import com.google.gson.JsonObject;

import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.MemberProblem;
import dev.latencybench.core.result.ForkResult;

/**
 * The CPU one chain step used, from each fork's {@code machineLoad}: the benchmark JVM's, and the broker's where the
 * suite started it (an external cluster's CPU is not seen). Not thread-safe; one per cell.
 */
final class StepCpu {
    private double jvmCores;
    private int jvmForks;
    private double brokerCores;
    private int brokerForks;

    /** Adds one fork's reading; a fork without one (it measured nothing, or /proc was not readable) adds none. */
    void add(JsonObject fork) {
        JsonObject load = ForkResult.read(fork).machineLoad;
        if (load.size() == 0) {
            return;
        }
        EnvironmentFile.MachineLoad l = EnvironmentFile.MachineLoad.read(load);
        if (l.thisProcessCores != null && l.thisProcessCores >= 0) {
            jvmCores += l.thisProcessCores;
            jvmForks++;
        }
        if (suitesBroker(fork) && l.childProcessesCores != null && l.childProcessesCores >= 0) {
            brokerCores += l.childProcessesCores;
            brokerForks++;
        }
    }

    /** The forks' means for a step of {@code chains} chains; null when no fork had a reading. */
    ChainResult.Cpu of(int chains) {
        if (jvmForks == 0) {
            return null;
        }
        return new ChainResult.Cpu(jvmCores / jvmForks, brokerForks == 0 ? null : brokerCores / brokerForks, chains);
    }

    /** Whether the fork ran on a broker the suite started (the launcher's, or its own), whose CPU it measured. */
    static boolean suitesBroker(JsonObject fork) {
        ForkKafka f;
        try {
            f = JsonCodec.fromJson(fork, ForkKafka.class);
        } catch (MemberProblem e) {
            return false; // a kafka part not as the suite writes it: no broker of the suite's to account for
        }
        String kind = f == null || f.kafka == null || f.kafka.cluster == null ? null : f.kafka.cluster.kind;
        return "search".equals(kind) || "owned".equals(kind);
    }

    /** The part of fork.json this reads: {@code kafka.cluster.kind}, the rest left alone. */
    private static final class ForkKafka {
        Kafka kafka;
    }

    private static final class Kafka {
        Cluster cluster;
    }

    private static final class Cluster {
        String kind;
    }
}
