package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.launch.OwnerLock;
import dev.latencybench.runner.jvm.Collector;
import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmDiscovery;
import dev.latencybench.runner.jvm.JvmInfo;
import dev.latencybench.runner.jvm.JvmProber;
import dev.latencybench.runner.matrix.MatrixManifest;
import dev.latencybench.runner.matrix.ResumeCheck;
import dev.latencybench.launch.RunManifest;
import dev.latencybench.runner.matrix.RunRequest;

/** The commands' answers to bad input: exit status 2, a message naming what was wrong, nothing started. */
class MainTest {
    private static final String NL = System.lineSeparator();
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;
    private FakeJdk old;

    @BeforeEach
    void setUp() throws IOException {
        old = FakeJdk.create(tmp.resolve("jvm/old-11"), 11, "Eclipse Adoptium", "11.0.99", List.of());
        Path ownJava = Path.of(System.getProperty("java.home"), "bin", "java");
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")),
                Path.of(System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp), ownJava,
                Files.createDirectories(tmp.resolve("machine-tmp")));
    }

    private int run(String... args) {
        return Main.run(ctx, args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void underMavenAFailureEndsAsOneLineWithoutAStackTrace() {
        // exec:java logs what ends the main thread with its stack trace; System.exit would be 11 frames
        System.setProperty(Main.UNDER_MAVEN, "true");
        try {
            Main.ExitStatus e = org.junit.jupiter.api.Assertions.assertThrows(Main.ExitStatus.class,
                    () -> Main.main(new String[] {"no-such-command"}));
            ByteArrayOutputStream trace = new ByteArrayOutputStream();
            e.printStackTrace(new PrintStream(trace, true, StandardCharsets.UTF_8));
            assertEquals("latency-bench: exit status 2 (bad input, see above; nothing was started)\n",
                    trace.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
        } finally {
            System.clearProperty(Main.UNDER_MAVEN);
        }
    }

    @Test
    void versionPrintsTheSuitesVersionAndCommit() {
        assertEquals(0, run("--version"));
        assertTrue(out().matches("latency-bench \\S+ \\(commit ([0-9a-f]{40}(\\+dirty)?|unknown)\\)\\s*"), out());
        assertEquals(0, run("--help"));
        assertTrue(out().contains("--version prints the suite's version and commit"), out());
    }

    @Test
    void forksWarmupAndDurationAreOptionsOfRunAsWellAsProperties() {
        assertEquals(0, run("run", "--scenarios", "queue", "--forks", "3", "--warmup", "2s", "--duration", "5s",
                "--dry-run", "--results", tmp.toString()));
        assertTrue(out().contains("bench.forks=3") && out().contains("bench.warmup=2s")
                && out().contains("bench.duration=5s"), out());
        // three variants x three forks x (2 s + 5 s + 2 s to start a fork), and the launcher's 3 s
        assertTrue(out().matches("(?s).*queue/\\S+ +at most 84 s.*"), out());
        assertTrue(out().contains("  time: at most about 84 s for the cells to run"), out());
        assertEquals(2, run("run", "--forks", "3", "-Dbench.forks=2", "--dry-run", "--results", tmp.toString()));
        assertTrue(err().contains("--forks and -Dbench.forks say the same; give one of them"), err());
        assertEquals(2, run("run", "--scale", "tiny", "--dry-run", "--results", tmp.toString()));
        assertTrue(err().contains("latency-bench: bench run: --scale 'tiny': expected one of smoke, standard, paper"),
                err());
    }

    /** The output with every run of white space (a line wrapped by the help's width) as one space. */
    private String words() {
        return out().replaceAll("\\s+", " ");
    }

    @Test
    void helpOfEveryCommandIsGeneratedAndListsTheChoicesFromTheCodeThatChecksThem() {
        assertEquals(0, run("run", "--help"));
        String scenarios = String.join(", ", Scenarios.discover().names());
        assertTrue(out().startsWith("run scenarios x JVMs x collectors, then write the report" + NL + NL
                + "Usage: bench run [options] [-Dbench.NAME=VALUE ...]" + NL + NL + "Runs every scenario on every JVM"
                + " with every collector asked for (one cell each)"), out());
        assertTrue(words().contains(" --scenarios=SCENARIOS scenarios to run, comma-separated or repeated: " + scenarios
                + ", all (default: all) "), out());
        assertTrue(words().contains(" --gcs=GCS collectors, comma-separated or repeated: " + Collector.ids()
                + " (default: default, the JVM's own choice) "), out());
        assertTrue(words().contains(" --scale=SCALE smoke, standard, paper: seconds, minutes (the default) or the"
                + " published durations; -Dbench.scale "), out());
        for (String option : List.of("--forks=N", "--warmup=TIME", "--duration=TIME", "--refresh-jvms", "--dry-run",
                "--resume=RUN_DIR", "--verbose")) {
            assertTrue(out().contains(NL + "      " + option + " "), option + " in\n" + out());
        }
        assertTrue(words().contains(" -Dbench.NAME=VALUE (repeatable) is a property of every cell"), out());
        assertFalse(out().contains("--classpath") || out().contains("--default-results"), "internal options:\n" + out());
        out.reset();
        assertEquals(0, run("jvms", "--help"));
        assertTrue(out().startsWith("the JVMs found here and what each supports" + NL + NL
                + "Usage: bench jvms [-hV] [--refresh-jvms] [--jvm=NAME=PATH]..." + NL), out());
        assertFalse(out().contains("--refresh "), "the old name is taken but not shown:\n" + out());
        out.reset();
        assertEquals(0, run("compare", "--help"));
        assertTrue(out().contains(NL + "Usage: bench compare [-hV] [--gate-anyway] [--max-regression=PERCENT]"
                + " [--output=FILE] BASE_RUN CANDIDATE_RUN" + NL), out());
        assertTrue(words().contains("gate on cells with one fork on a side"), out());
        assertTrue(words().contains("how much slower a percentile may get (default: 10%)"), out());
        out.reset();
        assertEquals(0, run("report", "--help"));
        assertTrue(out().contains(NL + "Usage: bench report [-hV] [--anyway] RUN_DIR" + NL), out());
        out.reset();
        assertEquals(0, run("check-host", "--help"));
        assertTrue(out().contains(NL + "Usage: bench check-host [-hV] [--strict]" + NL), out());
        out.reset();
        assertEquals(0, run("help", "run"));
        assertTrue(out().contains(NL + "Usage: bench run [options]"), out());
        out.reset();
        assertEquals(2, run());
        assertTrue(out().startsWith("latency-bench: which JVM and collector give the lowest, steadiest latency on this"
                + " machine" + NL + NL + "Usage: scripts/bench COMMAND [options]"), out());
        assertTrue(out().contains(NL + "Commands:" + NL + "  run         run scenarios x JVMs x collectors, then write"
                + " the report" + NL), out());
        for (String command : List.of("jvms", "check-host", "compare", "completion", "history", "report", "help")) {
            assertTrue(out().contains(NL + "  " + command + " "), command + " in\n" + out());
        }
    }

    @Test
    void everyCommandHasTheVersionAndJvmsTakesTheOldNameOfRefresh() {
        String line = dev.latencybench.launch.SuiteCommit.versionLine() + NL;
        for (String command : List.of("run", "jvms", "report", "compare", "history", "check-host", "completion")) {
            out.reset();
            assertEquals(0, run(command, "--version"), command);
            assertEquals(line, out(), command);
        }
        out.reset();
        assertEquals(0, run("version"));
        assertEquals(line, out());
        assertEquals(0, run("jvms", "--refresh"));
        assertEquals(0, run("jvms", "--refresh-jvms"));
    }

    @Test
    void completionPrintsABashScriptWithTheChoices() {
        assertEquals(0, run("completion"));
        assertTrue(out().contains("complete -F _complete_bench"), out().substring(0, 400));
        assertTrue(out().contains("--refresh-jvms"), "run's options");
        // each option's candidates, under a label of its own (two options of one label would share one list)
        assertTrue(out().contains("=(\"" + String.join("\" \"", Scenarios.discover().names()) + "\" \"all\") #"
                + " --scenarios values"), "the scenarios");
        assertTrue(out().contains("=(\"smoke\" \"standard\" \"paper\") # --scale values"), "the scales");
        assertTrue(out().contains("=(\"" + Collector.ids().replace(", ", "\" \"") + "\") # --gcs values"),
                "the collectors");
    }

    @Test
    void jmhsForkFlagOnRunIsRefusedNamingTheRunsOwnOptions() {
        assertEquals(2, run("run", "-f", "3"));
        assertTrue(err().startsWith("latency-bench: bench run: unknown option '-f'; the options are --scenarios, --jvms,"
                + " --jvm, --gcs, --gc-args, --jvm-args, --scale, --forks, --warmup, --duration, "), err());
        assertEquals("", out(), "nothing started");
    }

    @Test
    void aPropertyThatIsNotTheSuitesIsRefused() {
        assertEquals(2, run("run", "-Dfoo=1", "--dry-run"));
        assertEquals("latency-bench: bench run: '-Dfoo=1': expected -Dbench.NAME=VALUE" + NL, err());
        err.reset();
        assertEquals(2, run("run", "-Dbench.rate", "--dry-run"));
        assertEquals("latency-bench: bench run: '-Dbench.rate': expected -Dbench.NAME=VALUE" + NL, err());
    }

    @Test
    void aListOptionAddsUpItsRepeatsAndAnOptionOfOneValueGivenTwiceIsRefused() {
        String results = tmp.resolve("results").toString();
        assertEquals(0, run("run", "--dry-run", "--scenarios", "queue", "--jvms", "temurin-11", "--gcs", "g1", "--gcs",
                "serial,parallel", "--results", results));
        assertTrue(out().startsWith("latency-bench matrix: 3 cell(s)"), out());
        for (String gc : List.of("g1", "serial", "parallel")) {
            assertTrue(out().contains("queue/temurin-11.0.99__" + gc + " "), out());
        }
        String[][] refused = {
            {"--scale", "smoke", "--scale", "standard"},
            {"--forks", "1", "--forks", "3"},
            {"--results", results, "--results", tmp.toString()},
        };
        for (String[] twice : refused) {
            err.reset();
            List<String> args = new java.util.ArrayList<>(List.of("run", "--dry-run", "--jvms", "temurin-11"));
            args.addAll(List.of(twice));
            assertEquals(2, run(args.toArray(new String[0])), twice[0]);
            assertTrue(err().startsWith("latency-bench: bench run: " + twice[0] + " is given more than once; it takes"
                    + " one value ("), err());
        }
        err.reset();
        assertEquals(2, run("run", "--dry-run", "--dry-run", "--jvms", "temurin-11"));
        assertTrue(err().startsWith("latency-bench: bench run: --dry-run is given more than once; give it once"), err());
        err.reset();
        assertEquals(2, run("run", "--dry-run", "--jvms", "temurin-11", "-Dbench.rate=1K", "-Dbench.rate=2K"));
        assertEquals("latency-bench: bench run: -Dbench.rate is given twice ('1K', then '2K'); give each property once"
                + NL, err());
        err.reset();
        assertEquals(2, run("run", "--dry-run", "--jvms", "temurin-11", "--gcs", "g1", "-Dbench.gcs=zgc"));
        assertEquals("latency-bench: bench run: --gcs and -Dbench.gcs say the same; give one of them" + NL, err());
        assertFalse(Files.exists(tmp.resolve("results")), "nothing was started or written");
    }

    @Test
    void anUnreachableClusterOfAnyCellIsRefusedBeforeTheFirstCellStarts() {
        // the queue cell comes first in the matrix: the chain cell's cluster is asked before it runs
        Path results = tmp.resolve("results");
        long t0 = System.nanoTime();
        assertEquals(2, run("run", "--scenarios", "queue,chain", "--jvms", "temurin-11", "--scale", "smoke",
                "-Dbench.kafka.bootstrap=127.0.0.1:1", "--results", results.toString()));
        assertTrue(err().startsWith("latency-bench: bench run: no Kafka cluster answers at 127.0.0.1:1"
                + " (bench.kafka.bootstrap)"), err());
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "within seconds");
        assertEquals("", out(), "no matrix printed, no cell started");
        assertFalse(Files.exists(results), "nothing written");
    }

    @Test
    void aPathThatCannotBeNamedIsBadInputNotAStackTrace() {
        // a NUL here; under LC_ALL=C a non-ASCII name fails the same way, and the message then names the locale
        assertEquals(2, run("run", "--dry-run", "--jvms", "temurin-11", "--results", tmp + "/a\u0000b"));
        assertTrue(err().startsWith("latency-bench: bench run: the path '" + tmp + "/a\u0000b' cannot be used here: Nul"
                + " character not allowed"), err());
    }

    @Test
    void anUnknownJvmNameListsTheKnownOnes() {
        assertEquals(2, run("run", "--jvms", "zulu-8", "--results", tmp.toString()));
        assertTrue(err().contains("JVM 'zulu-8' is not installed or not found; known JVMs: "), err());
        assertTrue(err().contains("temurin-11.0.99"), err());
        assertFalse(Files.exists(tmp.resolve("logs")));
    }

    @Test
    void aPathThatIsNotAJvmIsNamed() throws IOException {
        Path notJvm = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(2, run("run", "--jvm", "mine=" + notJvm));
        assertTrue(err().contains("--jvm 'mine=" + notJvm + "': no executable bin/java in " + notJvm), err());

        FakeJdk broken = FakeJdk.create(tmp.resolve("broken"), 17, "X", "17", List.of("-XshowSettings:properties"));
        assertEquals(2, run("run", "--jvm", "b=" + broken.home));
        assertTrue(err().contains("--jvm b=" + broken.java() + ": it does not start as a JVM"), err());
    }

    @Test
    void anUnknownCollectorListsTheIds() {
        assertEquals(2, run("run", "--gcs", "g1,cms"));
        assertTrue(err().contains("--gcs: unknown collector 'cms'; expected one of default, g1, parallel"), err());
    }

    @Test
    void aMatrixWithNothingToRunIsAnError() {
        assertEquals(2, run("run", "--jvms", "temurin-11", "--gcs", "zgc-gen,shenandoah-gen", "--results",
                tmp.resolve("results").toString()));
        assertTrue(err().contains("every cell of this matrix is skipped"), err());
        assertTrue(out().contains("skip: generational ZGC needs JDK 21 or newer"), out());
        assertFalse(Files.exists(tmp.resolve("results")), "nothing was started or written");
    }

    @Test
    void badPropertiesOptionsAndCommandsAreNamed() {
        assertEquals(2, run("run", "-Dbench.rate=fast", "--jvms", "temurin-11"));
        assertTrue(err().contains("bench.rate"), err());
        assertEquals(2, run("run", "-Dbench.rat=5", "--jvms", "temurin-11"));
        assertTrue(err().contains("unknown property bench.rat=5"), err());
        assertEquals(2, run("run", "--scenarios", "nope"));
        assertTrue(err().contains("unknown scenario 'nope'; expected one of queue"), err());
        assertEquals(2, run("run", "--frobnicate"));
        assertTrue(err().contains("latency-bench: bench run: unknown option '--frobnicate'; the options are --scenarios,"
                + " --jvms, --jvm, --gcs, --gc-args, --jvm-args, --scale, --forks, --warmup, --duration, --results,"
                + " --run-id, --resume, --resume-anyway, --dry-run, --no-report, --refresh-jvms, --verbose, --task,"
                + " --task-jar, --help, --version; see bench run --help"), err());
        assertEquals(2, run("run", "--jvms"));
        assertTrue(err().contains("latency-bench: bench run: --jvms needs a value (JVMS); see bench run --help"), err());
        assertEquals(2, run("run", "-Dbench.jvm=/opt/x"));
        assertTrue(err().contains("-Dbench.jvm is set by the runner"), err());
        assertEquals(2, run("frobnicate"));
        assertTrue(err().contains("latency-bench: bench: unknown command 'frobnicate'; the commands are run, jvms,"
                + " bundle, check-host, new-task, compare, completion, history, report, help; see bench --help"), err());
        assertEquals(2, run("report"));
        assertEquals(2, run("report", tmp.resolve("none").toString()));
        assertTrue(err().contains("is not a folder"), err());
        assertEquals(2, run("compare", tmp.toString()));
        assertTrue(err().contains("latency-bench: bench compare: CANDIDATE_RUN is missing; see bench compare --help"),
                err());
        assertEquals(2, run("compare", tmp.toString(), tmp.toString(), "--max-regression", "lots"));
        assertTrue(err().contains("--max-regression 'lots'"), err());
    }

    @Test
    void aDryRunShowsEveryCellWithItsFlagsAndRunsNothing() {
        assertEquals(0, run("run", "--dry-run", "--jvms", "temurin-11", "--gcs", "g1,zgc,zgc-gen", "--jvm-args",
                "-Xmx1g", "--results", tmp.resolve("results").toString()));
        assertTrue(out().contains("queue/temurin-11.0.99__g1"), out());
        assertTrue(out().contains("-XX:+UseG1GC -XX:MaxGCPauseMillis=10 -XX:-UseBiasedLocking -Xmx1g"), out());
        assertTrue(out().contains("-XX:+UnlockExperimentalVMOptions -XX:+UseZGC -XX:-UseBiasedLocking -Xmx1g"), out());
        assertTrue(old.calls() > 0, "the fake JDK was probed");
        assertFalse(Files.exists(tmp.resolve("results")));
    }

    @Test
    void verboseChangesTheConsoleNotTheRun() throws IOException {
        assertEquals(0, run("run", "--dry-run", "--jvms", "temurin-11", "-Dbench.verbose=true", "--results",
                tmp.resolve("results").toString()));
        assertFalse(out().contains("properties:"), "not a property of the run:\n" + out());
        assertEquals(2, run("run", "--dry-run", "--jvms", "temurin-11", "-Dbench.verbose=yes"));
        assertTrue(err().contains("bench run: -Dbench.verbose=yes: expected true or false"), err());

        Path runDir = matrixRun("v1");
        RunRequest request = new RunRequest(runDir.getParent(), "v1", List.of("queue"), Map.of(), List.of(new Jvm(
                "temurin-11.0.99", old.java(), List.of(), new JvmProber(null, new GraalJit(tmp)).probe(old.java(),
                false), "test")), List.of(Collector.G1), Map.of(), List.of(), Map.of(), "scripts/bench run");
        List<String> verbose = CellCommandLine.of(request, request.cells().get(0), "cp", true);
        List<String> quiet = CellCommandLine.of(request, request.cells().get(0), "cp", false);
        assertTrue(verbose.contains("-Dbench.verbose=true"), verbose.toString());
        assertFalse(quiet.stream().anyMatch(a -> a.startsWith("-Dbench.verbose")), quiet.toString());
        assertTrue(quiet.contains("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")),
                "the launcher takes JMH's lock where the runner takes the machine's: " + quiet);
    }

    /**
     * Checking the properties only reads the studies' plans: a killed run's queue is left for the
     * launcher of a cell to remove (and say so) when it prepares the machine, once, before its first
     * step; a dry run removes nothing.
     */
    @Test
    void checkingThePropertiesLeavesAKilledRunsQueueForTheLauncher() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path queues = Files.createDirectories(tmp.resolve("shm"));
        Path stale = Files.createDirectories(queues.resolve("latency-bench-queue-" + gone.pid() + "-1"));
        Files.write(stale.resolve("20261123.cq4"), new byte[1024 * 1024]);
        assertEquals(0, run("run", "--dry-run", "--jvms", "temurin-11", "-Dbench.queue.dir=" + queues,
                "-Dbench.scale=smoke", "--results", tmp.resolve("results").toString()));
        assertFalse(err().contains("removed " + stale), err());
        assertTrue(Files.exists(stale), "a dry run removes nothing");
    }

    @Test
    void jvmsListsWhatEachJvmRuns() {
        assertEquals(0, run("jvms"));
        assertTrue(out().contains("temurin-11.0.99"), out());
        assertTrue(out().contains("no zgc-gen: generational ZGC needs JDK 21 or newer"), out());
        assertTrue(out().contains("temurin-11.0.99+graal: no: no GraalVM compiler release matches JDK 11"), out());
    }

    /** A run.json as a matrix run of one cell on the fake JDK writes it, and its folder. */
    private Path matrixRun(String runId) throws IOException {
        JvmInfo info = new JvmProber(null, new GraalJit(tmp)).probe(old.java(), false);
        RunRequest request = new RunRequest(tmp.resolve("results"), runId, List.of("queue"), Map.of(), List.of(new Jvm(
                "temurin-11.0.99", old.java(), List.of(), info, "test")), List.of(Collector.G1), Map.of(), List.of(),
                Map.of(), "scripts/bench run --jvms temurin-11.0.99 --gcs g1");
        Files.createDirectories(request.runDir());
        MatrixManifest.of(request, request.cells(), Map.of(), Instant.now().toString(), null).write(request.runDir());
        return request.runDir();
    }

    @Test
    void aRunMeasuredOnAnotherMachineIsNotResumedHereWithoutBeingToldTo() throws Exception {
        Path runDir = matrixRun("moved");
        Map<String, String> here = ResumeCheck.here();
        // a cell measured on a 16-CPU machine by a build that knew no commit (the committed device runs)
        JsonObject env = new JsonObject();
        JsonObject cpu = new JsonObject();
        cpu.addProperty("model", here.get("CPU"));
        cpu.addProperty("online", "0-15");
        env.add("cpu", cpu);
        JsonObject os = new JsonObject();
        os.addProperty("host", here.get("host"));
        os.addProperty("kernel", "6.18.44-other");
        env.add("os", os);
        env.addProperty("suiteCommit", "unknown");
        Path cell = Files.createDirectories(runDir.resolve("queue/chronicle/temurin-11.0.99__g1"));
        ResultFiles.writeJson(cell.resolve("env.json"), env);

        assertEquals(2, run("run", "--resume", runDir.toString()));
        assertEquals("latency-bench: bench run --resume " + runDir + ": its cells were measured on another machine or by"
                + " another commit of the suite (CPUs online: 0-15 in the run, " + here.get("CPUs online") + " here;"
                + " kernel: 6.18.44-other in the run, " + here.get("kernel") + " here; suite commit: unknown in the run, "
                + here.get("suite commit") + " here), and one report would rank both under one Environment; start a new"
                + " run here, or add --resume-anyway to finish it all the same (its report then says so)" + NL, err());
        assertFalse(Files.exists(runDir.resolve("logs")), "no cell started");

        err.reset();
        assertEquals(0, run("run", "--resume", runDir.toString(), "--resume-anyway", "--dry-run"));
        assertTrue(out().contains("queue/temurin-11.0.99__g1"), out());
        err.reset();
        assertEquals(2, run("run", "--resume-anyway", "--dry-run", "--jvms", "temurin-11"));
        assertEquals("latency-bench: bench run: --resume-anyway goes with --resume RUN_DIR; a new run has nothing to"
                + " resume" + NL, err());
    }

    @Test
    void aRunStillGoingIsNotResumedBySecondProcessWhichHearsItsPid() throws Exception {
        Path runDir = matrixRun("r1");
        Path lock = runDir.resolve("run.lock");
        Process owner = LockHolder.start(lock, false);
        try {
            assertEquals(Long.toString(owner.pid()), Files.readString(lock).trim(), "the owner wrote its pid");
            assertEquals(2, run("run", "--resume", runDir.toString()));
            assertTrue(err().contains("latency-bench: bench run --resume: the run " + runDir + " is still going in"
                    + " process " + owner.pid() + " ("), err());
            assertTrue(err().contains("one process at a time may work on a run folder: wait until it ends, or stop"
                    + " it (Ctrl-C keeps what it measured), then resume it\n"), err());
            assertFalse(Files.exists(runDir.resolve("logs")), "no cell started");
            assertFalse(out().contains("latency-bench matrix"), "refused before the plan:\n" + out());
        } finally {
            owner.destroyForcibly().waitFor();
        }
        try (OwnerLock free = OwnerLock.tryTake(lock)) {
            assertNotNull(free, "a killed owner leaves the lock free");
        }
    }

    @Test
    void aSecondRunOnThisMachineIsRefusedUpFrontNamingTheFirst() throws Exception {
        Path results = tmp.resolve("results");
        Process first = LockHolder.start(ctx.tmpDir.resolve("latency-bench-runner.lock"), false);
        try {
            assertEquals(2, run("run", "--jvms", "temurin-11", "--results", results.toString(), "--run-id", "second"));
            assertTrue(err().contains("latency-bench: bench run: another run is measuring on this machine: process "
                    + first.pid() + " ("), err());
            assertTrue(err().contains("; two runs at once would disturb each other's latencies: wait until it ends,"
                    + " or stop it (Ctrl-C keeps what it measured), then start this one\n"), err());
            assertFalse(Files.exists(results.resolve("second")), "nothing was created");
            assertFalse(out().contains("latency-bench matrix"), "refused before the plan:\n" + out());
        } finally {
            first.destroyForcibly().waitFor();
        }

        err.reset();
        Path jmhLock = ctx.tmpDir.resolve("jmh.lock");
        Process jmh = LockHolder.start(jmhLock, true); // as JMH holds it: no pid in the file
        try {
            assertEquals(2, run("run", "--jvms", "temurin-11", "--results", results.toString(), "--run-id", "second"));
            assertTrue(err().contains("latency-bench: bench run: a JMH benchmark is running on this machine: process "
                    + jmh.pid() + " ("), err());
            assertTrue(err().contains(") holds " + jmhLock + ", and JMH runs one benchmark at a time per machine;"
                    + " wait until it ends, or stop it, then start again\n"), err());
            assertFalse(err().toLowerCase(java.util.Locale.ROOT).contains("ignore"), err());
            assertFalse(Files.exists(results.resolve("second")), "nothing was created");
        } finally {
            jmh.destroyForcibly().waitFor();
        }
    }

    @Test
    void resumeRefusesAFolderTheRunnerDidNotMakeOrThatIsCutShort() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("runs/x"));
        Path runJson = dir.resolve("run.json");
        String prefix = "latency-bench: bench run --resume " + dir + ": ";
        String onlyMatrix = "; only a run that 'bench run' started can be resumed: start a new run\n";

        Files.writeString(runJson, "{}");
        assertEquals(2, run("run", "--resume", dir.toString()));
        assertEquals(prefix + "its run.json lacks scenarios, jvms, gcs, gcArgs, jvmArgs, properties, command, cells,"
                + " so 'bench run' did not write it" + onlyMatrix, err());

        err.reset();
        Files.writeString(runJson, "{\"study\": \"queue\", \"variants\": [\"chronicle\"], \"scale\": \"smoke\"}");
        assertEquals(2, run("run", "--resume", dir.toString()));
        assertEquals(prefix + "it is a run of the study jar (study 'queue'), not of 'bench run'" + onlyMatrix, err());

        err.reset();
        String whole = Files.readString(RunManifest.file(matrixRun("whole")));
        Files.writeString(runJson, whole.substring(0, whole.length() / 2));
        assertEquals(2, run("run", "--resume", dir.toString()));
        assertTrue(err().startsWith(prefix + runJson + " is cut short (it ends inside a value at line "), err());
        assertTrue(err().endsWith(")" + onlyMatrix), err());

        err.reset();
        Files.writeString(runJson, whole.replaceFirst("\"gcs\": \\[[^\\]]*\\]", "\"gcs\": 5"));
        assertEquals(2, run("run", "--resume", dir.toString()));
        assertEquals(prefix + runJson + " is damaged: member gcs is not a list (it is a number)" + onlyMatrix, err());

        err.reset();
        assertEquals(2, run("run", "--resume", tmp.resolve("runs/none").toString()));
        assertEquals("latency-bench: bench run --resume " + tmp.resolve("runs/none") + ": there is no run.json, so it"
                + " is not a run folder" + onlyMatrix, err());
        assertFalse(Files.exists(dir.resolve("logs")), "nothing ran");
        assertFalse(Files.exists(dir.resolve("run.lock")), "nothing was written");
    }

    @Test
    void aResultsFolderUnderAFileIsRefusedBeforeThePlan() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        Path results = file.resolve("results");
        assertEquals(2, run("run", "--jvms", "temurin-11", "--results", results.toString()));
        assertEquals("latency-bench: bench run: --results " + results + ": " + file + " is a file, so nothing can be"
                + " created under it; point --results at a folder this user may write in\n", err());
        assertFalse(out().contains("latency-bench matrix"), "refused before the plan:\n" + out());
    }

    @Test
    void aReadOnlyResultsFolderIsRefusedBeforeThePlan() throws IOException {
        Path readOnly = Files.createDirectories(tmp.resolve("read-only"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(readOnly), "this user (root) may write in a read-only folder; the path"
                    + " under a file covers the same check");
            assertEquals(2, run("run", "--jvms", "temurin-11", "--results", readOnly.resolve("results").toString()));
            assertTrue(err().contains(": " + readOnly + " is not writable; point --results at a folder"), err());
            assertFalse(out().contains("latency-bench matrix"), out());
        } finally {
            Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aJvmNamedLikeAFoundJvmIsRefusedInsteadOfRenamingIt() {
        FakeJdk mine = FakeJdk.create(tmp.resolve("mine-17"), 17, "Eclipse Adoptium", "17.0.99", List.of());
        assertEquals(2, run("run", "--dry-run", "--jvm", "temurin-11.0.99=" + mine.home));
        assertTrue(err().contains("latency-bench: bench run: --jvm temurin-11.0.99=" + mine.java() + ": 'temurin-11.0.99'"
                + " is already the name of " + old.java() + "; give " + mine.java() + " a name of its own"), err());
        assertFalse(out().contains("temurin-11.0.99-"), out());
    }
}
