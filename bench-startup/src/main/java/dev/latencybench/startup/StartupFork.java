package dev.latencybench.startup;

import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultPart;

/**
 * The start-up study's own members of {@code fork.json}, written by {@link StartupWorkload#describe} and read by
 * {@link StartupTally}; a member a file lacks is null. Immutable.
 */
record StartupFork(String variant, String service, String mode, Long repetitions, Long launches, Integer jdkFeature,
        List<String> cellFlags, JsonObject prepared, LaunchValues launchValues, String cpuSplit, LoadSummary load) {
    static final ResultPart<StartupFork> PART = ResultPart.of(StartupFork.class);
}
