package dev.latencybench.core.json;

import static dev.latencybench.core.testing.CommittedRuns.assertRoundTrips;
import static dev.latencybench.core.testing.CommittedRuns.files;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.env.EnvironmentFile;
import dev.latencybench.core.result.CellResult;
import dev.latencybench.core.result.ForkResult;
import dev.latencybench.core.result.ResultLayout;
import dev.latencybench.core.schedule.ScheduleFile;

/**
 * Every file of the runs committed under {@code results/} that a bench-core type writes reads through that type
 * and writes back with the same members and values (bench-runner's test does run.json).
 */
class CommittedFilesRoundTripTest {
    @TempDir
    Path tmp;

    @Test
    void everyEnvJson() throws IOException {
        int n = assertRoundTrips(files(ResultLayout.ENV_JSON::equals), f -> EnvironmentFile.read(f).toJson(), tmp);
        assertTrue(n >= 60, n + " env.json files"); // 65 committed on 2026-11-28
    }

    @Test
    void everyForkJson() throws IOException {
        int n = assertRoundTrips(files(ResultLayout.FORK_JSON::equals),
                f -> ForkResult.read(JsonCodec.readObject(f)).toJson(), tmp);
        assertTrue(n >= 25, n + " fork.json files"); // 27 on 2026-11-28
    }

    @Test
    void everyScheduleFile() throws IOException {
        int n = assertRoundTrips(files(name -> name.endsWith(ScheduleFile.SUFFIX)), f -> ScheduleFile.read(f).toJson(),
                tmp);
        assertTrue(n >= 4, n + " schedule files"); // 4 on 2026-11-28
    }

    @Test
    void everyResultJsonOfEveryLayout() throws IOException {
        int n = assertRoundTrips(files(ResultLayout.RESULT_JSON::equals),
                f -> CellResult.read(JsonCodec.readObject(f)).toJson(), tmp);
        assertTrue(n >= 35, n + " result.json files"); // 38 on 2026-11-28, 10 of them from before metrics were named
    }
}
