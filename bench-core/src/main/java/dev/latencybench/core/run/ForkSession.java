package dev.latencybench.core.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.affinity.OpenHftAffinityService;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.env.Environment;
import dev.latencybench.core.env.JvmIdentity;
import dev.latencybench.core.oneway.MessageTransport;
import dev.latencybench.core.oneway.OneWayHarness;
import dev.latencybench.core.oneway.OneWaySettings;
import dev.latencybench.core.oneway.PeriodResult;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.time.SystemClock;

/**
 * Everything one forked benchmark JVM does around its periods: finds its fork folder, records the
 * environment, runs the harness with the system clock and real pinning, and makes sure a signal or
 * {@code System.exit} still writes what was measured (marked INTERRUPTED) and removes the
 * transport's files. A JMH benchmark opens one in its trial set-up and closes it in tear-down.
 *
 * <p>Not thread-safe apart from the shutdown hook it installs.
 */
public final class ForkSession implements AutoCloseable {
    private static final long HOOK_WAIT_NS = TimeUnit.SECONDS.toNanos(8);

    private final OneWayHarness harness;
    private final Thread hook;

    private ForkSession(OneWayHarness harness) {
        this.harness = harness;
        this.hook = new Thread(() -> harness.interrupt("the benchmark JVM was stopped (signal or exit) before the"
                + " run ended", HOOK_WAIT_NS), "lb-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * @param transport opened by the study; the session closes it
     */
    public static ForkSession open(String study, String variant, OneWaySettings settings, RunSettings run,
                                   MessageTransport transport) {
        Path cell = ResultLayout.cellDir(run.resultsDir(), run.runId(), study, variant, JvmIdentity.current().named(run.jvmName()));
        Path forkDir = ResultLayout.forkDir(cell, ProcessHandle.current().pid());
        try {
            Files.createDirectories(forkDir);
            ResultFiles.writeJson(forkDir.resolve(ResultLayout.ENV_JSON), Environment.system().capture());
        } catch (IOException e) {
            transport.close();
            throw new IllegalStateException("cannot write to " + forkDir + ": " + e.getMessage(), e);
        }
        // JMH's forks outlive a host killed with SIGKILL until their iteration ends (a whole measured period)
        ParentWatch.start("the launcher that started this benchmark JVM", 1, System.err);
        BitSet releaseTo = CpuTopology.system().affinity();
        AffinityService affinity = settings.cpus().pins() ? new OpenHftAffinityService(releaseTo) : AffinityService.NONE;
        OneWayHarness harness = new OneWayHarness(settings, transport, SystemClock.INSTANCE, affinity,
                study + "/" + variant, System.out, forkDir, CpuLoadProbe.system());
        return new ForkSession(harness);
    }

    public PeriodResult runPeriod(boolean measured) {
        return harness.runPeriod(measured);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            return; // the hook is running and closes the harness itself
        }
        harness.close();
    }
}
