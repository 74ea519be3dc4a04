package dev.latencybench.startup;

import java.util.List;

import dev.latencybench.core.record.Metric;
import dev.latencybench.core.record.Metrics;

/** What the start-up study records, primary first; one list for the launcher's plan and the forks. */
final class StartupMetrics {
    static final String FIRST_RESPONSE = "first-response";
    static final String CPU = "cpu";
    static final String RSS = "rss";
    static final String PSS = "pss";
    static final String COLD = "cold";
    static final String WARM = "warm";
    static final String OPEN_LATENCY = "open-latency";
    static final String OPEN_SERVICE = "open-service";
    /** The figures of one launch, recorded per repetition by the benchmark thread. */
    static final List<String> PER_LAUNCH = List.of(FIRST_RESPONSE, CPU, RSS, PSS);

    private StartupMetrics() {
    }

    static Metrics metrics() {
        return new Metrics(List.of(
                Metric.nanos(FIRST_RESPONSE, "time from launching the service to the end of its first HTTP 200"),
                Metric.nanos(CPU, "CPU time the service used until its first 200 (utime + stime, 10 ms ticks)"),
                new Metric(RSS, "resident set size right after the first 200 (VmRSS)", "KiB", Metric.Writers.ONE),
                new Metric(PSS, "proportional set size right after the first 200 (Pss of smaps_rollup)", "KiB",
                        Metric.Writers.ONE),
                Metric.nanos(COLD, "response time of the first closed-loop batch (from the actual send)"),
                Metric.nanos(WARM, "response time of the last closed-loop batch (from the actual send)"),
                Metric.nanos(OPEN_LATENCY, "open loop at a fixed rate: latency from the intended send time (free of"
                        + " coordinated omission)"),
                Metric.nanos(OPEN_SERVICE, "open loop at a fixed rate: response time from the actual send")));
    }
}
