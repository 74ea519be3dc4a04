package dev.latencybench.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import dev.latencybench.core.config.Periods;
import dev.latencybench.core.fork.StudyBenchmark;
import dev.latencybench.core.jmh.LatencyProfiler;
import dev.latencybench.core.schedule.Step;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/**
 * The JMH options of one step: the one benchmark with the study and variant as parameters, one single-shot warm-up
 * and one measured iteration per fork, the forks' flags, the latency profiler and a JSON result. Stateless.
 */
final class JmhOptions {
    /** What JMH's iteration may take beyond the longest period before it times out. */
    static final long TIMEOUT_MARGIN_S = 120;

    private JmhOptions() {
    }

    /** {@code runJvmArgs}: the flags every fork of the run gets. */
    static Options of(Study study, Path java, Periods periods, Step step, List<String> runJvmArgs, Path cellDir,
                      Path jmhJson) {
        return of(study, java, periods, step, runJvmArgs, Map.of(), cellDir, jmhJson);
    }

    /** {@code shared}: the properties of what the step's variant shares, after the step's own. */
    static Options of(Study study, Path java, Periods periods, Step step, List<String> runJvmArgs,
                      Map<String, String> shared, Path cellDir, Path jmhJson) {
        List<String> forkArgs = new ArrayList<>(runJvmArgs);
        forkArgs.add("-D" + RunSettings.STEP + "=" + step.name());
        step.properties().forEach((k, v) -> forkArgs.add("-D" + k + "=" + v)); // the last -D of a name wins
        shared.forEach((k, v) -> forkArgs.add("-D" + k + "=" + v));
        forkArgs.addAll(gcLogFlags(cellDir));
        forkArgs.add(JvmExit.errorFileFlag(cellDir)); // a crash dump goes to the cell, not the user's folder
        long warmupNs = periods.warmupNs;
        long measureNs = periods.measureNs;
        return new OptionsBuilder()
                .jvm(java.toString())
                .include("^" + Pattern.quote(StudyBenchmark.class.getName()) + "\\.")
                .param("study", study.name())
                .param("variant", step.variant())
                .mode(Mode.SingleShotTime)
                .warmupIterations(warmupNs > 0 ? 1 : 0)
                .warmupBatchSize(1)
                .measurementIterations(1)
                .measurementBatchSize(1)
                .forks(periods.forks)
                .timeout(TimeValue.seconds(TimeUnit.NANOSECONDS.toSeconds(Math.max(warmupNs, measureNs))
                        + TIMEOUT_MARGIN_S))
                .jvmArgs(forkArgs.toArray(new String[0]))
                .addProfiler(LatencyProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(jmhJson.toString())
                .shouldFailOnError(true)
                .build();
    }

    /**
     * A GC log per fork in the cell folder, with wall-clock and {@code nanoTime} stamps so the report matches pauses
     * and outliers exactly; quoted when the path has {@code -Xlog} separators, none when it has a double quote.
     * Rotation is off so a long run keeps its earlier stops.
     */
    static List<String> gcLogFlags(Path cellDir) {
        String path = cellDir.resolve("gc-%p.log").toString();
        if (path.contains("\"")) {
            return List.of();
        }
        boolean quote = path.contains(":") || path.contains(",") || path.contains("=");
        return List.of("-Xlog:gc*,safepoint:file=" + (quote ? "\"" + path + "\"" : path)
                + ":uptime,timemillis,timenanos,level,tags:filecount=0");
    }
}
