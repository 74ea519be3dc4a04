package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.study.CellPlan;
import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.task.tasks.BadTasks;
import dev.latencybench.task.tasks.QueueHandoffTask;

/** What is bad input about task classes and jars, and the exact words that say so. */
class TaskClassesTest {
    @TempDir
    Path tmp;

    private static String message(Runnable r) {
        return assertThrows(ConfigException.class, r::run).getMessage();
    }

    private TaskConfig config(String classes, String jars, String probes) {
        Map<String, String> p = new HashMap<>();
        p.put(TaskConfig.CLASSES, classes);
        p.put(TaskConfig.JARS, jars);
        p.put(TaskConfig.PROBES, probes);
        p.put("bench.cpus", "none");
        return TaskConfig.read(new BenchProperties(p), FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology());
    }

    /**
     * A task's jars are checked once per cell, by the runner's reader: the launcher and the forks take the settings
     * from the plan file (shown by removing the folder after the plan: the text, read again, fails).
     */
    @Test
    void jarsACellsPlanCheckedAreNotCheckedAgainByTheLauncherOrItsForks() throws Exception {
        Path jars = Files.createDirectories(tmp.resolve("classes"));
        Map<String, String> given = Map.of(TaskConfig.CLASSES, QueueHandoffTask.class.getName(), TaskConfig.JARS,
                jars.toString(), "bench.cpus", "none");
        dev.latencybench.core.affinity.CpuTopology topology = FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology();
        TaskStudy study = new TaskStudy();
        TaskConfig read = study.read(new BenchProperties(given), topology);
        assertEquals(List.of(jars), read.classes.jars());
        CellPlan plan = CellPlan.of("task", "cell", given, study.plan(read).withSettings(
                dev.latencybench.core.json.JsonCodec.toJson(read)));
        Files.delete(jars);
        assertEquals("bench.task.jar=" + jars + " is not valid: " + jars + " does not exist; expected the jar(s) of"
                + " your task classes, ':'-separated", message(() -> TaskConfig.read(new BenchProperties(given),
                topology)));
        TaskConfig fromPlan = dev.latencybench.core.json.JsonCodec.fromJson(plan.settings(), TaskConfig.class);
        assertEquals(List.of(jars), fromPlan.classes.jars());
        assertEquals(read.classes.variants(), fromPlan.classes.variants());
        assertEquals(read.cpus.describe(), fromPlan.cpus.describe());
    }

    @Test
    void variantsAreTheFloorThenEachTaskBySimpleName() {
        TaskConfig c = config(QueueHandoffTask.class.getName() + ", " + BadTasks.Probing.class.getName(), "", "");
        assertEquals(List.of("floor", "QueueHandoffTask", "Probing"), c.variants());
        assertEquals(BadTasks.Probing.class.getName(), c.classes.className("Probing"));
    }

    @Test
    void namesThatCannotBeTasksAreRefusedWhenRead() throws Exception {
        assertEquals("bench.task.classes=com.example.1Task is not valid: 'com.example.1Task' is not a class name;"
                + " expected fully qualified names such as com.example.HandoffTask, comma-separated",
                message(() -> TaskClasses.parse("com.example.1Task", "")));
        assertEquals("bench.task.classes=a.Task,b.Task is not valid: a.Task and b.Task have one simple name, which"
                + " names their results; rename one", message(() -> TaskClasses.parse("a.Task,b.Task", "/")));
        assertEquals("bench.task.classes=a.floor is not valid: a task may not be named 'floor', the harness's own"
                + " floor; rename the class", message(() -> TaskClasses.parse("a.floor", "/")));
        Path missing = tmp.resolve("nope.jar");
        assertEquals("bench.task.jar=" + missing + " is not valid: " + missing + " does not exist; expected the"
                + " jar(s) of your task classes, ':'-separated", message(() -> TaskClasses.parse("a.Task", missing.toString())));
        Path text = Files.writeString(tmp.resolve("notes.txt"), "t.Base\n");
        assertEquals("bench.task.jar=" + text + " is not valid: " + text + " is not a jar (a jar is a zip archive, and"
                + " this file does not start as one); expected the jar(s) of your task classes, or folders of their"
                + " class files, ':'-separated", message(() -> TaskClasses.parse("t.Base", text.toString())));
        assertEquals("bench.task.jar= is not valid: no jar given for com.example.Elsewhere; name the jar they are"
                + " in (scripts/bench run --task-jar my.jar)", message(() -> TaskClasses.parse("com.example.Elsewhere",
                "")));
    }

    @Test
    void classesThatAreNoTasksAreRefusedWhenLoaded() throws Exception {
        Path jar = tmp.resolve("empty.jar");
        new java.util.jar.JarOutputStream(Files.newOutputStream(jar)).close();
        String noTask = BadTasks.NotATask.class.getName();
        TaskClasses c = TaskClasses.parse(noTask + "," + BadTasks.Abstract.class.getName() + ","
                + BadTasks.NoDefaultConstructor.class.getName() + ",com.example.Missing", jar.toString());
        ClassLoader loader = TaskClasses.class.getClassLoader();
        assertEquals("bench.task.classes=" + noTask + " is not valid: " + noTask + " does not implement"
                + " dev.latencybench.api.LatencyTask", message(() -> c.load("NotATask", loader)));
        String abs = BadTasks.Abstract.class.getName();
        assertEquals("bench.task.classes=" + abs + " is not valid: " + abs + " is abstract; name a concrete class",
                message(() -> c.load("Abstract", loader)));
        String noCtor = BadTasks.NoDefaultConstructor.class.getName();
        assertEquals("bench.task.classes=" + noCtor + " is not valid: " + noCtor + " has no public constructor without"
                + " arguments", message(() -> c.load("NoDefaultConstructor", loader)));
        assertEquals("bench.task.classes=com.example.Missing is not valid: there is no class com.example.Missing in"
                + " the jar(s) [" + jar + "]", message(() -> c.load("Missing", c.loader())));
    }

    @Test
    void aSetUpThatThrowsIsBadInputWithItsMessage() {
        TaskConfig c = config(BadTasks.ThrowingSetUp.class.getName(), "", "");
        String name = BadTasks.ThrowingSetUp.class.getName();
        assertEquals(List.of("bench.task.classes=" + name + " is not valid: setUp of " + name + " failed:"
                + " java.lang.IllegalStateException: no config file at /etc/nowhere.conf"),
                TaskStudy.check(c, phase -> { }));
    }

    @Test
    void aProbeMustBeDeclaredAndWellNamed() {
        TaskConfig c = config(BadTasks.UndeclaredProbe.class.getName(), "", "");
        String name = BadTasks.UndeclaredProbe.class.getName();
        assertEquals(List.of("bench.task.classes=" + name + " is not valid: setUp of " + name + " failed:"
                + " java.lang.IllegalArgumentException: no probe 'decode': declare it with -Dbench.task.probes=decode"
                + " (probes declared: [])"), TaskStudy.check(c, phase -> { }));
        assertEquals("bench.task.probes=latency is not valid: probe 'latency': expected a name of letters, digits and"
                + " dashes starting with a lower-case letter, other than latency and call",
                message(() -> config("", "", "latency")));
        assertEquals("bench.task.probes=a,a is not valid: probe 'a' is named twice", message(() -> config("", "", "a,a")));
    }

    @Test
    void aClassNameThatCannotBeAFolderNameRunsAsAStableFolderNameWithAHash() {
        String longSimple = "T" + "a".repeat(236); // legal Java, 237 characters
        String longVariant = TaskClasses.variantOf("hx." + longSimple);
        assertTrue(longVariant.length() <= TaskClasses.MAX_VARIANT_CHARS, longVariant);
        assertTrue(longVariant.matches("Taaa+-[0-9a-f]{10}"), longVariant);
        assertEquals(longVariant, TaskClasses.variantOf("hx." + longSimple), "the same class, the same variant");
        assertNotEquals(longVariant, TaskClasses.variantOf("hx." + longSimple + "b"));

        String dollar = TaskClasses.variantOf("hx.Task$");
        assertTrue(dollar.matches("Task_-[0-9a-f]{10}"), dollar);
        String cyrillic = TaskClasses.variantOf("hx.Задача");
        assertTrue(cyrillic.matches("task-[0-9a-f]{10}"), cyrillic);
        assertNotEquals(cyrillic, TaskClasses.variantOf("hx.Другая"), "two classes of no Latin letter stay apart");
        assertEquals("HandoffTask", TaskClasses.variantOf("com.example.HandoffTask"));
        assertEquals("Task", TaskClasses.variantOf("a.Outer$Task"));

        // each is a step of the study: a folder name, where 'variant '' is not a folder name' was thrown
        TaskClasses parsed = TaskClasses.parse("hx.Task$,hx.Задача,hx." + longSimple, tmp.toString());
        parsed.variants().forEach(dev.latencybench.core.schedule.Step::of);
        assertEquals("hx.Задача", parsed.className(cyrillic), "the whole name is kept");
    }

    @Test
    void aFifoGivenAsTheJarIsRefusedWithoutOpeningIt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Paths.get("/proc")));
        java.nio.file.Path fifo = tmp.resolve("task.jar");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        long start = System.nanoTime();
        ConfigException e = assertThrows(ConfigException.class, () -> TaskClasses.parse("a.B", fifo.toString()));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "refused at once, not blocked opening it");
        assertEquals("bench.task.jar=" + fifo + " is not valid: " + fifo + " is neither a file nor a folder (a pipe, a"
                + " device or a socket); expected the jar(s) of your task classes, or folders of their class files,"
                + " ':'-separated", e.getMessage());
    }
}
