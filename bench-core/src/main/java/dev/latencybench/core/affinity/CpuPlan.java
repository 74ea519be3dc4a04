package dev.latencybench.core.affinity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Collectors;

import dev.latencybench.core.config.ConfigException;

/**
 * Which CPU each spinning thread is pinned to, from {@code bench.cpus}: {@code auto} (isolated CPUs first, CPU 0 last
 * as it takes most interrupts, avoiding hyperthread siblings), an explicit list, or {@code none}. Fewer usable CPUs
 * than spinning threads is refused, as they would take turns on one. Immutable.
 */
public final class CpuPlan {
    public enum Mode { AUTO, EXPLICIT, NONE }

    private final Mode mode;
    private final int[] cpus;
    private final String note;

    private CpuPlan(Mode mode, int[] cpus, String note) {
        this.mode = mode;
        this.cpus = cpus;
        this.note = note;
    }

    /**
     * @param threadNames one name per spinning thread, in the order of the CPUs in the list
     * @throws ConfigException naming the property, the value and what is allowed
     */
    public static CpuPlan resolve(String property, String value, List<String> threadNames, CpuTopology topology) {
        int threads = threadNames.size();
        String v = value.trim();
        if (v.equalsIgnoreCase("none")) {
            // unpinned, the threads still spin side by side, on the CPUs of the process's mask
            requireCpus(property, value, threadNames, topology.affinity());
            return new CpuPlan(Mode.NONE, new int[0], "pinning turned off");
        }
        BitSet allowed = topology.allowed();
        if (v.equalsIgnoreCase("auto")) {
            requireCpus(property, value, threadNames, allowed);
            return auto(threads, allowed, topology);
        }
        int[] cpus;
        try {
            cpus = Arrays.stream(v.split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            throw ConfigException.invalid(property, value, "expected auto, none, or " + threads
                    + " comma-separated CPU numbers (" + String.join(", ", threadNames) + ") such as "
                    + example(threads) + "; CPUs allowed here: " + CpuList.format(allowed));
        }
        if (cpus.length != threads) {
            throw ConfigException.invalid(property, value, "expected " + threads + " CPUs, one each for "
                    + String.join(", ", threadNames) + ", such as " + example(threads)
                    + "; CPUs allowed here: " + CpuList.format(allowed));
        }
        BitSet online = topology.online();
        for (int cpu : cpus) {
            if (cpu < 0 || !online.get(cpu)) {
                throw ConfigException.invalid(property, value, "CPU " + cpu + " does not exist on this machine"
                        + " (online CPUs: " + CpuList.format(online) + ")");
            }
            if (!allowed.get(cpu)) {
                throw ConfigException.invalid(property, value, "CPU " + cpu + " is not allowed for this process"
                        + " (allowed CPUs: " + CpuList.format(allowed) + "; see taskset or the cgroup cpuset)");
            }
        }
        for (int i = 0; i < cpus.length; i++) {
            for (int j = i + 1; j < cpus.length; j++) {
                if (cpus[i] == cpus[j]) {
                    throw ConfigException.invalid(property, value, threadNames.get(i) + " and " + threadNames.get(j)
                            + " both spin, so they need two different CPUs; CPUs allowed here: "
                            + CpuList.format(allowed));
                }
            }
        }
        return new CpuPlan(Mode.EXPLICIT, cpus, "as asked");
    }

    /** Refuses too few CPUs up front: spinning threads sharing one take turns by time slice and fail vaguely. */
    private static void requireCpus(String property, String value, List<String> threadNames, BitSet usable) {
        int threads = threadNames.size();
        if (usable.cardinality() < threads) {
            throw ConfigException.invalid(property, value, String.join(" and ", threadNames) + " both spin, so the"
                    + " study needs " + count(threads) + " CPUs, this process may use " + usable.cardinality()
                    + " (allowed CPUs: " + CpuList.format(usable) + "; see taskset or the cgroup cpuset)");
        }
    }

    private static String count(int n) {
        String[] words = {"zero", "one", "two", "three", "four"};
        return n < words.length ? words[n] : String.valueOf(n);
    }

    private static CpuPlan auto(int threads, BitSet allowed, CpuTopology topology) {
        List<Integer> order = new ArrayList<>();
        BitSet isolated = topology.isolated();
        isolated.and(allowed);
        isolated.stream().forEach(order::add);
        allowed.stream().filter(c -> c != 0 && !isolated.get(c)).forEach(order::add);
        if (allowed.get(0) && !isolated.get(0)) {
            order.add(0);
        }
        List<Integer> picked = new ArrayList<>();
        BitSet taken = new BitSet();
        for (int cpu : order) {
            if (picked.size() < threads && !taken.get(cpu)) {
                picked.add(cpu);
                taken.or(topology.siblings(cpu));
            }
        }
        for (int cpu : order) { // not enough whole cores: accept siblings
            if (picked.size() < threads && !picked.contains(cpu)) {
                picked.add(cpu);
            }
        }
        int[] cpus = picked.stream().mapToInt(Integer::intValue).toArray();
        String from = isolated.cardinality() >= threads ? "isolated CPUs" : "no " + threads + " isolated CPUs, picked from allowed CPUs";
        return new CpuPlan(Mode.AUTO, cpus, from);
    }

    private static String example(int threads) {
        return java.util.stream.IntStream.range(0, threads).mapToObj(i -> String.valueOf(2 + 2 * i))
                .collect(Collectors.joining(","));
    }

    public Mode mode() {
        return mode;
    }

    /** True when threads are meant to be pinned. */
    public boolean pins() {
        return cpus.length > 0;
    }

    public int cpu(int i) {
        return cpus[i];
    }

    /** How the CPUs were chosen, for people. */
    public String note() {
        return note;
    }

    public String describe() {
        return cpus.length == 0 ? "none" : Arrays.stream(cpus).mapToObj(String::valueOf).collect(Collectors.joining(","));
    }
}
