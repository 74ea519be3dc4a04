package dev.latencybench.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.tail.Cause;
import dev.latencybench.core.tail.ControlJvm;
import dev.latencybench.core.tail.ControlProbeMain;
import dev.latencybench.core.tail.TailPart;
import dev.latencybench.core.testing.Folders;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.core.testing.UnderLoad;
import dev.latencybench.task.tasks.GcEvery300msTask;
import dev.latencybench.task.tasks.RealTimeHogOnPacingCpuTask;
import dev.latencybench.task.tasks.RealTimeHogOnWorkerCpuTask;
import dev.latencybench.task.tasks.SpinEveryThousandthCallTask;
import dev.latencybench.task.tasks.ThreadDumpEvery250msTask;

/**
 * Ground truth for the tail's causes, through the study's jar at smoke scale: a task whose tail is made by
 * {@code System.gc()} every 300 ms is put down at least 90% to {@code gc} beyond p99.9, of the samples the platform's
 * stalls did not cover (a machine in use may take more of them: its share is printed); the
 * floor (a task that samples at once and allocates nothing), measured in the same run, is not put down to
 * {@code gc}; a task that spins 3 ms every thousandth call is put down to {@code code} or {@code platform}, never to
 * {@code other}, as every fork ran a hiccup probe; a task whose tail is made by dumping the stacks of 300 parked
 * threads every 250 ms is put down at least 90% to {@code safepoint}, of the same rest. One run of four variants:
 * about 20 s.
 */
@Isolated // its ground truths are asserted where no other process disturbed the forks
class TailAttributionIT {
    private static final Path TASKS = Paths.get("target/test-classes").toAbsolutePath();
    /**
     * The longest a run waits for the machine to be quiet: for what an earlier test left ending (a JVM exiting, a
     * file system flushing). The build runs one module at a time (.mvn/maven.config), so what is still busy after
     * this is a neighbour that stays (a verify beside a package install waited 5 minutes for one, in vain); the run
     * then goes on, and its assertions are those a machine in use allows.
     */
    private static final Duration QUIET_WITHIN = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private Path cell(String runId, String variant) throws IOException {
        Path variantDir = tmp.resolve("results").resolve(runId).resolve("task").resolve(variant);
        try (Stream<Path> cells = Files.list(variantDir)) {
            return cells.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private JsonObject result(String runId, String variant) throws IOException {
        return ResultFiles.readJson(cell(runId, variant).resolve("result.json"));
    }

    private static TailPart tail(JsonObject result, String variant) {
        TailPart t = TailPart.of(result);
        assertNotNull(t, variant + ": a tail part in " + result);
        return t;
    }

    /** The forks' probe saw other processes take CPU: a stall of the scheduler's may then outlast a pause. */
    private static boolean busy(JsonObject result) {
        return UnderLoad.busyFlag(result) != null;
    }

    /**
     * At least 90% of the samples beyond p99.9 that the platform's stalls did not explain are {@code cause}'s: what
     * the run can know on a machine in use, where a neighbour's build takes the measuring thread's CPU for longer
     * than a pause or a spin (a clean clone's verify beside a package install read the spin task 20 of 20 platform,
     * unflagged). The platform's own share is printed, not asserted; where fewer than {@link TailPart#SHARES_FROM}
     * remain, nothing is asserted and the figures say so.
     */
    private static void assertMostOfTheRest(TailPart t, Cause cause, String variant) {
        TailPart.Beyond b = t.beyondP99_9;
        long rest = b.attributed - b.platform;
        System.out.printf("%s beyond p99.9: %d attributed, %d platform (not asserted), %d %s of the other %d%n",
                variant, b.attributed, b.platform, b.count(cause), cause.label(), rest);
        if (rest < TailPart.SHARES_FROM) {
            System.out.println(variant + ": fewer than " + TailPart.SHARES_FROM + " beyond p99.9 not the platform's:"
                    + " the share of " + cause.label() + " is not asserted");
            return;
        }
        assertTrue(b.count(cause) >= 0.9 * rest, variant + ": at least 90% " + cause.label() + " beyond p99.9 of the"
                + " samples the platform's stalls did not cover: " + t.toJson());
    }

    private void run(String... properties) throws Exception {
        UnderLoad.awaitQuiet(QUIET_WITHIN);
        int[] exit = new int[1];
        String out = new StudyJar(tmp.resolve("results"), "bench.task.jar=" + TASKS).run(exit, properties);
        UnderLoad.assertExitZero(exit[0], out, tmp.resolve("results"));
    }

    /**
     * One run, the floor and the task, with the threshold from each fork's warm-up. Certain on any machine: the
     * System.gc() pauses hold up the calls due meanwhile, so some of the task's worst samples are put down to
     * them, and the floor, which allocates nothing, is not the collector's. The share beyond p99.9 (at least 90%
     * gc) is asserted where the forks' probe saw a quiet machine; on a busy one the scheduler's stalls can
     * outlast a pause, and it is printed instead.
     */
    @Test
    void systemGcAndThreadDumpsAreTheTailsCausesAndNotTheFloors() throws Exception {
        // a young generation no 2-second period fills: the dumps' ThreadInfo garbage (about 2 MB/s) then starts no
        // young collection, whose pause (7.6 ms, 300 stacks to scan) took 16 of the dump task's 20 samples beyond
        // p99.9 in one clean-clone build; System.gc() still collects
        run("bench.scale=smoke", "bench.run.id=tail", "bench.cpus=none", "bench.jvm.args=-Xmn1g",
                "bench.task.classes=" + GcEvery300msTask.class.getName() + ","
                        + SpinEveryThousandthCallTask.class.getName() + ","
                        + ThreadDumpEvery250msTask.class.getName());
        keptIfFailing("tail", this::groundTruthsOfTheTailRun);
    }

    /** The assertions of {@link #systemGcAndThreadDumpsAreTheTailsCausesAndNotTheFloors} on its run. */
    private void groundTruthsOfTheTailRun() throws IOException {
        JsonObject gcResult = result("tail", "GcEvery300msTask");
        TailPart gc = tail(gcResult, "GcEvery300msTask");
        System.out.println("GcEvery300msTask tail: " + gc.toJson());
        assertTrue(gc.aboveThreshold.gc >= 1, "some of the worst samples kept are the pauses': " + gc.toJson());
        assertTrue(gc.worst.get(Cause.GC.label()).stop.contains("System.gc()"), gc.toJson().toString());
        assertMostOfTheRest(gc, Cause.GC, "GcEvery300msTask");

        TailPart floor = tail(result("tail", "floor"), "floor");
        System.out.println("floor tail: " + floor.toJson());
        assertTrue(floor.forksAttributed == 1 && (floor.aboveThreshold.attributed >= TailPart.SHARES_FROM
                || !floor.shortfall.isEmpty()), "the floor's outliers were kept and attributed, or the tail part"
                + " says why not: " + floor.toJson());
        assertTrue(floor.aboveThreshold.gc * 10 <= floor.aboveThreshold.attributed,
                "the floor's outliers are not the collector's: " + floor.toJson());

        JsonObject spinResult = result("tail", "SpinEveryThousandthCallTask");
        TailPart spin = tail(spinResult, "SpinEveryThousandthCallTask");
        System.out.println("SpinEveryThousandthCallTask tail: " + spin.toJson());
        JsonObject dumpResult = result("tail", "ThreadDumpEvery250msTask");
        TailPart dump = tail(dumpResult, "ThreadDumpEvery250msTask");
        System.out.println("ThreadDumpEvery250msTask tail: " + dump.toJson());
        assertTrue(dump.aboveThreshold.safepoint >= 1, "some of the worst samples kept are the dumps': " + dump.toJson());
        assertTrue(dump.worst.get(Cause.SAFEPOINT.label()).stop.equals("ThreadDump"), dump.toJson().toString());
        assertMostOfTheRest(dump, Cause.SAFEPOINT, "ThreadDumpEvery250msTask");

        for (String variant : List.of("floor", "GcEvery300msTask", "SpinEveryThousandthCallTask",
                "ThreadDumpEvery250msTask")) {
            assertTrue(Files.exists(cell("tail", variant).resolve(ControlJvm.STALLS)),
                    variant + ": the idle control JVM beside its fork wrote its stalls");
        }
        assertEquals(List.of(), processesWith(ControlProbeMain.class.getName(), tmp.toString()), "no control JVM left running");
        for (TailPart t : new TailPart[] {gc, floor, spin, dump}) {
            assertTrue(t.aboveThreshold.other == 0 && t.shortfall.stream().noneMatch(s -> s.contains("stalls.bin")),
                    "every fork ran a hiccup probe, so platform and code are told apart: " + t.toJson());
        }
        assertTrue(spin.aboveThreshold.code + spin.aboveThreshold.platform >= 1, spin.toJson().toString());
        assertMostOfTheRest(spin, Cause.CODE, "SpinEveryThousandthCallTask");
    }

    /** Assertions on a run, which may throw what reading its files throws. */
    private interface Checks {
        void run() throws IOException;
    }

    /**
     * Runs the checks; where one fails, the run's folder (each fork's stalls.bin, outliers.bin and GC log: what a
     * sample's cause is decoded from) is kept under target/failed-runs/NAME, and the console says where.
     */
    private void keptIfFailing(String name, Checks checks) throws IOException {
        // what failed is the assertion: a copy that fails says so and leaves it to be thrown
        try {
            checks.run();
        } catch (AssertionError e) {
            Path from = tmp.resolve("results");
            Path kept = Paths.get("target", "failed-runs", name).toAbsolutePath();
            try {
                Folders.copyTree(from, kept);
                System.out.println("the run is kept for decoding in " + kept);
            } catch (IOException | RuntimeException copy) {
                System.out.println("the run could not be kept in " + kept + ": " + copy);
            }
            throw e;
        }
    }

    /** Whether this machine lets a process take SCHED_FIFO ({@code chrt -f}): root or CAP_SYS_NICE, and chrt. */
    private static boolean realTimeAllowed() throws InterruptedException {
        try {
            Process p = new ProcessBuilder("chrt", "-f", "10", "true").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The processes whose command line holds every one of {@code texts}: another module's, built beside, do not. */
    private static List<String> processesWith(String... texts) throws IOException {
        try (Stream<Path> procs = Files.list(Paths.get("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+")).filter(p -> {
                try {
                    String cmdline = new String(Files.readAllBytes(p.resolve("cmdline")));
                    return Stream.of(texts).allMatch(cmdline::contains);
                } catch (IOException e) {
                    return false; // ended meanwhile
                }
            }).map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toList());
        }
    }

    /**
     * A real-time process spinning 5 ms bursts on a measuring thread's CPU is the tail's cause: at least 90%
     * {@code platform} beyond p99.9, alone or as the second large share (a GC pause the hog held up covers the rest),
     * through that thread's own run-queue wait; for the pacing thread, and for a
     * task's worker thread that it pinned through {@code TaskContext.pinWorkerThread} (read as {@code code} before the
     * suite watched it). The hogs are gone once the run is. Pinned (bench.cpus=auto), as a hog cannot hold up a thread
     * free to move. Skipped only where the machine refuses SCHED_FIFO. Where the forks saw a busy machine, the
     * shares are printed, not asserted.
     */
    @Test
    void aRealTimeHogOnAMeasuringThreadsCpuIsThePlatform() throws Exception {
        assumeTrue(realTimeAllowed(), "chrt -f is missing or not allowed here");
        run("bench.scale=smoke", "bench.run.id=hog", "bench.cpus=auto", "bench.task.classes="
                + RealTimeHogOnPacingCpuTask.class.getName() + "," + RealTimeHogOnWorkerCpuTask.class.getName());
        assertEquals(List.of(), processesWith("EPOCHREALTIME"), "no hog left running after the run");
        for (String variant : List.of("RealTimeHogOnPacingCpuTask", "RealTimeHogOnWorkerCpuTask")) {
            JsonObject hogResult = result("hog", variant);
            TailPart hog = tail(hogResult, variant);
            System.out.println(variant + " tail: " + hog.toJson());
            assertTrue(hog.aboveThreshold.platform >= 1, "some of the worst samples kept are the hog's: "
                    + hog.toJson());
            if (busy(hogResult)) {
                // a neighbour's stalls land anywhere: on a busy machine the shares are printed, not asserted (issue
                // 49: a busy machine does not fail the build); a quiet one asserts them below
                System.out.println("busy machine: the shares beyond p99.9 are not asserted: platform "
                        + hog.shareBeyondP99_9(Cause.PLATFORM) + ", code " + hog.beyondP99_9.code + " of "
                        + hog.beyondP99_9.attributed + ", worst " + hog.worst.get(Cause.PLATFORM.label()).stop);
                continue;
            }
            if (variant.equals("RealTimeHogOnWorkerCpuTask")) {
                // the worker's waits are seen (issue 46): on a quiet 2-vCPU VM four runs read beyond p99.9 20 of 20
                // platform, 13 platform and 7 gc, and twice 20 of 20 gc with platform the second large share (14 and
                // 20): the hog on the worker's CPU also crowds the JVM's other threads onto the pacing thread's CPU
                // and stretches the G1 pauses it holds up. Never code: that is the ground truth.
                long code = hog.beyondP99_9.code;
                long platform = hog.beyondP99_9.platform + hog.beyondP99_9.sharedBy(Cause.PLATFORM);
                System.out.println("the worker hog beyond p99.9: " + platform + " platform (alone or shared), " + code
                        + " code, of " + hog.beyondP99_9.attributed);
                assertTrue(hog.beyondP99_9.attributed >= TailPart.SHARES_FROM, "enough samples attributed: "
                        + hog.toJson());
                assertTrue(code <= 0.1 * hog.beyondP99_9.attributed, "the worker's stalls are not the task's code: "
                        + hog.toJson());
                continue;
            }
            String thread = "jmh-worker";
            assertTrue(hog.worst.get(Cause.PLATFORM.label()).stop.startsWith("run queue of"),
                    "seen in the measuring thread's own wait: " + hog.toJson());
            assertTrue(hog.worst.get(Cause.PLATFORM.label()).stop.contains(thread), "the " + thread + "'s wait: "
                    + hog.toJson());
            assertTrue(hog.beyondP99_9.attributed >= TailPart.SHARES_FROM, "enough samples attributed: "
                    + hog.toJson());
            // the platform's, never the code's: a hog on the pacing CPU also stretches the G1 pause it holds up (seen
            // on a quiet VM: 20 of 20 gc, each with the platform's waits over a third of it; in a clean-clone verify:
            // 7 platform and 13 gc of 20), so the platform's share is printed and the code's is asserted
            long platform = hog.beyondP99_9.platform + hog.beyondP99_9.sharedBy(Cause.PLATFORM);
            System.out.println("the pacing hog beyond p99.9: " + platform + " platform (alone or shared), "
                    + hog.beyondP99_9.code + " code, of " + hog.beyondP99_9.attributed);
            assertTrue(hog.beyondP99_9.code <= 0.1 * hog.beyondP99_9.attributed, "the pacing thread's stalls are not"
                    + " the task's code: " + hog.toJson());
        }
    }
}
