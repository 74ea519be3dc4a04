package dev.latencybench.report;

import static dev.latencybench.core.testing.CommittedRuns.assertRoundTrips;
import static dev.latencybench.core.testing.CommittedRuns.files;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.json.JsonCodec;

/** Every summary.json of the runs committed under {@code results/} reads and writes back with the same members. */
class CommittedSummaryFilesRoundTripTest {
    @TempDir
    Path tmp;

    @Test
    void everySummaryJson() throws IOException {
        int n = assertRoundTrips(files(RunSummary.JSON::equals),
                f -> JsonCodec.toJson(JsonCodec.read(f, RunSummary.SummaryFile.class)), tmp);
        assertTrue(n >= 4, n + " summary.json files"); // 4 committed on 2026-11-28
    }
}
