package dev.latencybench.core.env;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuList;
import dev.latencybench.core.affinity.CpuTopology;

/**
 * Captures what a result depends on: JDK, VM flags, collector, CPU model, cores, isolated and
 * tickless cores, frequency governor, transparent huge pages, kernel, host, and the findings of
 * {@link HostCheck}. Stored with every result as {@code env.json} ({@link EnvironmentFile}). Reads {@code /proc} and
 * {@code /sys} under a root (a fake tree in tests). Not for hot paths.
 */
public final class Environment {
    private final Path root;

    public Environment(Path root) {
        this.root = root;
    }

    public static Environment system() {
        return new Environment(Path.of("/"));
    }

    /** What this JVM finds of its machine, as a fork's {@code env.json} holds it. */
    public JsonObject capture() {
        return snapshot().toJson();
    }

    /** What this JVM finds of its machine: a fork's {@code env.json}, before its cell adds the forks' part. */
    public EnvironmentFile snapshot() {
        JvmIdentity id = JvmIdentity.current();
        EnvironmentFile.Jdk jdk = new EnvironmentFile.Jdk(id.jvm(), System.getProperty("java.vendor"),
                System.getProperty("java.version"), System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                System.getProperty("java.home"), Runtime.getRuntime().maxMemory(), new JsonObject());
        List<String> flags = List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments());

        CpuTopology topo = new CpuTopology(root);
        EnvironmentFile.Cpu cpu = new EnvironmentFile.Cpu(cpuModel(), Runtime.getRuntime().availableProcessors(),
                CpuList.format(topo.online()), CpuList.format(topo.affinity()), CpuList.format(topo.allowed()),
                CpuList.format(topo.isolated()), CpuList.format(topo.nohzFull()),
                firstLine("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"), new JsonObject());

        EnvironmentFile.Os os = new EnvironmentFile.Os(System.getProperty("os.name"), System.getProperty("os.version"),
                System.getProperty("os.arch"), selected(firstLine("sys/kernel/mm/transparent_hugepage/enabled")),
                meminfo("MemTotal"), hostName(), new JsonObject());
        List<EnvironmentFile.Check> checks = new ArrayList<>();
        new HostCheck(root).check().forEach(f -> checks.add(EnvironmentFile.Check.of(f)));
        return new EnvironmentFile(EnvironmentFile.VERSION, jdk, id.gc(), flags, cpu, os, checks, null, null, null,
                new JsonObject());
    }

    /** The host name, for run ids; "localhost" where it cannot be found. */
    public static String hostName() {
        String h = System.getenv("HOSTNAME");
        if (h == null || h.isEmpty()) {
            try {
                h = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                h = "localhost";
            }
        }
        return h;
    }

    private String cpuModel() {
        String info = read("proc/cpuinfo");
        if (info != null) {
            for (String line : info.split("\n")) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        return System.getProperty("os.arch");
    }

    private String meminfo(String key) {
        String info = read("proc/meminfo");
        if (info != null) {
            for (String line : info.split("\n")) {
                if (line.startsWith(key + ":")) {
                    return line.substring(key.length() + 1).trim();
                }
            }
        }
        return "unknown";
    }

    /** The bracketed choice of a sysfs setting such as {@code always [madvise] never}. */
    static String selected(String setting) {
        int open = setting.indexOf('[');
        int close = setting.indexOf(']', open + 1);
        return open >= 0 && close > open ? setting.substring(open + 1, close) : setting;
    }

    private String firstLine(String relative) {
        String s = read(relative);
        return s == null ? "unknown" : s.split("\n", 2)[0].trim();
    }

    private String read(String relative) {
        try {
            return new String(Files.readAllBytes(root.resolve(relative)), StandardCharsets.UTF_8);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
