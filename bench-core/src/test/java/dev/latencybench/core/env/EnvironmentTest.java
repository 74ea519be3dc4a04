package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.FakeSysTree;

class EnvironmentTest {
    @TempDir
    Path root;

    @Test
    void capturesTheMachineFromTheTree() {
        FakeSysTree.machine(root, "0-7").allowed("0-5").isolated("4-5").nohzFull("4-5")
                .file("proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Test CPU @ 3.00GHz\n")
                .file("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n")
                .file("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n")
                .file("proc/meminfo", "MemTotal:       16384 kB\nMemFree:         8192 kB\n");
        JsonObject env = new Environment(root).capture();
        JsonObject cpu = env.getAsJsonObject("cpu");
        assertEquals("Test CPU @ 3.00GHz", cpu.get("model").getAsString());
        assertEquals("0-7", cpu.get("online").getAsString());
        assertEquals("0-5", cpu.get("allowed").getAsString());
        assertEquals("4-5", cpu.get("isolated").getAsString());
        assertEquals("4-5", cpu.get("nohzFull").getAsString());
        assertEquals("performance", cpu.get("governor").getAsString());
        JsonObject os = env.getAsJsonObject("os");
        assertEquals("madvise", os.get("transparentHugePages").getAsString());
        assertEquals("16384 kB", os.get("memTotal").getAsString());
        JsonObject jdk = env.getAsJsonObject("jdk");
        assertEquals(System.getProperty("java.version"), jdk.get("version").getAsString());
        assertEquals(JvmIdentity.current().jvm(), jdk.get("id").getAsString());
        assertEquals(JvmIdentity.current().gc(), env.get("gc").getAsString());
        JsonArray hostCheck = env.getAsJsonArray("hostCheck");
        assertEquals(10, hostCheck.size());
        JsonObject isolcpus = hostCheck.get(0).getAsJsonObject();
        assertEquals("isolcpus", isolcpus.get("id").getAsString());
        assertEquals("PASS", isolcpus.get("status").getAsString());
        assertEquals("CPUs 4-5", isolcpus.get("observed").getAsString());
        JsonObject thp = hostCheck.get(6).getAsJsonObject();
        assertEquals("thp", thp.get("id").getAsString());
        assertEquals("madvise", thp.get("observed").getAsString());
    }

    @Test
    void missingFilesAreUnknown() {
        FakeSysTree.machine(root, "0-1");
        JsonObject env = new Environment(root).capture();
        JsonObject cpu = env.getAsJsonObject("cpu");
        assertEquals(System.getProperty("os.arch"), cpu.get("model").getAsString());
        assertEquals("none", cpu.get("isolated").getAsString());
        assertEquals("none", cpu.get("nohzFull").getAsString());
        assertEquals("unknown", cpu.get("governor").getAsString());
        assertEquals("unknown", env.getAsJsonObject("os").get("transparentHugePages").getAsString());
        assertEquals("unknown", env.getAsJsonObject("os").get("memTotal").getAsString());
        JsonObject thp = env.getAsJsonArray("hostCheck").get(6).getAsJsonObject();
        assertEquals("INFO", thp.get("status").getAsString());
        assertEquals("unknown", thp.get("observed").getAsString());
    }
}
