package dev.latencybench.startup;

import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultPart;

/**
 * The start-up study's own members of {@code fork.json}, named once, here: {@link StartupWorkload#describe} writes
 * them and {@link StartupTally} reads them back in the launcher. A member a file lacks is null. Immutable.
 *
 * @param variant the variant's id
 * @param service the service it launches
 * @param mode the start mode's id
 * @param repetitions launches asked
 * @param launches launches measured
 * @param jdkFeature the JDK's feature release
 * @param cellFlags flags for the cell (a mode this JDK lacks, say)
 * @param prepared what was built for the mode (an archive's size and build time)
 * @param launchValues every launch's raw values
 * @param cpuSplit how the CPUs were split between the service and the load generator
 * @param load the closed-loop batches and the open loop, summed up ({@link StartupTally#loadSummary})
 */
record StartupFork(String variant, String service, String mode, Long repetitions, Long launches, Integer jdkFeature,
        List<String> cellFlags, JsonObject prepared, LaunchValues launchValues, String cpuSplit, LoadSummary load) {
    static final ResultPart<StartupFork> PART = ResultPart.of(StartupFork.class);
}
