package dev.latencybench.core.passthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.run.CellMerger;
import dev.latencybench.core.run.CellSummary;
import dev.latencybench.core.run.Study;
import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.core.time.Clocks;

/**
 * The pass-through in a real fork session, with real threads and the system clock: 2,000 msg/s
 * through 3 hops for a few hundred milliseconds, so each test takes well under a second of two
 * mostly idle CPUs.
 */
class PassThroughWorkloadTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long RATE = 2_000;
    private static final int HOPS = 3;
    private static final List<String> ALL_METRICS = List.of("latency", "service", "hop-1", "hop-2", "hop-3");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    private ForkSession session(PassThroughWorkload workload, long measureNs, Path forkDir) {
        Periods periods = new Periods(Scale.SMOKE, 100 * MS, measureNs, 1, 100 * MS);
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(),
                FakeSysTree.machine(tmp.resolve("sys"), "0-1").topology());
        return new ForkSession(workload, periods, none, Clocks.system(), AffinityService.NONE, "test/pass-through",
                new PrintStream(progress, true, StandardCharsets.UTF_8), forkDir,
                new CpuLoadProbe(tmp.resolve("no-proc")));
    }

    private static long count(JsonObject json, String metric) {
        return json.getAsJsonObject("metrics").getAsJsonObject(metric).get("count").getAsLong();
    }

    /** The stage threads of any pass-through still alive in this JVM. */
    private static List<String> stageThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.equals("lb-source") || n.startsWith("lb-hop-") || n.equals("lb-sink"))
                .sorted().collect(Collectors.toList());
    }

    @Test
    void aCleanRunRecordsEveryMessageInEveryMetric() throws Exception {
        Path fork = tmp.resolve("fork");
        ForkSession s = session(new PassThroughWorkload(RATE, HOPS), 300 * MS, fork);
        assertEquals(200, s.runPeriod(false).count, "the warm-up's 100 ms, not counted below");
        assertEquals(600, s.runPeriod(true).count);
        s.close();

        assertEquals("OK", s.status(), s.reasons().toString());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        assertEquals(RATE, f.get("ratePerSec").getAsLong());
        assertEquals(HOPS, f.get("hops").getAsInt());
        assertEquals(1, f.get("measuredPeriods").getAsLong());
        assertEquals(600, f.get("sent").getAsLong());
        assertEquals(600, f.get("received").getAsLong());
        for (String counter : List.of("lost", "duplicated", "outOfOrder", "unexpected", "wrongCounter", "outOfRange")) {
            assertEquals(0, f.get(counter).getAsLong(), counter);
        }
        assertEquals("latency", f.get("primary").getAsString());
        assertEquals(ALL_METRICS, List.copyOf(f.getAsJsonObject("metrics").keySet()));
        for (String metric : ALL_METRICS) {
            assertEquals(600, count(f, metric), metric);
        }
        assertTrue(f.getAsJsonObject("metrics").getAsJsonObject("latency").get("max").getAsLong()
                >= f.getAsJsonObject("metrics").getAsJsonObject("hop-1").get("max").getAsLong(),
                "a message's latency holds its first hop: " + f.getAsJsonObject("metrics"));

        Path hlog = fork.resolve(ResultLayout.LATENCY_HLOG);
        String text = Files.readString(hlog);
        for (String tag : List.of("service", "hop-1", "hop-2", "hop-3")) {
            assertTrue(text.contains("Tag=" + tag + ","), "intervals tagged " + tag);
        }
        IntervalLog.Intervals log = IntervalLog.read(hlog, PassThroughWorkload.metrics(HOPS));
        for (String metric : ALL_METRICS) {
            assertEquals(600, log.total(metric).getTotalCount(), "only the measured period is logged: " + metric);
        }
        assertEquals(List.of(), stageThreads());
    }

    @Test
    void theMetricsAreLatencyServiceAndOnePerHop() {
        Metrics m = PassThroughWorkload.metrics(2);
        assertEquals(List.of("latency", "service", "hop-1", "hop-2"), m.names());
        assertEquals("latency", m.primary().name());
        assertEquals(m, new PassThroughWorkload(1, 2).metrics());
    }

    @Test
    void aHopThatForgetsToAddOneFailsTheCounterCheck() throws Exception {
        Path fork = tmp.resolve("fork");
        Forwarding forgetful = (hop, sequence, counter) -> hop == 2 ? counter : counter + 1;
        ForkSession s = session(new PassThroughWorkload(RATE, HOPS, forgetful), 200 * MS, fork);
        s.runPeriod(true);
        s.close();

        assertEquals("FAILED", s.status());
        assertEquals(List.of("messages whose counter did not go up by exactly 3 (the number of hops): 400"),
                s.reasons());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        assertEquals(400, f.get("wrongCounter").getAsLong());
        assertEquals(400, f.get("received").getAsLong(), "every message still arrived");
    }

    @Test
    void aHopThatDropsMessagesFailsWithTheLoss() throws Exception {
        Path fork = tmp.resolve("fork");
        Forwarding leaky = (hop, sequence, counter) -> hop == 2 && sequence % 100 == 99 ? Forwarding.DROP
                : counter + 1;
        ForkSession s = session(new PassThroughWorkload(RATE, HOPS, leaky), 200 * MS, fork);
        s.runPeriod(true);
        s.close();

        assertEquals("FAILED", s.status());
        assertEquals(List.of("messages lost: 4 of 400"), s.reasons());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        assertEquals(4, f.get("lost").getAsLong());
        assertEquals(396, f.get("received").getAsLong());
        assertEquals(400, count(f, "hop-2"), "hop 2 picked every message up");
        assertEquals(396, count(f, "hop-3"), "and forwarded all but the four it dropped");
        assertEquals(396, count(f, "latency"));
    }

    @Test
    void twoForksMergeIntoOneResultWithEveryHop() throws Exception {
        Path cell = tmp.resolve("run1/chain/in-memory/temurin-17__g1");
        Periods periods = new Periods(Scale.SMOKE, 0, 200 * MS, 2, 100 * MS);
        for (String pid : List.of("1001", "1002")) {
            ForkSession s = session(new PassThroughWorkload(RATE, HOPS), 200 * MS,
                    cell.resolve(ResultLayout.FORKS_DIR).resolve(pid));
            s.runPeriod(true);
            s.close();
            assertEquals("OK", s.status(), s.reasons().toString());
        }
        JsonObject recorded = new JsonObject();
        recorded.addProperty("ratePerSec", RATE);
        recorded.addProperty("hops", HOPS);
        Study.Plan plan = Study.Plan.builder(List.of("in-memory"), periods, PassThroughWorkload.metrics(HOPS))
                .role(Study.Plan.FLOOR, "in-memory")
                .recorded(recorded)
                .accounting(() -> PassThroughWorkload.accounting(RATE))
                .build();
        CellSummary summary = CellMerger.merge(cell, null, new CellMerger.Context("chain", "in-memory", plan, "run1",
                2, null, false, "abc1234", "./mvnw -Pbench"));

        assertEquals("OK", summary.status, summary.reasons.toString());
        JsonObject r = ResultFiles.readJson(cell.resolve(ResultLayout.RESULT_JSON));
        assertEquals("OK", r.get("status").getAsString());
        assertEquals(HOPS, r.get("hops").getAsInt());
        assertEquals("in-memory", r.getAsJsonObject("roles").get("floor").getAsString());
        assertEquals(2, r.get("measuredPeriods").getAsLong());
        assertEquals(800, r.get("sent").getAsLong());
        assertEquals(800, r.get("received").getAsLong());
        assertEquals(0, r.get("lost").getAsLong());
        assertEquals(RATE, r.getAsJsonObject("pacing").get("askedRatePerSec").getAsLong());
        assertEquals("latency", r.get("primary").getAsString());
        assertEquals(ALL_METRICS, List.copyOf(r.getAsJsonObject("metrics").keySet()));
        for (String metric : ALL_METRICS) {
            assertEquals(800, count(r, metric), "merged from both forks' logs: " + metric);
            assertEquals(2, r.getAsJsonObject("forkMetrics").getAsJsonArray(metric).size(), metric);
        }
        IntervalLog.Intervals merged = IntervalLog.read(cell.resolve(ResultLayout.LATENCY_HLOG),
                PassThroughWorkload.metrics(HOPS));
        assertEquals(800, merged.total("hop-3").getTotalCount());
    }

    @Test
    void aStoppedRunEndsPromptlyDrainsWhatWasSentAndLeavesNoThread() throws Exception {
        Path fork = tmp.resolve("fork");
        ForkSession s = session(new PassThroughWorkload(RATE, HOPS), TimeUnit.SECONDS.toNanos(60), fork);
        Thread runner = new Thread(() -> s.runPeriod(true), "test-runner");
        runner.start();
        Thread.sleep(300);
        assertEquals(List.of("lb-hop-1", "lb-hop-2", "lb-hop-3", "lb-sink", "lb-source"), stageThreads());

        long t0 = System.nanoTime();
        s.interrupt("test says stop", TimeUnit.SECONDS.toNanos(10)); // what the shutdown hook does
        runner.join(10_000);
        long stoppedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertFalse(runner.isAlive());
        assertTrue(stoppedMs < 1_000, "stopped within a second, not at the end of the 60 s period: " + stoppedMs);
        s.close();

        assertEquals(List.of(), stageThreads());
        assertEquals("INTERRUPTED", s.status());
        JsonObject f = ResultFiles.readJson(fork.resolve(ResultLayout.FORK_JSON));
        long sent = f.get("sent").getAsLong();
        assertTrue(sent > 100 && sent < 10_000, "stopped after about 0.3 s: " + sent);
        assertEquals(sent, f.get("received").getAsLong(), "what was sent was drained");
        assertEquals(sent, count(f, "hop-3"));
    }

    /** Once warm, a message costs no allocation on any stage thread (HotSpot's per-thread accounting). */
    @Test
    void noStageAllocatesPerMessageOnceWarm() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(mx instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counters");
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) mx;
        PassThroughWorkload w = new PassThroughWorkload(RATE, HOPS);
        ForkSession s = session(w, TimeUnit.SECONDS.toNanos(60), null);
        Thread runner = new Thread(() -> s.runPeriod(true), "test-runner");
        runner.start();
        try {
            Thread.sleep(500); // warm: a thousand messages through every stage
            List<Thread> stages = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> stageThreads().contains(t.getName())).collect(Collectors.toList());
            assertEquals(HOPS + 2, stages.size(), stages.toString());
            long[] ids = stages.stream().mapToLong(Thread::getId).toArray();
            long[] before = bean.getThreadAllocatedBytes(ids);
            Thread.sleep(500); // a thousand more
            long[] after = bean.getThreadAllocatedBytes(ids);
            for (int i = 0; i < ids.length; i++) {
                assertTrue(after[i] - before[i] < 1_000, stages.get(i).getName() + " allocated "
                        + (after[i] - before[i]) + " bytes for about 1,000 messages");
            }
        } finally {
            w.close();
            runner.join(10_000);
            s.close();
        }
    }

    @Test
    void closeStopsTheStagesOfAPeriodStillRunning() throws Exception {
        PassThroughWorkload w = new PassThroughWorkload(RATE, HOPS);
        ForkSession s = session(w, TimeUnit.SECONDS.toNanos(60), null);
        Thread runner = new Thread(() -> s.runPeriod(true), "test-runner");
        runner.start();
        Thread.sleep(300);
        assertEquals(5, stageThreads().size(), stageThreads().toString());

        w.close(); // what the session's close does from a shutdown hook that could not wait
        runner.join(10_000);
        assertFalse(runner.isAlive());
        assertEquals(List.of(), stageThreads());
        assertEquals(0, s.runPeriod(true).count, "a closed workload runs no further period");
        s.close();
    }

    @Test
    void aBadShapeIsRefusedSayingWhatIsAllowed() {
        assertEquals("hops must be from 1 to 32: 0", assertThrows(IllegalArgumentException.class,
                () -> new PassThroughWorkload(RATE, 0)).getMessage());
        assertEquals("hops must be from 1 to 32: 33", assertThrows(IllegalArgumentException.class,
                () -> new PassThroughWorkload(RATE, 33)).getMessage());
        assertEquals("ratePerSec must be from 1 to 10^9: 0", assertThrows(IllegalArgumentException.class,
                () -> new PassThroughWorkload(0, 1)).getMessage());
    }
}
