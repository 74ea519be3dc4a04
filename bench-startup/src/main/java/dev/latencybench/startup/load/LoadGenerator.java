package dev.latencybench.startup.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.os.ParentWatch;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.Pacer;
import dev.latencybench.core.time.SystemClock;

/**
 * The start-up study's load generator, a JVM of its own: closed-loop batches, then an open loop at a fixed rate free
 * of coordinated omission; writes the histograms to a JSON file. Ends when its parent is gone ({@link ParentWatch}).
 * Usage: {@code LoadGenerator OUT.json port=.. batch=.. batches=.. concurrency=.. rate=.. openNs=..}
 */
public final class LoadGenerator {
    /** A due request's thread sleeps until this close to its due time, then spins. */
    private static final long SPIN_NS = TimeUnit.MICROSECONDS.toNanos(100);

    private final LoadSettings settings;
    private final Clock clock;
    private final List<HttpConnection> connections = new ArrayList<>();

    LoadGenerator(LoadSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", settings.port());
        for (int i = 0; i < settings.concurrency(); i++) {
            connections.add(new HttpConnection(address, "/hello"));
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: LoadGenerator OUT.json port=.. batch=.. batches=.. concurrency=.. rate=.. openNs=..");
            System.exit(2);
        }
        LoadSettings s;
        try {
            s = LoadSettings.parse(List.of(args).subList(1, args.length));
        } catch (IllegalArgumentException e) {
            System.err.println("LoadGenerator: " + e.getMessage());
            System.exit(2);
            return;
        }
        ParentWatch.start("the benchmark JVM that started this load generator", 1, System.err);
        LoadGenerator g = new LoadGenerator(s, SystemClock.INSTANCE);
        LoadReport out = g.run();
        ResultFiles.writeJson(Path.of(args[0]), JsonCodec.toJson(out));
    }

    /** Runs the closed-loop batches, then the open loop; returns what the JSON file holds. */
    LoadReport run() throws InterruptedException {
        List<LoadReport.Batch> batches = new ArrayList<>();
        for (int b = 0; b < settings.batches(); b++) {
            batches.add(closedBatch());
        }
        LoadReport.Open open = settings.openRatePerSec() > 0 && settings.openDurationNs() > 0 ? openLoop() : null;
        connections.forEach(HttpConnection::close);
        return new LoadReport(batches, open);
    }

    /** One closed-loop batch: every connection sends as fast as its answers come, until the batch is done. */
    private LoadReport.Batch closedBatch() throws InterruptedException {
        AtomicLong claimed = new AtomicLong();
        long total = settings.batchRequests();
        Histogram[] h = new Histogram[connections.size()];
        long[] errors = new long[connections.size()];
        List<Thread> threads = new ArrayList<>();
        long t0 = clock.nanoTime();
        for (int c = 0; c < connections.size(); c++) {
            int k = c;
            h[k] = LatencyRecorder.newHistogram();
            threads.add(new Thread(() -> {
                HttpConnection conn = connections.get(k);
                while (claimed.getAndIncrement() < total) {
                    long sent = clock.nanoTime();
                    boolean ok = send(conn);
                    long done = clock.nanoTime();
                    if (ok) {
                        h[k].recordValue(done - sent);
                    } else {
                        errors[k]++;
                    }
                }
            }, "lb-load-" + k));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        long elapsed = clock.nanoTime() - t0;
        Histogram all = LatencyRecorder.newHistogram();
        long errorCount = 0;
        for (int c = 0; c < h.length; c++) {
            all.add(h[c]);
            errorCount += errors[c];
        }
        return new LoadReport.Batch(total, errorCount, elapsed, encode(all));
    }

    /**
     * The open loop: request i is due at {@link Pacer#dueNs} and taken by whichever thread is free, so a wait for a
     * connection counts in the latency.
     */
    private LoadReport.Open openLoop() throws InterruptedException {
        Pacer schedule = new Pacer(clock, settings.openRatePerSec(), SPIN_NS);
        long total = Pacer.messagesIn(settings.openRatePerSec(), settings.openDurationNs());
        AtomicLong next = new AtomicLong();
        int n = connections.size();
        Histogram[] latency = new Histogram[n];
        Histogram[] service = new Histogram[n];
        long[] errors = new long[n];
        long[] maxLagNs = new long[n];
        List<Thread> threads = new ArrayList<>();
        schedule.start(clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10));
        for (int c = 0; c < n; c++) {
            int k = c;
            latency[k] = LatencyRecorder.newHistogram();
            service[k] = LatencyRecorder.newHistogram();
            threads.add(new Thread(() -> {
                HttpConnection conn = connections.get(k);
                long i;
                while ((i = next.getAndIncrement()) < total) {
                    long due = schedule.dueNs(i);
                    long now = clock.nanoTime();
                    while (due - now > SPIN_NS) {
                        clock.sleepNanos(due - now - SPIN_NS);
                        now = clock.nanoTime();
                    }
                    while (due - now > 0) {
                        Thread.onSpinWait();
                        now = clock.nanoTime();
                    }
                    maxLagNs[k] = Math.max(maxLagNs[k], now - due);
                    boolean ok = send(conn);
                    long done = clock.nanoTime();
                    if (ok) {
                        latency[k].recordValue(done - due);
                        service[k].recordValue(done - now);
                    } else {
                        errors[k]++;
                    }
                }
            }, "lb-open-" + k));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        Histogram lat = LatencyRecorder.newHistogram();
        Histogram svc = LatencyRecorder.newHistogram();
        long errorCount = 0;
        long lag = 0;
        for (int c = 0; c < n; c++) {
            lat.add(latency[c]);
            svc.add(service[c]);
            errorCount += errors[c];
            lag = Math.max(lag, maxLagNs[c]);
        }
        return new LoadReport.Open(settings.openRatePerSec(), total, errorCount, lag, encode(lat), encode(svc));
    }

    private static boolean send(HttpConnection conn) {
        try {
            return conn.get() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** A histogram as Base64 of its compressed form, the way HdrHistogram's logs write one. */
    static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), n));
    }

    /** The histogram {@link #encode} wrote. */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("not a compressed histogram: " + e.getMessage(), e);
        }
    }
}
