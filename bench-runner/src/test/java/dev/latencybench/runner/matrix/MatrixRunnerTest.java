package dev.latencybench.runner.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.CellOutcome;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.runner.FakeJdk;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmInfo;
import dev.latencybench.runner.jvm.JvmProber;

class MatrixRunnerTest {
    @TempDir
    Path tmp;
    private RunRequest request;
    private final List<String> started = new ArrayList<>();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() {
        FakeJdk jdk = FakeJdk.create(tmp.resolve("jdk17"), 17, "Debian", "17.0.15", List.of());
        JvmInfo info = new JvmProber(null, new GraalJit(tmp)).probe(jdk.java(), false);
        Jvm jvm = new Jvm("openjdk-17.0.15", jdk.java(), List.of(), info, "test");
        request = new RunRequest(tmp.resolve("results"), "r1", List.of("queue"), Map.of(), List.of(jvm),
                List.of(Collector.G1, Collector.SERIAL, Collector.ZGC_GENERATIONAL, Collector.PARALLEL), Map.of(),
                List.of(), Map.of("bench.scale", "smoke"), "scripts/bench run --gcs g1,serial,zgc-gen,parallel");
    }

    /** g1 succeeds, serial writes a FAILED result and exits 1, parallel crashes (exit 137). */
    private List<String> command(Cell cell) {
        started.add(cell.gcId());
        Path cellDir = request.runDir().resolve("queue/chronicle").resolve(cell.name());
        switch (cell.gcId()) {
            case "g1":
                return List.of("sh", "-c", "echo 'latency-bench queue study: measuring'; exit 0");
            case "serial":
                return List.of("sh", "-c", "mkdir -p '" + cellDir + "' && printf '%s' '{\"status\":\"FAILED\","
                        + "\"variant\":\"chronicle\",\"reasons\":[\"rate not held: 12% of sends late\"]}' > '"
                        + cellDir + "/result.json'; echo 'latency-bench: 1 of 1 step(s) did not end OK'; exit 1");
            default:
                return List.of("sh", "-c", "test ! -e '" + cellDir + "/forks/1/stale' || exit 3; echo 'latency-bench:"
                        + " out of memory'; exit 137");
        }
    }

    private MatrixRunner runner(Map<String, CellOutcome> previous) {
        return new MatrixRunner(request, this::command, previous, new PrintStream(console, true,
                StandardCharsets.UTF_8));
    }

    private Map<String, String> statuses() throws IOException {
        JsonObject run = ResultFiles.readJson(request.runDir().resolve("run.json"));
        Map<String, String> m = new LinkedHashMap<>();
        for (JsonElement e : run.getAsJsonArray("cells")) {
            m.put(e.getAsJsonObject().get("cell").getAsString(), e.getAsJsonObject().get("status").getAsString());
        }
        return m;
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 120, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aProcessTheCellLeftHoldingItsOutputIsEndedAndCannotHoldTheRun() throws Exception {
        Path pid = tmp.resolve("sleep.pid");
        long start = System.nanoTime();
        Map<String, CellOutcome> out;
        try {
            // the cell's JVM ends at once, its child (a task's, that inherited the output) sleeps on
            out = new MatrixRunner(request, cell -> List.of("sh", "-c", "sleep 300 & echo $! > '" + pid
                    + "'; echo 'latency-bench: done'; exit 0"), Map.of(), new PrintStream(console, true,
                    StandardCharsets.UTF_8)).run();
        } finally {
            if (Files.exists(pid)) {
                ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        assertTrue(System.nanoTime() - start < 60_000_000_000L, "three cells in well under the sleep's 300 s");
        assertEquals("OK", out.get("queue/openjdk-17.0.15__g1").status, out.toString());
        assertFalse(ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).map(ProcessHandle::isAlive)
                .orElse(false), "the last cell's sleep was ended");
    }

    @Test
    void aCellLogThatCannotBeWrittenIsNamedAndTheCellStillRunsToItsEnd() throws IOException {
        // a folder where the g1 cell's log goes: unwritable, even for root
        Path log = Files.createDirectories(MatrixRunner.logsDir(request).resolve("queue__openjdk-17.0.15__g1.log"));
        Map<String, CellOutcome> out = runner(Map.of()).run();
        CellOutcome g1 = out.get("queue/openjdk-17.0.15__g1");
        assertEquals("FAILED", g1.status);
        assertTrue(g1.reason.startsWith("cannot write " + log + ": "), g1.reason);
        assertEquals(0, g1.exitCode, "the cell ran to its end");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("latency-bench queue study: measuring"),
                "its output still reached the console");
    }

    @Test
    void eachCellSaysTheTimeLeftFromTheEstimatesScaledByHowTheFinishedCellsCompared() throws IOException {
        new MatrixRunner(request, this::command, Map.of(), new PrintStream(console, true, StandardCharsets.UTF_8),
                cell -> 60_000_000_000L).run();
        String text = console.toString(StandardCharsets.UTF_8);
        // three cells to run (zgc-gen is skipped), each estimated at a minute: the first says the estimates
        assertTrue(text.contains("latency-bench: cell 1 of 3: queue/openjdk-17.0.15__g1 (about 3 min left for this and"
                + " the 2 after it)"), text);
        // the cells end in far less than their estimates, so the rest is scaled down to about nothing
        assertTrue(text.contains("latency-bench: cell 2 of 3: queue/openjdk-17.0.15__serial (about 0 s left for this"
                + " and the 1 after it)"), text);
        assertTrue(text.contains("latency-bench: cell 3 of 3: queue/openjdk-17.0.15__parallel (about 0 s left)"), text);
    }

    @Test
    void aFailingOrCrashingCellDoesNotStopTheMatrixAndASkippedCellSaysWhy() throws IOException {
        Map<String, CellOutcome> out = runner(Map.of()).run();

        assertEquals(List.of("g1", "serial", "parallel"), started, "zgc-gen is skipped on JDK 17");
        assertEquals("OK", out.get("queue/openjdk-17.0.15__g1").status);
        CellOutcome serial = out.get("queue/openjdk-17.0.15__serial");
        assertEquals("FAILED", serial.status);
        assertEquals("chronicle: rate not held: 12% of sends late", serial.reason);
        CellOutcome skipped = out.get("queue/openjdk-17.0.15__zgc-gen");
        assertEquals("SKIPPED", skipped.status);
        assertEquals("generational ZGC needs JDK 21 or newer", skipped.reason);
        CellOutcome crashed = out.get("queue/openjdk-17.0.15__parallel");
        assertEquals("FAILED", crashed.status);
        assertEquals("the launcher was killed (SIGKILL, exit code 137: by hand, or by the kernel's out-of-memory killer,"
                + " which dmesg shows): out of memory", crashed.reason);

        assertEquals(Map.of("openjdk-17.0.15__g1", "OK", "openjdk-17.0.15__serial", "FAILED",
                "openjdk-17.0.15__zgc-gen", "SKIPPED", "openjdk-17.0.15__parallel", "FAILED"), statuses());
        JsonObject run = ResultFiles.readJson(request.runDir().resolve("run.json"));
        assertTrue(run.has("finished"));
        assertEquals("scripts/bench run --gcs g1,serial,zgc-gen,parallel", run.get("command").getAsString());
        assertEquals("smoke", run.getAsJsonObject("properties").get("bench.scale").getAsString());
        String log = Files.readString(request.runDir().resolve("logs/queue__openjdk-17.0.15__g1.log"));
        assertEquals("latency-bench queue study: measuring\n", log);
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("cell 1 of 3: queue/openjdk-17.0.15__g1\n"));
    }

    @Test
    void forksRunInRoundsAcrossTheCellsAndARoundThatFailsEndsItsCell() throws IOException {
        List<String> launched = new ArrayList<>();
        Map<String, CellOutcome> out = new MatrixRunner(request, cell -> {
            started.add(cell.gcId());
            // serial fails in its second round; the others end OK every time
            return List.of("sh", "-c", "case \"$*\" in *'serial --round 2') exit 1;; esac; exit 0", "sh",
                    cell.gcId());
        }, Map.of(), new PrintStream(console, true, StandardCharsets.UTF_8), cell -> -1, cell -> 3).run();
        String text = console.toString(StandardCharsets.UTF_8);
        // every cell's first fork, then every cell's second, ...: g1, serial, parallel each round (zgc-gen skipped)
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "cell \\d+ of 9: queue/openjdk-17\\.0\\.15__(\\S+), fork (\\d) of 3").matcher(text);
        while (m.find()) {
            launched.add(m.group(1) + "#" + m.group(2));
        }
        assertEquals(List.of("g1#1", "serial#1", "parallel#1", "g1#2", "serial#2", "parallel#2", "g1#3",
                "parallel#3"), launched, text);
        assertEquals("OK", out.get("queue/openjdk-17.0.15__g1").status);
        assertEquals("OK", out.get("queue/openjdk-17.0.15__parallel").status);
        assertEquals("FAILED", out.get("queue/openjdk-17.0.15__serial").status, "its second round failed: no third");
        assertTrue(Files.exists(MatrixRunner.logsDir(request).resolve("queue__openjdk-17.0.15__g1-round3.log")));
    }

    @Test
    void resumeKeepsFinishedCellsAndRerunsTheRestFromAClearFolder() throws IOException {
        Map<String, CellOutcome> previous = new LinkedHashMap<>();
        previous.put("queue/openjdk-17.0.15__g1", new CellOutcome("OK", null, 0, 3));
        previous.put("queue/openjdk-17.0.15__serial", new CellOutcome("FAILED", "earlier", 1, 3));
        previous.put("queue/openjdk-17.0.15__parallel", new CellOutcome("INTERRUPTED", "interrupted", 1, 3));
        Path stale = request.runDir().resolve("queue/chronicle/openjdk-17.0.15__parallel/forks/1/stale");
        Files.createDirectories(stale.getParent());
        Files.writeString(stale, "half a fork's data");

        Map<String, CellOutcome> out = runner(previous).run();

        assertEquals(List.of("parallel"), started, "only the interrupted cell runs again");
        assertFalse(Files.exists(stale), "the interrupted attempt's folder is cleared first");
        assertEquals("OK", out.get("queue/openjdk-17.0.15__g1").status);
        assertEquals("earlier", out.get("queue/openjdk-17.0.15__serial").reason);
        assertEquals(137, out.get("queue/openjdk-17.0.15__parallel").exitCode);
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("keep queue/openjdk-17.0.15__g1: OK in the earlier"
                + " attempt"));
        assertEquals(Map.of("openjdk-17.0.15__g1", "OK", "openjdk-17.0.15__serial", "FAILED",
                "openjdk-17.0.15__zgc-gen", "SKIPPED", "openjdk-17.0.15__parallel", "FAILED"), statuses());
        assertEquals(out.keySet(), RunManifest.read(request.runDir()).outcomes()
                .keySet());
    }

    /**
     * A cell whose launcher says its results disk is full stops the matrix: that cell is INTERRUPTED (so --resume
     * runs it again), the cells after it NOT_RUN with the reason, run.json records them (not PENDING), and the room
     * kept for run.json is given back.
     */
    @Test
    void aCellWhoseDiskFilledStopsTheMatrixAndRunJsonSaysWhatResumeRuns() throws IOException {
        String full = "latency-bench: stopped, reference: cannot write /r/latency.hlog: No space left on device ("
                + ResultFiles.DISK_FULL + ": the file system of /r has 0 bytes free)";
        MatrixRunner runner = new MatrixRunner(request, cell -> {
            started.add(cell.gcId());
            return "serial".equals(cell.gcId()) ? List.of("sh", "-c", "echo '" + full + "'; exit 1")
                    : List.of("sh", "-c", "exit 0");
        }, Map.of(), new PrintStream(console, true, StandardCharsets.UTF_8));
        Map<String, CellOutcome> out = runner.run();

        assertEquals(List.of("g1", "serial"), started, "nothing runs after the disk filled");
        assertEquals(full.substring("latency-bench: ".length()), runner.diskFull());
        assertEquals("INTERRUPTED", out.get("queue/openjdk-17.0.15__serial").status);
        assertTrue(out.get("queue/openjdk-17.0.15__serial").reason.startsWith("stopped, the results disk is full: "
                + "stopped, reference: cannot write /r/latency.hlog"), out.get("queue/openjdk-17.0.15__serial").reason);
        assertEquals("the run stopped before this cell: the results disk is full",
                out.get("queue/openjdk-17.0.15__parallel").reason);
        assertEquals(Map.of("openjdk-17.0.15__g1", "OK", "openjdk-17.0.15__serial", "INTERRUPTED",
                "openjdk-17.0.15__zgc-gen", "SKIPPED", "openjdk-17.0.15__parallel", "NOT_RUN"), statuses());
        assertFalse(ResultFiles.readJson(request.runDir().resolve("run.json")).has("finished"),
                "a stopped run is not finished: --resume takes it");
        assertFalse(Files.exists(request.runDir().resolve(SpaceReserve.FILE)), "the room kept is given back");
    }

    /** The room is taken while the matrix runs and removed at its end; removing twice is harmless. */
    @Test
    void theSpaceReserveTakesItsBytesAndGivesThemBack() throws IOException {
        SpaceReserve reserve = new SpaceReserve(tmp);
        reserve.take();
        Path file = tmp.resolve(SpaceReserve.FILE);
        assertEquals(SpaceReserve.BYTES, Files.size(file));
        reserve.release();
        reserve.release();
        assertFalse(Files.exists(file));
    }
}
