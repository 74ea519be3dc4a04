package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.core.time.FakeClock;

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
        selfStat(utime, stime, 0, 0);
    }

    /** ... and the reaped children's cutime and cstime (fields 16 and 17). */
    private void selfStat(long utime, long stime, long cutime, long cstime) {
        procStat("self", utime, stime, cutime, cstime);
    }

    private void procStat(String pid, long utime, long stime, long cutime, long cstime) {
        new FakeSysTree(root).file("proc/" + pid + "/stat", "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 5000 0 3 0 "
                + utime + " " + stime + " " + cutime + " " + cstime + " 20 0 30 0 12345678 4000000000 50000"
                + " 18446744073709551615\n");
    }

    @Test
    void processesThisJvmStartedAreCountedApartEvenWhenOneEndsBetweenReadings() {
        long[][] live = {{77, 78}};
        CpuLoadProbe probe = new CpuLoadProbe(root, new FakeClock(0), () -> LongStream.of(live[0]));
        procStat(1_000, 0, 0, 50_000, 0, 0, 0, 0);
        selfStat(100, 0, 5, 5);
        procStat("77", 200, 50, 0, 0);
        procStat("78", 30, 0, 0, 0);
        CpuLoadProbe.Snapshot before = probe.snapshot();
        assertEquals(10 + 250 + 30, before.childTicks);

        // 78 ended with 40 ticks and was reaped (into cutime); 77 used 100 more; this JVM 50; others 100
        live[0] = new long[] {77};
        procStat(1_000 + 260, 0, 0, 50_000, 0, 0, 0, 0);
        selfStat(150, 0, 5 + 40, 5);
        procStat("77", 300, 50, 0, 0);
        CpuLoadProbe.Snapshot after = probe.snapshot();
        assertEquals(50 + 350, after.childTicks);
        assertEquals(110, after.childTicks - before.childTicks, "77's 100 and 78's last 10");
        CpuLoadProbe.Snapshot atKnownTimes = new CpuLoadProbe.Snapshot(before.nanoTime + 1_000_000_000L,
                after.busyTicks, after.ownTicks, after.childTicks, after.stealTicks, true);
        CpuLoadProbe.Load load = before.until(atKnownTimes);
        assertEquals(1.1, load.childProcessesCores, 1e-12);
        assertEquals(0.5, load.thisProcessCores, 1e-12);
        assertEquals(1.0, load.otherProcessesCores, 1e-12, "260 busy - 50 own - 110 children = 100 ticks");
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
        CpuLoadProbe.Snapshot before = new CpuLoadProbe.Snapshot(1_000_000_000L, 10_000, 2_000, 0, 100, true);
        CpuLoadProbe.Snapshot after = new CpuLoadProbe.Snapshot(3_000_000_000L, 10_300, 2_100, 0, 110, true);
        CpuLoadProbe.Load load = before.until(after);
        assertTrue(load.available);
        assertEquals(1.0, load.otherProcessesCores, 1e-12);  // (300 - 100) ticks / 100 Hz / 2 s
        assertEquals(0.5, load.thisProcessCores, 1e-12);     // 100 ticks / 100 Hz / 2 s
        assertEquals(0.05, load.stealCores, 1e-12);          // 10 ticks / 100 Hz / 2 s
    }

    @Test
    void otherProcessesAreNeverNegative() {
        CpuLoadProbe.Snapshot before = new CpuLoadProbe.Snapshot(0, 1_000, 500, 0, 0, true);
        CpuLoadProbe.Snapshot after = new CpuLoadProbe.Snapshot(1_000_000_000L, 1_050, 600, 0, 0, true);
        CpuLoadProbe.Load load = before.until(after);
        assertEquals(0.0, load.otherProcessesCores, 0.0);
        assertEquals(1.0, load.thisProcessCores, 1e-12);
        assertFalse(load.busy());
    }

    @Test
    void busyIsStrictlyAboveTheThreshold() {
        double t = CpuLoadProbe.BUSY_THRESHOLD_CORES;
        assertFalse(new CpuLoadProbe.Load(t, 8.0, 3.0, t, true).busy());
        assertTrue(new CpuLoadProbe.Load(t + 0.001, 0, 0, 0, true).busy());
        assertTrue(new CpuLoadProbe.Load(0, 0, 0, t + 0.001, true).busy(), "steal alone");
        assertFalse(new CpuLoadProbe.Load(0, 0, 0, 0, true).busy());
        assertFalse(new CpuLoadProbe.Load(5.0, 0, 0, 5.0, false).busy(), "unavailable is never busy");
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
        CpuLoadProbe.Snapshot s = new CpuLoadProbe.Snapshot(5, 100, 10, 0, 0, true);
        assertFalse(s.until(new CpuLoadProbe.Snapshot(5, 200, 10, 0, 0, true)).available);
    }

    private static void assertUnavailable(CpuLoadProbe probe) {
        CpuLoadProbe.Snapshot s = probe.snapshot();
        assertFalse(s.available);
        CpuLoadProbe.Snapshot ok = new CpuLoadProbe.Snapshot(s.nanoTime - 1_000_000_000L, 0, 0, 0, 0, true);
        CpuLoadProbe.Load load = ok.until(s);
        assertFalse(load.available);
        assertEquals(-1.0, load.otherProcessesCores, 0.0);
        assertEquals(-1.0, load.thisProcessCores, 0.0);
        assertEquals(-1.0, load.stealCores, 0.0);
        assertFalse(load.busy());
    }
}
