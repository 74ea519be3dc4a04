package dev.latencybench.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.launch.StudyLauncher;
import dev.latencybench.core.study.Study;

class QueueStudyTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void clearProperties() {
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("bench."))
                .forEach(System::clearProperty);
    }

    private int launch(String... keyValues) {
        for (int i = 0; i < keyValues.length; i += 2) {
            System.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return new StudyLauncher(new QueueStudy(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[0]);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badInputStopsBeforeAnythingStartsAndWritesNothing() throws Exception {
        Path results = tmp.resolve("results");
        assertEquals(2, launch("bench.results", results.toString(), "bench.scale", "smoke", "bench.rate", "0"));
        assertEquals("latency-bench: bench.rate=0 is not valid: expected messages per second from 1 to 10000000\n",
                stderr());
        assertFalse(Files.exists(results), "nothing is created on bad input");
    }

    @Test
    void anUnknownPropertyStopsTheRun() {
        assertEquals(2, launch("bench.results", tmp.toString(), "bench.tranports", "baseline"));
        assertTrue(stderr().startsWith("latency-bench: unknown property bench.tranports=baseline; the properties "
                + "allowed here are:"), stderr());
    }

    @Test
    void aResultsFolderThatCannotBeCreatedStopsTheRun() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        assertEquals(2, launch("bench.results", file.toString(), "bench.run.id", "r1"));
        assertEquals("latency-bench: bench.results=" + file + " is not valid: it is a file, not a folder; point "
                + "bench.results at a writable folder\n", stderr());
    }

    @Test
    void anExistingRunFolderIsNotOverwritten() throws Exception {
        Files.createDirectories(tmp.resolve("r1"));
        assertEquals(2, launch("bench.results", tmp.toString(), "bench.run.id", "r1", "bench.transports", "baseline"));
        assertEquals("latency-bench: bench.run.id=r1 is not valid: the run folder " + tmp.resolve("r1")
                + " already exists; pick another run id or move the old run away\n", stderr());
    }

    @Test
    void jvmArgsMustBeFlags() {
        assertEquals(2, launch("bench.results", tmp.toString(), "bench.jvm.args", "-Xmx1g UseZGC"));
        assertEquals("latency-bench: bench.jvm.args=-Xmx1g UseZGC is not valid: 'UseZGC' is not a JVM flag; "
                + "expected flags starting with '-', separated by spaces, such as -XX:+UseZGC -Xmx2g\n", stderr());
    }

    @Test
    void jvmArgsTheJvmRefusesStopTheRunBeforeItStarts() {
        Path results = tmp.resolve("results");
        assertEquals(2, launch("bench.results", results.toString(), "bench.jvm.args", "-XX:+UseFooGC"));
        assertEquals("latency-bench: bench.jvm.args=-XX:+UseFooGC is not valid: " + Path.of(System.getProperty(
                "java.home"), "bin", "java") + " refuses them: Unrecognized VM option 'UseFooGC'\n", stderr());
        assertFalse(Files.exists(results));
    }

    @Test
    void anOptionWithoutItsValueIsAnError() {
        int status = new StudyLauncher(new QueueStudy(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"--classpath"});
        assertEquals(2, status);
        assertEquals("latency-bench: --classpath needs a value (CP)\n", stderr());
    }

    @Test
    void anUnknownArgumentIsAnError() {
        int status = new StudyLauncher(new QueueStudy(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"--rate=5"});
        assertEquals(2, status);
        assertEquals("latency-bench: unknown argument '--rate=5'; settings are system properties given before -jar"
                + " (java -Dbench.rate=50K -jar benchmarks.jar); see --help\n", stderr());
    }

    @Test
    void helpListsEveryProperty() {
        int status = new StudyLauncher(new QueueStudy(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"--help"});
        assertEquals(0, status);
        String help = out.toString(StandardCharsets.UTF_8);
        for (String p : List.of("bench.scale", "bench.rate", "bench.payload", "bench.warmup", "bench.duration",
                "bench.forks", "bench.cpus", "bench.progress", "bench.transports", "bench.queue.dir",
                "bench.results", "bench.run.id", "bench.jvm.args")) {
            assertTrue(help.contains(p), p + " missing from --help:\n" + help);
        }
    }

    @Test
    void libraryFlagsDependOnTheJdk() {
        QueueStudy study = new QueueStudy();
        assertFalse(study.jvmFlags(11).contains("--enable-native-access=ALL-UNNAMED"));
        assertTrue(study.jvmFlags(17).contains("--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED"));
        assertTrue(study.jvmFlags(25).contains("--sun-misc-unsafe-memory-access=allow"));
        assertTrue(study.jvmFlags(25).contains("-Dchronicle.analytics.disable=true"));
    }

    @Test
    void thePlansCleanUpRemovesTheQueueOfAForkThatDied() throws Exception {
        // the launcher runs it after each variant's forks: one killed mid-run left its queue behind
        Study.Plan plan = new QueueStudy().plan(new BenchProperties(Map.of("bench.queue.dir", tmp.toString(),
                "bench.scale", "smoke", "bench.cpus", "none")), CpuTopology.system());
        Path killed = Files.createDirectories(tmp.resolve("latency-bench-queue-" + ChronicleQueueTransportTest.deadPid()
                + "-7"));
        Files.write(killed.resolve("20261123.cq4"), new byte[1024 * 1024]);
        assertEquals(List.of("removed " + killed + " (1.0 MiB of queue files), left behind by a benchmark JVM that was"
                + " killed or crashed"), plan.cleanUp());
        assertFalse(Files.exists(killed));
        assertEquals(List.of(), plan.cleanUp(), "nothing left to remove");
    }

    @Test
    void eachTransportIsOpenedByName() throws Exception {
        QueueConfig config = QueueConfig.read(new BenchProperties(Map.of("bench.cpus", "none",
                "bench.queue.dir", tmp.toString())), CpuTopology.system());
        for (String id : QueueTransport.ids()) {
            try (dev.latencybench.queue.oneway.MessageTransport t = QueueStudy.open(id, config)) {
                assertEquals(id.equals(QueueConfig.BASELINE) ? 24 : 256, t.payloadBytes(), id);
            }
        }
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> QueueStudy.open("kafka", config));
        assertEquals("unknown transport 'kafka'; expected one of [chronicle, reference, baseline]", e.getMessage());
    }
}
