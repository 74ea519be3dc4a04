package dev.latencybench.core.affinity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.BitSet;
import java.util.List;

/**
 * What Linux says about this machine's CPUs: which are online, which this process may run on,
 * which are isolated ({@code isolcpus}) or tickless ({@code nohz_full}), and which share a core.
 * Read from {@code /sys} and {@code /proc} under a root that tests point at a fake tree.
 * Immutable after construction; not for hot paths.
 */
public final class CpuTopology {
    private final Path root;
    private final BitSet online;
    private final BitSet allowed;
    private final BitSet isolated;
    private final BitSet nohzFull;

    public CpuTopology(Path root) {
        this.root = root;
        int fallback = Runtime.getRuntime().availableProcessors();
        BitSet all = new BitSet();
        all.set(0, fallback);
        this.online = list(read("sys/devices/system/cpu/online"), all);
        BitSet allowedCpus = (BitSet) online.clone();
        String status = read("proc/self/status");
        if (status != null) {
            for (String line : status.split("\n")) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    allowedCpus = list(line.substring("Cpus_allowed_list:".length()), allowedCpus);
                    allowedCpus.and(online);
                }
            }
        }
        this.allowed = allowedCpus;
        this.isolated = list(read("sys/devices/system/cpu/isolated"), new BitSet());
        this.nohzFull = list(read("sys/devices/system/cpu/nohz_full"), new BitSet());
    }

    /** This machine. */
    public static CpuTopology system() {
        return new CpuTopology(Paths.get("/"));
    }

    public BitSet online() {
        return (BitSet) online.clone();
    }

    /** Online CPUs this process may be scheduled on (its affinity mask / cpuset). */
    public BitSet allowed() {
        return (BitSet) allowed.clone();
    }

    public BitSet isolated() {
        return (BitSet) isolated.clone();
    }

    public BitSet nohzFull() {
        return (BitSet) nohzFull.clone();
    }

    /** CPUs that share a physical core with {@code cpu}, itself included; just {@code cpu} when unknown. */
    public BitSet siblings(int cpu) {
        BitSet own = new BitSet();
        own.set(cpu);
        BitSet s = list(read("sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list"), own);
        s.set(cpu);
        return s;
    }

    private String read(String relative) {
        Path p = root.resolve(relative);
        try {
            List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
            return String.join("\n", lines);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    private static BitSet list(String text, BitSet fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return CpuList.parse(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
