package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;


import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.UnderLoad;

/**
 * The runner end to end through the shaded bench.jar: a real matrix at smoke scale on the JVM running
 * the build, with a cell that fails (a flag its JVM refuses) and cells that cannot run on it, the
 * report, resume, compare, and a SIGTERM in the middle of a cell. Its cells send 10K msg/s, a rate a busy 2-core
 * machine holds: the test is of the runner, not of the queue's latency, and its two tests (each with folders and a
 * java.io.tmpdir of its own) run beside each other and other ITs.
 */
@ExtendWith(MachineShare.Held.class) // beside README's smoke run once its queue cells are done
@Execution(ExecutionMode.CONCURRENT)
class MatrixSmokeIT {
    @TempDir
    Path tmp;

    private ProcessBuilder bench(String... args) throws IOException {
        return BenchJar.command(tmp.resolve("cache"), args);
    }

    /** Runs {@code pb} to its end (at most 5 minutes, else it and its children are killed): its console. */
    private static String run(ProcessBuilder pb, int[] exit) throws Exception {
        BenchJar.Finished f = BenchJar.runToEnd(pb, 5);
        assertTrue(f.exit != -1, "ended in time");
        exit[0] = f.exit;
        return f.console;
    }

    private Map<String, JsonObject> cells(Path runDir) throws IOException {
        Map<String, JsonObject> m = new LinkedHashMap<>();
        for (JsonElement e : ResultFiles.readJson(runDir.resolve("run.json")).getAsJsonArray("cells")) {
            m.put(e.getAsJsonObject().get("gc").getAsString(), e.getAsJsonObject());
        }
        return m;
    }

    @Test
    void aMatrixWithAFailingAndSkippedCellsRunsTheRestReportsResumesAndCompares() throws Exception {
        Path results = tmp.resolve("results");
        int[] exit = new int[1];
        // serial runs; parallel fails (its JVM refuses a flag); at least one of zgc-gen (JDK 21-23 only) and
        // shenandoah-gen (JDK 25+) cannot run on any one JDK, so it is skipped with the reason
        String out = run(bench("run", "--scenarios", "queue", "--jvms", "current", "--gcs", "serial,parallel,zgc-gen,shenandoah-gen",
                "--gc-args", "parallel=-XX:+NoSuchFlagAnywhere", "--scale", "smoke", "-Dbench.rate=10K", "--results", results.toString(),
                "--run-id", "m1", "-Dbench.queue.dir=" + Files.createDirectories(tmp.resolve("shm"))), exit);
        assertEquals(1, exit[0], "a cell failed, so exit 1:\n" + out);
        Path runDir = results.resolve("m1");
        Map<String, JsonObject> cells = cells(runDir);
        UnderLoad.assertOk(cells.get("serial"), "serial");
        assertEquals("FAILED", cells.get("parallel").get("status").getAsString());
        assertTrue(cells.get("parallel").get("reason").getAsString().contains("NoSuchFlagAnywhere"),
                cells.get("parallel").toString());
        long skipped = cells.values().stream().filter(c -> c.get("status").getAsString().equals("SKIPPED")).count();
        assertTrue(skipped >= 1, cells.toString());
        assertTrue(out.contains("latency-bench: report written in"), out);

        String md = Files.readString(runDir.resolve("REPORT.md"));
        // OK, or "OK, flagged" where the ITs beside it made the machine busy: this test checks the runner, not latency
        assertTrue(md.contains("| serial | chronicle | OK |") || md.contains("| serial | chronicle | OK, flagged |"), md);
        assertTrue(md.contains("| serial | baseline | OK |") || md.contains("| serial | baseline | OK, flagged |"), md);
        assertTrue(md.contains("| parallel | - | FAILED |"), md);
        assertTrue(md.contains("SKIPPED"), md);
        // one measured cell per variant (serial): nothing to set side by side in bars; one spectrum of its variants
        assertFalse(Files.exists(runDir.resolve("charts/queue-median.svg")), "no bars for one cell a variant");
        List<Path> spectra;
        try (Stream<Path> charts = Files.list(runDir.resolve("charts"))) {
            spectra = charts.filter(c -> c.getFileName().toString().matches("queue.*-spectrum\\.svg")).toList();
        }
        assertEquals(1, spectra.size(), "one spectrum, of the serial cell: " + spectra);
        String spectrum = Files.readString(spectra.get(0));
        assertTrue(spectrum.startsWith("<svg ") && spectrum.contains("<path d=\"M"), spectrum);
        String html = Files.readString(runDir.resolve("report.html"));
        assertTrue(html.contains(spectrum.replaceFirst("<svg", "<svg class=\"chart\"").strip()),
                "report.html carries the chart inline");
        Path serialCell = Files.list(runDir.resolve("queue/chronicle")).filter(p -> p.toString().endsWith("__serial"))
                .findFirst().orElseThrow();
        assertTrue(Files.list(serialCell).anyMatch(p -> p.getFileName().toString().matches("gc-\\d+\\.log")),
                "a GC log per fork");

        String resumed = run(bench("run", "--resume", runDir.toString()), exit);
        assertEquals(1, exit[0], resumed);
        assertTrue(resumed.contains("keep queue/") && !resumed.contains("cell 1 of"), "nothing runs again:\n" + resumed);

        String same = run(bench("compare", runDir.toString(), runDir.toString(), "--max-regression", "5%"), exit);
        assertEquals(0, exit[0], same);
        assertTrue(same.contains("0 regression(s)"), same);
    }

    @Test
    void sigtermKeepsTheRunningCellsDataAndResumeFinishesTheMatrix() throws Exception {
        Path results = tmp.resolve("results");
        // 6 s measured: the SIGTERM comes about 2 s into it (the first progress line at 500 ms, then 1.5 s), and
        // the resume runs both cells again at this length, so a longer period only makes the test slower
        ProcessBuilder pb = bench("run", "--scenarios", "queue", "--jvms", "current", "--gcs", "serial,parallel", "--scale", "smoke",
                "-Dbench.transports=chronicle", "-Dbench.rate=10K", "-Dbench.duration=6s", "-Dbench.progress=500ms", "--results", results.toString(), "--run-id", "m2",
                "-Dbench.queue.dir=" + Files.createDirectories(tmp.resolve("shm")));
        BenchJar.Watched p = new BenchJar.Watched(pb);
        assertTrue(p.awaitMeasuring(120), "the first cell started measuring:\n" + p.seen());
        Thread.sleep(1500);
        new ProcessBuilder("kill", "-TERM", Long.toString(p.process.pid())).inheritIO().start().waitFor();
        assertTrue(p.process.waitFor(60, TimeUnit.SECONDS), "stopped in time:\n" + p.seen());
        p.awaitConsole(10_000);
        String seen = p.seen();
        Path runDir = results.resolve("m2");
        Map<String, JsonObject> cells = cells(runDir);
        assertEquals("INTERRUPTED", cells.get("serial").get("status").getAsString(), seen);
        assertEquals("NOT_RUN", cells.get("parallel").get("status").getAsString());
        JsonObject kept = ResultFiles.readJson(Files.list(runDir.resolve("queue/chronicle"))
                .filter(d -> d.toString().endsWith("__serial")).findFirst().orElseThrow().resolve("result.json"));
        assertEquals("INTERRUPTED", kept.get("status").getAsString());
        assertTrue(kept.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong() > 0, "what was measured is kept");
        assertTrue(seen.contains("to run the rest: scripts/bench run --resume " + runDir), seen);
        assertTrue(seen.contains("what was measured before the interrupt"), "the cell's own last words are"
                + " copied too:\n" + seen);
        assertFalse(Files.list(tmp.resolve("shm")).findAny().isPresent(), "no queue files left");

        int[] exit = new int[1];
        String resumed = run(bench("run", "--resume", runDir.toString(), "-Dbench.duration=2s"), exit);
        assertEquals(2, exit[0], "a resumed run cannot change its properties:\n" + resumed);
        resumed = run(bench("run", "--resume", runDir.toString()), exit);
        UnderLoad.assertExitZero(exit[0], resumed, results);
        cells = cells(runDir);
        UnderLoad.assertOk(cells.get("serial"), "serial");
        UnderLoad.assertOk(cells.get("parallel"), "parallel");
    }
}
