package dev.latencybench.kafka;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.latencybench.core.schedule.Decision;
import dev.latencybench.core.schedule.ScheduleFile;
import dev.latencybench.core.view.ViewRow;

/**
 * What each transport of one cell's chain search held: the chains, whether that is only a lower bound, and the CPU
 * a chain took. The count is the launcher's decision in the schedule file, not decided again. Stateless.
 */
public final class ChainCapacity {
    private ChainCapacity() {
    }

    /** One transport's capacity on one JVM × GC. Immutable. */
    public static final class Held {
        /** The transport as the search names it: {@code kafka}, {@code kafka-as-published}, ... */
        public final String transport;
        /** The most chains that kept the SLO; 0 when the first step (1 chain) already broke it. */
        public final long chains;
        /** True when {@link #chains} is where the search stopped, not where the transport broke. */
        public final boolean lowerBound;
        /** The step the CPU figures are of: {@link #chains}, or the first step's count when none held. */
        public final long cpuAtChains;
        /** Cores per chain at {@link #cpuAtChains} chains; NaN when that step recorded no CPU. */
        public final double coresPerChain;
        /** The benchmark JVM's cores at that step; NaN when unknown. */
        public final double benchmarkJvmCores;
        /** The broker's cores at that step; null where no broker of the suite's served it (Chronicle, in memory). */
        public final Double brokerCores;

        Held(String transport, long chains, boolean lowerBound, long cpuAtChains, ChainResult.Cpu cpu) {
            this.transport = transport;
            this.chains = chains;
            this.lowerBound = lowerBound;
            this.cpuAtChains = cpuAtChains;
            this.coresPerChain = cpu == null ? Double.NaN : cpu.coresPerChain;
            this.benchmarkJvmCores = cpu == null ? Double.NaN : cpu.benchmarkJvmCores;
            this.brokerCores = cpu == null ? null : cpu.brokerCores;
        }
    }

    /**
     * Per transport, in the search's order, what the cell's search held; transports without a count are left out.
     * @param schedule one cell's schedule file
     * @param rows     the study's cells as the report's view gets them (any JVM × GC: the schedule's are picked)
     */
    public static Map<String, Held> of(ScheduleFile schedule, List<ViewRow> rows) {
        Map<String, Held> out = new LinkedHashMap<>();
        if (schedule.decision == null) {
            return out;
        }
        Map<String, Decision> parts = schedule.decision.parts.isEmpty() && schedule.steps != null
                && !schedule.steps.isEmpty() ? Map.of(schedule.steps.get(0).variant, schedule.decision)
                : schedule.decision.parts;
        parts.forEach((transport, d) -> {
            boolean lowerBound;
            switch (d.kind) {
                case BOUNDARY:
                case NONE_PASSED:
                    lowerBound = false;
                    break;
                case AT_LIMIT:
                    lowerBound = true;
                    break;
                case UNFINISHED:
                    if (d.value <= 0) {
                        return;
                    }
                    lowerBound = true;
                    break;
                default: // FAILED, CANNOT_TELL: no count
                    return;
            }
            long at = d.value > 0 ? d.value : firstCount(schedule, transport);
            out.put(transport, new Held(transport, Math.max(0, d.value), lowerBound, at, cpu(schedule, rows,
                    transport, at)));
        });
        return out;
    }

    /** The smallest count the transport's steps ran (the search's first step); 1 when none ran. */
    private static long firstCount(ScheduleFile schedule, String transport) {
        long first = Long.MAX_VALUE;
        for (ScheduleFile.RanStep s : steps(schedule)) {
            long n = count(s);
            if (transport.equals(s.variant) && n > 0) {
                first = Math.min(first, n);
            }
        }
        return first == Long.MAX_VALUE ? 1 : first;
    }

    /** The CPU of the transport's (last) step of {@code chains} chains on the schedule's cell; null when none. */
    private static ChainResult.Cpu cpu(ScheduleFile schedule, List<ViewRow> rows, String transport, long chains) {
        ChainResult.Cpu found = null;
        for (ViewRow r : rowsAt(schedule, rows, transport, chains)) {
            ChainResult part = r.result.part(ChainResult.PART);
            if (part != null && part.cpu != null) {
                found = part.cpu;
            }
        }
        return found;
    }

    /** The cells with a result of the transport's steps of {@code chains} chains on the schedule's cell, in step order. */
    static List<ViewRow> rowsAt(ScheduleFile schedule, List<ViewRow> rows, String transport, long chains) {
        List<ViewRow> found = new java.util.ArrayList<>();
        for (ScheduleFile.RanStep s : steps(schedule)) {
            if (!transport.equals(s.variant) || count(s) != chains) {
                continue;
            }
            for (ViewRow r : rows) {
                if (r.variant.equals(s.name) && r.cell.equals(schedule.cell) && r.result != null) {
                    found.add(r);
                }
            }
        }
        return found;
    }

    private static List<ScheduleFile.RanStep> steps(ScheduleFile schedule) {
        return schedule.steps == null ? List.of() : schedule.steps;
    }

    /** The step's {@code bench.chain.instances}; -1 without one. */
    private static long count(ScheduleFile.RanStep s) {
        String v = s.properties == null ? null : s.properties.get(ChainConfig.INSTANCES);
        try {
            return v == null ? -1 : Long.parseLong(v);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
