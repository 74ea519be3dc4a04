package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmDiscovery;

/** The commands' answers to bad input: exit status 2, a message naming what was wrong, nothing started. */
class MainTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;
    private FakeJdk old;

    @BeforeEach
    void setUp() {
        old = FakeJdk.create(tmp.resolve("jvm/old-11"), 11, "Eclipse Adoptium", "11.0.99", List.of());
        Path ownJava = Path.of(System.getProperty("java.home"), "bin", "java");
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")),
                Path.of(System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp), ownJava);
    }

    private int run(String... args) {
        return Main.run(ctx, args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void underMavenAFailureEndsAsOneLineWithoutAStackTrace() {
        // exec:java logs what ends the main thread with its stack trace; System.exit would be 11 frames
        System.setProperty(Main.UNDER_MAVEN, "true");
        try {
            Main.ExitStatus e = org.junit.jupiter.api.Assertions.assertThrows(Main.ExitStatus.class,
                    () -> Main.main(new String[] {"no-such-command"}));
            ByteArrayOutputStream trace = new ByteArrayOutputStream();
            e.printStackTrace(new PrintStream(trace, true, StandardCharsets.UTF_8));
            assertEquals("latency-bench: exit status 2 (bad input, see above; nothing was started)\n",
                    trace.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
        } finally {
            System.clearProperty(Main.UNDER_MAVEN);
        }
    }

    @Test
    void anUnknownJvmNameListsTheKnownOnes() {
        assertEquals(2, run("run", "--jvms", "zulu-8", "--results", tmp.toString()));
        assertTrue(err().contains("JVM 'zulu-8' is not installed or not found; known JVMs: "), err());
        assertTrue(err().contains("temurin-11.0.99"), err());
        assertFalse(Files.exists(tmp.resolve("logs")));
    }

    @Test
    void aPathThatIsNotAJvmIsNamed() throws IOException {
        Path notJvm = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(2, run("run", "--jvm", "mine=" + notJvm));
        assertTrue(err().contains("--jvm 'mine=" + notJvm + "': no executable bin/java in " + notJvm), err());

        FakeJdk broken = FakeJdk.create(tmp.resolve("broken"), 17, "X", "17", List.of("-XshowSettings:properties"));
        assertEquals(2, run("run", "--jvm", "b=" + broken.home));
        assertTrue(err().contains("--jvm b=" + broken.java() + ": it does not start as a JVM"), err());
    }

    @Test
    void anUnknownCollectorListsTheIds() {
        assertEquals(2, run("run", "--gcs", "g1,cms"));
        assertTrue(err().contains("--gcs: unknown collector 'cms'; expected one of default, g1, parallel"), err());
    }

    @Test
    void aMatrixWithNothingToRunIsAnError() {
        assertEquals(2, run("run", "--jvms", "temurin-11", "--gcs", "zgc-gen,shenandoah-gen", "--results",
                tmp.resolve("results").toString()));
        assertTrue(err().contains("every cell of this matrix is skipped"), err());
        assertTrue(out().contains("skip: generational ZGC needs JDK 21 or newer"), out());
        assertFalse(Files.exists(tmp.resolve("results")), "nothing was started or written");
    }

    @Test
    void badPropertiesOptionsAndCommandsAreNamed() {
        assertEquals(2, run("run", "-Dbench.rate=fast", "--jvms", "temurin-11"));
        assertTrue(err().contains("bench.rate"), err());
        assertEquals(2, run("run", "-Dbench.rat=5", "--jvms", "temurin-11"));
        assertTrue(err().contains("unknown property bench.rat=5"), err());
        assertEquals(2, run("run", "--scenarios", "nope"));
        assertTrue(err().contains("unknown scenario 'nope'; expected one of queue"), err());
        assertEquals(2, run("run", "--frobnicate"));
        assertTrue(err().contains("unknown option '--frobnicate'"), err());
        assertEquals(2, run("run", "--jvms"));
        assertTrue(err().contains("--jvms needs a value"), err());
        assertEquals(2, run("run", "-Dbench.jvm=/opt/x"));
        assertTrue(err().contains("-Dbench.jvm is set by the runner"), err());
        assertEquals(2, run("frobnicate"));
        assertTrue(err().contains("unknown command 'frobnicate'"), err());
        assertEquals(2, run("report"));
        assertEquals(2, run("report", tmp.resolve("none").toString()));
        assertTrue(err().contains("is not a folder"), err());
        assertEquals(2, run("compare", tmp.toString()));
        assertTrue(err().contains("expected two run folders"), err());
        assertEquals(2, run("compare", tmp.toString(), tmp.toString(), "--max-regression", "lots"));
        assertTrue(err().contains("--max-regression 'lots'"), err());
    }

    @Test
    void aDryRunShowsEveryCellWithItsFlagsAndRunsNothing() {
        assertEquals(0, run("run", "--dry-run", "--jvms", "temurin-11", "--gcs", "g1,zgc,zgc-gen", "--jvm-args",
                "-Xmx1g", "--results", tmp.resolve("results").toString()));
        assertTrue(out().contains("queue/temurin-11.0.99__g1"), out());
        assertTrue(out().contains("-XX:+UseG1GC -XX:MaxGCPauseMillis=10 -XX:-UseBiasedLocking -Xmx1g"), out());
        assertTrue(out().contains("-XX:+UnlockExperimentalVMOptions -XX:+UseZGC -XX:-UseBiasedLocking -Xmx1g"), out());
        assertTrue(old.calls() > 0, "the fake JDK was probed");
        assertFalse(Files.exists(tmp.resolve("results")));
    }

    @Test
    void aKilledRunsQueueRemovedWhileCheckingThePropertiesIsSaid() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path queues = Files.createDirectories(tmp.resolve("shm"));
        Path stale = Files.createDirectories(queues.resolve("latency-bench-queue-" + gone.pid() + "-1"));
        Files.write(stale.resolve("20261123.cq4"), new byte[1024 * 1024]);
        assertEquals(0, run("run", "--dry-run", "--jvms", "temurin-11", "-Dbench.queue.dir=" + queues,
                "-Dbench.scale=smoke", "--results", tmp.resolve("results").toString()));
        assertTrue(err().contains("latency-bench: removed " + stale + " (1.0 MiB of queue files), left behind by a"
                + " benchmark JVM that was killed or crashed\n"), err());
        assertFalse(Files.exists(stale));
    }

    @Test
    void jvmsListsWhatEachJvmRuns() {
        assertEquals(0, run("jvms"));
        assertTrue(out().contains("temurin-11.0.99"), out());
        assertTrue(out().contains("no zgc-gen: generational ZGC needs JDK 21 or newer"), out());
        assertTrue(out().contains("temurin-11.0.99+graal: no: no GraalVM compiler release matches JDK 11"), out());
    }
}
