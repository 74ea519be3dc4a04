package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StudyLauncherTest {
    private static CellSummary cell(String status) {
        dev.latencybench.core.record.LatencySummary none = new dev.latencybench.core.record.LatencySummary(0, 0, 0, 0,
                0, 0, 0);
        return new CellSummary("chronicle-instances-4", "openjdk-17__g1", status, java.util.List.of(), java.util.List.of(),
                dev.latencybench.core.record.Metrics.ONE_WAY, java.util.List.of(none, none), java.nio.file.Path.of("x"));
    }

    @Test
    void aCompleteSearchEndsWellThoughItsLastStepFailedAndAnythingElseDoesNot() {
        dev.latencybench.core.schedule.Decision found = new dev.latencybench.core.schedule.Decision(
                dev.latencybench.core.schedule.Decision.Kind.BOUNDARY, 3, "3 chains", java.util.List.of("a", "b"),
                "3 passed, 4 failed");
        dev.latencybench.core.schedule.Decision unfinished = new dev.latencybench.core.schedule.Decision(
                dev.latencybench.core.schedule.Decision.Kind.UNFINISHED, 2, "at least 2 chains",
                java.util.List.of("a"), "interrupted");
        java.util.List<CellSummary> search = java.util.List.of(cell("OK"), cell("OK"), cell("FAILED"));
        assertEquals(0, StudyLauncher.exitStatus(search, found, true), "the failed step is where the answer lies");
        assertEquals(1, StudyLauncher.exitStatus(search, unfinished, true));
        dev.latencybench.core.schedule.Decision failed = new dev.latencybench.core.schedule.Decision(
                dev.latencybench.core.schedule.Decision.Kind.FAILED, 0, "no answer: the step of 2 chains failed",
                java.util.List.of("a", "b"), "the broker died");
        assertEquals(1, StudyLauncher.exitStatus(search, failed, true), "a step that failed outside the rule fails the cell");
        assertEquals(1, StudyLauncher.exitStatus(java.util.List.of(cell("OK"), cell("INTERRUPTED")), found, true));
        assertEquals(1, StudyLauncher.exitStatus(search, found, false), "a result that could not be written");
        assertEquals(1, StudyLauncher.exitStatus(search, null, true), "a fixed list fails with any cell");
        assertEquals(0, StudyLauncher.exitStatus(java.util.List.of(cell("OK")), null, true));
    }

    @Test
    void anOutOfMemoryErrorSaysOutOfMemory() {
        // JMH hands the fork's error over as the cause; its message alone would be "Java heap space"
        Exception e = new RuntimeException("Benchmark error", new OutOfMemoryError("Java heap space"));
        assertEquals("out of memory (java.lang.OutOfMemoryError: Java heap space)", Launch.rootMessage(e));
    }

    @Test
    void otherErrorsGiveTheInnermostMessage() {
        Exception e = new RuntimeException("outer", new IllegalStateException("inner\nsecond line"));
        assertEquals("inner", Launch.rootMessage(e));
    }

    @Test
    void theSuiteCommitIsTheOneStampedAtBuildTime() {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("git.commit.id", "1545e0a7140a23e48128ae88e7ad2c3f9b220c40");
        p.setProperty("git.dirty", "false");
        assertEquals("1545e0a7140a23e48128ae88e7ad2c3f9b220c40", SuiteCommit.stampedCommit(p));
        p.setProperty("git.dirty", "true");
        assertEquals("1545e0a7140a23e48128ae88e7ad2c3f9b220c40+dirty", SuiteCommit.stampedCommit(p));
        assertEquals(null, SuiteCommit.stampedCommit(new java.util.Properties()), "built without git: not stamped");
    }

    @Test
    void theBuildStampsTheCommitIntoTheClasses() throws Exception {
        // the build ran in a git checkout (CI clones one): the stamp is there, and it is what the launcher reports
        try (java.io.InputStream in = SuiteCommit.class.getResourceAsStream(SuiteCommit.BUILD_COMMIT_RESOURCE)) {
            org.junit.jupiter.api.Assumptions.assumeTrue(in != null, "classes built outside the Maven build");
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            org.junit.jupiter.api.Assumptions.assumeTrue(!p.getProperty("git.commit.id", "").isEmpty(),
                    "built without git (a source archive): nothing to stamp");
            assertEquals(SuiteCommit.stampedCommit(p), SuiteCommit.get());
            assertTrue(SuiteCommit.get().matches("[0-9a-f]{40}(\\+dirty)?"), SuiteCommit.get());
        }
    }

    /** On a full disk the forks may have written nothing: the message names their folder only when it holds a file. */
    @org.junit.jupiter.api.Test
    void theForksFolderIsSaidToBeKeptOnlyWhenAFileOfTheirsIsThere(@org.junit.jupiter.api.io.TempDir
                                                                     java.nio.file.Path tmp) throws java.io.IOException {
        java.nio.file.Path forks = tmp.resolve("forks");
        assertEquals("; none of what the forks measured could be kept (no file of theirs was written)",
                LaunchCells.kept(forks));
        java.nio.file.Files.createDirectories(forks.resolve("4242"));
        java.nio.file.Files.writeString(forks.resolve("4242/.fork.json.tmp"), "");
        assertEquals("; none of what the forks measured could be kept (no file of theirs was written)",
                LaunchCells.kept(forks), "an empty folder and a temporary file keep nothing");
        java.nio.file.Files.writeString(forks.resolve("4242/latency.hlog"), "#[StartTime: 1]");
        assertEquals("; what the forks measured is kept in " + forks + " (1 file(s))", LaunchCells.kept(forks));
    }
}
