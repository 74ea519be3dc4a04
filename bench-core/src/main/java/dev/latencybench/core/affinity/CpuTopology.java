package dev.latencybench.core.affinity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.BitSet;
import java.util.List;

/**
 * What Linux says about this machine's CPUs: online, allowed to this process, isolated, tickless, and which share a
 * core. Read under a root that tests point at a fake tree. Immutable after construction; not for hot paths.
 */
public final class CpuTopology {
    private final Path root;
    private final BitSet online;
    private final BitSet affinity;
    private final BitSet allowed;
    private final BitSet isolated;
    private final BitSet nohzFull;

    public CpuTopology(Path root) {
        this.root = root;
        int fallback = Runtime.getRuntime().availableProcessors();
        BitSet all = new BitSet();
        all.set(0, fallback);
        this.online = list(read("sys/devices/system/cpu/online"), all);
        BitSet mask = (BitSet) online.clone();
        String status = read("proc/self/status");
        if (status != null) {
            for (String line : status.split("\n")) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    mask = list(line.substring("Cpus_allowed_list:".length()), mask);
                    mask.and(online);
                }
            }
        }
        this.affinity = mask;
        this.isolated = list(read("sys/devices/system/cpu/isolated"), new BitSet());
        this.nohzFull = list(read("sys/devices/system/cpu/nohz_full"), new BitSet());
        // isolated CPUs are in no default mask yet can be pinned to; the cgroup cpuset is the real limit
        BitSet pinnable = (BitSet) affinity.clone();
        BitSet isolatedOnline = (BitSet) isolated.clone();
        isolatedOnline.and(online);
        pinnable.or(isolatedOnline);
        BitSet cpuset = cpuset();
        if (cpuset != null) {
            pinnable.and(cpuset);
        }
        this.allowed = pinnable;
    }

    /** The CPUs of this process's cgroup cpuset (v2, else v1), or null where it cannot be read. */
    private BitSet cpuset() {
        String cgroups = read("proc/self/cgroup");
        if (cgroups == null) {
            return null;
        }
        for (String line : cgroups.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) { // v2: walk up until a level has the cpuset controller
                for (Path dir = Paths.get("sys/fs/cgroup" + f[2]); dir != null; dir = dir.getParent()) {
                    String cpus = read(dir.resolve("cpuset.cpus.effective").toString());
                    if (cpus != null) {
                        return nonEmpty(list(cpus, null));
                    }
                    if (dir.toString().equals("sys/fs/cgroup")) {
                        break;
                    }
                }
            } else if (java.util.Arrays.asList(f[1].split(",")).contains("cpuset")) { // v1
                for (String path : new String[] {f[2], "/"}) {
                    String cpus = read("sys/fs/cgroup/cpuset" + (path.equals("/") ? "" : path) + "/cpuset.effective_cpus");
                    if (cpus != null) {
                        return nonEmpty(list(cpus, null));
                    }
                }
            }
        }
        return null;
    }

    public static CpuTopology system() {
        return new CpuTopology(Paths.get("/"));
    }

    public BitSet online() {
        return (BitSet) online.clone();
    }

    /** Online CPUs a thread may be pinned to: its affinity mask plus the isolated CPUs, within its cgroup cpuset. */
    public BitSet allowed() {
        return (BitSet) allowed.clone();
    }

    /** The CPUs this process runs on now ({@code Cpus_allowed_list}); released threads go back to these. */
    public BitSet affinity() {
        return (BitSet) affinity.clone();
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

    private static BitSet nonEmpty(BitSet cpus) {
        return cpus == null || cpus.isEmpty() ? null : cpus;
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
