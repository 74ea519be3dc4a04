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
import dev.latencybench.core.study.Study;
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
        // 1 s, not the study's 10 s: short tests; not less, as the window is also how long a window end waits
        // for a partial of the job's slower processor, which on a busy machine fell 200 ms behind
        m.put("bench.jet.window", "1s");
        // these tests count windows and results; keeping up is the study's rule, which the 50M test checks: a
        // busy machine put the source 2.5 s behind a 2,000 events/s schedule
        m.put(JetSettings.MAX_LAG, "30s");
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

    /**
     * Warm-up periods until the job's window results flow, at most 30 s: on a quiet machine the first does it; on a
     * busy one starting the job took longer than a warm-up, and a measured period that began before the source had
     * run saw no window (or could not judge the source's lag).
     */
    private static void warmUntilWindowsFlow(ForkSession session) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (session.runPeriod(false).count == 0) {
            assertTrue(System.nanoTime() < deadline, "the job's first window results within 30 s");
        }
    }

    @Test
    void aShortPointCountsEveryWindowCorrectlyAndLeavesThePortFree() throws Exception {
        int port = freePort();
        JetSettings s = settings("bench.jet.rate", "2000", "bench.jet.keys", "20", "bench.jet.port",
                Integer.toString(port));
        Path fork = tmp.resolve("fork");
        ForkSession session = session(JetWorkload.of(s, JetStudy.VARIANT), 1_000 * MS, 600 * MS, fork);
        long jobStart = System.nanoTime();
        warmUntilWindowsFlow(session);
        long windows = session.runPeriod(true).count;
        long jobRanNs = System.nanoTime() - jobStart;
        session.close();

        assertEquals("OK", session.status(), session.reasons().toString());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        JsonObject jet = f.getAsJsonObject("jet");
        assertEquals(windows, jet.get("windows").getAsLong());
        assertWindowEndsCanHaveHappened(windows, jobRanNs, jet);
        assertResultsOfEveryKey(20, windows, jet);
        for (String zero : List.of("wrongCounts", "incompleteWindows", "missingWindowEnds", "lateResults")) {
            assertEquals(0, jet.get(zero).getAsLong(), zero);
        }
        assertSourceKeptItsSchedule(2_000, jobRanNs, jet);
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
        long jobStart = System.nanoTime();
        warmUntilWindowsFlow(session);
        long windows = session.runPeriod(true).count;
        long jobRanNs = System.nanoTime() - jobStart;
        session.close();

        assertEquals("OK", session.status(), session.reasons().toString());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        JsonObject jet = f.getAsJsonObject("jet");
        assertEquals(windows, jet.get("windows").getAsLong());
        assertWindowEndsCanHaveHappened(windows, jobRanNs, jet);
        assertEquals(0, jet.get("missingWindowEnds").getAsLong());
        JsonObject metrics = f.getAsJsonObject("metrics");
        assertEquals(windows, metrics.getAsJsonObject(JetWorkload.FIRST).get("count").getAsLong());
        assertEquals(0, metrics.has(JetWorkload.LAST) ? metrics.getAsJsonObject(JetWorkload.LAST).get("count")
                .getAsLong() : 0, "the published pipeline times only the first result");
        assertSourceKeptItsSchedule(2_000, jobRanNs, jet);
    }

    /**
     * How many window ends a measured period may count, whatever the machine's load: the period counts
     * the ends its results arrived in, so on a busy machine it may take over ends the warm-up did not get
     * to (a quiet machine counts about 60 for 600 ms of 10 ms slides, a busy one up to half again more).
     * What holds on any machine: at least one, the ends counted are consecutive slides (none missing,
     * none twice: {@code missingWindowEnds} is 0 exactly), and no more than the job can have seen end
     * since it was submitted, as the test's own clock timed it.
     */
    private static void assertWindowEndsCanHaveHappened(long windows, long jobRanNs, JsonObject jet) {
        long slideNs = 10 * MS;
        assertEquals(0, jet.get("missingWindowEnds").getAsLong(), "consecutive window ends, each counted once");
        assertTrue(windows >= 1 && windows <= jobRanNs / slideNs, String.format(
                "%d window ends in a %d ms measured period; at most %d can have ended in the %d ms the job ran",
                windows, jet.get("periodNs").getAsLong() / MS, jobRanNs / slideNs, jobRanNs / MS));
    }

    /**
     * Every key's result in every window the source had filled: the study checks each window's results against
     * what the schedule put in it (no wrong count, none missing: {@code wrongCounts} and {@code incompleteWindows}
     * are 0), so a quiet machine, whose measured windows are all full, gets {@code keys} results a window. A busy
     * one may deliver the job's first windows, which the source had not yet filled with every key, in the
     * measured period: then fewer, but at least one a window and never more than {@code keys}.
     */
    private static void assertResultsOfEveryKey(long keys, long windows, JsonObject jet) {
        long results = jet.get("results").getAsLong();
        assertEquals(0, jet.get("wrongCounts").getAsLong(), "wrongCounts");
        assertEquals(0, jet.get("incompleteWindows").getAsLong(), "incompleteWindows");
        assertTrue(results >= windows && results <= keys * windows,
                results + " results in " + windows + " windows of " + keys + " keys");
    }

    /**
     * The source emits on its schedule, never ahead of it: over the measured span its own clock timed it emitted
     * something, and no more than the schedule holds from the job's submission to the end of the test's period
     * (at 2,000 events/s a quiet machine emits about 1,200 in 600 ms; a busy one may catch up on events the
     * warm-up owed, which this bound allows and a source that ran ahead or counted twice would break).
     */
    private static void assertSourceKeptItsSchedule(long ratePerSec, long jobRanNs, JsonObject jet) {
        long items = jet.get("inputItems").getAsLong();
        long scheduled = jobRanNs * ratePerSec / 1_000_000_000L + 1;
        assertTrue(jet.get("inputNs").getAsLong() > 0 && items > 0 && items <= scheduled,
                String.format("the source at %,d events/s: %,d events in %d ms (%,d/s; ended %d ms behind); at most"
                        + " %,d due since the job started %d ms before", ratePerSec, items,
                        jet.get("inputNs").getAsLong() / MS, jet.get("inputPerSec").getAsLong(),
                        jet.get("sourceFinalLagNs").getAsLong() / MS, scheduled, jobRanNs / MS));
    }

    @Test
    void aRateTheMachineCannotHoldFailsWithTheLag() {
        JetSettings s = settings("bench.jet.rate", "50M", "bench.jet.keys", "10", JetSettings.MAX_LAG, "100ms");
        ForkSession session = session(JetWorkload.of(s, JetStudy.VARIANT), 200 * MS, 1_000 * MS, tmp.resolve("fork"));
        warmUntilWindowsFlow(session);
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
        warmUntilWindowsFlow(session);
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
        // the interrupt allows 10 s to stop; a busy machine may use some of it, a period that ran on would take 60 s
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "ended promptly, long before its 60 s");
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
        // the study's 5 s, plus the client's start, slower on a busy machine; Hazelcast's own default would go on trying
        assertTrue(tookMs < 30_000, "gave up within seconds: " + tookMs + " ms");
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
            warmUntilWindowsFlow(session);
            long windows = session.runPeriod(true).count;
            session.close();
            assertEquals("OK", session.status(), session.reasons().toString());
            JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
            assertResultsOfEveryKey(20, windows, f.getAsJsonObject("jet"));
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
