package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.JvmDiscovery;
import dev.latencybench.report.FixtureRun;

/**
 * {@code bench report RUN_DIR} on a folder it cannot wholly read: one line per damaged file, naming it and what is
 * wrong, never a stack trace; the report written from the rest; exit status 1, or 2 for a folder that is not a
 * run folder at all.
 */
class ReportCommandTest {
    private static final String G1 = "openjdk-17.0.15__g1";
    private static final String ZGC = "openjdk-17.0.15__zgc";
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;

    @BeforeEach
    void setUp() throws IOException {
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(), Path.of(
                System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp),
                Path.of(System.getProperty("java.home"), "bin", "java"), Files.createDirectories(tmp.resolve("t")));
    }

    /** Two cells of two variants, all OK. */
    private Path run(String name) {
        Path run = tmp.resolve(name);
        new FixtureRun(run)
                .cell("chronicle", G1, "OK", 1_000, 5_000_000, 1, 30_000)
                .cell("baseline", G1, "OK", 100, 2_000_000, 1, 30_000)
                .cell("chronicle", ZGC, "OK", 1_200, 6_000_000, 1, 30_000)
                .cell("baseline", ZGC, "OK", 120, 2_500_000, 1, 30_000)
                .write();
        return run;
    }

    private int report(Path run) {
        return Main.run(ctx, new String[] {"report", run.toString()});
    }

    /** The command's stderr: each line its own message, none of them a stack trace or an exception's name. */
    private List<String> errLines() {
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        for (String line : lines) {
            assertTrue(line.startsWith("latency-bench: "), "one message a line: " + lines);
            assertFalse(line.contains("Exception") || line.startsWith("\tat ") || line.contains("gson"), line);
        }
        return lines;
    }

    private String md(Path run) throws IOException {
        return Files.readString(run.resolve("REPORT.md"));
    }

    @Test
    void anIntactRunIsWrittenWithExitStatus0() throws IOException {
        Path run = run("intact");
        assertEquals(0, report(run));
        assertEquals(List.of(), errLines());
        assertTrue(Files.isRegularFile(run.resolve("report.html")));
    }

    @Test
    void aResultCutShortIsNamedAndItsCellListedWhileTheRestIsReported() throws IOException {
        Path run = run("cut");
        Path result = run.resolve("queue/chronicle").resolve(ZGC).resolve("result.json");
        String whole = Files.readString(result);
        Files.writeString(result, whole.substring(0, whole.indexOf("\"reasons\"") + 12));

        assertEquals(1, report(run));
        assertEquals(List.of("latency-bench: bench report: " + result + " is cut short (it ends inside a value at line"
                + " 3 column 15)"), errLines());
        String md = md(run);
        assertTrue(md.contains("| openjdk-17.0.15 | zgc | chronicle | UNREADABLE | - |"), md);
        assertTrue(md.contains("| openjdk-17.0.15 | g1 | chronicle | OK | "), "the rest is reported: " + md);
        assertTrue(md.contains("- `" + ZGC + " / chronicle` UNREADABLE: " + result + " is cut short"), md);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("; without what could not be read or drawn (1, each"
                + " named below)"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anEmptyResultOrOneThatIsNotJsonIsNamed() throws IOException {
        Path run = run("empty");
        Path empty = run.resolve("queue/baseline").resolve(G1).resolve("result.json");
        Files.writeString(empty, "");
        Path text = run.resolve("queue/baseline").resolve(ZGC).resolve("result.json");
        Files.writeString(text, "latency: fine\n");

        assertEquals(1, report(run));
        assertEquals(List.of("latency-bench: bench report: " + empty + " is empty",
                "latency-bench: bench report: " + text + " is not JSON (the parser stops at line 1 column 9)"),
                errLines());
        assertTrue(md(run).contains("| openjdk-17.0.15 | g1 | baseline | UNREADABLE |"), md(run));
    }

    @Test
    void aResultOfTheWrongShapeIsNamed() throws IOException {
        Path run = run("shape");
        Path result = run.resolve("queue/chronicle").resolve(G1).resolve("result.json");
        Files.writeString(result, Files.readString(result).replaceFirst("\"forks\": 1", "\"forks\": \"one\""));

        assertEquals(1, report(run));
        List<String> lines = errLines();
        assertEquals(1, lines.size(), lines.toString());
        assertEquals("latency-bench: bench report: " + result + " is damaged: member forks is not a whole number (it is"
                + " \"one\")", lines.get(0));
    }

    @Test
    void aCellFolderWithoutItsResultIsNamed() throws IOException {
        Path run = run("bare");
        Path cell = run.resolve("queue/baseline").resolve(ZGC);
        try (var files = Files.list(cell)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }

        assertEquals(1, report(run));
        assertEquals(List.of("latency-bench: bench report: " + cell.resolve("result.json") + " is missing (the cell's"
                + " folder is empty)"), errLines());
        assertTrue(md(run).contains("| openjdk-17.0.15 | zgc | baseline | UNREADABLE |"), md(run));
    }

    /** A cell the run recorded as failed, stopped before writing its result: named, its status as the run recorded. */
    @Test
    void aFailedCellWithoutItsResultIsNamedWithWhatTheRunRecorded() throws IOException {
        Path run = tmp.resolve("early");
        new FixtureRun(run).cell("chronicle", G1, "OK", 1_000, 5_000_000, 1, 30_000)
                .unmeasured(ZGC, "FAILED", "the launcher exited 1 before measuring").write();
        Path cell = Files.createDirectories(run.resolve("queue/chronicle").resolve(ZGC));
        Files.writeString(cell.resolve("jmh.log"), "# JMH\n");

        assertEquals(1, report(run));
        String missing = cell.resolve("result.json") + " is missing (the cell's folder holds jmh.log); the run recorded"
                + " the cell FAILED: the launcher exited 1 before measuring";
        assertEquals(List.of("latency-bench: bench report: " + missing), errLines());
        assertTrue(md(run).contains("`" + ZGC + " / chronicle` FAILED: " + missing), md(run));
        assertTrue(md(run).contains("| openjdk-17.0.15 | zgc | chronicle | FAILED | - |"), md(run));
    }

    @Test
    void aRunFileCutShortIsNamedAndTheCellsAreReadFromTheirFolders() throws IOException {
        Path run = run("run-cut");
        Path runFile = run.resolve("run.json");
        Files.writeString(runFile, Files.readString(runFile).substring(0, 60));

        assertEquals(1, report(run));
        List<String> lines = errLines();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("latency-bench: bench report: " + runFile + " is cut short (it ends inside a"
                + " value at line "), lines.get(0));
        assertTrue(lines.get(0).endsWith("); the report is made from the cells' folders"), lines.get(0));
        assertTrue(md(run).contains("| openjdk-17.0.15 | zgc | baseline | OK |"), md(run));
    }

    @Test
    void aRunWhoseEveryFileIsDamagedListsItsCellsAsUnreadable() throws IOException {
        Path run = tmp.resolve("lost");
        new FixtureRun(run).cell("chronicle", G1, "OK", 1_000, 5_000_000, 1, 30_000).write();
        Path runFile = run.resolve("run.json");
        Path result = run.resolve("queue/chronicle").resolve(G1).resolve("result.json");
        Files.writeString(runFile, "{\"runId\": ");
        Files.writeString(result, "{\"status\": \"OK\", \"metr");

        assertEquals(1, report(run));
        assertEquals(List.of("latency-bench: bench report: " + runFile + " is cut short (it ends inside a value at line"
                + " 1 column 11); the report is made from the cells' folders", "latency-bench: bench report: " + result
                + " is cut short (it ends inside a value at line 1 column 23)"), errLines());
        assertTrue(md(run).contains("**No cell of this scenario ended OK** (1 UNREADABLE)"), md(run));
    }

    @Test
    void aRunFileCutShortWithNoCellBesideItGetsNoReport() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("started"));
        Path runFile = run.resolve("run.json");
        Files.writeString(runFile, "{\"runId\": \"2026");

        assertEquals(1, report(run));
        assertEquals(List.of("latency-bench: bench report: " + runFile + " is cut short (it ends inside a value at line"
                + " 1 column 16); the report is made from the cells' folders", "latency-bench: bench report: no cell"
                + " of " + run + " could be read: no report was written"), errLines());
        assertFalse(Files.exists(run.resolve("REPORT.md")));
    }

    @Test
    void aFolderThatIsNotARunIsBadInput() throws IOException {
        Path notRun = Files.createDirectories(tmp.resolve("src/main/java"));
        assertEquals(2, report(tmp.resolve("src")));
        assertEquals(List.of("latency-bench: bench report: " + tmp.resolve("src") + " is not a run folder: it holds no"
                + " results (neither run.json nor a <scenario>/<variant>/<cell>/result.json)"), errLines());
        assertFalse(Files.exists(notRun.resolve("REPORT.md")));

        Path runs = tmp.resolve("results");
        new FixtureRun(runs.resolve("20261126T205145Z-vm")).cell("chronicle", G1, "OK", 1_000, 5_000_000, 1, 30_000)
                .write();
        err.reset();
        assertEquals(2, report(runs));
        assertTrue(errLines().get(0).endsWith("; it holds run folders: give one of them, such as "
                + runs.resolve("20261126T205145Z-vm")), errLines().toString());
        assertFalse(Files.exists(runs.resolve("REPORT.md")));
    }

    @Test
    void aDamagedIntervalLogIsNamedOnTheConsoleAndExits1() throws IOException {
        Path run = run("hlog");
        Path hlog = run.resolve("queue/chronicle").resolve(ZGC).resolve("latency.hlog");
        Files.writeString(hlog, "#[StartTime: 0]\nnot,a,histogram\n");

        assertEquals(1, report(run));
        List<String> lines = errLines();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("latency-bench: bench report: " + hlog + " "), "names the file: " + lines);
        assertTrue(lines.get(0).endsWith(": openjdk-17.0.15 zgc is left out of the percentile spectrum and the latency"
                + " over time of chronicle (its table rows come from result.json)"), lines.toString());
        assertTrue(md(run).contains("| openjdk-17.0.15 | zgc | chronicle | OK"), "its table row stays: " + md(run));
    }

    /** The run writes its own report when it ends: one written now would be of PENDING cells, in its live folder. */
    @Test
    void aRunStillGoingIsRefusedUnlessAnyway() throws Exception {
        Path run = run("going");
        Process runner = LockHolder.start(run.resolve(RunClaim.RUN_LOCK), false); // the run's process, holding it
        try {
            assertEquals(2, report(run));
            List<String> lines = errLines();
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(lines.get(0).startsWith("latency-bench: bench report: the run " + run + " is still going in"
                    + " process " + runner.pid() + " ("), "names the process: " + lines);
            assertTrue(lines.get(0).endsWith("; it writes its report when it ends: wait for that, or give --anyway"
                    + " for a report of what it measured so far"), lines.toString());
            assertFalse(Files.exists(run.resolve("REPORT.md")), "nothing written into the live folder");

            err.reset();
            assertEquals(0, Main.run(ctx, new String[] {"report", "--anyway", run.toString()}));
            assertEquals(List.of(), errLines());
            assertTrue(Files.isRegularFile(run.resolve("REPORT.md")), "written when asked to");
        } finally {
            runner.destroyForcibly().waitFor();
        }
        Files.delete(run.resolve("REPORT.md"));
        err.reset();
        assertEquals(0, report(run), "a run.lock nobody holds (kill -9) is no run in progress");
        assertTrue(Files.isRegularFile(run.resolve("REPORT.md")));
    }

    /**
     * {@code --anyway} of a run still going: the cell that runs has its folder (its forks write there) and no
     * result.json yet, and run.json says PENDING: expected, not a file that could not be read (it was exit 1).
     */
    @Test
    void reportAnywayOfARunGoingTakesItsPendingCellAsNotMeasuredYet() throws Exception {
        Path run = tmp.resolve("going-pending");
        String serial = "openjdk-17.0.15__serial";
        new FixtureRun(run)
                .cell("chronicle", G1, "OK", 1_000, 5_000_000, 1, 30_000)
                .cell("baseline", G1, "OK", 100, 2_000_000, 1, 30_000)
                .unmeasured(serial, "PENDING", null)
                .write();
        Files.createDirectories(run.resolve("queue/chronicle").resolve(serial).resolve("forks/4242"));
        Process runner = LockHolder.start(run.resolve(RunClaim.RUN_LOCK), false);
        try {
            assertEquals(0, Main.run(ctx, new String[] {"report", "--anyway", run.toString()}), err.toString(
                    StandardCharsets.UTF_8));
            assertEquals(List.of(), errLines());
            assertTrue(md(run).contains("PENDING"), md(run));
        } finally {
            runner.destroyForcibly().waitFor();
        }
    }

    /** A cell left out would read as a regression or hide one: compare names the file and compares nothing. */
    @Test
    void compareRefusesARunWithAFileItCannotRead() throws IOException {
        Path base = run("base");
        Path candidate = run("candidate");
        Path result = candidate.resolve("queue/chronicle").resolve(G1).resolve("result.json");
        Files.writeString(result, "{\"status\": \"OK\", \"metr");

        assertEquals(2, Main.run(ctx, new String[] {"compare", base.toString(), candidate.toString()}));
        assertEquals(List.of("latency-bench: bench compare: " + result + " is cut short (it ends inside a value at line 1"
                + " column 23) (scripts/bench report " + candidate + " writes what can be read)"), errLines());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing compared");
    }

    /** The damaged member is said in the same words by compare as by report (and by run --resume for run.json). */
    @Test
    void compareNamesADamagedMemberAsReportDoes() throws IOException {
        Path base = run("base");
        Path candidate = run("candidate");
        Path result = candidate.resolve("queue/chronicle").resolve(G1).resolve("result.json");
        Files.writeString(result, Files.readString(result).replaceFirst("\"forks\": 1", "\"forks\": \"one\""));

        assertEquals(2, Main.run(ctx, new String[] {"compare", base.toString(), candidate.toString()}));
        assertEquals(List.of("latency-bench: bench compare: " + result + " is damaged: member forks is not a whole number"
                + " (it is \"one\") (scripts/bench report " + candidate + " writes what can be read)"), errLines());
    }
}
