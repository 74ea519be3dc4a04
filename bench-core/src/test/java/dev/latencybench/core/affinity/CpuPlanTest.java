package dev.latencybench.core.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.testing.FakeSysTree;

class CpuPlanTest {
    private static final List<String> TWO = List.of("the producer", "the consumer");

    @TempDir
    Path root;

    private CpuPlan plan(String value, FakeSysTree tree) {
        return CpuPlan.resolve("bench.cpus", value, TWO, tree.topology());
    }

    private String error(String value, FakeSysTree tree) {
        return assertThrows(ConfigException.class, () -> plan(value, tree)).getMessage();
    }

    private FakeSysTree eightCpus() {
        return FakeSysTree.machine(root, "0-7");
    }

    @Test
    void autoPicksIsolatedCpusFirst() {
        CpuPlan p = plan("auto", eightCpus().isolated("4,6"));
        assertEquals(CpuPlan.Mode.AUTO, p.mode());
        assertTrue(p.pins());
        assertEquals(4, p.cpu(0));
        assertEquals(6, p.cpu(1));
        assertEquals("4,6", p.describe());
        assertEquals("isolated CPUs", p.note());
    }

    @Test
    void autoCompletesTooFewIsolatedCpusWithOtherAllowedOnes() {
        CpuPlan p = plan("auto", eightCpus().isolated("5"));
        assertEquals("5,1", p.describe());
        assertEquals("no 2 isolated CPUs, picked from allowed CPUs", p.note());
    }

    @Test
    void autoIgnoresIsolatedCpusOutsideTheCpuset() {
        // isolated CPUs of the host that this container's cpuset does not include
        CpuPlan p = plan("auto", eightCpus().allowed("0-5").isolated("6-7").cpusetV2("/container", "0-5"));
        assertEquals("1,2", p.describe());
        assertEquals("no 2 isolated CPUs, picked from allowed CPUs", p.note());
    }

    @Test
    void autoWithoutIsolatedCpusSkipsCpuZero() {
        CpuPlan p = plan("auto", FakeSysTree.machine(root, "0-3"));
        assertEquals(CpuPlan.Mode.AUTO, p.mode());
        assertEquals("1,2", p.describe());
        assertEquals("no 2 isolated CPUs, picked from allowed CPUs", p.note());
    }

    @Test
    void autoAvoidsHyperthreadSiblings() {
        // cores (0,4) (1,5) (2,6) (3,7); allowed 0,1,5,6: 1 is taken first, its sibling 5 is skipped
        CpuPlan p = plan("auto", eightCpus().allowed("0-1,5-6").cores("0,4", "1,5", "2,6", "3,7"));
        assertEquals("1,6", p.describe());
    }

    @Test
    void autoPrefersCpuZerosCoreToASiblingOfAPickedCpu() {
        // cores (0,4) (1,5): allowed 0,1,5; after 1, CPU 0 (a whole core) beats 5 (the sibling of 1)
        CpuPlan p = plan("auto", eightCpus().allowed("0-1,5").cores("0,4", "1,5"));
        assertEquals("1,0", p.describe());
    }

    @Test
    void autoAcceptsSiblingsWhenNoWholeCoresAreLeft() {
        CpuPlan p = plan("auto", eightCpus().allowed("1,5").cores("0,4", "1,5"));
        assertEquals("1,5", p.describe());
    }

    @Test
    void autoUsesCpuZeroLast() {
        assertEquals("3,0", plan("auto", eightCpus().allowed("0,3")).describe());
    }

    @Test
    void oneUsableCpuIsRefusedWhateverTheValue() {
        // taskset -c 3: the two spinning threads would take turns on one CPU
        assertEquals("bench.cpus=auto is not valid: the producer and the consumer both spin, so the study needs two"
                + " CPUs, this process may use 1 (allowed CPUs: 3; see taskset or the cgroup cpuset)",
                error("auto", eightCpus().allowed("3")));
        assertEquals("bench.cpus=none is not valid: the producer and the consumer both spin, so the study needs two"
                + " CPUs, this process may use 1 (allowed CPUs: 3; see taskset or the cgroup cpuset)",
                error("none", eightCpus().allowed("3")));
    }

    @Test
    void autoMayPinToIsolatedCpusOutsideTheMask() {
        // isolcpus=2,4 and taskset -c 0: the mask has one CPU, the isolated ones can still be pinned to
        assertEquals("2,4", plan("auto", eightCpus().allowed("0").isolated("2,4")).describe());
    }

    @Test
    void autoIsCaseInsensitiveAndTrimmed() {
        assertEquals("1,2", plan(" AUTO ", FakeSysTree.machine(root, "0-3")).describe());
    }

    @Test
    void noneTurnsPinningOff() {
        for (String value : List.of("none", "NONE", " None ")) {
            CpuPlan p = plan(value, eightCpus());
            assertEquals(CpuPlan.Mode.NONE, p.mode());
            assertFalse(p.pins());
            assertEquals("none", p.describe());
            assertEquals("pinning turned off", p.note());
        }
    }

    @Test
    void explicitCpusAsAsked() {
        CpuPlan p = plan("2, 4", eightCpus());
        assertEquals(CpuPlan.Mode.EXPLICIT, p.mode());
        assertTrue(p.pins());
        assertEquals(2, p.cpu(0));
        assertEquals(4, p.cpu(1));
        assertEquals("2,4", p.describe());
        assertEquals("as asked", p.note());
    }

    @Test
    void explicitMayUseCpuZeroAndIsolatedCpus() {
        assertEquals("0,7", plan("0,7", eightCpus().isolated("7")).describe());
    }

    @Test
    void explicitCpuThatDoesNotExist() {
        assertEquals("bench.cpus=2,9 is not valid: CPU 9 does not exist on this machine (online CPUs: 0-7)",
                error("2,9", eightCpus()));
    }

    @Test
    void explicitNegativeCpuDoesNotExist() {
        assertEquals("bench.cpus=-1,2 is not valid: CPU -1 does not exist on this machine (online CPUs: 0-7)",
                error("-1,2", eightCpus()));
    }

    @Test
    void explicitCpuThatIsNotAllowed() {
        assertEquals("bench.cpus=2,5 is not valid: CPU 5 is not allowed for this process (allowed CPUs: 0-3;"
                + " see taskset or the cgroup cpuset)", error("2,5", eightCpus().allowed("0-3")));
    }

    @Test
    void explicitSameCpuTwice() {
        assertEquals("bench.cpus=3,3 is not valid: the producer and the consumer both spin, so they need two"
                + " different CPUs; CPUs allowed here: 0-3", error("3,3", eightCpus().allowed("0-3")));
    }

    @Test
    void explicitWrongCount() {
        assertEquals("bench.cpus=2 is not valid: expected 2 CPUs, one each for the producer, the consumer,"
                + " such as 2,4; CPUs allowed here: 0-3", error("2", eightCpus().allowed("0-3")));
        assertEquals("bench.cpus=1,2,3 is not valid: expected 2 CPUs, one each for the producer, the consumer,"
                + " such as 2,4; CPUs allowed here: 0-3", error("1,2,3", eightCpus().allowed("0-3")));
    }

    @Test
    void explicitWrongCountForThreeThreads() {
        ConfigException e = assertThrows(ConfigException.class, () -> CpuPlan.resolve("bench.cpus", "1,2",
                List.of("a", "b", "c"), eightCpus().topology()));
        assertEquals("bench.cpus=1,2 is not valid: expected 3 CPUs, one each for a, b, c, such as 2,4,6;"
                + " CPUs allowed here: 0-7", e.getMessage());
    }

    @Test
    void explicitNotNumbers() {
        assertEquals("bench.cpus=two,four is not valid: expected auto, none, or 2 comma-separated CPU numbers"
                + " (the producer, the consumer) such as 2,4; CPUs allowed here: 0-3",
                error("two,four", eightCpus().allowed("0-3")));
        assertEquals("bench.cpus=2-3 is not valid: expected auto, none, or 2 comma-separated CPU numbers"
                + " (the producer, the consumer) such as 2,4; CPUs allowed here: 0-3",
                error("2-3", eightCpus().allowed("0-3")));
    }
}
