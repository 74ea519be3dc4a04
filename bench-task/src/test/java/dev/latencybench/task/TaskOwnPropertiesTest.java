package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.testing.FakeSysTree;

/** A task's own bench.task.NAME properties, and the typo of a suite's name that is refused instead of one. */
class TaskOwnPropertiesTest {
    @TempDir
    Path tmp;

    private TaskConfig read(String property, String value) {
        return TaskConfig.read(new BenchProperties(Map.of("bench.cpus", "none", property, value)),
                FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology());
    }

    @Test
    void aTypoOfTheSuitesOwnTaskPropertyIsRefusedNotHandedToTheTasks() {
        assertEquals("bench.task.clases=com.example.Codec is not valid: it is one letter from the suite's"
                + " bench.task.classes, so it is taken as a typo of it, not as a task's own property; write"
                + " bench.task.classes, or give your task's property a name further from the suite's (bench.task.classes,"
                + " bench.task.jar, bench.task.probes)",
                assertThrows(ConfigException.class, () -> read("bench.task.clases", "com.example.Codec")).getMessage());
        assertThrows(ConfigException.class, () -> read("bench.task.clsses", "x"), "a letter replaced");
        assertThrows(ConfigException.class, () -> read("bench.task.prob", "decode"), "two letters short of probes");
        assertThrows(ConfigException.class, () -> read("bench.task.jars", "a.jar"), "one letter more than jar");
    }

    @Test
    void aTasksOwnPropertyFarFromTheSuitesNamesIsTheTasks() {
        assertEquals(Map.of("size", "64"), read("bench.task.size", "64").own);
        assertEquals(Map.of("a", "1"), read("bench.task.a", "1").own, "two letters from jar: a short name needs one");
        assertEquals(Map.of("batch", "8"), read("bench.task.batch", "8").own);
    }

    @Test
    void theEditDistanceCountsInsertionsRemovalsAndReplacements() {
        assertEquals(0, TaskConfig.editDistance("classes", "classes"));
        assertEquals(1, TaskConfig.editDistance("clases", "classes"));
        assertEquals(1, TaskConfig.editDistance("classez", "classes"));
        assertEquals(2, TaskConfig.editDistance("prob", "probes"));
        assertEquals(4, TaskConfig.editDistance("size", "jar"));
    }
}
