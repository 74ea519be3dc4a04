package dev.latencybench.core.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.core.time.Clocks;
import dev.latencybench.core.time.FakeClock;

/** The fork session with workloads of another shape than two threads: what every study gets from it. */
class ForkSessionTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final Metrics FIRST_LAST = Metrics.of(Metric.nanos("first", "first result after the window end"),
            new Metric("last", "last result after the window end", "ns", Metric.Writers.MANY));

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    /** A workload whose period is whatever the test says. */
    private static Workload workload(Consumer<PeriodContext> period, boolean[] closed) {
        return new Workload() {
            @Override
            public Metrics metrics() {
                return FIRST_LAST;
            }

            @Override
            public void runPeriod(PeriodContext ctx) {
                period.accept(ctx);
            }

            @Override
            public String progress() {
                return "windows 7";
            }

            @Override
            public void describe(JsonObject fork) {
                fork.addProperty("windows", 7);
            }

            @Override
            public void close() {
                closed[0] = true;
            }
        };
    }

    private ForkSession session(Workload w, long measureNs) {
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(),
                FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology());
        return new ForkSession(w, new Periods(Scale.SMOKE, 0, measureNs, 1, 100 * MS), none, Clocks.system(),
                AffinityService.NONE, "test/shape", new PrintStream(progress, true, StandardCharsets.UTF_8),
                tmp.resolve("fork"), new CpuLoadProbe(tmp.resolve("no-proc")));
    }

    private JsonObject forkJson() throws Exception {
        return ResultFiles.readJson(tmp.resolve("fork").resolve(ResultLayout.FORK_JSON));
    }

    @Test
    void everyDeclaredMetricIsLoggedTaggedAndTotalled() throws Exception {
        boolean[] closed = new boolean[1];
        ForkSession s = session(workload(ctx -> {
            MetricRecorder first = ctx.recorder("first");
            Thread[] writers = new Thread[3];
            for (int t = 0; t < writers.length; t++) {
                writers[t] = new Thread(() -> {
                    MetricRecorder last = ctx.recorder("last"); // several threads share a concurrent recorder
                    for (int i = 1; i <= 1_000; i++) {
                        last.record(i * 1_000L);
                    }
                });
                writers[t].start();
            }
            for (int i = 1; i <= 500; i++) {
                first.record(i * 100L);
            }
            first.record(-5); // counted, not recorded
            for (Thread w : writers) {
                try {
                    w.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            assertThrows(IllegalStateException.class, () -> ctx.recorder("first"), "one writer, one recorder");
            assertEquals(1, first.outOfRange());
        }, closed), 300 * MS);
        LatencySummary primary = s.runPeriod(true);
        s.close();
        assertTrue(closed[0]);
        assertEquals(500, primary.count, "the first declared metric is the primary one");
        JsonObject f = forkJson();
        assertEquals("OK", f.get("status").getAsString(), f.toString());
        assertEquals("first", f.get("primary").getAsString());
        assertEquals(3_000, f.getAsJsonObject("metrics").getAsJsonObject("last").get("count").getAsLong());
        assertEquals(7, f.get("windows").getAsInt(), "what the workload describes about itself");
        assertFalse(f.getAsJsonObject("pinning").has("pinned"), "a workload without CPU roles is not 'unpinned'");
        IntervalLog.Intervals log = IntervalLog.read(tmp.resolve("fork").resolve(ResultLayout.LATENCY_HLOG), FIRST_LAST);
        assertEquals(500, log.total("first").getTotalCount());
        assertEquals(3_000, log.total("last").getTotalCount());
        assertEquals(50_000, log.total("first").getMaxValue(), 50);
    }

    @Test
    void aLoopWithItsOwnHistogramsHandsThemOverAsOneInterval() throws Exception {
        ForkSession s = session(workload(ctx -> {
            Histogram a = LatencyRecorder.newHistogram();
            Histogram b = LatencyRecorder.newHistogram();
            a.recordValue(1_000);
            b.recordValue(2_000);
            b.recordValue(3_000);
            for (Histogram h : List.of(a, b)) {
                h.setStartTimeStamp(1_800_000_000_000L);
                h.setEndTimeStamp(1_800_000_000_300L);
            }
            ctx.addInterval(List.of(a, b));
        }, new boolean[1]), 300 * MS);
        s.runPeriod(true);
        s.close();
        IntervalLog.Intervals log = IntervalLog.read(tmp.resolve("fork").resolve(ResultLayout.LATENCY_HLOG), FIRST_LAST);
        assertEquals(1, log.size());
        assertEquals(1_800_000_000_000L, log.of("first").get(0).getStartTimeStamp());
        assertEquals(2, log.total("last").getTotalCount());
    }

    @Test
    void aWorkloadThatThrowsFailsTheForkAndIsStillClosed() throws Exception {
        boolean[] closed = new boolean[1];
        ForkSession s = session(workload(ctx -> {
            throw new IllegalStateException("broker gone");
        }, closed), 100 * MS);
        s.runPeriod(true);
        s.close();
        assertTrue(closed[0]);
        assertEquals("FAILED", s.status());
        assertEquals(List.of("the workload failed: java.lang.IllegalStateException: broker gone"), s.reasons());
        assertEquals("FAILED", forkJson().get("status").getAsString());
    }

    @Test
    void failuresAndCountsOfAPeriodReachTheVerdictAndProgress() throws Exception {
        ForkSession s = session(workload(ctx -> {
            ctx.recorder("first").record(10);
            ctx.fail("window 3 counted 999 of 1,000 events");
            ctx.count("windows.wrong", 1, "windows");
            try {
                Thread.sleep(350); // long enough for progress lines
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, new boolean[1]), 300 * MS);
        s.runPeriod(true);
        s.close();
        assertEquals(List.of("window 3 counted 999 of 1,000 events"), s.reasons());
        String printed = progress.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("[test/shape] measure ") && printed.contains("windows 7"), printed);
    }

    @Test
    void aStopFromOutsideEndsThePeriodAndKeepsWhatWasMeasured() throws Exception {
        boolean[] closed = new boolean[1];
        AtomicLong recorded = new AtomicLong();
        CountDownLatch measuring = new CountDownLatch(1);
        ForkSession s = session(workload(ctx -> {
            MetricRecorder first = ctx.recorder("first");
            while (!ctx.stopping()) {
                first.record(100);
                recorded.incrementAndGet();
                measuring.countDown();
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
            assertTrue(ctx.interrupted(), "a signal, not a failure");
        }, closed), TimeUnit.SECONDS.toNanos(60));
        Thread runner = new Thread(() -> s.runPeriod(true));
        runner.start();
        // stopped once something was measured: after 300 ms on a quiet machine, later on a busy one
        assertTrue(measuring.await(30, TimeUnit.SECONDS), "the workload recorded within 30 s");
        Thread.sleep(300);
        s.interrupt("test says stop", TimeUnit.SECONDS.toNanos(10));
        runner.join(10_000);
        assertFalse(runner.isAlive());
        assertTrue(closed[0]);
        JsonObject f = forkJson();
        assertEquals("INTERRUPTED", f.get("status").getAsString());
        long kept = f.getAsJsonObject("metrics").getAsJsonObject("first").get("count").getAsLong();
        assertEquals(recorded.get(), kept, "every value recorded before the stop is kept: " + f);
        assertTrue(kept >= 1, f.toString());
    }

    @Test
    void aPeriodSlowerToStopThanTheSignalsWaitStillKeepsWhatItRecorded() throws Exception {
        boolean[] closed = new boolean[1];
        CountDownLatch recorded = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ForkSession s = session(workload(ctx -> {
            MetricRecorder first = ctx.recorder("first");
            for (int i = 0; i < 250; i++) {
                first.record(100);
            }
            recorded.countDown();
            try { // a consumer still draining what was sent: it does not look at the stop
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, closed), TimeUnit.SECONDS.toNanos(60));
        Thread runner = new Thread(() -> s.runPeriod(true));
        runner.start();
        try {
            assertTrue(recorded.await(30, TimeUnit.SECONDS), "the workload recorded within 30 s");
            s.interrupt("test says stop", 200 * MS); // before the monitor's first interval, one second in
            JsonObject f = forkJson();
            assertEquals("INTERRUPTED", f.get("status").getAsString(), f.toString());
            assertEquals(250, f.getAsJsonObject("metrics").getAsJsonObject("first").get("count").getAsLong(),
                    f.toString());
            assertEquals(250, IntervalLog.read(tmp.resolve("fork").resolve(ResultLayout.LATENCY_HLOG), FIRST_LAST)
                    .total("first").getTotalCount(), "the interval log, which the cell's result is merged from");
        } finally {
            release.countDown();
            runner.join(10_000);
        }
    }

    @Test
    void thePeriodsDeadlineStopsAWorkloadThatNeverEnds() throws Exception {
        boolean[] closed = new boolean[1];
        Workload stuck = workload(ctx -> {
            while (!ctx.stopping()) { // a broker that stopped answering, say
                Thread.onSpinWait();
            }
            assertTrue(ctx.aborted() && !ctx.interrupted(), "the period's own deadline, not a signal");
        }, closed);
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(),
                FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology());
        // each reading of the fake clock is 10 s later: the monitor sees the deadline pass at once
        ForkSession s = new ForkSession(stuck, new Periods(Scale.SMOKE, 0, 100 * MS, 1, TimeUnit.HOURS.toNanos(1)), none,
                new Clocks(new FakeClock(0, TimeUnit.SECONDS.toNanos(10)), dev.latencybench.core.time.SystemClock.INSTANCE),
                AffinityService.NONE, "test/stuck", new PrintStream(progress, true, StandardCharsets.UTF_8),
                tmp.resolve("fork"), new CpuLoadProbe(tmp.resolve("no-proc")));
        s.runPeriod(true);
        s.close();
        assertEquals(List.of("the period did not end within " + dev.latencybench.core.config.Units.formatDuration(
                ForkSession.deadlineNs(100 * MS)) + " (the workload stopped making progress?)"), s.reasons());
        assertTrue(closed[0]);
    }

    @Test
    void afterASignalAWorkloadWhoseCloseWaitsIsLeftAfterASecondWithWhatWasMeasuredWritten() throws Exception {
        CountDownLatch closing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Workload w = new Workload() { // its close asks a broker that the same Ctrl-C is stopping: it waits
            @Override
            public Metrics metrics() {
                return FIRST_LAST;
            }

            @Override
            public void runPeriod(PeriodContext ctx) {
                ctx.recorder("first").record(100);
            }

            @Override
            public void describe(JsonObject fork) {
            }

            @Override
            public void close() {
                closing.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        int[] halted = {-1};
        ForkSession s = session(w, 50 * MS).haltingWith(status -> halted[0] = status);
        s.runPeriod(true);
        long t0 = System.nanoTime();
        try {
            s.onShutdown(null); // what the hook does on SIGINT or SIGTERM
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(closing.await(0, TimeUnit.SECONDS), "the close was started");
            assertTrue(tookMs >= TimeUnit.NANOSECONDS.toMillis(ForkEnd.SIGNAL_CLOSE_NS) && tookMs < 10_000,
                    "left after its bound of " + TimeUnit.NANOSECONDS.toMillis(ForkEnd.SIGNAL_CLOSE_NS) + " ms, not "
                    + "after the close's own time: " + tookMs + " ms");
            assertEquals(-1, halted[0], "a signal ends the JVM anyway: not taken as a stuck workload");
            JsonObject f = forkJson();
            assertEquals("INTERRUPTED", f.get("status").getAsString(), f.toString());
            assertEquals(1, f.getAsJsonObject("metrics").getAsJsonObject("first").get("count").getAsLong());
        } finally {
            release.countDown();
        }
        assertEquals(ForkEnd.SIGNAL_CLOSE_NS, ForkEnd.afterSignal(0), "a workload with no bound of its own");
        assertEquals(MS, ForkEnd.afterSignal(MS), "a shorter bound of its own is kept");
    }

    @Test
    void aProgressLineSaysHowLongTheLaunchHasLeftAtMostWhenTheLauncherSaidIt() {
        assertEquals("", TimeLeft.text(0, 1_000_000L), "the launcher said nothing");
        assertEquals(", at most 1m23s left", TimeLeft.text(1_083_000L, 1_000_100L), "rounded up to seconds");
        assertEquals(", past the launch's estimate", TimeLeft.text(1_000_000L, 1_000_000L));
        assertEquals(", past the launch's estimate", TimeLeft.text(1_000_000L, 1_000_001L));
    }
}
