package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.core.testing.UnderLoad;
import dev.latencybench.task.tasks.GcEvery300msTask;

/**
 * Ground truth for the tail's causes, through the study's jar at smoke scale: a task whose tail is made by
 * {@code System.gc()} every 300 ms is put down at least 90% to {@code gc} beyond p99.9; the floor (a task that
 * samples at once and allocates nothing), measured in the same run, is not put down to {@code gc}.
 */
class TailAttributionIT {
    private static final Path TASKS = Paths.get("target/test-classes").toAbsolutePath();

    @TempDir
    Path tmp;

    private TailPart tail(String runId, String variant) throws IOException {
        Path variantDir = tmp.resolve("results").resolve(runId).resolve("task").resolve(variant);
        try (Stream<Path> cells = Files.list(variantDir)) {
            Path cell = cells.filter(Files::isDirectory).findFirst().orElseThrow();
            TailPart t = TailPart.of(ResultFiles.readJson(cell.resolve("result.json")));
            assertNotNull(t, variant + ": a tail part in " + cell);
            return t;
        }
    }

    private void run(String... properties) throws Exception {
        int[] exit = new int[1];
        String out = new StudyJar(tmp.resolve("results"), "bench.task.jar=" + TASKS,
                "java.io.tmpdir=" + System.getProperty("java.io.tmpdir")).run(exit, properties);
        UnderLoad.assertExitZero(exit[0], out, tmp.resolve("results"));
    }

    @Test
    void systemGcEvery300msIsTheTailsCauseAndNotTheFloors() throws Exception {
        run("bench.scale=smoke", "bench.run.id=tail", "bench.cpus=none",
                "bench.task.classes=" + GcEvery300msTask.class.getName());
        TailPart gc = tail("tail", "GcEvery300msTask");
        System.out.println("GcEvery300msTask tail: " + gc.toJson());
        assertTrue(gc.beyondP99_9.attributed >= TailPart.SHARES_FROM, "enough samples attributed: " + gc.toJson());
        assertTrue(gc.shareBeyondP99_9(Cause.GC) >= 0.9, "at least 90% gc beyond p99.9: " + gc.toJson());
        assertTrue(gc.worst.get(Cause.GC.label()).stop.contains("System.gc()"), gc.toJson().toString());

        // the floor's warm-up p99 (its first second: class loading, the JIT) can lie above its measured p99.9,
        // so that nothing would be kept: a fixed threshold, of the order of its measured p99 on a busy machine
        run("bench.scale=smoke", "bench.run.id=floor", "bench.cpus=none", "bench.tail.above=500us",
                "bench.task.classes=" + GcEvery300msTask.class.getName());
        TailPart floor = tail("floor", "floor");
        System.out.println("floor tail: " + floor.toJson());
        assertTrue(floor.aboveThreshold.attributed >= TailPart.SHARES_FROM && floor.forksAttributed == 1,
                "the floor's outliers were kept and attributed: " + floor.toJson());
        assertTrue(floor.aboveThreshold.gc * 10 <= floor.aboveThreshold.attributed,
                "the floor's outliers are not the collector's: " + floor.toJson());
    }
}
