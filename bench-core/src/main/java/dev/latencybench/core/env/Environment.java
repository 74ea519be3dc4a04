package dev.latencybench.core.env;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.affinity.CpuList;
import dev.latencybench.core.affinity.CpuTopology;

/**
 * Captures what a result depends on: JDK, VM flags, collector, CPU model, cores, isolated and
 * tickless cores, frequency governor, transparent huge pages, kernel, host, and the findings of
 * {@link HostCheck}. Stored with every result as {@code env.json}. Reads {@code /proc} and
 * {@code /sys} under a root (a fake tree in tests). Not for hot paths.
 */
public final class Environment {
    private final Path root;

    public Environment(Path root) {
        this.root = root;
    }

    public static Environment system() {
        return new Environment(Paths.get("/"));
    }

    public JsonObject capture() {
        JsonObject env = new JsonObject();
        JvmIdentity id = JvmIdentity.current();
        JsonObject jdk = new JsonObject();
        jdk.addProperty("id", id.jvm());
        jdk.addProperty("vendor", System.getProperty("java.vendor"));
        jdk.addProperty("version", System.getProperty("java.version"));
        jdk.addProperty("runtimeVersion", System.getProperty("java.runtime.version"));
        jdk.addProperty("vmName", System.getProperty("java.vm.name"));
        jdk.addProperty("vmVersion", System.getProperty("java.vm.version"));
        jdk.addProperty("home", System.getProperty("java.home"));
        jdk.addProperty("maxHeapBytes", Runtime.getRuntime().maxMemory());
        env.add("jdk", jdk);
        env.addProperty("gc", id.gc());
        JsonArray flags = new JsonArray();
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        args.forEach(flags::add);
        env.add("vmFlags", flags);

        CpuTopology topo = new CpuTopology(root);
        JsonObject cpu = new JsonObject();
        cpu.addProperty("model", cpuModel());
        cpu.addProperty("availableProcessors", Runtime.getRuntime().availableProcessors());
        cpu.addProperty("online", CpuList.format(topo.online()));
        cpu.addProperty("affinity", CpuList.format(topo.affinity()));
        cpu.addProperty("allowed", CpuList.format(topo.allowed()));
        cpu.addProperty("isolated", CpuList.format(topo.isolated()));
        cpu.addProperty("nohzFull", CpuList.format(topo.nohzFull()));
        cpu.addProperty("governor", firstLine("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"));
        env.add("cpu", cpu);

        JsonObject os = new JsonObject();
        os.addProperty("name", System.getProperty("os.name"));
        os.addProperty("kernel", System.getProperty("os.version"));
        os.addProperty("arch", System.getProperty("os.arch"));
        os.addProperty("transparentHugePages", selected(firstLine("sys/kernel/mm/transparent_hugepage/enabled")));
        os.addProperty("memTotal", meminfo("MemTotal"));
        os.addProperty("host", hostName());
        env.add("os", os);
        env.add("hostCheck", HostCheck.toJson(new HostCheck(root).check()));
        return env;
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
