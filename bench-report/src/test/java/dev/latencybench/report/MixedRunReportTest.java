package dev.latencybench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.RunManifest;

/** A run finished with --resume-anyway on another machine says so where its Environment is shown. */
class MixedRunReportTest {
    @TempDir
    Path tmp;

    @Test
    void aRunResumedOnAnotherMachineSaysWhatDifferedAboveItsEnvironment() throws IOException {
        FixtureRun same = new FixtureRun(tmp.resolve("same")).cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000,
                5_000_000, 1, 300_000).write();
        assertFalse(report(same.dir).contains("Mixed run"), "a run of one machine says nothing of the kind");

        FixtureRun mixed = new FixtureRun(tmp.resolve("mixed")).cell("chronicle", "openjdk-17.0.15__g1", "OK", 1_000,
                5_000_000, 1, 300_000).write();
        JsonObject run = ResultFiles.readJson(mixed.dir.resolve(RunManifest.FILE));
        JsonArray differences = new JsonArray();
        differences.add("CPUs online: 0-15 in the run, 0-1 here");
        run.add(RunManifest.RESUMED_DESPITE, differences);
        ResultFiles.writeJson(mixed.dir.resolve(RunManifest.FILE), run);
        String md = report(mixed.dir);
        int environment = md.indexOf("## Environment");
        int note = md.indexOf("**Mixed run**: it was finished with `--resume-anyway` on a machine or suite that differs"
                + " from the one its earlier cells ran on (CPUs online: 0-15 in the run, 0-1 here).");
        assertTrue(environment >= 0 && note > environment, md);
    }

    private static String report(Path dir) throws IOException {
        Report.write(dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return Files.readString(dir.resolve("REPORT.md"));
    }
}
