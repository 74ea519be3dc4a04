package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.affinity.CpuList;

class CpuSplitTest {
    @Test
    void onFewerThanFourCpusServiceAndGeneratorShareThem() {
        CpuSplit s = CpuSplit.of(CpuList.parse("0-1"));
        assertEquals("service and load generator share all 2 CPUs (fewer than 4)", s.note());
        assertEquals(List.of("java", "-jar", "x.jar"), s.forService(List.of("java", "-jar", "x.jar")));
        assertEquals(List.of("java"), s.forGenerator(List.of("java")));
    }

    @Test
    void onMoreTheServiceTakesTheFirstHalfAndTheGeneratorTheSecond() {
        if (!Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            return;
        }
        CpuSplit s = CpuSplit.of(CpuList.parse("2-9"));
        assertEquals("service on CPUs 2-5, load generator on CPUs 6-9 (taskset)", s.note());
        assertEquals(List.of("/usr/bin/taskset", "-c", "2-5", "java"), s.forService(List.of("java")));
        assertEquals(List.of("/usr/bin/taskset", "-c", "6-9", "java"), s.forGenerator(List.of("java")));
    }
}
