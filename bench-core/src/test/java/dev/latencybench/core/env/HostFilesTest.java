package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuList;
import dev.latencybench.core.testing.FakeSysTree;

class HostFilesTest {
    @TempDir
    Path root;

    @Test
    void kernelParamsReadDashesAsUnderscoresLetTheLastWinAndStopAtTheInitArguments() {
        Map<String, String> expected = new TreeMap<>();
        expected.put("BOOT_IMAGE", "/boot/vmlinuz");
        expected.put("quiet", "");
        expected.put("nohz_full", "4-7");
        expected.put("rcu_nocbs", "2-7");
        assertEquals(expected, HostFiles.kernelParams(
                "  BOOT_IMAGE=/boot/vmlinuz quiet nohz-full=2-7 rcu_nocbs=2-7 nohz_full=4-7 -- single isolcpus=1\n"));
        assertNull(HostFiles.kernelParams(null));
    }

    @Test
    void cpuListAndNumberGiveNullForWhatTheyCannotParse() {
        assertEquals(CpuList.parse("0-3,8"), HostFiles.cpuList("0-3,8"));
        assertNull(HostFiles.cpuList("(null)"));
        assertNull(HostFiles.cpuList(null));
        assertEquals(Long.valueOf(133), HostFiles.number(" 133\n"));
        assertNull(HostFiles.number("133 us"));
        assertNull(HostFiles.number(null));
    }

    @Test
    void listsInNumericSuffixOrderAndReadsTheFirstLineTrimmed() {
        FakeSysTree tree = new FakeSysTree(root);
        for (int i : new int[] {10, 2, 0, 1}) {
            tree.idleState(i, "S" + i, i, false);
        }
        tree.dir("sys/devices/system/cpu/cpu0/cpuidle/driver");
        HostFiles files = new HostFiles(root);
        assertEquals(Arrays.asList("state0", "state1", "state2", "state10"),
                files.list("sys/devices/system/cpu/cpu0/cpuidle", Pattern.compile("state[0-9]+")));
        assertEquals("S10", files.firstLine("sys/devices/system/cpu/cpu0/cpuidle/state10/name"));
        tree.file("proc/cmdline", "  quiet ro \nsecond line\n");
        assertEquals("quiet ro", files.firstLine("proc/cmdline"));
        assertEquals("  quiet ro \nsecond line\n", files.read("proc/cmdline"));
    }

    @Test
    void cpuIdsAreTheNumericCpuFoldersInNumericOrder() {
        FakeSysTree tree = FakeSysTree.machine(root, "0-11").governor("performance", "0-11");
        tree.dir("sys/devices/system/cpu/cpufreq").dir("sys/devices/system/cpu/cpuidle");
        List<Integer> ids = new HostFiles(root).cpuIds();
        assertEquals(Arrays.asList(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), ids);
    }

    @Test
    void whatCannotBeReadIsNull() {
        HostFiles files = new HostFiles(root.resolve("absent"));
        assertNull(files.read("proc/cmdline"));
        assertNull(files.firstLine("proc/cmdline"));
        assertNull(files.list("proc", Pattern.compile("[0-9]+")));
        assertNull(files.cpuIds());
    }
}
