package example.hostile;

import com.google.gson.JsonObject;

import dev.latencybench.core.fork.MetricRecorder;
import dev.latencybench.core.fork.PeriodContext;
import dev.latencybench.core.fork.Workload;
import dev.latencybench.core.record.Metrics;

/**
 * Measured code that ends its own JVM: records 100 latencies, then calls {@code System.exit(0)} from its
 * period. In a package of its own, as a user's code is: the harness tells its exit from its own.
 */
public final class ExitingWorkload implements Workload {
    @Override
    public Metrics metrics() {
        return Metrics.ONE_WAY;
    }

    @Override
    public void runPeriod(PeriodContext period) {
        MetricRecorder latency = period.recorder(Metrics.ONE_WAY.primary().name());
        for (int i = 1; i <= 100; i++) {
            latency.record(1_000L * i);
        }
        System.exit(0);
    }

    @Override
    public void describe(JsonObject fork) {
    }

    @Override
    public void close() {
    }
}
