package dev.latencybench.startup;

import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultPart;

/**
 * The start-up study's own members of {@code result.json}: the settings the plan records and what
 * {@link StartupTally} gathers over a cell's forks; a member written by neither is null. Immutable.
 *
 * @param skipped start mode to why it was skipped on this machine
 * @param launchValues every launch's raw values, in launch order
 * @param prepared per fork, what was built for the mode
 * @param load per fork, the closed-loop batches and the open loop
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
