package dev.latencybench.core.fork;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/** A study as its forked benchmark JVMs see it: how a fork reads its settings and opens its workload. */
public interface ForkedStudy extends Study {
    /** Reads this fork's settings for {@code variant} and says how to open its workload; throws ConfigException. */
    ForkPlan fork(String variant, RunSettings run, BenchProperties properties);
}
