package dev.latencybench.jet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;
import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.jet.Job;
import com.hazelcast.jet.core.JobStatus;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.run.Study;
import dev.latencybench.core.time.Clocks;

/**
 * The workload in a real session, on a real embedded member: the counts of a short point, a rate
 * the machine cannot hold, an interrupted period, and the faults caught before anything starts. After
 * each, no Hazelcast thread is left and the member's port is free again.
 */
class JetWorkloadTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path tmp;
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    private static JetSettings settings(String... kv) {
        Map<String, String> m = new HashMap<>();
        m.put("bench.scale", "smoke");
        m.put("bench.jet.window", "200ms");
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return JetSettings.read(new BenchProperties(m));
    }

    private ForkSession session(JetWorkload workload, long warmupNs, long measureNs, Path forkDir) {
        Periods periods = new Periods(Scale.SMOKE, warmupNs, measureNs, 1, 100 * MS);
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(), CpuTopology.system());
        return new ForkSession(workload, periods, none, Clocks.system(), AffinityService.NONE, "test/jet",
                new PrintStream(progress, true, StandardCharsets.UTF_8), forkDir, new CpuLoadProbe(tmp.resolve("no-proc")));
    }

    /** Threads of Hazelcast (named hz.*) or its clients still alive in this JVM. */
    private static List<String> hazelcastThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("hz.") || n.contains("lb-jet")).sorted().collect(Collectors.toList());
    }

    @AfterEach
    void nothingLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!hazelcastThreads().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50); // a thread told to end may need a moment to do so
        }
        assertEquals(List.of(), hazelcastThreads(), "no Hazelcast thread left");
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    @Test
    void aShortPointCountsEveryWindowCorrectlyAndLeavesThePortFree() throws Exception {
        int port = freePort();
        JetSettings s = settings("bench.jet.rate", "2000", "bench.jet.keys", "20", "bench.jet.port",
                Integer.toString(port));
        Path fork = tmp.resolve("fork");
        ForkSession session = session(JetWorkload.of(s, JetStudy.VARIANT), 1_000 * MS, 600 * MS, fork);
        session.runPeriod(false);
        long windows = session.runPeriod(true).count;
        session.close();

        assertEquals("OK", session.status(), session.reasons().toString());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        JsonObject jet = f.getAsJsonObject("jet");
        assertEquals(windows, jet.get("windows").getAsLong());
        assertTrue(windows >= 55 && windows <= 65, "600 ms of 10 ms slides: " + windows);
        assertEquals(20 * windows, jet.get("results").getAsLong(), "every key in every full window");
        for (String zero : List.of("wrongCounts", "incompleteWindows", "missingWindowEnds", "lateResults")) {
            assertEquals(0, jet.get(zero).getAsLong(), zero);
        }
        long input = jet.get("inputPerSec").getAsLong();
        assertTrue(input > 1_900 && input < 2_100, "the source held 2,000 events/s: " + input);
        for (String m : List.of(JetWorkload.FIRST, JetWorkload.LAST)) {
            assertEquals(windows, f.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), m);
        }
        assertEquals("127.0.0.1:" + port, f.getAsJsonObject("cluster").get("address").getAsString());
        assertEquals(port, EmbeddedMember.checkFree(port), "the member's port is free again");
    }

    @Test
    void theReferencePipelineTimesTheFirstResultOfEveryWindowEndAndNotTheLast() throws Exception {
        JetSettings s = settings("bench.jet.rate", "2000", "bench.jet.keys", "20");
        Path fork = tmp.resolve("fork");
        ForkSession session = session(JetWorkload.of(s, JetStudy.REFERENCE), 1_500 * MS, 600 * MS, fork);
        session.runPeriod(false);
        long windows = session.runPeriod(true).count;
        session.close();

        assertEquals("OK", session.status(), session.reasons().toString());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        JsonObject jet = f.getAsJsonObject("jet");
        assertEquals(windows, jet.get("windows").getAsLong());
        assertTrue(windows >= 55 && windows <= 65, "600 ms of 10 ms slides: " + windows);
        assertEquals(0, jet.get("missingWindowEnds").getAsLong());
        JsonObject metrics = f.getAsJsonObject("metrics");
        assertEquals(windows, metrics.getAsJsonObject(JetWorkload.FIRST).get("count").getAsLong());
        assertEquals(0, metrics.has(JetWorkload.LAST) ? metrics.getAsJsonObject(JetWorkload.LAST).get("count")
                .getAsLong() : 0, "the published pipeline times only the first result");
        long input = jet.get("inputPerSec").getAsLong();
        assertTrue(input > 1_800 && input < 2_200, "the published source held 2,000 events/s: " + input);
    }

    @Test
    void aRateTheMachineCannotHoldFailsWithTheLag() {
        JetSettings s = settings("bench.jet.rate", "50M", "bench.jet.keys", "10");
        ForkSession session = session(JetWorkload.of(s, JetStudy.VARIANT), 200 * MS, 1_000 * MS, tmp.resolve("fork"));
        session.runPeriod(false);
        session.runPeriod(true);
        session.close();
        assertEquals("FAILED", session.status());
        assertTrue(session.reasons().stream().anyMatch(r -> r.startsWith("did not keep up: the source fell ")
                && r.contains(" behind its schedule, ") && r.contains(" into the measured period (allowed: 100ms,"
                + " bench.jet.maxLag; ") && r.contains(" of 50,000,000 events/s")), session.reasons().toString());
    }

    @Test
    void anInterruptedPeriodEndsPromptlyAndKeepsWhatItMeasured() throws Exception {
        JetSettings s = settings("bench.jet.rate", "2000", "bench.jet.keys", "20");
        ForkSession session = session(JetWorkload.of(s, JetStudy.VARIANT), 600 * MS, 60_000 * MS, tmp.resolve("fork"));
        session.runPeriod(false);
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(700);
            } catch (InterruptedException e) {
                return;
            }
            session.interrupt("stopped by the test", TimeUnit.SECONDS.toNanos(10));
        });
        long start = System.nanoTime();
        stopper.start();
        long windows = session.runPeriod(true).count;
        stopper.join();
        session.close();
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "ended promptly");
        assertEquals("INTERRUPTED", session.status(), session.reasons().toString());
        assertTrue(windows > 0, "kept what it measured");
    }

    @Test
    void aTakenPortIsRefusedBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            Map<String, String> m = Map.of("bench.scale", "smoke", "bench.jet.port", Integer.toString(port));
            String message = assertThrows(ConfigException.class,
                    new JetStudy().plan(new BenchProperties(m), CpuTopology.system())::prepare).getMessage();
            assertTrue(message.startsWith("the embedded Hazelcast member cannot listen on 127.0.0.1:" + port
                    + " (bench.jet.port): the port is already taken ("), message);
            assertTrue(message.endsWith("); choose another, or 0 for a free one"), message);
        }
    }

    @Test
    void aClusterThatDoesNotAnswerFailsWithinSeconds() throws Exception {
        int nobody = freePort();
        Map<String, String> m = Map.of("bench.scale", "smoke", "bench.jet.cluster", "127.0.0.1:" + nobody);
        Study.Plan plan = new JetStudy().plan(new BenchProperties(m), CpuTopology.system());
        plan.prepare(); // this machine only: asks no cluster
        long start = System.nanoTime();
        // the check of the user's input, which the runner runs before its first cell and a study jar before its first step
        String message = assertThrows(ConfigException.class, plan::verify).getMessage();
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(message.startsWith("no Hazelcast cluster named 'dev' answered at 127.0.0.1:" + nobody
                + " (bench.jet.cluster) within 5 s: "), message);
        assertTrue(message.endsWith("; check the addresses and bench.jet.clusterName"), message);
        assertTrue(tookMs < 15_000, "gave up within seconds: " + tookMs + " ms");
    }

    /**
     * {@code bench.jet.cluster} runs the same job on an existing cluster (here a member of this JVM, which accepts
     * uploaded classes as such a cluster must): every window counted, and at the end the job cancelled, its map
     * and observable gone, the cluster itself left running.
     */
    @Test
    void anExistingClusterRunsTheJobAndIsLeftWithoutIt() throws Exception {
        int port = freePort();
        Config config = EmbeddedMember.config("lb-jet-test-cluster", port);
        config.getJetConfig().setResourceUploadEnabled(true);
        HazelcastInstance existing = Hazelcast.newHazelcastInstance(config);
        try {
            JetSettings s = settings("bench.jet.rate", "2000", "bench.jet.keys", "20", "bench.jet.cluster",
                    "127.0.0.1:" + port, "bench.jet.clusterName", "lb-jet-test-cluster");
            Path fork = tmp.resolve("fork");
            ForkSession session = session(JetWorkload.of(s, JetStudy.VARIANT), 1_000 * MS, 600 * MS, fork);
            session.runPeriod(false);
            long windows = session.runPeriod(true).count;
            session.close();
            assertEquals("OK", session.status(), session.reasons().toString());
            JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
            assertEquals(20 * windows, f.getAsJsonObject("jet").get("results").getAsLong());
            assertEquals("an existing cluster, through a client", f.getAsJsonObject("cluster").get("where").getAsString());
            List<Job> jobs = existing.getJet().getJobs();
            assertEquals(1, jobs.size());
            assertEquals(JobStatus.FAILED, jobs.get(0).getStatus(), "a cancelled job ends as FAILED in Jet's terms");
            assertTrue(existing.getDistributedObjects().stream().noneMatch(o -> o.getName().startsWith("lb-jet-")),
                    "the job's map is gone: " + existing.getDistributedObjects());
        } finally {
            existing.shutdown();
        }
    }
}
