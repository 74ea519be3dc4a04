package dev.latencybench.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

import dev.latencybench.core.affinity.CpuList;
import dev.latencybench.core.affinity.CpuTopology;

/** A fake {@code /proc} and {@code /sys} tree under a test folder, for the Path-root constructors. */
public final class FakeSysTree {
    private final Path root;

    public FakeSysTree(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Writes {@code content} to {@code relative} under the root, creating folders. */
    public FakeSysTree file(String relative, String content) {
        Path p = root.resolve(relative);
        try {
            Files.createDirectories(p.getParent());
            Files.write(p, content.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Creates the folder {@code relative} under the root (e.g. {@code dev/shm}). */
    public FakeSysTree dir(String relative) {
        try {
            Files.createDirectories(root.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public FakeSysTree online(String cpuList) {
        return file("sys/devices/system/cpu/online", cpuList + "\n");
    }

    /** {@code proc/self/status} as Linux writes it, with this {@code Cpus_allowed_list}. */
    public FakeSysTree allowed(String cpuList) {
        return file("proc/self/status", "Name:\tjava\nState:\tS (sleeping)\nTgid:\t4242\n"
                + "Cpus_allowed:\tff\nCpus_allowed_list:\t" + cpuList + "\nMems_allowed_list:\t0\n");
    }

    /** A cgroup v2 cpuset: {@code proc/self/cgroup} names the group, whose effective CPUs are {@code cpuList}. */
    public FakeSysTree cpusetV2(String group, String cpuList) {
        return file("proc/self/cgroup", "0::" + group + "\n")
                .file("sys/fs/cgroup" + group + "/cpuset.cpus.effective", cpuList + "\n");
    }

    /** A cgroup v1 cpuset hierarchy. */
    public FakeSysTree cpusetV1(String group, String cpuList) {
        return file("proc/self/cgroup", "12:memory:/x\n5:cpuset:" + group + "\n1:name=systemd:/x\n")
                .file("sys/fs/cgroup/cpuset" + group + "/cpuset.effective_cpus", cpuList + "\n");
    }

    public FakeSysTree isolated(String cpuList) {
        return file("sys/devices/system/cpu/isolated", cpuList + "\n");
    }

    public FakeSysTree nohzFull(String cpuList) {
        return file("sys/devices/system/cpu/nohz_full", cpuList + "\n");
    }

    /** The hyperthreads that share a core with {@code cpu}, itself included. */
    public FakeSysTree siblings(int cpu, String cpuList) {
        return file("sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list", cpuList + "\n");
    }

    /** Each listed group shares one core, e.g. {@code "0,4", "1,5"}. */
    public FakeSysTree cores(String... groups) {
        for (String group : groups) {
            for (String cpu : group.split(",")) {
                siblings(Integer.parseInt(cpu.trim()), group);
            }
        }
        return this;
    }

    /** {@code proc/cmdline}, the kernel's parameters. */
    public FakeSysTree cmdline(String params) {
        return file("proc/cmdline", params + "\n");
    }

    /** The cpufreq {@code scaling_governor} of each CPU in {@code cpuList}. */
    public FakeSysTree governor(String governor, String cpuList) {
        BitSet cpus = CpuList.parse(cpuList);
        for (int cpu = cpus.nextSetBit(0); cpu >= 0; cpu = cpus.nextSetBit(cpu + 1)) {
            file("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor", governor + "\n");
        }
        return this;
    }

    /** CPU 0's cpuidle state {@code index}: its name, exit latency in microseconds and whether it is disabled. */
    public FakeSysTree idleState(int index, String name, int latencyUs, boolean disabled) {
        String dir = "sys/devices/system/cpu/cpu0/cpuidle/state" + index + "/";
        return file(dir + "name", name + "\n").file(dir + "latency", latencyUs + "\n")
                .file(dir + "disable", (disabled ? "1" : "0") + "\n");
    }

    /** A running process, as {@code proc/<pid>/comm} shows it. */
    public FakeSysTree process(int pid, String comm) {
        return file("proc/" + pid + "/comm", comm + "\n");
    }

    /** {@code proc/swaps}: its header, then one line per active device (none: no swap). */
    public FakeSysTree swaps(String... devices) {
        StringBuilder sb = new StringBuilder("Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
        for (String d : devices) {
            sb.append(d).append('\n');
        }
        return file("proc/swaps", sb.toString());
    }

    /** A machine with CPUs {@code online}, all allowed, none isolated. */
    public static FakeSysTree machine(Path root, String online) {
        return new FakeSysTree(root).online(online).allowed(online).isolated("");
    }

    public CpuTopology topology() {
        return new CpuTopology(root);
    }
}
