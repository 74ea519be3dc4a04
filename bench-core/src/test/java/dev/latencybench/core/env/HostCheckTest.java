package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.env.HostCheck.Finding;
import dev.latencybench.core.env.HostCheck.Status;
import dev.latencybench.core.testing.FakeSysTree;

class HostCheckTest {
    private static final List<String> IDS = Arrays.asList("isolcpus", "nohz_full", "rcu_nocbs", "governor",
            "turbo", "cstates", "thp", "irqbalance", "swap", "shm");
    private static final String THP = "sys/kernel/mm/transparent_hugepage/enabled";
    private static final String NO_TURBO = "sys/devices/system/cpu/intel_pstate/no_turbo";
    private static final String BOOST = "sys/devices/system/cpu/cpufreq/boost";
    private static final String SWAPPINESS = "proc/sys/vm/swappiness";
    private static final String SIZE = "[0-9]+(\\.[0-9])? (GiB|MiB)";

    @TempDir
    Path root;

    /** Eight CPUs, 2-7 isolated, tickless and offloaded, fixed clocks, shallow idle, nothing in the way. */
    private FakeSysTree tunedHost() {
        return FakeSysTree.machine(root, "0-7").isolated("2-7").nohzFull("2-7")
                .cmdline("BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=42 ro quiet isolcpus=2-7 nohz_full=2-7"
                        + " rcu_nocbs=2-7 intel_idle.max_cstate=1 processor.max_cstate=1")
                .governor("performance", "0-7")
                .file(NO_TURBO, "1\n")
                .idleState(0, "POLL", 0, false).idleState(1, "C1", 2, false)
                .file(THP, "always [madvise] never\n")
                .process(1, "systemd").process(640, "sshd")
                .swaps()
                .file(SWAPPINESS, "60\n");
    }

    /** Four CPUs as a fresh Debian install leaves them. */
    private FakeSysTree debianHost() {
        return FakeSysTree.machine(root, "0-3").nohzFull("(null)")
                .cmdline("BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=42 ro quiet")
                .governor("powersave", "0-3")
                .file(NO_TURBO, "0\n")
                .idleState(0, "POLL", 0, false).idleState(1, "C1", 1, false).idleState(2, "C1E", 10, false)
                .idleState(3, "C3", 33, true).idleState(4, "C6", 133, false)
                .file(THP, "[always] madvise never\n")
                .process(1, "systemd").process(812, "irqbalance").process(900, "irqbalance-ui")
                .swaps("/dev/sda3                               partition\t8388604\t\t0\t\t-2")
                .file(SWAPPINESS, "60\n");
    }

    @Test
    void aTunedHostPassesEveryCheck() {
        tunedHost().dir("dev/shm");
        List<Finding> findings = new HostCheck(root, 0).check();
        assertEquals(IDS, ids(findings));
        assertFinding(findings, "isolcpus", Status.PASS, "CPUs 2-7 (isolcpus=2-7)");
        assertFinding(findings, "nohz_full", Status.PASS, "CPUs 2-7, every isolated CPU");
        assertFinding(findings, "rcu_nocbs", Status.PASS, "rcu_nocbs=2-7");
        assertFinding(findings, "governor", Status.PASS, "performance on CPUs 0-7");
        assertFinding(findings, "turbo", Status.PASS, "off, intel_pstate/no_turbo=1");
        assertFinding(findings, "cstates", Status.PASS,
                "intel_idle.max_cstate=1 processor.max_cstate=1 on the kernel command line");
        assertFinding(findings, "thp", Status.PASS, "madvise");
        assertFinding(findings, "irqbalance", Status.PASS, "not running");
        assertFinding(findings, "swap", Status.PASS, "none");
        Finding shm = find(findings, "shm");
        assertEquals(Status.PASS, shm.status);
        assertTrue(shm.observed.matches(SIZE + " free of " + SIZE), shm.observed);
        for (Finding f : findings) {
            assertEquals("", f.advice, f.id);
        }
    }

    @Test
    void aDefaultDebianHostWarnsWithWhatToSet() {
        debianHost().dir("dev/shm");
        List<Finding> findings = new HostCheck(root, Long.MAX_VALUE).check();
        assertEquals(IDS, ids(findings));
        String isolate = "add isolcpus=2-3 nohz_full=2-3 rcu_nocbs=2-3 to the kernel command line";
        assertFinding(findings, "isolcpus", Status.WARN, "none", isolate);
        assertFinding(findings, "nohz_full", Status.WARN, "none", isolate);
        assertFinding(findings, "rcu_nocbs", Status.WARN, "absent from the kernel command line",
                "add rcu_nocbs=2-3 to the kernel command line so RCU callbacks run off the measuring CPUs");
        assertFinding(findings, "governor", Status.WARN, "powersave on CPUs 0-3",
                "set the performance governor: cpupower frequency-set -g performance");
        assertFinding(findings, "turbo", Status.WARN, "on, intel_pstate/no_turbo=0",
                "turn turbo off (the clock varies with load and temperature):"
                        + " echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
        // C1E at exactly 10 us is not deep; C3 is disabled
        assertFinding(findings, "cstates", Status.WARN, "C6 (133 us) enabled",
                "limit C-states: add intel_idle.max_cstate=1 processor.max_cstate=1 to the kernel command line,"
                        + " or write 1 to cpuidle/state*/disable");
        assertFinding(findings, "thp", Status.WARN, "always",
                "khugepaged compaction stalls threads: echo madvise > /sys/kernel/mm/transparent_hugepage/enabled");
        assertFinding(findings, "irqbalance", Status.WARN, "running (pid 812)",
                "it moves interrupts onto isolated CPUs: systemctl disable --now irqbalance"
                        + " or ban the measuring CPUs (IRQBALANCE_BANNED_CPULIST=2-3)");
        assertFinding(findings, "swap", Status.WARN, "/dev/sda3 8.0 GiB, swappiness 60",
                "a page fault on swapped-out heap costs milliseconds: swapoff -a, or sysctl -w vm.swappiness=1");
        Finding shm = find(findings, "shm");
        assertEquals(Status.WARN, shm.status);
        assertTrue(shm.observed.matches(SIZE + " free of " + SIZE), shm.observed);
        assertEquals("the queue study writes ~1 GB of files there per fork: mount -o remount,size=4G /dev/shm",
                shm.advice);
    }

    @Test
    void anEmptyTreeIsUnknownEverywhereAndNeverThrows() {
        List<Finding> findings = new HostCheck(root).check();
        assertEquals(IDS, ids(findings));
        for (Finding f : findings) {
            assertEquals(Status.INFO, f.status, f.id);
            assertEquals(f.id.equals("shm") ? "absent" : "unknown", f.observed, f.id);
            assertFalse(f.advice.isEmpty(), f.id);
        }
        assertEquals("cannot read /proc/swaps", find(findings, "swap").advice);
    }

    @Test
    void aVmWithoutCpufreqOrCpuidleSaysSo() {
        FakeSysTree.machine(root, "0-1").dir("sys/devices/system/cpu/cpu0").dir("sys/devices/system/cpu/cpu1")
                // after "--" the parameters are init's, not the kernel's
                .cmdline("console=ttyS0 quiet -- isolcpus=1 idle=poll");
        List<Finding> findings = new HostCheck(root).check();
        assertFinding(findings, "isolcpus", Status.WARN, "none",
                "add isolcpus=1 nohz_full=1 rcu_nocbs=1 to the kernel command line");
        assertFinding(findings, "governor", Status.INFO, "no cpufreq", "no frequency scaling is visible,"
                + " as usual in a VM (the hypervisor sets the clock); ask for a host with fixed clocks");
        assertFinding(findings, "cstates", Status.INFO, "no cpuidle",
                "no idle states are visible, as usual in a VM (the hypervisor decides); nothing to set here");
        assertFinding(findings, "turbo", Status.INFO, "unknown", "neither intel_pstate/no_turbo nor cpufreq/boost"
                + " exists, as usual in a VM; turbo is then set in the firmware or by the hypervisor");
        assertFinding(findings, "irqbalance", Status.PASS, "not running");
    }

    @Test
    void theKernelCommandLineStandsInForMissingSysfsFiles() {
        new FakeSysTree(root).online("0-7")
                // the kernel reads nohz-full as nohz_full
                .cmdline("ro isolcpus=domain,managed_irq,2-7 nohz-full=2-5 rcu_nocb_poll");
        List<Finding> findings = new HostCheck(root).check();
        assertFinding(findings, "isolcpus", Status.PASS, "isolcpus=domain,managed_irq,2-7 on the kernel command line");
        assertFinding(findings, "nohz_full", Status.PASS, "CPUs 2-5");
        assertFinding(findings, "rcu_nocbs", Status.PASS, "rcu_nocb_poll");
    }

    @Test
    void isolcpusWithoutSchedulerIsolationWarns() {
        FakeSysTree.machine(root, "0-7").cmdline("isolcpus=nohz,2-7");
        assertFinding(new HostCheck(root).check(), "isolcpus", Status.WARN,
                "none, though the kernel command line has isolcpus=nohz,2-7",
                "give isolcpus= the domain flag or a plain list (isolcpus=2-7) so the scheduler keeps other"
                        + " tasks off those CPUs");
    }

    @Test
    void nohzFullMustCoverEveryIsolatedCpu() {
        FakeSysTree.machine(root, "0-7").isolated("2-7").nohzFull("2-5").cmdline("isolcpus=2-7 nohz_full=2-5");
        List<Finding> findings = new HostCheck(root).check();
        assertFinding(findings, "nohz_full", Status.WARN, "CPUs 2-5, not isolated CPUs 6-7",
                "add nohz_full=2-7 to the kernel command line so the isolated CPUs stop taking the timer tick");
        assertFinding(findings, "rcu_nocbs", Status.WARN, "absent from the kernel command line",
                "add rcu_nocbs=2-7 to the kernel command line so RCU callbacks run off the measuring CPUs");
    }

    @Test
    void aOneCpuMachineHasNothingToIsolate() {
        FakeSysTree.machine(root, "0").cmdline("quiet").process(7, "irqbalance");
        List<Finding> findings = new HostCheck(root).check();
        String advice = "one CPU cannot be isolated: a pinned run needs a machine with 3 or more";
        assertFinding(findings, "isolcpus", Status.WARN, "none", advice);
        assertFinding(findings, "rcu_nocbs", Status.WARN, "absent from the kernel command line", advice);
        assertFinding(findings, "irqbalance", Status.WARN, "running (pid 7)",
                "it moves interrupts onto isolated CPUs: systemctl disable --now irqbalance");
    }

    @Test
    void governorsAreListedByCpu() {
        FakeSysTree.machine(root, "0-3").governor("powersave", "0-1").governor("performance", "2-3");
        assertFinding(new HostCheck(root).check(), "governor", Status.WARN,
                "powersave on CPUs 0-1, performance on CPUs 2-3",
                "set the performance governor: cpupower frequency-set -g performance");
    }

    @Test
    void turboThroughCpufreqBoost() {
        FakeSysTree tree = FakeSysTree.machine(root, "0-3").file(BOOST, "1\n");
        assertFinding(new HostCheck(root).check(), "turbo", Status.WARN, "on, cpufreq/boost=1",
                "turn turbo off (the clock varies with load and temperature):"
                        + " echo 0 > /sys/devices/system/cpu/cpufreq/boost");
        tree.file(BOOST, "0\n");
        assertFinding(new HostCheck(root).check(), "turbo", Status.PASS, "off, cpufreq/boost=0");
    }

    @Test
    void idleStatesAreReadInNumericOrderAndIdlePollPasses() {
        FakeSysTree tree = FakeSysTree.machine(root, "0-1").cmdline("quiet intel_idle.max_cstate=2");
        for (int i = 0; i <= 10; i++) {
            tree.idleState(i, "S" + i, i, false); // state10 (10 us) is the deepest, and not deep
        }
        assertFinding(new HostCheck(root).check(), "cstates", Status.PASS, "deepest enabled: S10 (10 us)");
        tree.cmdline("idle=poll");
        assertFinding(new HostCheck(root).check(), "cstates", Status.PASS, "idle=poll on the kernel command line");
    }

    @Test
    void transparentHugePagesNeverPassesAndAnOddValueIsInfo() {
        FakeSysTree tree = FakeSysTree.machine(root, "0-1").file(THP, "always madvise [never]\n");
        assertFinding(new HostCheck(root).check(), "thp", Status.PASS, "never");
        tree.file(THP, "[sometimes]\n");
        assertFinding(new HostCheck(root).check(), "thp", Status.INFO, "sometimes",
                "expected always, madvise or never in /sys/kernel/mm/transparent_hugepage/enabled");
    }

    @Test
    void swapPassesWithASwappinessOfOne() {
        FakeSysTree.machine(root, "0-1").swaps("/swapfile file 1048576 0 -2").file(SWAPPINESS, "1\n");
        assertFinding(new HostCheck(root).check(), "swap", Status.PASS,
                "/swapfile 1.0 GiB, swappiness 1 (pages go out only under memory pressure)");
    }

    @Test
    void printAlignsTheLinesAndSumsUp() {
        List<Finding> findings = Arrays.asList(
                new Finding("thp", Status.PASS, "madvise", ""),
                new Finding("governor", Status.WARN, "powersave on CPUs 0-1",
                        "set the performance governor: cpupower frequency-set -g performance"),
                new Finding("turbo", Status.INFO, "unknown", "check the firmware"));
        assertEquals(Arrays.asList(
                "PASS  thp          madvise",
                "WARN  governor     powersave on CPUs 0-1 - set the performance governor:"
                        + " cpupower frequency-set -g performance",
                "INFO  turbo        unknown - check the firmware",
                "1 pass, 1 warn, 1 info"), printed(findings));
    }

    @Test
    void printCountsEveryFinding() {
        debianHost();
        List<String> lines = printed(new HostCheck(root).check());
        assertEquals(11, lines.size());
        assertEquals("WARN  thp          always - khugepaged compaction stalls threads:"
                + " echo madvise > /sys/kernel/mm/transparent_hugepage/enabled", lines.get(6));
        assertEquals("INFO  shm          absent - the queue study writes its files to /dev/shm:"
                + " mount a tmpfs there, or point bench.queue.dir at one", lines.get(9));
        assertEquals("0 pass, 9 warn, 1 info", lines.get(10));
    }

    @Test
    void strictExitsOneOnAWarning() {
        debianHost();
        assertEquals(1, HostCheck.run(root, quiet(), true));
        assertEquals(0, HostCheck.run(root, quiet(), false));
    }

    @Test
    void strictExitsZeroWhenNothingWarns() {
        tunedHost(); // no dev/shm: INFO, which strict lets through
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, HostCheck.run(root, new PrintStream(out, true, StandardCharsets.UTF_8), true));
        assertTrue(out.toString(StandardCharsets.UTF_8).endsWith("9 pass, 0 warn, 1 info" + System.lineSeparator()));
    }

    @Test
    void toJsonHoldsEveryFindingAndAdviceOnlyWhenNotPass() {
        debianHost();
        JsonArray json = HostCheck.toJson(new HostCheck(root).check());
        assertEquals(10, json.size());
        JsonObject governor = json.get(3).getAsJsonObject();
        assertEquals("governor", governor.get("id").getAsString());
        assertEquals("WARN", governor.get("status").getAsString());
        assertEquals("powersave on CPUs 0-3", governor.get("observed").getAsString());
        assertEquals("set the performance governor: cpupower frequency-set -g performance",
                governor.get("advice").getAsString());
        JsonObject pass = HostCheck.toJson(List.of(new Finding("thp", Status.PASS, "never", ""))).get(0)
                .getAsJsonObject();
        assertEquals("PASS", pass.get("status").getAsString());
        assertFalse(pass.has("advice"));
    }

    private static List<String> ids(List<Finding> findings) {
        List<String> ids = new ArrayList<>();
        findings.forEach(f -> ids.add(f.id));
        return ids;
    }

    private static Finding find(List<Finding> findings, String id) {
        return findings.stream().filter(f -> f.id.equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no finding " + id));
    }

    private static void assertFinding(List<Finding> findings, String id, Status status, String observed) {
        Finding f = find(findings, id);
        assertEquals(status, f.status, id);
        assertEquals(observed, f.observed, id);
    }

    private static void assertFinding(List<Finding> findings, String id, Status status, String observed,
            String advice) {
        assertFinding(findings, id, status, observed);
        assertEquals(advice, find(findings, id).advice, id);
    }

    private static List<String> printed(List<Finding> findings) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HostCheck.print(new PrintStream(out, true, StandardCharsets.UTF_8), findings);
        return Arrays.asList(out.toString(StandardCharsets.UTF_8).split(System.lineSeparator()));
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
