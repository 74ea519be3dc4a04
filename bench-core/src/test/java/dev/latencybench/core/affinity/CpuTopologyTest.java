package dev.latencybench.core.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

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
}
