package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.fork.ForkEnd;
import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.core.testing.RateNotHeld;
import dev.latencybench.core.time.Clocks;
import dev.latencybench.task.tasks.BadTasks;
import dev.latencybench.task.tasks.HostileTasks;
import dev.latencybench.task.tasks.QueueHandoffTask;

/**
 * A task in a real fork session, with real threads and the system clock: 100 ms of warm-up and 300 ms
 * measured at 10,000 calls/s, so each test takes about half a second. The tasks are on the test class
 * path, so no jar is named.
 */
class TaskWorkloadTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();
    /** The thread {@link #runHalting} ran the session on, which goes on once the test releases the stuck task. */
    private Thread fork;

    /**
     * Waits for a halted session's thread, released by the test, to close: it still writes into the test's folder,
     * which JUnit deletes next (on a busy machine it failed to, the files appearing as it deleted).
     */
    @AfterEach
    void haltedSessionEnds() throws InterruptedException {
        if (fork != null) {
            fork.join(20_000);
            assertFalse(fork.isAlive(), "the released session ended");
        }
    }

    private TaskConfig config(String classes, Map<String, String> more) {
        Map<String, String> p = new HashMap<>();
        p.put("bench.rate", "10K");
        p.put("bench.warmup", "100ms");
        p.put("bench.duration", "300ms");
        p.put("bench.cpus", "none");
        p.put("bench.progress", "100ms");
        p.put(TaskConfig.CLASSES, classes);
        p.putAll(more);
        return TaskConfig.read(new BenchProperties(p), FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology());
    }

    /** Runs a warm-up and a measured period of a variant; returns its fork.json. */
    private JsonObject run(TaskConfig config, String variant) throws Exception {
        ClassLoader loader = config.classes.loader();
        TaskWorkload w = new TaskWorkload(config, variant, config.classes.newTask(variant, loader), loader,
                AffinityService.NONE);
        ForkSession session = new ForkSession(w, config.periods, config.cpus, Clocks.system(), AffinityService.NONE,
                "task/" + variant, new PrintStream(progress, true, StandardCharsets.UTF_8), tmp.resolve(variant),
                new CpuLoadProbe(tmp.resolve("no-proc")));
        session.start();
        session.runPeriod(false);
        session.runPeriod(true);
        session.close();
        return ResultFiles.readJson(tmp.resolve(variant).resolve(ResultLayout.FORK_JSON));
    }

    /** fork.json's reasons but the rate, checked against its recorded lag (see {@link RateNotHeld}). */
    private static List<String> reasonsButTheRate(JsonObject f) {
        List<String> reasons = new ArrayList<>();
        f.getAsJsonArray("reasons").forEach(r -> reasons.add(r.getAsString()));
        return RateNotHeld.reasonsButTheRate(f.get("status").getAsString(), reasons, f.get("maxFinalLagNs").getAsLong(),
                300 * MS);
    }

    @Test
    void everyRunIsMatchedByOneSampleFromTheTasksOwnThread() throws Exception {
        QueueHandoffTask.tornDown = false;
        JsonObject f = run(config(QueueHandoffTask.class.getName(), Map.of()), "QueueHandoffTask");

        assertEquals(List.of(), reasonsButTheRate(f), f.toString());
        assertEquals(3_000, f.get("runs").getAsLong());
        assertEquals(3_000, f.get("samples").getAsLong());
        assertEquals(0, f.get("samplesMissing").getAsLong());
        assertEquals(0, f.get("samplesExtra").getAsLong());
        assertEquals(3_000, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        assertEquals(3_000, f.getAsJsonObject("metrics").getAsJsonObject("call").get("count").getAsLong());
        IntervalLog.Intervals log = IntervalLog.read(tmp.resolve("QueueHandoffTask").resolve(ResultLayout.LATENCY_HLOG),
                TaskConfig.TaskMetrics.of(java.util.List.of()));
        assertEquals(3_000, log.total("latency").getTotalCount(), "only the measured period is logged");
        assertEquals(3_000, log.total("call").getTotalCount());
        assertTrue(QueueHandoffTask.tornDown, "close() runs the task's tear-down, whose consumer saw stopping()");
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("[task/QueueHandoffTask] measure "),
                progress.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theFloorSamplesEveryRun() throws Exception {
        JsonObject f = run(config("", Map.of()), TaskConfig.FLOOR);

        assertEquals(List.of(), reasonsButTheRate(f), f.toString());
        assertEquals(3_000, f.get("samples").getAsLong());
        assertEquals(FloorTask.class.getName(), f.get("taskClass").getAsString());
    }

    @Test
    void aTaskThatDropsOneSampleInAHundredFailsWithTheCountItLost() throws Exception {
        JsonObject f = run(config(QueueHandoffTask.Dropping.class.getName(), Map.of()), "Dropping");

        assertEquals("FAILED", f.get("status").getAsString());
        assertEquals(30, f.get("samplesMissing").getAsLong());
        String reasons = f.get("reasons").toString();
        assertTrue(reasons.contains("samples missing: 30 of 3,000 runs had no sample"), reasons);
        assertTrue(reasons.contains("warm-up: 1,000 runs but 990 samples"), reasons);
    }

    @Test
    void aTaskThatSamplesTwiceFailsWithTheExtraCount() throws Exception {
        JsonObject f = run(config(QueueHandoffTask.Doubling.class.getName(), Map.of()), "Doubling");

        // extras are counted as they come, up to the moment the period has all its samples and none came for
        // 2 ms: a consumer descheduled longer than that (a busy 2-core machine) leaves its last ones to the strays
        assertEquals("FAILED", f.get("status").getAsString());
        long extra = f.get("samplesExtra").getAsLong();
        assertTrue(extra >= 1 && extra <= 30, "one in a hundred of 3,000 doubled: " + extra);
        assertTrue(f.get("reasons").toString().contains("samples extra: " + extra + " more samples than the 3,000 runs"),
                f.get("reasons").toString());
    }

    @Test
    void aTaskThatSamplesEvenCallsTwiceAndOddCallsNeverFailsWithBothCounts() throws Exception {
        JsonObject f = run(config(HostileTasks.EvenTwiceOddNever.class.getName(), Map.of()), "EvenTwiceOddNever");

        assertEquals("FAILED", f.get("status").getAsString());
        assertEquals(3_000, f.get("runs").getAsLong());
        assertEquals(1_500, f.get("samples").getAsLong(), "each call's latency once, the second sample not recorded");
        assertEquals(1_500, f.get("samplesMissing").getAsLong());
        assertEquals(1_500, f.get("samplesExtra").getAsLong());
        assertEquals(0, f.get("samplesUnknown").getAsLong());
        assertEquals(1_500, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        String reasons = f.get("reasons").toString();
        assertTrue(reasons.contains("warm-up: 1,000 runs but 500 samples and 500 more of no run or of one already"
                + " sampled"), reasons);
        assertTrue(reasons.contains("samples missing: 1,500 of 3,000 runs had no sample"), reasons);
        assertTrue(reasons.contains("samples extra: 1,500 more samples than the 3,000 runs: 1,500 of a run already"
                + " sampled, 0 of an intendedNs no run() was handed"), reasons);
    }

    @Test
    void aSampleOfATimeNoRunWasHandedIsNotRecordedAndFailsTheCell() throws Exception {
        JsonObject f = run(config(HostileTasks.SamplesATimeOfItsOwn.class.getName(), Map.of()), "SamplesATimeOfItsOwn");

        assertEquals("FAILED", f.get("status").getAsString());
        assertEquals(0, f.get("samples").getAsLong());
        assertEquals(3_000, f.get("samplesMissing").getAsLong());
        assertEquals(3_000, f.get("samplesUnknown").getAsLong());
        String reasons = f.get("reasons").toString();
        assertTrue(reasons.contains("0 of a run already sampled, 3,000 of an intendedNs no run() was handed"), reasons);
    }

    @Test
    void anErrorInRunIsNamedWithItsCallAndTheCallsMadeBeforeItAreCounted() throws Exception {
        // the warm-up's 1,000 calls, then call 1,000 of the measured period overflows its stack
        JsonObject f = run(config(HostileTasks.StackOverflowAtACall.class.getName(), Map.of("bench.task.failAt",
                "2000")), "StackOverflowAtACall");

        assertEquals("FAILED", f.get("status").getAsString());
        List<String> reasons = new ArrayList<>();
        f.getAsJsonArray("reasons").forEach(r -> reasons.add(r.getAsString()));
        assertEquals(List.of("run() of " + HostileTasks.StackOverflowAtACall.class.getName() + " threw"
                + " java.lang.StackOverflowError at call 1,000"), reasons, "not also '0 of 3,000 calls made' nor"
                + " '999 more samples than the 0 runs'");
        assertEquals(1_000, f.get("runs").getAsLong());
        assertEquals(999, f.get("samples").getAsLong());
        assertEquals(0, f.get("samplesExtra").getAsLong());
    }

    @Test
    void aProbeIsAMetricOfItsOwnAndATaskReadsItsOwnProperties() throws Exception {
        JsonObject f = run(config(BadTasks.Probing.class.getName(), Map.of(TaskConfig.PROBES, "decode",
                "bench.task.decodeNs", "1500")), "Probing");

        assertEquals(List.of(), reasonsButTheRate(f), f.toString());
        JsonObject decode = f.getAsJsonObject("metrics").getAsJsonObject("decode");
        assertEquals(3_000, decode.get("count").getAsLong());
        assertEquals(1_500, decode.get("p50").getAsDouble(), 1_500 * 0.001, "HdrHistogram keeps 3 digits");
    }

    /**
     * A hostile task in a session whose bounds are short (1 s past the period, 1 s for the tear-down) and whose
     * halting is recorded instead of done: runs a warm-up and a measured period on a thread of its own, which
     * a stuck call keeps; returns the exit status the session asked for, or null when it asked for none.
     */
    private Integer runHalting(TaskConfig config, String variant) throws Exception {
        ClassLoader loader = config.classes.loader();
        TaskWorkload w = new TaskWorkload(config, variant, config.classes.newTask(variant, loader), loader,
                AffinityService.NONE).bounds(1_000 * MS, 1_000 * MS);
        java.util.concurrent.CompletableFuture<Integer> halted = new java.util.concurrent.CompletableFuture<>();
        ForkSession session = new ForkSession(w, config.periods, config.cpus, Clocks.system(), AffinityService.NONE,
                "task/" + variant, new PrintStream(progress, true, StandardCharsets.UTF_8), tmp.resolve(variant),
                new CpuLoadProbe(tmp.resolve("no-proc"))).haltingWith(halted::complete);
        fork = new Thread(() -> {
            session.start();
            if (halted.isDone()) { // its start was stuck: the JVM would have ended there
                return;
            }
            session.runPeriod(false);
            session.runPeriod(true);
            session.close();
            halted.complete(null);
        }, "test-fork");
        fork.setDaemon(true);
        fork.start();
        return halted.get(20, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Test
    void aRunThatNeverReturnsEndsTheForkFailedNamingTheCallAndKeepsWhatWasMeasured() throws Exception {
        long start = System.nanoTime();
        Integer status = runHalting(config(HostileTasks.BlockingRun.class.getName(), Map.of("bench.task.callsBefore",
                "1500")), "BlockingRun");
        long tookNs = System.nanoTime() - start;
        try {
            assertEquals(ForkEnd.STUCK_EXIT, status, "the JVM ends itself");
            assertTrue(tookNs < 100 * MS + 300 * MS + 1_000 * MS + 1_500 * MS, "within the period and 1 s: " + tookNs);
            JsonObject f = ResultFiles.readJson(tmp.resolve("BlockingRun").resolve(ResultLayout.FORK_JSON));
            assertEquals("FAILED", f.get("status").getAsString());
            String reasons = f.get("reasons").toString();
            assertEquals(1, f.getAsJsonArray("reasons").size(), "one reason, not also the stop it did not heed: "
                    + reasons);
            assertTrue(reasons.contains("the measured period did not end within 1.3s: in run() of "
                    + HostileTasks.BlockingRun.class.getName() + ", call 501; its thread is stuck at "
                    + HostileTasks.BlockingRun.class.getName() + ".run(HostileTasks.java:"), reasons);
            assertEquals(500, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong(),
                    "the 1,000 calls of the warm-up are not kept; the 500 measured before the stuck call are");
            assertTrue(progress.toString(StandardCharsets.UTF_8).contains("this benchmark JVM ends itself (exit status"
                    + " 86)"), progress.toString(StandardCharsets.UTF_8));
        } finally {
            HostileTasks.BlockingRun.RELEASE.countDown();
        }
    }

    @Test
    void aTearDownThatHangsEndsTheForkFailedWithItsSamplesKept() throws Exception {
        try {
            Integer status = runHalting(config(HostileTasks.HangingTearDown.class.getName(), Map.of()),
                    "HangingTearDown");
            assertEquals(ForkEnd.STUCK_EXIT, status);
            JsonObject f = ResultFiles.readJson(tmp.resolve("HangingTearDown").resolve(ResultLayout.FORK_JSON));
            assertEquals("FAILED", f.get("status").getAsString());
            String reasons = f.get("reasons").toString();
            assertTrue(reasons.contains("closing the workload did not end within 1s: in tearDown() of "
                    + HostileTasks.HangingTearDown.class.getName() + "; its thread is stuck at "
                    + HostileTasks.HangingTearDown.class.getName() + ".tearDown(HostileTasks.java:"), reasons);
            assertEquals(3_000, f.get("samples").getAsLong(), "the measured period's samples are kept");
        } finally {
            HostileTasks.HangingTearDown.RELEASE.countDown();
        }
    }

    @Test
    void aSetUpStuckOnlyInTheForkEndsItFailedNamingSetUp() throws Exception {
        long start = System.nanoTime();
        try {
            Integer status = runHalting(config(HostileTasks.SetUpStuckIgnoringInterrupts.class.getName(), Map.of()),
                    "SetUpStuckIgnoringInterrupts");
            assertEquals(ForkEnd.STUCK_EXIT, status, "the JVM ends itself");
            assertTrue(System.nanoTime() - start < 1_000 * MS + 3_000 * MS, "within the bound of 1 s and a little");
            JsonObject f = ResultFiles.readJson(tmp.resolve("SetUpStuckIgnoringInterrupts")
                    .resolve(ResultLayout.FORK_JSON));
            assertEquals("FAILED", f.get("status").getAsString());
            String name = HostileTasks.SetUpStuckIgnoringInterrupts.class.getName();
            String reasons = f.get("reasons").toString();
            assertTrue(reasons.contains("starting the workload did not end within 1s: in setUp() of " + name
                    + "; its thread is stuck at " + name + ".setUp(HostileTasks.java:"), reasons);
        } finally {
            HostileTasks.SetUpStuckIgnoringInterrupts.RELEASE.countDown();
        }
    }

    /**
     * A JVM that ends in the task's set-up without a word (Runtime.halt) leaves a fork.json naming the task and the
     * phase, where the cell said only "expected results from 1 fork(s), found 0"; one whose set-up returns keeps
     * none of it.
     */
    @Test
    void whileTheSetUpRunsTheForksFileNamesItAsThePhaseAJvmEndingThereEndedIn() throws Exception {
        TaskConfig config = config(HostileTasks.SetUpUntilReleased.class.getName(), Map.of());
        ClassLoader loader = config.classes.loader();
        String variant = "SetUpUntilReleased";
        TaskWorkload w = new TaskWorkload(config, variant, config.classes.newTask(variant, loader), loader,
                AffinityService.NONE);
        ForkSession session = new ForkSession(w, config.periods, config.cpus, Clocks.system(), AffinityService.NONE,
                "task/" + variant, new PrintStream(progress, true, StandardCharsets.UTF_8), tmp.resolve(variant),
                new CpuLoadProbe(tmp.resolve("no-proc")));
        Thread starting = new Thread(session::start, "test-start");
        starting.start();
        try {
            assertTrue(HostileTasks.SetUpUntilReleased.BEGAN.await(10, java.util.concurrent.TimeUnit.SECONDS));
            JsonObject during = ResultFiles.readJson(tmp.resolve(variant).resolve(ResultLayout.FORK_JSON));
            assertEquals("FAILED", during.get("status").getAsString());
            assertEquals("[\"the benchmark JVM ended while starting the workload, in setUp() of "
                    + HostileTasks.SetUpUntilReleased.class.getName() + ", before anything was measured (the code's own"
                    + " System.exit or Runtime.halt, or a crash: see the exit code)\"]", during.get("reasons").toString());
        } finally {
            HostileTasks.SetUpUntilReleased.RELEASE.countDown();
            starting.join(10_000);
        }
        assertFalse(java.nio.file.Files.exists(tmp.resolve(variant).resolve(ResultLayout.FORK_JSON)),
                "a set-up that returned leaves no such file");
        session.runPeriod(false);
        session.runPeriod(true);
        session.close();
        JsonObject f = ResultFiles.readJson(tmp.resolve(variant).resolve(ResultLayout.FORK_JSON));
        assertEquals(List.of(), reasonsButTheRate(f), f.toString());
    }

    @Test
    void samplesThatNeverComeFailThePeriodAfterTheDrainTime() throws Exception {
        long start = System.nanoTime();
        JsonObject f = run(config(HostileTasks.NeverSamples.class.getName(), Map.of()), "NeverSamples");
        assertTrue(System.nanoTime() - start < 100 * MS + 300 * MS + 2 * TaskWorkload.DRAIN_TIMEOUT_NS + 1_000 * MS,
                "each period waits at most the drain time for its samples");
        assertEquals("FAILED", f.get("status").getAsString());
        String reasons = f.get("reasons").toString();
        assertTrue(reasons.contains("warm-up: 1,000 runs but 0 samples"), reasons);
        assertTrue(reasons.contains("samples missing: 3,000 of 3,000 runs had no sample"), reasons);
    }
}
