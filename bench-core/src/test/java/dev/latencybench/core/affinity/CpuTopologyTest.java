package dev.latencybench.core.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.FakeSysTree;

class CpuTopologyTest {
    @TempDir
    Path root;

    @Test
    void readsOnlineAllowedIsolatedAndTickless() {
        CpuTopology t = new FakeSysTree(root).online("0-7").allowed("0-5").isolated("4-5").nohzFull("3-5")
                .topology();
        assertEquals("0-7", CpuList.format(t.online()));
        assertEquals("0-5", CpuList.format(t.allowed()));
        assertEquals("4-5", CpuList.format(t.isolated()));
        assertEquals("3-5", CpuList.format(t.nohzFull()));
    }

    @Test
    void allowedIsLimitedToOnlineCpus() {
        CpuTopology t = new FakeSysTree(root).online("0-3").allowed("2-15").topology();
        assertEquals("2-3", CpuList.format(t.allowed()));
    }

    @Test
    void withoutProcSelfStatusEveryOnlineCpuIsAllowed() {
        CpuTopology t = new FakeSysTree(root).online("0-3,8-11").topology();
        assertEquals("0-3,8-11", CpuList.format(t.allowed()));
    }

    @Test
    void missingOrEmptyIsolationFilesMeanNone() {
        CpuTopology missing = new FakeSysTree(root).online("0-3").topology();
        assertEquals("none", CpuList.format(missing.isolated()));
        assertEquals("none", CpuList.format(missing.nohzFull()));
        CpuTopology empty = new FakeSysTree(root).isolated("").nohzFull("").topology();
        assertEquals("none", CpuList.format(empty.isolated()));
        assertEquals("none", CpuList.format(empty.nohzFull()));
    }

    @Test
    void malformedFilesFallBack() {
        CpuTopology t = new FakeSysTree(root).online("0-3").allowed("garbage").isolated("x-y").nohzFull("3-1")
                .topology();
        assertEquals("0-3", CpuList.format(t.allowed()));
        assertEquals("none", CpuList.format(t.isolated()));
        assertEquals("none", CpuList.format(t.nohzFull()));
    }

    @Test
    void siblingsFromThreadSiblingsList() {
        CpuTopology t = new FakeSysTree(root).online("0-7").cores("0,4", "1,5").siblings(2, "2-3").topology();
        assertEquals("0,4", CpuList.format(t.siblings(0)));
        assertEquals("0,4", CpuList.format(t.siblings(4)));
        assertEquals("1,5", CpuList.format(t.siblings(5)));
        assertEquals("2-3", CpuList.format(t.siblings(2)));
    }

    @Test
    void siblingsAlwaysIncludeTheCpuItself() {
        CpuTopology t = new FakeSysTree(root).online("0-7").siblings(1, "5").topology();
        assertEquals("1,5", CpuList.format(t.siblings(1)));
        assertEquals("6", CpuList.format(t.siblings(6)), "unknown: just the CPU");
    }

    @Test
    void returnsCopies() {
        CpuTopology t = new FakeSysTree(root).online("0-3").allowed("0-3").isolated("2").nohzFull("2").topology();
        t.online().clear();
        t.allowed().clear();
        t.isolated().clear();
        t.nohzFull().clear();
        assertEquals("0-3", CpuList.format(t.online()));
        assertEquals("0-3", CpuList.format(t.allowed()));
        assertEquals("2", CpuList.format(t.isolated()));
        assertEquals("2", CpuList.format(t.nohzFull()));
    }

    @Test
    void isolatedCpusCanBePinnedThoughIsolcpusKeepsThemOutOfTheDefaultMask() {
        // isolcpus=2,4 on an 8-CPU box: every process starts on 0-1,3,5-7
        FakeSysTree t = new FakeSysTree(root.resolve("isolcpus")).online("0-7").allowed("0-1,3,5-7").isolated("2,4");
        CpuTopology topo = t.topology();
        assertEquals("0-1,3,5-7", CpuList.format(topo.affinity()));
        assertEquals("0-7", CpuList.format(topo.allowed()));
        CpuPlan plan = CpuPlan.resolve("bench.cpus", "auto", List.of("a", "b"), topo);
        assertEquals("2,4", plan.describe());
        assertEquals("2,4", CpuPlan.resolve("bench.cpus", "2,4", List.of("a", "b"), topo).describe());
    }

    @Test
    void aCgroupV2CpusetLimitsWhatCanBePinned() {
        // a container given CPUs 4-7 of a host whose CPUs 2 and 4 are isolated
        FakeSysTree t = new FakeSysTree(root.resolve("v2")).online("0-7").allowed("5-7").isolated("2,4")
                .cpusetV2("/docker/abc", "4-7");
        assertEquals("4-7", CpuList.format(t.topology().allowed()));
    }

    @Test
    void aCgroupV2GroupWithoutTheCpusetControllerUsesItsParents() {
        FakeSysTree t = new FakeSysTree(root.resolve("v2up")).online("0-7").allowed("0-7").isolated("")
                .file("proc/self/cgroup", "0::/user.slice/session-1.scope\n")
                .file("sys/fs/cgroup/user.slice/cpuset.cpus.effective", "0-3\n");
        assertEquals("0-3", CpuList.format(t.topology().allowed()));
    }

    @Test
    void aCgroupV1CpusetLimitsWhatCanBePinned() {
        FakeSysTree t = new FakeSysTree(root.resolve("v1")).online("0-7").allowed("0-7").isolated("")
                .cpusetV1("/bench", "2-3");
        assertEquals("2-3", CpuList.format(t.topology().allowed()));
    }

    @Test
    void anEmptyOrUnreadableCpusetIsIgnored() {
        FakeSysTree t = new FakeSysTree(root.resolve("empty")).online("0-3").allowed("0-3").isolated("")
                .cpusetV2("/g", "");
        assertEquals("0-3", CpuList.format(t.topology().allowed()));
    }
}
