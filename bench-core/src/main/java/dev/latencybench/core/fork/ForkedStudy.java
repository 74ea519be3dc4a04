package dev.latencybench.core.fork;

import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/**
 * A study as its forked benchmark JVMs see it: besides what the launcher knows ({@link Study}), how a
 * fork reads its settings and opens its workload. {@link StudyBenchmark} calls it in each fork's
 * trial set-up; the launcher never does.
 */
public interface ForkedStudy extends Study {
    /**
     * Reads this fork's settings for {@code variant} from {@code properties} (unknown ones were refused
     * against {@link #properties()} already) and says how to open its workload; opens nothing yet.
     *
     * @throws dev.latencybench.core.config.ConfigException for a bad value, naming the property
     */
    ForkPlan fork(String variant, RunSettings run, BenchProperties properties);
}
