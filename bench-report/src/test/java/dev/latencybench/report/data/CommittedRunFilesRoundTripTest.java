package dev.latencybench.report.data;

import dev.latencybench.launch.RunManifest;
import static dev.latencybench.core.testing.CommittedRuns.assertRoundTrips;
import static dev.latencybench.core.testing.CommittedRuns.files;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.json.JsonCodec;

/** Every run.json of the runs committed under {@code results/} reads and writes back with the same members and values. */
class CommittedRunFilesRoundTripTest {
    @TempDir
    Path tmp;

    @Test
    void everyRunJson() throws IOException {
        int n = assertRoundTrips(files(RunManifest.FILE::equals),
                f -> RunManifest.fromJson(JsonCodec.readObject(f)).toJson(), tmp);
        assertTrue(n >= 4, n + " run.json files"); // 4 committed on 2026-11-28
    }
}
