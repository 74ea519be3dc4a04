package dev.latencybench.core.fork;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ForkResult;

/** What one benchmark JVM measured across its periods, for its {@code fork.json}; guarded by its session's lock. */
final class ForkTally {
    private final Metrics metrics;
    private final CpuPlan cpus;
    private final List<String> cpuRoles;
    private final List<Histogram> totals = new ArrayList<>();
    private final List<String> reasons = new ArrayList<>();
    private long measuredNs;
    private int[] pinnedTo;
    private String pinFailure;
    private double maxOtherCores = -1;
    private double maxStealCores = -1;
    private double ownCores = -1;
    /** The cores the processes this JVM started used in the last measured period; -1 unknown. */
    private double childCores = -1;
    private boolean busy;

    /** @param cpuRoles the workload's threads that may be pinned, by role ({@link Workload#cpuRoles}) */
    ForkTally(Metrics metrics, CpuPlan cpus, List<String> cpuRoles) {
        this.metrics = metrics;
        this.cpus = cpus;
        this.cpuRoles = cpuRoles;
        this.pinnedTo = new int[cpuRoles.size()];
        java.util.Arrays.fill(pinnedTo, -1);
        for (int i = 0; i < metrics.size(); i++) {
            totals.add(LatencyRecorder.newHistogram());
        }
    }

    /** Adds a reason the fork failed, once. */
    void addReason(String reason) {
        if (!reasons.contains(reason)) {
            reasons.add(reason);
        }
    }

    /** Why the fork failed so far, in order; the list itself. */
    List<String> reasons() {
        return reasons;
    }

    /** Adds one measured interval of every metric (in declaration order) to the totals. */
    void addInterval(List<Histogram> interval) {
        for (int i = 0; i < interval.size(); i++) {
            totals.get(i).add(interval.get(i));
        }
    }

    /** Pinning, warm-up periods included: asked for but not obtained fails the fork. */
    void recordPinning(PeriodContext context) {
        int[] cpusNow = context.pinnedTo();
        boolean anyPinned = false;
        for (int cpu : cpusNow) {
            anyPinned |= cpu >= 0;
        }
        if (cpus.pins() && cpusNow.length > 0) {
            for (int i = 0; i < cpusNow.length; i++) {
                if (cpusNow[i] < 0) {
                    addReason("pinning asked for but not obtained (bench.cpus=" + cpus.describe() + "): "
                            + context.pinFailure());
                    break;
                }
            }
        }
        if (anyPinned || context.pinFailure() != null) {
            pinnedTo = cpusNow;
            pinFailure = context.pinFailure();
        }
    }

    /** A measured period ended: its length, and the machine's load while it ran. */
    void addMeasuredPeriod(long durationNs, CpuLoadProbe.Load load) {
        measuredNs += durationNs;
        if (load.available) {
            maxOtherCores = Math.max(maxOtherCores, load.otherProcessesCores);
            maxStealCores = Math.max(maxStealCores, load.stealCores);
            ownCores = load.thisProcessCores;
            childCores = load.childProcessesCores;
            busy |= load.busy();
        }
    }

    /** Writes what it counted into a fork's result: the measured time, the totals, the pinning and the load. */
    void writeTo(ForkResult o) {
        o.measuredNs = measuredNs;
        for (int i = 0; i < metrics.size(); i++) {
            o.summaries.put(metrics.all().get(i).name(), LatencySummary.of(totals.get(i)));
        }

        Map<String, Integer> roleCpus = new LinkedHashMap<>();
        boolean all = !cpuRoles.isEmpty();
        for (int i = 0; i < cpuRoles.size(); i++) {
            roleCpus.put(cpuRoles.get(i), pinnedTo[i]);
            all &= pinnedTo[i] >= 0;
        }
        o.pinning = new EnvironmentFile.Pinning(cpus.mode().name().toLowerCase(Locale.ROOT), cpus.describe(),
                cpus.note(), roleCpus, cpuRoles.isEmpty() ? null : all, pinFailure, null, new JsonObject()).toJson();
        o.machineLoad = new EnvironmentFile.MachineLoad(maxOtherCores, maxStealCores, ownCores, childCores,
                CpuLoadProbe.BUSY_THRESHOLD_CORES, busy, null, new JsonObject()).toJson();
    }
}
