package dev.latencybench.startup;

import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultPart;

/**
 * The start-up study's own members of {@code result.json}, named once, here: the settings the plan
 * records ({@link StartupStudy}) and what {@link StartupTally} gathers over a cell's forks, which the
 * study's view reads back. (A fork's {@code fork.json} holds one fork's shapes under some of the same
 * names, {@code prepared} and {@code load} as objects; the tally reads those.) A member
 * written by neither is null. The nested shapes (each launch's raw values, what was built, the load)
 * stay JSON: they are shown as they are. Immutable.
 *
 * @param repetitions launches per variant
 * @param timeoutNs how long a launch may take to its first response
 * @param batchRequests requests per closed-loop batch
 * @param batches closed-loop batches
 * @param concurrency the closed loop's concurrency
 * @param openRatePerSec the open loop's rate
 * @param openDurationNs the open loop's length
 * @param skipped start mode to why it was skipped on this machine
 * @param launches launches measured
 * @param launchValues every launch's raw values, in launch order
 * @param prepared per fork, what was built for the mode (an archive's size and build time)
 * @param load per fork, the closed-loop batches and the open loop
 * @param cpuSplit how the CPUs were split between the service and the load generator
 */
public record StartupResult(Long repetitions, Long timeoutNs, Long batchRequests, Long batches, Long concurrency,
        Long openRatePerSec, Long openDurationNs, JsonObject skipped, Long launches, LaunchValues launchValues,
        JsonArray prepared, List<LoadSummary> load, String cpuSplit) {
    public static final ResultPart<StartupResult> PART = ResultPart.of(StartupResult.class);

    /** The settings the plan records. */
    static StartupResult settings(long repetitions, long timeoutNs, long batchRequests, long batches,
            long concurrency, long openRatePerSec, long openDurationNs, JsonObject skipped) {
        return new StartupResult(repetitions, timeoutNs, batchRequests, batches, concurrency, openRatePerSec,
                openDurationNs, skipped, null, null, null, null, null);
    }

    /** What the tally gathered over a cell's forks. */
    static StartupResult gathered(long launches, LaunchValues launchValues, JsonArray prepared, List<LoadSummary> load,
            String cpuSplit) {
        return new StartupResult(null, null, null, null, null, null, null, null, launches, launchValues, prepared,
                load, cpuSplit);
    }
}
