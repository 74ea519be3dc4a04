package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.FakeSysTree;

class CpuLoadProbeTest {
    @TempDir
    Path root;

    /** {@code /proc/stat}: cpu user nice system idle iowait irq softirq steal guest guest_nice. */
    private void procStat(long user, long nice, long system, long idle, long iowait, long irq, long softirq,
                          long steal) {
        new FakeSysTree(root).file("proc/stat", "cpu  " + user + " " + nice + " " + system + " " + idle + " "
                + iowait + " " + irq + " " + softirq + " " + steal + " 0 0\n"
                + "cpu0 1 2 3 4 5 6 7 8 0 0\nintr 12345 0 0\nctxt 999\n");
    }

    /** {@code /proc/self/stat} with this utime and stime (fields 14 and 15); the name has spaces and parens. */
    private void selfStat(long utime, long stime) {
        new FakeSysTree(root).file("proc/self/stat", "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 5000 0 3 0 "
                + utime + " " + stime + " 0 0 20 0 30 0 12345678 4000000000 50000 18446744073709551615\n");
    }

    @Test
    void snapshotReadsBusyAndOwnTicks() {
        procStat(1_000, 50, 300, 90_000, 20, 10, 5, 0);
        selfStat(400, 60);
        CpuLoadProbe.Snapshot s = new CpuLoadProbe(root).snapshot();
        assertTrue(s.available);
        assertEquals(1_000 + 50 + 300 + 10 + 5, s.busyTicks, "user nice system irq softirq; not idle, iowait");
        assertEquals(0, s.stealTicks);
        assertEquals(460, s.ownTicks, "utime + stime");
    }

    @Test
    void stealIsNotCountedAsOtherProcesses() {
        procStat(1_000, 0, 0, 50_000, 0, 0, 0, 0);
        selfStat(100, 0);
        CpuLoadProbe.Snapshot before = new CpuLoadProbe(root).snapshot();
        procStat(1_000, 0, 0, 50_000, 0, 0, 0, 500);
        CpuLoadProbe.Snapshot after = new CpuLoadProbe(root).snapshot();
        assertEquals(before.busyTicks, after.busyTicks);
        assertEquals(500, after.stealTicks - before.stealTicks);
    }

    @Test
    void snapshotReadsStealTicks() {
        procStat(1_000, 50, 300, 90_000, 20, 10, 5, 7);
        selfStat(400, 60);
        CpuLoadProbe.Snapshot s = new CpuLoadProbe(root).snapshot();
        assertTrue(s.available);
        assertEquals(7, s.stealTicks);
        assertEquals(460, s.ownTicks);
    }

    @Test
    void otherProcessesAreBusyTicksMinusOwnTicksOverTheElapsedTime() throws InterruptedException {
        procStat(1_000, 0, 200, 50_000, 0, 0, 0, 0);
        selfStat(100, 20);
        CpuLoadProbe probe = new CpuLoadProbe(root);
        CpuLoadProbe.Snapshot before = probe.snapshot();
        procStat(1_000 + 300, 0, 200 + 100, 60_000, 0, 0, 0, 0); // 400 ticks busy in all
        selfStat(100 + 90, 20 + 10);                               // 100 of them ours
        Thread.sleep(20);
        CpuLoadProbe.Snapshot after = probe.snapshot();

        double seconds = (after.nanoTime - before.nanoTime) / 1e9;
        CpuLoadProbe.Load load = before.until(after);
        assertTrue(load.available);
        assertEquals(300 / 100.0 / seconds, load.otherProcessesCores, 1e-9);
        assertEquals(100 / 100.0 / seconds, load.thisProcessCores, 1e-9);
        assertEquals(0.0, load.stealCores, 0.0);
        assertTrue(load.busy());
    }

    @Test
    void loadArithmeticWithKnownTimes() {
        CpuLoadProbe.Snapshot before = new CpuLoadProbe.Snapshot(1_000_000_000L, 10_000, 2_000, 100, true);
        CpuLoadProbe.Snapshot after = new CpuLoadProbe.Snapshot(3_000_000_000L, 10_300, 2_100, 110, true);
        CpuLoadProbe.Load load = before.until(after);
        assertTrue(load.available);
        assertEquals(1.0, load.otherProcessesCores, 1e-12);  // (300 - 100) ticks / 100 Hz / 2 s
        assertEquals(0.5, load.thisProcessCores, 1e-12);     // 100 ticks / 100 Hz / 2 s
        assertEquals(0.05, load.stealCores, 1e-12);          // 10 ticks / 100 Hz / 2 s
    }

    @Test
    void otherProcessesAreNeverNegative() {
        CpuLoadProbe.Snapshot before = new CpuLoadProbe.Snapshot(0, 1_000, 500, 0, true);
        CpuLoadProbe.Snapshot after = new CpuLoadProbe.Snapshot(1_000_000_000L, 1_050, 600, 0, true);
        CpuLoadProbe.Load load = before.until(after);
        assertEquals(0.0, load.otherProcessesCores, 0.0);
        assertEquals(1.0, load.thisProcessCores, 1e-12);
        assertFalse(load.busy());
    }

    @Test
    void busyIsStrictlyAboveTheThreshold() {
        double t = CpuLoadProbe.BUSY_THRESHOLD_CORES;
        assertFalse(new CpuLoadProbe.Load(t, 8.0, t, true).busy());
        assertTrue(new CpuLoadProbe.Load(t + 0.001, 0, 0, true).busy());
        assertTrue(new CpuLoadProbe.Load(0, 0, t + 0.001, true).busy(), "steal alone");
        assertFalse(new CpuLoadProbe.Load(0, 0, 0, true).busy());
        assertFalse(new CpuLoadProbe.Load(5.0, 0, 5.0, false).busy(), "unavailable is never busy");
    }

    @Test
    void missingProcStatIsUnavailable() {
        selfStat(1, 1);
        assertUnavailable(new CpuLoadProbe(root));
    }

    @Test
    void missingProcSelfStatIsUnavailable() {
        procStat(1, 1, 1, 1, 1, 1, 1, 1);
        assertUnavailable(new CpuLoadProbe(root));
    }

    @Test
    void malformedFilesAreUnavailable() {
        new FakeSysTree(root).file("proc/stat", "cpu  12 x 3\n").file("proc/self/stat", "4242 (java) S 1\n");
        assertUnavailable(new CpuLoadProbe(root));
        procStat(1, 1, 1, 1, 1, 1, 1, 1);
        assertUnavailable(new CpuLoadProbe(root)); // self stat too short
    }

    @Test
    void aZeroIntervalIsUnavailable() {
        CpuLoadProbe.Snapshot s = new CpuLoadProbe.Snapshot(5, 100, 10, 0, true);
        assertFalse(s.until(new CpuLoadProbe.Snapshot(5, 200, 10, 0, true)).available);
    }

    private static void assertUnavailable(CpuLoadProbe probe) {
        CpuLoadProbe.Snapshot s = probe.snapshot();
        assertFalse(s.available);
        CpuLoadProbe.Snapshot ok = new CpuLoadProbe.Snapshot(s.nanoTime - 1_000_000_000L, 0, 0, 0, true);
        CpuLoadProbe.Load load = ok.until(s);
        assertFalse(load.available);
        assertEquals(-1.0, load.otherProcessesCores, 0.0);
        assertEquals(-1.0, load.thisProcessCores, 0.0);
        assertEquals(-1.0, load.stealCores, 0.0);
        assertFalse(load.busy());
    }
}
