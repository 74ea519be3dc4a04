package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.testing.DeclaredOnly;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.study.StudyDescriptor;

class RunJsonTest {
    /** A study whose module is not bench-NAME, as the chain study lives in bench-kafka. */
    private static final Study CHAIN_LIKE = new DeclaredOnly(StudyDescriptor.of("chain", "bench-kafka",
            "transport", "chains", List.of()));

    @Test
    void theCommandThatRepeatsARunStartsItsModulesJarWithItsPropertiesButTheRunId() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("bench.scale", "smoke");
        given.put(RunSettings.RUN_ID, "r1");
        given.put(RunSettings.VERBOSE, "true");
        given.put("bench.chain.limit", "8");
        assertEquals("java '-Dbench.scale=smoke' '-Dbench.chain.limit=8' -jar bench-kafka/target/benchmarks.jar",
                RunJson.reproduceCommand(CHAIN_LIKE, new BenchProperties(given)));
    }
}
