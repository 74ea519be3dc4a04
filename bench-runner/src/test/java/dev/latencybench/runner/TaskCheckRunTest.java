package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmDiscovery;

/**
 * {@code bench run --task}'s up-front check as the runner makes it: in a JVM of its own per measured JDK, so a
 * hostile task (a static initializer that throws, a thread left running) is one line of bad input or nothing
 * at all to the runner, and a task compiled for a newer Java than a measured JDK skips that JDK's cells up front.
 */
class TaskCheckRunTest {
    private static final String STATIC_TASK = String.join("\n",
            "package com.example;",
            "import dev.latencybench.api.LatencyTask;",
            "public class StaticTask implements LatencyTask {",
            "    static final String LICENCE = licence();",
            "    static String licence() { throw new IllegalStateException(\"no licence file\"); }",
            "    @Override public void run(long intendedNs) { }",
            "}");
    private static final String LEAK_TASK = String.join("\n",
            "package com.example;",
            "import dev.latencybench.api.LatencyTask;",
            "import dev.latencybench.api.TaskContext;",
            "public class LeakTask implements LatencyTask {",
            "    @Override public void setUp(TaskContext context) {",
            "        new Thread(() -> { try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { } },",
            "                \"leaked-by-task\").start();",
            "    }",
            "    @Override public void run(long intendedNs) { }",
            "}");

    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;

    @BeforeEach
    void setUp() throws IOException {
        Path ownJava = Path.of(System.getProperty("java.home"), "bin", "java");
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")),
                Path.of(System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp), ownJava,
                Files.createDirectories(tmp.resolve("machine-tmp")));
    }

    private int dryRun(String task, Path jar) {
        return Main.run(ctx, new String[] {"run", "--task", task, "--task-jar", jar.toString(), "--jvms", "current",
            "--dry-run", "--results", tmp.resolve("results").toString()});
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aStaticInitializerThatThrowsIsOneLineOfBadInput() throws IOException {
        Path jar = YourOwnTaskIT.compile(tmp.resolve("static"), List.of(STATIC_TASK));
        assertEquals(2, dryRun("com.example.StaticTask", jar));
        assertEquals("latency-bench: bench run: bench.task.classes=com.example.StaticTask is not valid: the static"
                + " initializer of com.example.StaticTask threw java.lang.IllegalStateException: no licence file"
                + System.lineSeparator(), err());
    }

    @Test
    void aThreadTheTaskLeavesRunningIsNotInTheRunnersJvm() throws IOException {
        Path jar = YourOwnTaskIT.compile(tmp.resolve("leak"), List.of(LEAK_TASK));
        assertEquals(0, dryRun("com.example.LeakTask", jar), err());
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("leaked-by-task")),
                "the task's set-up ran in a JVM of its own");
    }

    @Test
    void aTaskCompiledForANewerJavaSkipsTheCellsOfOlderJdksUpFront() throws IOException {
        int next = JavaNeeded.runningFeature() + 1;
        Path jar = tmp.resolve("future.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("com/example/FutureTask.class"));
            DataOutputStream d = new DataOutputStream(j);
            d.writeInt(0xCAFEBABE);
            d.writeShort(0);
            d.writeShort(next + 44); // only the header is read: no JVM here loads it
            d.flush();
        }
        assertEquals(0, dryRun("com.example.FutureTask", jar), err());
        String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.matches("(?s).*task/\\S+ +skip: the task study needs Java " + next + " or newer; \\S+ is Java "
                + JavaNeeded.runningFeature() + "\\R.*"), o);
        assertEquals("", err(), "not checked on a JDK too old for it, so no problem");
    }
}
