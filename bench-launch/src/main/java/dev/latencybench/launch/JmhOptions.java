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
 * The JMH options of one step: the one benchmark ({@link StudyBenchmark}) with the study and the
 * step's variant as its parameters, one single-shot warm-up and one measured iteration per fork, the
 * forks' flags (the run's, the step's properties, a GC log and a crash dump in the cell folder), the
 * latency profiler and a JSON result. Stateless.
 */
final class JmhOptions {
    /** What JMH's iteration may take beyond the longest period before it times out. */
    static final long TIMEOUT_MARGIN_S = 120;

    private JmhOptions() {
    }

    /**
     * @param runJvmArgs the flags every fork of the run gets (the study's, the forwarded properties,
     *                   bench.jvm.args)
     */
    static Options of(Study study, Path java, Periods periods, Step step, List<String> runJvmArgs, Path cellDir,
                      Path jmhJson) {
        return of(study, java, periods, step, runJvmArgs, Map.of(), cellDir, jmhJson);
    }

    /**
     * @param shared the properties of what the step's variant shares ({@link Study.Plan.Shared}), after
     *               the step's own
     */
    static Options of(Study study, Path java, Periods periods, Step step, List<String> runJvmArgs,
                      Map<String, String> shared, Path cellDir, Path jmhJson) {
        List<String> forkArgs = new ArrayList<>(runJvmArgs);
        forkArgs.add("-D" + RunSettings.STEP + "=" + step.name());
        step.properties().forEach((k, v) -> forkArgs.add("-D" + k + "=" + v)); // the last -D of a name wins
        shared.forEach((k, v) -> forkArgs.add("-D" + k + "=" + v));
        forkArgs.addAll(gcLogFlags(cellDir));
        forkArgs.add(JvmExit.errorFileFlag(cellDir)); // a crash dump goes to the cell, not the user's folder
        long warmupNs = periods.warmupNs();
        long measureNs = periods.measureNs();
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
                .forks(periods.forks())
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
     * A GC log per fork in the cell folder ({@code gc-<pid>.log}: collections and safepoints with
     * uptime and wall-clock milliseconds, the clock of the interval log's timestamps, so that the
     * report's timeline places each pause exactly; and {@code timenanos}, {@code System.nanoTime()}'s clock, the
     * outliers' clock, so that each outlier is matched to the stops exactly). A path with {@code -Xlog}'s own
     * separators in it ({@code :}, {@code ,}, {@code =}) is given in double quotes, which {@code -Xlog} takes for
     * a file name; one with a double quote cannot be given at all: none then. Rotation is off ({@code filecount=0}):
     * by default {@code -Xlog} keeps 5 files of 20 MB and a long run would lose its earlier stops (the reader,
     * {@code JvmStops.readForkLog}, reads rotated files too).
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
