package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.UnderLoad;

/**
 * A user's own code, as a new user runs it: a task class of theirs (two threads handing stamped
 * messages over an ArrayBlockingQueue, the consumer sampling) and one that drops a sample in a hundred,
 * compiled here against bench-api alone into a jar of their own, then run through {@code scripts/bench
 * run --task ... --task-jar ...} on the JVM running this test with G1 and ZGC at smoke scale. The
 * starter ({@code scripts/bench new-task}) is checked to write a project whose example compiles the
 * same way. It runs with no other IT beside it: the verdict it checks ranks only cells that no other process
 * disturbed (no busy-machine flag).
 */
@Isolated
class YourOwnTaskIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** The task of the trial: at most 40 lines, bench-api only. */
    static final String HANDOFF = String.join("\n",
            "package com.example;",
            "import java.util.concurrent.ArrayBlockingQueue;",
            "import dev.latencybench.api.LatencyTask;",
            "import dev.latencybench.api.TaskContext;",
            "public class HandoffTask implements LatencyTask {",
            "    private final ArrayBlockingQueue<long[]> queue = new ArrayBlockingQueue<>(1024);",
            "    private final long[][] messages = new long[1024][8];",
            "    private int next;",
            "    private Thread consumer;",
            "    @Override public void setUp(TaskContext context) {",
            "        consumer = new Thread(() -> {",
            "            while (!context.stopping()) {",
            "                long[] m = queue.poll();",
            "                if (m != null) { context.sample(m[0]); } else { Thread.onSpinWait(); }",
            "            }",
            "        });",
            "        consumer.start();",
            "    }",
            "    @Override public void run(long intendedNs) throws InterruptedException {",
            "        long[] m = messages[next++ & 1023];",
            "        m[0] = intendedNs;",
            "        queue.put(m);",
            "    }",
            "    @Override public void tearDown() throws InterruptedException { consumer.join(); }",
            "}");

    static final String DROPPING = String.join("\n",
            "package com.example;",
            "import dev.latencybench.api.LatencyTask;",
            "import dev.latencybench.api.TaskContext;",
            "public class DropTask implements LatencyTask {",
            "    private TaskContext context;",
            "    private long runs;",
            "    @Override public void setUp(TaskContext context) { this.context = context; }",
            "    @Override public void run(long intendedNs) { if (++runs % 100 != 0) { context.sample(intendedNs); } }",
            "}");

    @TempDir
    static Path tmp;
    private static Path jar;

    @BeforeAll
    static void buildTheUsersJar() throws IOException {
        jar = compile(tmp.resolve("user"), List.of(HANDOFF, DROPPING));
    }

    /** Compiles sources against bench-api (on this test's class path) into a jar; returns the jar. */
    static Path compile(Path dir, List<String> sources) throws IOException {
        Path src = dir.resolve("src/com/example");
        Files.createDirectories(src);
        List<String> args = new ArrayList<>(List.of("--release", "11", "-cp", System.getProperty("java.class.path"),
                "-d", dir.resolve("classes").toString()));
        for (String s : sources) {
            String name = s.replaceAll("(?s).*public class (\\w+).*", "$1");
            Path file = src.resolve(name + ".java");
            Files.writeString(file, s);
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "the user's task compiles");
        Path out = dir.resolve("tasks.jar");
        Path classes = dir.resolve("classes");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(out));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString()));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return out;
    }

    /** {@code scripts/bench ARGS} from {@code dir}, on this JVM, without a build. */
    static BenchJar.Finished bench(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("scripts/bench").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("LATENCY_BENCH_NO_BUILD", "1");
        pb.environment().put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        return BenchJar.runToEnd(pb, 5);
    }

    @Test
    void oneCommandRunsTheUsersTasksBesideTheFloorOnEachCollector() throws Exception {
        Path results = tmp.resolve("results");
        BenchJar.Finished r = bench(tmp, "run", "--task", "com.example.HandoffTask,com.example.DropTask", "--task-jar",
                jar.toString(), "--gcs", "g1,zgc", "--scale", "smoke", "--results", results.toString(), "--run-id", "own");
        assertEquals(1, r.exit, "the dropping task fails its cells: exit 1\n" + r.console);
        Path run = results.resolve("own");
        for (String gc : List.of("g1", "zgc")) {
            String cell = cellName(run.resolve("task/floor"), gc);
            for (String variant : List.of("floor", "HandoffTask")) {
                JsonObject result = ResultFiles.readJson(run.resolve("task").resolve(variant).resolve(cell)
                        .resolve("result.json"));
                UnderLoad.assertOk(result, variant + " " + cell);
                assertEquals(20_000, result.get("runs").getAsLong(), "smoke: 2 s at 10,000 calls/s");
                assertEquals(20_000, result.get("samples").getAsLong());
            }
            JsonObject dropped = ResultFiles.readJson(run.resolve("task/DropTask").resolve(cell).resolve("result.json"));
            assertEquals("FAILED", dropped.get("status").getAsString());
            assertEquals(200, dropped.get("samplesMissing").getAsLong());
            assertTrue(dropped.get("reasons").toString().contains("samples missing: 200 of 20,000 runs had no sample"),
                    dropped.get("reasons").toString());
        }
        String report = Files.readString(run.resolve("REPORT.md"));
        assertTrue(report.contains("## Scenario task"), report);
        // the verdict judges the task's cells: it ranks them, or on a machine in use (a neighbour on one core: the
        // flag says so) names each as not ranked, flagged busy machine; never silent
        assertTrue(report.contains("**HandoffTask, median `latency`")
                || report.contains("**HandoffTask, not ranked:**") && report.contains("(flagged: busy machine)"),
                "the verdict judges the task's cells:\n" + report);
        assertFalse(Files.exists(tmp.resolve("results")) && !Files.isDirectory(run), "the run folder is where asked");
    }

    /** The folder name of the cell on the JVM running this test with {@code gc}. */
    private static String cellName(Path variantDir, String gc) throws IOException {
        try (Stream<Path> cells = Files.list(variantDir)) {
            return cells.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("__" + gc)).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + gc + " cell in " + variantDir));
        }
    }

    @Test
    void aClassThatIsNotThereIsBadInputBeforeAnythingStarts() throws Exception {
        Path results = tmp.resolve("bad");
        BenchJar.Finished r = bench(tmp, "run", "--task", "com.example.Handoff", "--task-jar", jar.toString(),
                "--results", results.toString());
        assertEquals(2, r.exit, r.console);
        assertTrue(r.console.contains("bench.task.classes=com.example.Handoff is not valid: there is no class"
                + " com.example.Handoff in the jar(s) [" + jar + "]"), r.console);
        assertFalse(Files.exists(results), "nothing was started");
    }

    @Test
    void theStarterWritesAProjectWhoseExampleCompilesAgainstTheApi() throws Exception {
        BenchJar.Finished r = bench(tmp, "new-task", "my-task");
        assertEquals(0, r.exit, r.console);
        Path project = tmp.resolve("my-task");
        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<artifactId>bench-api</artifactId>"), pom);
        assertTrue(pom.contains("<artifactId>my-task</artifactId>"), pom);
        String readme = Files.readString(project.resolve("README.md"));
        assertTrue(readme.contains("run --task com.example.HandoffTask --task-jar target/my-task-1.0-SNAPSHOT.jar"),
                readme);
        String example = Files.readString(project.resolve("src/main/java/com/example/HandoffTask.java"));
        assertTrue(example.lines().count() <= 50, "the example stays short");
        compile(tmp.resolve("starter-build"), List.of(example));
        BenchJar.Finished again = bench(tmp, "new-task", "my-task");
        assertEquals(2, again.exit, "a folder that is not empty is refused: " + again.console);
    }
}
