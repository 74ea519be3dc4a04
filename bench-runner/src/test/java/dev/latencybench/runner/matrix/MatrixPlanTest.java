package dev.latencybench.runner.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.FakeJdk;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmInfo;
import dev.latencybench.runner.jvm.JvmProber;

class MatrixPlanTest {
    @TempDir
    Path tmp;

    private Jvm jvm(String name, int feature, List<String> refused, List<String> flags) {
        FakeJdk jdk = FakeJdk.create(tmp.resolve(name), feature, "Eclipse Adoptium", feature + ".0.1", refused);
        JvmInfo info = new JvmProber(null, new GraalJit(tmp)).probe(jdk.java(), false);
        return new Jvm(name, jdk.java(), flags, info, "test");
    }

    @Test
    void eachCellGetsTheFlagsOfItsJdk() {
        Jvm j11 = jvm("jdk11", 11, List.of("-XX:+UseShenandoahGC"), List.of());
        Jvm j17 = jvm("jdk17", 17, List.of(), List.of("-XX:+EnableJVMCI"));
        List<Cell> cells = MatrixPlan.cells(List.of("queue"), Map.of(), List.of(j11, j17),
                List.of(Collector.G1, Collector.ZGC, Collector.SHENANDOAH, Collector.ZGC_GENERATIONAL), Map.of(),
                List.of("-Xmx1g"));
        Map<String, Cell> byKey = cells.stream().collect(Collectors.toMap(Cell::key, c -> c));

        assertEquals(List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=10", "-XX:-UseBiasedLocking", "-Xmx1g"),
                byKey.get("queue/jdk11__g1").flags());
        assertEquals(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseZGC", "-XX:-UseBiasedLocking", "-Xmx1g"),
                byKey.get("queue/jdk11__zgc").flags());
        assertTrue(byKey.get("queue/jdk11__shenandoah").skipReason().contains("Unrecognized VM option"));
        assertEquals("generational ZGC needs JDK 21 or newer", byKey.get("queue/jdk17__zgc-gen").skipReason());
        assertEquals(List.of("-XX:+EnableJVMCI", "-XX:+UseZGC", "-Xmx1g"), byKey.get("queue/jdk17__zgc").flags(),
                "biased locking is off by default from JDK 15: no flag");
        assertNull(byKey.get("queue/jdk17__shenandoah").skipReason());
    }

    @Test
    void aScenarioOnAJdkOlderThanItNeedsIsSkippedWithTheJavaItNeeds() {
        Jvm j11 = jvm("jdk11", 11, List.of(), List.of());
        Jvm j17 = jvm("jdk17", 17, List.of(), List.of());
        List<Cell> cells = MatrixPlan.cells(List.of("queue", "jet"), Map.of("queue", 11, "jet", 17), List.of(j11, j17),
                List.of(Collector.G1, Collector.SHENANDOAH), Map.of(), List.of());
        Map<String, Cell> byKey = cells.stream().collect(Collectors.toMap(Cell::key, c -> c));

        assertEquals(8, cells.size(), "a skipped cell stays in the matrix, with its reason");
        assertEquals("the jet study needs Java 17 or newer; jdk11 is Java 11", byKey.get("jet/jdk11__g1").skipReason());
        assertEquals("the jet study needs Java 17 or newer; jdk11 is Java 11",
                byKey.get("jet/jdk11__shenandoah").skipReason(), "the Java it needs is said before the collector");
        assertNull(byKey.get("queue/jdk11__g1").skipReason());
        assertNull(byKey.get("jet/jdk17__g1").skipReason());
    }

    @Test
    void gcArgsReplaceTheDefaultTuningAndDefaultMeansNoFlags() {
        Jvm j21 = jvm("jdk21", 21, List.of(), List.of());
        List<Cell> cells = MatrixPlan.cells(List.of("queue"), Map.of(), List.of(j21),
                List.of(Collector.DEFAULT, Collector.G1, Collector.ZGC, Collector.ZGC_GENERATIONAL),
                Map.of("g1", List.of("-XX:MaxGCPauseMillis=5")), List.of());
        assertEquals(List.of("queue/jdk21__g1", "queue/jdk21__zgc", "queue/jdk21__zgc-gen"),
                cells.stream().map(Cell::key).collect(Collectors.toList()), "default is the JVM's g1: one cell");
        assertEquals(List.of(), cells.get(0).flags(), "the first of the two g1 cells, default, has no flags");
        assertEquals(List.of("-XX:+UseZGC", "-XX:-ZGenerational"), cells.get(1).flags());
        assertEquals(List.of("-XX:+UseZGC", "-XX:+ZGenerational"), cells.get(2).flags());
    }

    @Test
    void collectorIdsAreCheckedWithTheListInTheError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Collector.of("cms"));
        assertEquals("unknown collector 'cms'; expected one of default, g1, parallel, serial, zgc, zgc-gen, shenandoah,"
                + " shenandoah-gen, epsilon", e.getMessage());
        assertEquals(Collector.SHENANDOAH_GENERATIONAL, Collector.of("Shenandoah-Gen"));
        assertEquals("from JDK 24 ZGC is always generational: ask for zgc",
                Collector.ZGC_GENERATIONAL.unsupportedReason(25));
    }
}
