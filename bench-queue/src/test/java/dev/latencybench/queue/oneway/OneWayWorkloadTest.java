package dev.latencybench.queue.oneway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.record.IntervalLog;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.testing.FakeSysTree;
import dev.latencybench.core.testing.RateNotHeld;
import dev.latencybench.core.fork.ForkSession;
import dev.latencybench.core.time.Clocks;

/**
 * The one-way workload in a real fork session, with real threads and the system clock, over an in-memory transport: short periods
 * at 10,000 msg/s, so the tests take a fraction of a second each.
 */
class OneWayWorkloadTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    /** An unbounded in-memory queue; drops every n-th message when asked to. */
    static class MemoryTransport implements MessageTransport {
        final ConcurrentLinkedQueue<long[]> queue = new ConcurrentLinkedQueue<>();
        final int dropEvery;
        /** Open once the first message was sent. */
        final CountDownLatch sending = new CountDownLatch(1);
        volatile boolean closed;

        MemoryTransport(int dropEvery) {
            this.dropEvery = dropEvery;
        }

        @Override
        public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
            sending.countDown();
            if (dropEvery == 0 || (sequence + 1) % dropEvery != 0) {
                queue.add(new long[] {sequence, intendedSendNs, actualSendNs});
            }
            return true;
        }

        @Override
        public int poll(MessageHandler handler) {
            long[] m = queue.poll();
            if (m == null) {
                return 0;
            }
            handler.onMessage(m[0], m[1], m[2]);
            return 1;
        }

        @Override
        public int payloadBytes() {
            return 24;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private OneWaySettings settings(String cpus, String duration) {
        Map<String, String> p = new HashMap<>();
        p.put("bench.rate", "10K");
        p.put("bench.warmup", "100ms");
        p.put("bench.duration", duration);
        p.put("bench.cpus", cpus);
        p.put("bench.progress", "100ms");
        return OneWaySettings.read(new BenchProperties(p), Scale.SMOKE, dev.latencybench.core.config.RunLength.of(0, MS, 0, MS, 0, MS), 1, 24,
                FakeSysTree.machine(tmp.resolve("sys"), "0-3").topology());
    }

    private ForkSession harness(OneWaySettings s, MessageTransport t, AffinityService affinity) {
        return new ForkSession(new OneWayWorkload(s, t), s.periods, s.cpus, Clocks.system(), affinity, "test/memory",
                new PrintStream(progress, true, StandardCharsets.UTF_8), tmp.resolve("fork"),
                new CpuLoadProbe(tmp.resolve("no-proc")));
    }

    private JsonObject forkJson() throws Exception {
        return ResultFiles.readJson(tmp.resolve("fork").resolve(ResultLayout.FORK_JSON));
    }

    /** A finished period's reasons but the rate, checked against its recorded lag (see {@link RateNotHeld}). */
    private List<String> reasonsButTheRate(ForkSession h, long periodNs) throws Exception {
        return RateNotHeld.reasonsButTheRate(h.status(), h.reasons(),
                forkJson().getAsJsonObject("pacing").get("finalLagNs").getAsLong(), periodNs);
    }

    @Test
    void aCleanRunAccountsForEveryMessageAndWritesItsFiles() throws Exception {
        MemoryTransport t = new MemoryTransport(0);
        ForkSession h = harness(settings("none", "300ms"), t, AffinityService.NONE);
        LatencySummary warm = h.runPeriod(false);
        LatencySummary measured = h.runPeriod(true);
        h.close();

        assertEquals(1_000, warm.count);
        assertEquals(3_000, measured.count);
        assertTrue(t.closed, "close() closes the transport");
        assertEquals(List.of(), reasonsButTheRate(h, 300 * MS));

        JsonObject f = forkJson();
        assertEquals(h.status(), f.get("status").getAsString());
        assertEquals(1, f.get("measuredPeriods").getAsLong(), "the warm-up is not counted");
        assertEquals(3_000, f.get("sent").getAsLong());
        assertEquals(3_000, f.get("received").getAsLong());
        assertEquals(0, f.get("lost").getAsLong());
        assertEquals("latency", f.get("primary").getAsString());
        assertEquals(3_000, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        assertEquals(3_000, f.getAsJsonObject("metrics").getAsJsonObject("service").get("count").getAsLong());
        assertFalse(f.getAsJsonObject("pinning").get("pinned").getAsBoolean());
        IntervalLog.Intervals log = IntervalLog.read(tmp.resolve("fork").resolve(ResultLayout.LATENCY_HLOG));
        assertEquals(3_000, log.total("latency").getTotalCount(), "only measured intervals are logged");
        assertEquals(3_000, log.total("service").getTotalCount());
        assertTrue(progress.toString(StandardCharsets.UTF_8).contains("[test/memory] measure "),
                progress.toString(StandardCharsets.UTF_8));
    }

    /**
     * A transport with loops of its own: the producer sends on its own schedule straight into the queue;
     * the consumer records into its own histograms and reports three messages out of order. The
     * harness's trySend must never be called.
     */
    static class OwnLoops extends MemoryTransport implements DirectLoop {
        volatile boolean harnessSent;
        long maxLag;
        long lastLag;
        final org.HdrHistogram.Histogram lat = dev.latencybench.core.record.LatencyRecorder.newHistogram();
        final org.HdrHistogram.Histogram svc = dev.latencybench.core.record.LatencyRecorder.newHistogram();
        long received;

        OwnLoops() {
            super(0);
        }

        @Override
        public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
            harnessSent = true;
            return super.trySend(sequence, intendedSendNs, actualSendNs);
        }

        @Override
        public long send(long base, long count, long firstDueNs, long ratePerSec,
                         java.util.function.BooleanSupplier stop) {
            long i = 0;
            for (; i < count && !stop.getAsBoolean(); i++) {
                long due = firstDueNs + i * 1_000_000_000L / ratePerSec;
                long now;
                while ((now = System.nanoTime()) < due) {
                    Thread.onSpinWait();
                }
                lastLag = now - due;
                maxLag = Math.max(maxLag, lastLag);
                queue.add(new long[] {base + i, due, now});
            }
            return i;
        }

        @Override
        public void receive(long base, long count, java.util.function.LongPredicate stopWhenIdle) {
            while (received < count) {
                long[] m = queue.poll();
                if (m == null) {
                    if (stopWhenIdle.test(received)) {
                        return;
                    }
                    continue;
                }
                long now = System.nanoTime();
                lat.recordValue(now - m[1]);
                svc.recordValue(now - m[2]);
                received++;
            }
        }

        @Override
        public Outcome outcome() {
            return new Outcome(lat, svc, received, 3, 0, maxLag, lastLag, 0);
        }
    }

    @Test
    void aTransportWithItsOwnLoopsIsMeasuredWithoutTheHarnessLoops() throws Exception {
        OwnLoops t = new OwnLoops();
        ForkSession h = harness(settings("none", "200ms"), t, AffinityService.NONE);
        LatencySummary r = h.runPeriod(true);
        h.close();

        assertFalse(t.harnessSent, "the harness's producer loop did not run");
        assertEquals(2_000, r.count, "the loop's own histogram, taken by the session");
        assertEquals(List.of("messages out of order: 3"), reasonsButTheRate(h, 200 * MS),
                "the harness still judges the accounting");
        JsonObject f = forkJson();
        assertEquals(2_000, f.get("sent").getAsLong());
        assertEquals(2_000, f.get("received").getAsLong(), "received as the loop counted it");
        assertEquals(0, f.get("lost").getAsLong());
        assertEquals(2_000, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
        assertEquals(3, f.get("outOfOrder").getAsLong());
        // 2,000 sends 100 us apart, the last one lastLag late: the span is 200 ms plus that lag (a quiet
        // machine keeps it near 10,000/s; a busy one may delay the last send, and the rate must say so)
        assertEquals(2_000 * 1e9 / (200_000_000L + t.lastLag),
                f.getAsJsonObject("pacing").get("achievedRatePerSec").getAsDouble(), 1e-6,
                "the rate comes from the loop's own lag (" + t.lastLag + " ns): " + f.getAsJsonObject("pacing"));
        assertTrue(f.getAsJsonObject("cpuPair").get("roundTripMinNs").getAsLong() > 0,
                "the CPU pair is probed around the loop's period too: " + f);
        IntervalLog.Intervals log = IntervalLog.read(tmp.resolve("fork").resolve(ResultLayout.LATENCY_HLOG));
        assertEquals(1, log.of("latency").size(), "one interval: the whole period");
        assertEquals(2_000, log.total("latency").getTotalCount());
        assertTrue(log.of("latency").get(0).getEndTimeStamp() > log.of("latency").get(0).getStartTimeStamp());
    }

    @Test
    void lostMessagesFailTheRun() throws Exception {
        ForkSession h = harness(settings("none", "200ms"), new MemoryTransport(100), AffinityService.NONE);
        h.runPeriod(true);
        h.close();
        assertEquals("FAILED", h.status());
        assertEquals(List.of("messages lost: 20 of 2,000"), reasonsButTheRate(h, 200 * MS));
        assertEquals(20, forkJson().get("lost").getAsLong());
    }

    /**
     * A transport that takes a millisecond a send cannot hold 10K msg/s: once the period's last message was due more
     * than the 50 ms allowed behind and is not sent, the rate can only fail, so the period ends there (without
     * the cut the 2,000 messages would take 2 s or more) and says why; what was sent is received and recorded.
     */
    @Test
    void aRateThatCanNoLongerBeHeldEndsThePeriodAtOnceWithItsReason() throws Exception {
        MemoryTransport slow = new MemoryTransport(0) {
            @Override
            public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.trySend(sequence, intendedSendNs, actualSendNs);
            }
        };
        ForkSession h = harness(settings("none", "200ms"), slow, AffinityService.NONE);
        LatencySummary r = h.runPeriod(true);
        h.close();
        long sent = forkJson().get("sent").getAsLong();
        assertTrue(sent > 0 && sent < 2_000, "cut short: " + sent);
        assertEquals(sent, r.count, "what was sent was received and recorded");
        assertEquals(sent, forkJson().get("received").getAsLong());
        assertEquals("FAILED", h.status());
        assertEquals(1, h.reasons().size(), h.reasons().toString());
        assertTrue(h.reasons().get(0).matches("rate not held: [0-9,]+ of 2,000 messages sent when the last was due"
                + " [0-9.]+m?s before \\(more than 50\\.0ms allowed behind schedule\\), [0-9,]+ msg/s of 10,000"
                + " asked; cut short there, as the rate could no longer be held"), h.reasons().get(0));
    }

    /**
     * A transport whose queue's file system filled says so in the producer's reason (not the JVM's words for the
     * fault), and the fork runs no later period on it: the measured period after a failed warm-up sends nothing.
     */
    @Test
    void aTransportBrokenByAFullFileSystemSaysSoAndCarriesNoLaterPeriod() throws Exception {
        InternalError fault = new InternalError("a fault occurred in a recent unsafe memory access operation");
        MemoryTransport full = new MemoryTransport(0) {
            @Override
            public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
                if (sequence == 300) {
                    throw fault;
                }
                return super.trySend(sequence, intendedSendNs, actualSendNs);
            }

            @Override
            public String explain(Throwable error) {
                return error == fault ? "the queue's file system (/q) is full" : error.toString();
            }

            @Override
            public boolean broken(Throwable error) {
                return error == fault;
            }
        };
        ForkSession h = harness(settings("none", "200ms"), full, AffinityService.NONE);
        h.runPeriod(false);
        LatencySummary measured = h.runPeriod(true);
        h.close();
        assertEquals("FAILED", h.status());
        assertEquals("producer failed: the queue's file system (/q) is full", h.reasons().get(0), h.reasons().toString());
        assertEquals(0, measured.count, "no period runs on a broken transport");
        assertEquals(0, forkJson().get("sent").getAsLong(), "the measured period sent nothing");
    }

    @Test
    void aFailingTransportFailsTheRunAndKeepsTheRest() throws Exception {
        MemoryTransport broken = new MemoryTransport(0) {
            @Override
            public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
                if (sequence == 500) {
                    throw new IllegalStateException("queue full");
                }
                return super.trySend(sequence, intendedSendNs, actualSendNs);
            }
        };
        ForkSession h = harness(settings("none", "200ms"), broken, AffinityService.NONE);
        LatencySummary r = h.runPeriod(true);
        h.close();
        assertEquals(500, r.count, "what was sent before the failure was received and recorded");
        assertEquals(500, forkJson().get("sent").getAsLong());
        assertEquals(500, forkJson().get("received").getAsLong());
        assertEquals("FAILED", h.status());
        assertEquals(List.of("producer failed: java.lang.IllegalStateException: queue full"), h.reasons());
    }

    @Test
    void pinningAskedForButNotObtainedFailsTheRun() throws Exception {
        AffinityService refuses = AffinityService.refusing("not allowed here");
        ForkSession h = harness(settings("2,3", "100ms"), new MemoryTransport(0), refuses);
        h.runPeriod(true);
        h.close();
        assertEquals(List.of("pinning asked for but not obtained (bench.cpus=2,3): not allowed here"), h.reasons());
        JsonObject pin = forkJson().getAsJsonObject("pinning");
        assertEquals("explicit", pin.get("requested").getAsString());
        assertEquals(-1, pin.get("producerCpu").getAsInt());
        assertFalse(pin.get("pinned").getAsBoolean());
    }

    @Test
    void pinnedThreadsReportTheirCpusAndAreReleased() throws Exception {
        List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
        AffinityService records = new AffinityService() {
            @Override
            public int pinCurrentThread(int cpu) {
                calls.add(Thread.currentThread().getName() + " pin " + cpu);
                return cpu;
            }

            @Override
            public void releaseCurrentThread() {
                calls.add(Thread.currentThread().getName() + " release");
            }

            @Override
            public String lastFailure() {
                return null;
            }
        };
        ForkSession h = harness(settings("2,3", "100ms"), new MemoryTransport(0), records);
        h.runPeriod(true);
        h.close();
        assertEquals(List.of(), reasonsButTheRate(h, 100 * MS));
        assertTrue(calls.containsAll(List.of("lb-producer pin 2", "lb-consumer pin 3", "lb-producer release",
                "lb-consumer release")), calls.toString());
        assertEquals(4, calls.size(), calls.toString());
        JsonObject pin = forkJson().getAsJsonObject("pinning");
        assertEquals(2, pin.get("producerCpu").getAsInt());
        assertEquals(3, pin.get("consumerCpu").getAsInt());
        assertTrue(pin.get("pinned").getAsBoolean());
    }

    @Test
    void aBenchmarkThreadInterruptedMidPeriodFailsTheRun() throws Exception {
        ForkSession h = harness(settings("none", "60s"), new MemoryTransport(0), AffinityService.NONE);
        boolean[] stillInterrupted = new boolean[1];
        Thread runner = new Thread(() -> {
            h.runPeriod(true);
            stillInterrupted[0] = Thread.currentThread().isInterrupted();
        });
        runner.start();
        Thread.sleep(500);
        runner.interrupt(); // what JMH does when an iteration runs past its time-out
        runner.join(10_000);
        assertFalse(runner.isAlive());
        assertTrue(stillInterrupted[0], "the interrupt is passed on");
        h.close();
        assertEquals("FAILED", h.status());
        assertEquals(List.of("the benchmark thread was interrupted (the JMH iteration time-out?) before the period"
                + " ended"), h.reasons());
    }

    @Test
    void anInterruptKeepsWhatWasMeasuredMarkedInterrupted() throws Exception {
        MemoryTransport t = new MemoryTransport(0);
        ForkSession h = harness(settings("none", "60s"), t, AffinityService.NONE);
        Thread runner = new Thread(() -> h.runPeriod(true));
        long t0 = System.nanoTime();
        runner.start();
        // stopped 1.5 s into sending: a busy machine may take that long to start the period's threads
        assertTrue(t.sending.await(30, TimeUnit.SECONDS), "the producer sent within 30 s");
        Thread.sleep(1_500);
        h.interrupt("test says stop", TimeUnit.SECONDS.toNanos(10));
        runner.join(10_000);
        long ranNs = System.nanoTime() - t0;
        assertFalse(runner.isAlive());
        assertTrue(t.closed);
        assertEquals("INTERRUPTED", h.status());
        JsonObject f = forkJson();
        assertEquals("INTERRUPTED", f.get("status").getAsString());
        assertEquals("interrupted: test says stop", f.getAsJsonArray("reasons").get(0).getAsString());
        long sent = f.get("sent").getAsLong();
        // 10,000/s for about 1.5 s on a quiet machine; on any machine, something was sent, and no more than
        // the schedule allowed in the time the period ran (far from the 60 s period's 600,000)
        long allowed = ranNs * 10_000 / 1_000_000_000L + 1;
        assertTrue(sent > 0 && sent <= allowed, "stopped early: " + sent + " sent, at most " + allowed + " due in "
                + ranNs / 1_000_000 + " ms");
        assertEquals(sent, f.get("received").getAsLong(), "what was sent was drained");
        assertEquals(sent, f.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong());
    }
}
