package dev.latencybench.startup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;

import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.os.ProcessFootprint;
import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.result.OwnedFolder;
import dev.latencybench.core.time.Clock;
import dev.latencybench.startup.load.LoadGenerator;
import dev.latencybench.startup.load.LoadReport;
import dev.latencybench.startup.load.LoadSettings;

/**
 * One variant of the start-up study in a benchmark JVM: builds what the mode needs (cached), launches the service
 * again and again, then loads it. Each launch is recorded as it ends, so an interrupt keeps those done; a failing
 * service fails the period. {@link #close} may come from the shutdown hook during {@link #runPeriod}.
 */
final class StartupWorkload implements Workload {
    /** Heap of the load generator: its histograms and connections, fixed so it never resizes mid-run. */
    static final String GENERATOR_HEAP = "256m";

    private final StartupConfig config;
    private final Variant variant;
    private final JdkFeatures jdk;
    private final ServiceCommand command;
    private final CpuSplit split;
    private final ProcessFootprint proc;
    private final Path javaForGenerator;

    private final List<Long> firstResponseNs = new ArrayList<>();
    private final List<Long> cpuNs = new ArrayList<>();
    private final List<Long> rssKiB = new ArrayList<>();
    private final List<Long> pssKiB = new ArrayList<>();
    private final List<Long> pids = new ArrayList<>();
    private final List<Long> ports = new ArrayList<>();
    private volatile ArchiveCache.Prepared prepared;
    private volatile LoadReport load;
    private volatile Path work;
    private volatile ServiceProcess current;
    private volatile ServiceProcess generator;
    private volatile boolean closed;

    StartupWorkload(StartupConfig config, Variant variant, JdkFeatures jdk, ServiceCommand command, CpuSplit split,
                    ProcessFootprint proc) {
        this.config = config;
        this.variant = variant;
        this.jdk = jdk;
        this.command = command;
        this.split = split;
        this.proc = proc;
        this.javaForGenerator = command.java();
    }

    @Override
    public Metrics metrics() {
        return StartupMetrics.metrics();
    }

    @Override
    public void runPeriod(PeriodContext context) throws Exception {
        if (!context.measured() || closed) {
            return;
        }
        work = Files.createTempDirectory("lb-startup-");
        try {
            ArchiveCache cache = new ArchiveCache(config.cacheDir(), jdk, command, config.timeoutNs(), context.clock(),
                    this::port);
            prepared = cache.prepare(variant.mode(), work);
            launches(context);
            if (!context.stopping() && !context.failed()) {
                load(context);
            }
        } catch (ServiceProcess.ServiceFailure e) {
            if (!context.interrupted()) {
                context.fail(e.getMessage());
            }
        } finally {
            context.count("launches", firstResponseNs.size(), "launches");
        }
    }

    /** The repetitions: each launch measured to its first 200, looked at in /proc, stopped and reaped. */
    private void launches(PeriodContext context) {
        MetricRecorder first = context.recorder(StartupMetrics.FIRST_RESPONSE);
        context.primaryTimesOtherProcesses(); // a launch's time is the service's: this JVM's stops do not hold it up
        MetricRecorder cpu = context.recorder(StartupMetrics.CPU);
        MetricRecorder rss = context.recorder(StartupMetrics.RSS);
        MetricRecorder pss = context.recorder(StartupMetrics.PSS);
        for (int i = 0; i < config.repetitions() && !context.stopping(); i++) {
            int port = port();
            try (ServiceProcess p = launch(port, context.clock(), "launch-" + (i % 2) + ".log")) {
                long t = p.awaitFirstOk(port, config.timeoutNs(), context::stopping);
                long okNs = context.clock().nanoTime(); // the first 200's end, within the return from the wait
                ProcessFootprint.Sample s = proc.read(p.pid());
                synchronized (this) {
                    firstResponseNs.add(t);
                    cpuNs.add(s.cpuNs());
                    rssKiB.add(s.rssKiB());
                    pssKiB.add(s.pssKiB());
                    pids.add(p.pid());
                    ports.add((long) port);
                }
                first.record(t, okNs);
                record(cpu, s.cpuNs());
                record(rss, s.rssKiB());
                record(pss, s.pssKiB());
                if (s.rssKiB() < 0 || s.cpuNs() < 0) {
                    context.fail("cannot read /proc/" + p.pid() + " of " + variant + " right after its first 200");
                }
            } finally {
                current = null;
            }
        }
    }

    private static void record(MetricRecorder r, long value) {
        if (value >= 0) {
            r.record(Math.max(1, value)); // a histogram holds 1 and up: 0 ticks of CPU time is under 10 ms
        }
    }

    private ServiceProcess launch(int port, Clock clock, String log) {
        List<String> cmd = prepared.executable() != null ? command.nativeImage(prepared.executable(), port)
                : command.onJvm(prepared.flags(), port);
        return launch(cmd, clock, log);
    }

    private synchronized ServiceProcess launch(List<String> cmd, Clock clock, String log) {
        if (closed) {
            throw new ServiceProcess.ServiceFailure(variant + " was stopped");
        }
        ServiceProcess p = ServiceProcess.start(variant.id(), cmd, work.resolve(log), clock);
        current = p;
        return p;
    }

    /** The load: the service once more, the generator JVM beside it, its histograms into the metrics. */
    private void load(PeriodContext context) throws IOException {
        int port = port();
        List<String> serviceCmd = prepared.executable() != null ? command.nativeImage(prepared.executable(), port)
                : command.onJvm(prepared.flags(), port);
        try (ServiceProcess service = launch(split.forService(serviceCmd), context.clock(), "load-service.log")) {
            service.awaitFirstOk(port, config.timeoutNs(), context::stopping);
            Path out = work.resolve("load.json");
            LoadSettings settings = new LoadSettings(port, config.batchRequests(), config.batches(),
                    config.concurrency(), config.openRatePerSec(), config.openDurationNs());
            List<String> cmd = new ArrayList<>(List.of(javaForGenerator.toString(), "-Xms" + GENERATOR_HEAP,
                    "-Xmx" + GENERATOR_HEAP, "-XX:+UseParallelGC", "-cp", System.getProperty("java.class.path"),
                    LoadGenerator.class.getName(), out.toString()));
            cmd.addAll(settings.toArgs());
            ServiceProcess g;
            synchronized (this) {
                if (closed) {
                    return;
                }
                g = ServiceProcess.start("the load generator", split.forGenerator(cmd), work.resolve("generator.log"),
                        context.clock());
                generator = g;
            }
            try {
                int status = g.awaitExit(context::stopping);
                if (context.stopping()) {
                    return;
                }
                if (status != 0) {
                    throw new ServiceProcess.ServiceFailure("the load generator exited with status " + status
                            + "; last lines of its output:" + g.tail());
                }
                if (!service.isAlive()) {
                    throw new ServiceProcess.ServiceFailure(service.exitReason("under load", port));
                }
            } finally {
                g.close();
                generator = null;
            }
            LoadReport result = JsonCodec.read(out, LoadReport.class);
            load = result;
            addLoad(context, result);
        } finally {
            current = null;
        }
    }

    /** The generator's histograms into the period: cold = first batch, warm = last, and the open loop. */
    private void addLoad(PeriodContext context, LoadReport result) {
        List<LoadReport.Batch> batches = result.batches();
        long errors = 0;
        for (LoadReport.Batch b : batches) {
            errors += b.errors();
        }
        Histogram cold = LoadGenerator.decode(batches.get(0).histogram());
        Histogram warm = LoadGenerator.decode(batches.get(batches.size() - 1).histogram());
        Histogram openLatency = LatencyRecorder.newHistogram();
        Histogram openService = LatencyRecorder.newHistogram();
        if (result.open() != null) {
            errors += result.open().errors();
            openLatency = LoadGenerator.decode(result.open().latency());
            openService = LoadGenerator.decode(result.open().service());
        }
        List<Histogram> interval = new ArrayList<>();
        long nowMs = context.clocks().epoch().epochMillis();
        for (String m : metrics().names()) {
            Histogram h = m.equals(StartupMetrics.COLD) ? cold : m.equals(StartupMetrics.WARM) ? warm
                    : m.equals(StartupMetrics.OPEN_LATENCY) ? openLatency : m.equals(StartupMetrics.OPEN_SERVICE)
                    ? openService : LatencyRecorder.newHistogram();
            h.setStartTimeStamp(nowMs);
            h.setEndTimeStamp(nowMs);
            interval.add(h);
        }
        context.addInterval(interval);
        context.count("load.errors", errors, "requests");
        if (errors > 0) {
            context.fail("requests that got no 200 under load: " + errors);
        }
    }

    /** A free port on 127.0.0.1 for the next launch (the configured one when given). */
    private int port() {
        if (config.port() != 0) {
            return config.port();
        }
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }

    @Override
    public String progress() {
        synchronized (this) {
            return String.format("launches %d/%d", firstResponseNs.size(), config.repetitions());
        }
    }

    @Override
    public synchronized void describe(JsonObject fork) {
        StartupFork.PART.write(new StartupFork(variant.id(), variant.service(), variant.mode().id(),
                (long) config.repetitions(), (long) firstResponseNs.size(), jdk.feature(),
                List.copyOf(command.cellFlags()), prepared == null ? null : prepared.toJson(),
                new LaunchValues(List.copyOf(firstResponseNs), List.copyOf(cpuNs), List.copyOf(rssKiB),
                        List.copyOf(pssKiB), List.copyOf(pids), List.copyOf(ports)),
                split.note(), load == null ? null : StartupTally.loadSummary(load, config)), fork);
    }

    /** Stops the service and the generator if one runs, and removes the work folder. Idempotent. */
    @Override
    public void close() {
        ServiceProcess s;
        ServiceProcess g;
        synchronized (this) {
            closed = true;
            s = current;
            g = generator;
        }
        if (g != null) {
            g.close();
        }
        if (s != null) {
            s.close();
        }
        Path w = work;
        if (w != null) {
            try {
                OwnedFolder.deleteTree(w);
            } catch (IOException e) {
            }
        }
    }
}
