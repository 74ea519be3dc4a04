package dev.latencybench.core.fork;

import java.nio.file.Path;
import java.util.List;

import dev.latencybench.core.affinity.AffinityService;
import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.env.CpuLoadProbe;
import dev.latencybench.core.time.Clocks;
import example.hostile.ExitingWorkload;

/** A benchmark JVM whose measured code calls System.exit, with the session's shutdown hook: {@code ForkEndTest} starts it. */
public final class ExitingForkMain {
    private ExitingForkMain() {
    }

    /** @param args the fork's folder */
    public static void main(String[] args) {
        CpuPlan none = CpuPlan.resolve("bench.cpus", "none", List.of(), CpuTopology.system());
        ForkSession session = new ForkSession(new ExitingWorkload(), new Periods(Scale.SMOKE, 0, 1_000_000_000L, 1,
                100_000_000L), none, Clocks.system(), AffinityService.NONE, "test/exiting", System.out, Path.of(args[0]),
                new CpuLoadProbe(Path.of(args[0]).resolve("no-proc")));
        session.installShutdownHook();
        session.runPeriod(true);
    }
}
