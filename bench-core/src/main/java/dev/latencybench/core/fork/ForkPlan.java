package dev.latencybench.core.fork;

import java.util.List;
import java.util.function.Supplier;

import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.Periods;

/** What one fork of a study runs: the periods, the CPUs its threads are pinned to, and how to open its workload. */
public final class ForkPlan {
    private final Periods periods;
    private final CpuPlan cpus;
    private final Supplier<Workload> workload;

    private ForkPlan(Periods periods, CpuPlan cpus, Supplier<Workload> workload) {
        this.periods = periods;
        this.cpus = cpus;
        this.workload = workload;
    }

    /** A fork that pins its threads by the roles of {@code cpus}. */
    public static ForkPlan of(Periods periods, CpuPlan cpus, Supplier<Workload> workload) {
        return new ForkPlan(periods, cpus, workload);
    }

    /** A fork that pins nothing: its threads share the machine. */
    public static ForkPlan unpinned(Periods periods, Supplier<Workload> workload) {
        return new ForkPlan(periods, CpuPlan.resolve("bench.cpus", "none", List.of(), CpuTopology.system()), workload);
    }

    public Periods periods() {
        return periods;
    }

    public CpuPlan cpus() {
        return cpus;
    }

    /** Opens the workload; the session that gets it closes it. */
    public Workload openWorkload() {
        return workload.get();
    }
}
