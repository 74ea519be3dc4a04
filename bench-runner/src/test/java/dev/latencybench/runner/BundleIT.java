package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.UnderLoad;

/**
 * {@code bench bundle} end to end: the archive of the queue study (the quickest to run) and the JVM running
 * the build, unpacked into an empty folder and run at smoke scale in a clean environment whose PATH has only
 * the bundle's own runtime before /usr/bin:/bin (no JAVA_HOME); the run folder has a cell measured by
 * that runtime, OK unless it failed for a busy machine's load, and its report. The archive is .tar.gz here: xz -6 takes minutes on 2 busy cores. One variant
 * (chronicle: Chronicle Queue and the affinity library load the most modules) at 10K msg/s, which a busy
 * 2-core machine holds: the test is of the bundle, not of the queue's latency.
 */
@ExtendWith(MachineShare.Held.class) // beside README's smoke run once its queue cells are done
class BundleIT {
    @TempDir
    Path tmp;

    /** Runs {@code pb} to its end (at most 5 minutes, else it and its children are killed): its console. */
    private static String run(ProcessBuilder pb, int[] exit) throws Exception {
        BenchJar.Finished f = BenchJar.runToEnd(pb.redirectErrorStream(true), 5);
        assertTrue(f.exit != -1, "ended in time");
        exit[0] = f.exit;
        return f.console;
    }

    @Test
    void anArchiveUnpackedIntoAnEmptyFolderRunsACellOnItsOwnRuntimeAlone() throws Exception {
        Path archive = tmp.resolve("q-bundle.tar.gz");
        int[] exit = new int[1];
        String made = run(BenchJar.command(tmp.resolve("cache"), "bundle", "--scenarios", "queue", "--jvms", "current",
                "-o", archive.toString()), exit);
        assertEquals(0, exit[0], made);
        assertTrue(made.contains("wrote " + archive + ": ") && made.contains("tar and gzip"), made);
        assertTrue(made.contains("q-bundle/lib/queue.jar") && made.contains("q-bundle/lib/runner.jar"), made);
        try (Stream<Path> left = Files.list(tmp)) { // no staging folder or partial archive left beside it
            assertEquals(List.of("cache", "q-bundle.tar.gz"), left.map(p -> p.getFileName().toString()).sorted()
                    .collect(Collectors.toList()));
        }

        Path box = Files.createDirectories(tmp.resolve("box"));
        String unpacked = run(new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", box.toString()), exit);
        assertEquals(0, exit[0], unpacked);
        Path bundle = box.resolve("q-bundle");
        List<Path> runtimes;
        try (Stream<Path> s = Files.list(bundle.resolve("jvms"))) {
            runtimes = s.collect(Collectors.toList());
        }
        assertEquals(1, runtimes.size(), runtimes.toString());
        Path runtime = runtimes.get(0);
        assertFalse(Files.exists(runtime.resolve("bin/javac")) || Files.exists(runtime.resolve("jmods")),
                "a jlink'd runtime, not a JDK");

        Path results = tmp.resolve("results");
        ProcessBuilder pb = new ProcessBuilder(bundle.resolve("run").toString(), "--scale", "smoke", "--gcs", "serial",
                "--results", results.toString(), "--run-id", "b1", "-Dbench.transports=chronicle", "-Dbench.rate=10K",
                "-Dbench.queue.dir=" + Files.createDirectories(tmp.resolve("shm"))).directory(box.toFile());
        pb.environment().clear(); // as env -i: no JAVA_HOME; the JVM cache kept in the test's folder
        pb.environment().put("PATH", runtime.resolve("bin") + ":/usr/bin:/bin");
        pb.environment().put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        // the machine's lock in a folder of its own, as for the other ITs' runs: README's smoke run, beside it, has /tmp's
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + Files.createDirectories(BenchJar.tmpDir(
                tmp.resolve("cache"))));
        String out = run(pb, exit);
        // a neighbour on a core can leave the spinning pair behind its rate: the cell then fails for the load, which
        // is not asserted; that the bundle's runtime measured it and wrote the report still is
        boolean heldRate = UnderLoad.assertExitZeroUnlessBusy(exit[0], out, results).isEmpty();

        Path runDir = results.resolve("b1");
        JsonArray cells = ResultFiles.readJson(runDir.resolve("run.json")).getAsJsonArray("cells");
        assertEquals(1, cells.size(), cells.toString());
        Path cell;
        try (Stream<Path> s = Files.list(runDir.resolve("queue/chronicle"))) {
            cell = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonObject result = ResultFiles.readJson(cell.resolve("result.json"));
        if (heldRate) {
            assertEquals("OK", cells.get(0).getAsJsonObject().get("status").getAsString(), out);
            assertEquals("OK", result.get("status").getAsString());
        }
        assertTrue(result.getAsJsonObject("metrics").getAsJsonObject("latency").get("count").getAsLong() > 0,
                result.toString());
        String home = ResultFiles.readJson(cell.resolve("env.json")).getAsJsonObject("jdk").get("home").getAsString();
        assertEquals(runtime.toRealPath(), Path.of(home).toRealPath(), "measured by the bundle's runtime");
        assertTrue(Files.isRegularFile(runDir.resolve("REPORT.md")) && Files.isRegularFile(runDir.resolve(
                "report.html")), "the report, written by the bundle's runtime");
        assertFalse(out.contains("could not be"), out);

        // The charts are SVG text and need no fonts: the bundle's runtime writes the report on a machine whose
        // fontconfig and fonts are hidden (a mount namespace, root only).
        Assumptions.assumeTrue(canHideFonts(), "hiding the machine's fonts needs root and unshare");
        String drawn = run(hiddenFonts(runtime, bundle, runDir), exit);
        assertEquals(0, exit[0], drawn);
        assertTrue(drawn.contains("report written") && !drawn.contains("could not be"), drawn);
        try (Stream<Path> charts = Files.list(runDir.resolve("charts"))) {
            assertTrue(charts.anyMatch(c -> c.toString().endsWith(".svg")), "charts drawn");
        }
    }

    private static boolean canHideFonts() throws Exception {
        int[] exit = new int[1];
        run(new ProcessBuilder("unshare", "-m", "true"), exit);
        return exit[0] == 0;
    }

    /** bench report of the run by the bundle's runtime, with the machine's fontconfig and fonts hidden. */
    private ProcessBuilder hiddenFonts(Path runtime, Path bundle, Path runDir) throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("no-fonts"));
        String script = "set -e\n"
                + "for f in $(ldconfig -p | awk '/libfontconfig\\.so/ {print $NF}'); do mount --bind /dev/null \"$f\"; done\n"
                + "if [ -d /usr/share/fonts ]; then mount --bind '" + empty + "' /usr/share/fonts; fi\n"
                + "exec '" + runtime.resolve("bin/java") + "' -cp '" + bundle.resolve("lib/runner.jar") + ":"
                + bundle.resolve("lib/queue.jar") + "' dev.latencybench.runner.Main report '" + runDir + "'\n";
        return new ProcessBuilder("unshare", "-m", "sh", "-c", script);
    }
}
