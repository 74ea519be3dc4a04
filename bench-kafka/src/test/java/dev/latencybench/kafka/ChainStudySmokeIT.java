package dev.latencybench.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.StudyJar;
import dev.latencybench.core.testing.Sigint;
import dev.latencybench.core.testing.UnderLoad;

/**
 * Runs the chain study as a user does, through the shaded benchmark jar in its own JVM, at smoke
 * scale, for what README.md's smoke run cannot show (that run is this study's default, a capacity
 * search over kafka, chronicle and in-memory through the runner; bench-runner's ReadmeFirstScreenIT
 * checks that every step of it accounts for every message, that it prints its answer per transport and
 * that no broker or queue folder is left): a fixed count of one hop over each transport beside its loop
 * on the launcher's broker, with its warm-up; a broker killed in the middle of a search's step fails that
 * step with the reason and ends the search without an answer; SIGTERM during the broker's
 * warm-up, kill -9 of the launcher and Ctrl-C in the middle of a search leave no broker behind (the last
 * keeps the steps it finished); an unreachable cluster is bad input; and pointed at an existing cluster
 * with one property, the study starts nothing and leaves no topic there.
 *
 * <p>Its tests run side by side: each has its own folders, broker and {@code java.io.tmpdir} (so its launcher's JMH
 * lock), and checks mechanics under an SLO a busy machine keeps.
 */
@Execution(ExecutionMode.CONCURRENT)
class ChainStudySmokeIT {
    /**
     * The launcher's broker warms up 5 s here, not the study's 30 s or more: this class checks the mechanics
     * (the warm-up ran, was recorded and served every kafka step), not this machine's latency (the SLO of its
     * kafka runs is 10 s). The one test that checks the warm-up itself uses this.
     */
    private static final String SHORT_WARMUP = ChainConfig.BROKER_WARMUP + "=5s";
    /** The broker's warm-up for the tests of faults, searches and loops, which check what happens after it. */
    private static final String NO_REAL_WARMUP = ChainConfig.BROKER_WARMUP + "=1s";
    /**
     * A step's own warm-up where the SLO is 10 s: the smoke scale's 3 s lets a new JVM's clients compile
     * before they are measured, which only the latency needs.
     */
    private static final String STEP_WARMUP = "bench.warmup=1s";

    @TempDir
    Path tmp;
    private Path queueDir;

    @BeforeEach
    void queueDir() throws IOException {
        queueDir = Files.createDirectories(tmp.resolve("shm"));
    }

    private String run(int[] exit, String... properties) throws Exception {
        Process p = start(properties);
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        exit[0] = p.exitValue();
        return output.get(10, TimeUnit.SECONDS);
    }

    private JsonObject result(String runId, String step) throws IOException {
        Path variant = tmp.resolve("results").resolve(runId).resolve("chain").resolve(step);
        try (Stream<Path> cells = Files.list(variant)) {
            List<Path> dirs = cells.filter(Files::isDirectory).collect(Collectors.toList());
            assertEquals(1, dirs.size(), "one JVM x GC cell: " + dirs);
            return ResultFiles.readJson(dirs.get(0).resolve("result.json"));
        }
    }

    private JsonObject schedule(String runId) throws IOException {
        try (Stream<Path> f = Files.list(tmp.resolve("results").resolve(runId).resolve("chain"))) {
            return ResultFiles.readJson(f.filter(x -> x.toString().endsWith(".schedule.json")).findFirst().orElseThrow());
        }
    }

    private void assertQueueFolderEmpty() throws IOException {
        try (Stream<Path> left = Files.list(queueDir)) {
            assertEquals(List.of(), left.collect(Collectors.toList()));
        }
    }

    /** Starts the study jar with these properties, its output read line by line by the test. */
    private Process start(String... properties) throws IOException {
        Process p = new StudyJar(tmp.resolve("results"), "bench.queue.dir=" + queueDir, "bench.scale=smoke")
                .command(properties).start();
        p.getOutputStream().close();
        return p;
    }

    /**
     * One chain of one service over a broker of its own in {@code brokers}, measured for {@code duration}
     * with progress lines every 500 ms, and an SLO this machine keeps: the faults are checked here.
     */
    private Process startKafka(String runId, Path brokers, String duration, String chains, String... more)
            throws IOException {
        List<String> p = new ArrayList<>(List.of("bench.run.id=" + runId, "bench.transports=kafka", chains,
                "bench.chain.services=1", "bench.kafka.broker.folder=" + brokers, "bench.kafka.broker.heap=256m",
                "bench.warmup=500ms", "bench.duration=" + duration, "bench.progress=500ms",
                "bench.chain.slo=p99.9<10s", NO_REAL_WARMUP));
        p.addAll(List.of(more));
        return start(p.toArray(new String[0]));
    }

    /**
     * For the tests that kill the broker: a source's send waits at most 2 s for a broker that is gone (the
     * study's 10 s, its clients' max.block.ms, is how long the step goes on after the kill, which the tests
     * do not check; the consumers see the broker's exit within a second either way).
     */
    private static final String SHORT_SEND_BLOCK = "bench.kafka.producer.max.block.ms=2000";

    /** Sends a signal with kill(1): Process.destroy would also close the streams the test reads. */
    private static void signal(Process p, String name) {
        try {
            new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).inheritIO().start().waitFor();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads the output to its end, calling {@code onLine} with each line and what was seen so far. */
    private static String readAll(Process p, java.util.function.BiConsumer<String, StringBuilder> onLine)
            throws IOException {
        StringBuilder seen = new StringBuilder();
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                seen.append(line).append('\n');
                onLine.accept(line, seen);
            }
        }
        return seen.toString();
    }

    /** The broker processes started with a folder under {@code brokers} (not the JVMs told of the folder). */
    private static List<ProcessHandle> brokersUnder(Path brokers) {
        return ProcessHandle.allProcesses()
                .filter(h -> {
                    String c = h.info().commandLine().orElse("");
                    return c.contains("BrokerMain") && c.contains(brokers.toString());
                })
                .collect(Collectors.toList());
    }

    private static void assertNothingLeftUnder(Path brokers) throws IOException {
        assertEquals(List.of(), brokersUnder(brokers).stream().map(h -> h.info().commandLine().orElse(""))
                .collect(Collectors.toList()), "no broker process left");
        try (Stream<Path> f = Files.list(brokers)) {
            assertEquals(List.of(), f.collect(Collectors.toList()), "no lb-kafka-* folder left");
        }
    }

    @Test
    void yourOwnClusterIsOnePropertyAwayAndKeepsNothingOfTheRun() throws Exception {
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        BrokerSettings theirs = BrokerSettings.defaults()
                .withJars(Paths.get(System.getProperty(BrokerSettings.JARS, "target/kafka-broker")))
                .withFolderParent(Files.createDirectories(tmp.resolve("their-cluster"))).withHeap("256m");
        try (KafkaBroker cluster = KafkaBroker.start(theirs)) {
            int[] exit = new int[1];
            String output = run(exit, "bench.run.id=external", "bench.transports=kafka", "bench.chain.instances=1",
                    "bench.chain.services=1", "bench.kafka.bootstrap=" + cluster.bootstrapServers(),
                    "bench.kafka.broker.folder=" + brokers, STEP_WARMUP, "bench.chain.slo=p99.9<10s");
            UnderLoad.assertExitZero(exit[0], output, tmp.resolve("results"));
            assertTrue(output.contains("the cluster at " + cluster.bootstrapServers()), output);
            JsonObject r = result("external", "kafka");
            UnderLoad.assertOk(r, "kafka on an external cluster");
            assertEquals(r.get("sent").getAsLong(), r.get("received").getAsLong());
            try (Stream<Path> f = Files.walk(tmp.resolve("results"))) {
                for (Path fork : f.filter(x -> x.getFileName().toString().equals("fork.json"))
                        .collect(Collectors.toList())) {
                    assertEquals("external", ResultFiles.readJson(fork).getAsJsonObject("kafka")
                            .getAsJsonObject("cluster").get("kind").getAsString());
                }
            }
            assertNothingLeftUnder(brokers); // the study started no broker of its own
            try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(
                    java.util.Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
                assertEquals(java.util.Set.of(), admin.listTopics().names().get(10, TimeUnit.SECONDS),
                        "the run's topics were deleted from the cluster");
            }
        }
    }

    /**
     * The search's one broker killed in the middle of its first step: the step fails with the reason and
     * keeps what it measured, the search stops there without an answer (not "none"), the run ends with exit
     * status 1, and no broker, broker folder or queue file is left. (A fixed count's step is the same step:
     * one test of the two paths saves a broker's start and a step.)
     */
    @Test
    void theSearchsBrokerKilledInAStepEndsTheSearchWithNoAnswerAndTheReason() throws Exception {
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        Process p = startKafka("search-killed", brokers, "5s", "bench.chain.limit=8", SHORT_SEND_BLOCK);
        List<Long> killed = new ArrayList<>();
        String output = readAll(p, (line, seen) -> {
            if (killed.isEmpty() && line.contains("[chain/kafka-instances-1] measure")) {
                for (ProcessHandle h : brokersUnder(brokers)) {
                    killed.add(h.pid());
                    h.destroyForcibly();
                }
            }
        });
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(1, killed.size(), "the search's one broker was killed: " + output);
        assertEquals(1, p.exitValue(), output);
        JsonObject decision = schedule("search-killed").getAsJsonObject("decision");
        assertEquals("FAILED", decision.get("kind").getAsString(), decision.toString());
        assertEquals("no answer: the step of 1 chain failed", decision.get("answer").getAsString());
        String why = decision.get("why").getAsString();
        assertTrue(why.startsWith("kafka-instances-1 (1 chain) failed for a reason that is not a capacity bound, so"
                + " the search stopped there: FAILED: "), why);
        assertTrue(why.contains("Kafka broker (pid " + killed.get(0) + ")") && why.contains("exited with status 137"),
                "the broker and its exit are named: " + why);
        assertTrue(!output.contains("kafka-instances-2"), "no step after the failed one: " + output);
        assertTrue(output.contains("answer: no answer: the step of 1 chain failed"), output);
        // the cause first (the broker's exit, as the launcher saw it), then the stages' view of it; its log is kept
        // in the step's cell folder, where the reason points (the broker's own folder is deleted)
        JsonObject step = result("search-killed", "kafka-instances-1");
        String first = step.getAsJsonArray("reasons").get(0).getAsString();
        Path cellDir = tmp.resolve("results/search-killed/chain/kafka-instances-1").resolve(step.get("cell")
                .getAsString());
        assertTrue(first.startsWith("the Kafka broker (pid " + killed.get(0) + ") exited with status 137 (signal 9)"
                + " while the study was using it; last lines of " + cellDir.resolve("broker.log") + ":"), first);
        assertTrue(Files.isRegularFile(cellDir.resolve("broker.log")), "the broker's log is kept: " + cellDir);
        assertEquals("FAILED", step.get("status").getAsString(), step.toString());
        String reasons = step.get("reasons").toString();
        assertTrue(reasons.contains("Kafka stopped serving"), "the stages' view of it too: " + reasons);
        assertTrue(step.get("sent").getAsLong() > 0, "what was measured is kept: " + step);
        assertNothingLeftUnder(brokers);
        assertQueueFolderEmpty();
    }

    /**
     * One hop of each transport beside its yardstick, the plainest loop over the same topic kind
     * ({@code kafka-loop}, {@code chronicle-loop}): every message arrives through both, the loops share the
     * Kafka steps' broker, and each result names its transport's yardstick for the report. The broker is the
     * launcher's (jars found beside the study jar), warmed up for the 5 s {@link #SHORT_WARMUP} asks and
     * described in the schedule; its CPU use is measured apart; it is gone afterwards, process and folder.
     * (Chains with services over Kafka run in the search tests below; chains of five services over every
     * transport in README.md's smoke run, checked in bench-runner's ReadmeFirstScreenIT.)
     */
    @Test
    void oneHopOfEachTransportRunsBesideItsLoopOnTheLaunchersBroker() throws Exception {
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        int[] exit = new int[1];
        String output = run(exit, "bench.run.id=loops", "bench.chain.services=0", "bench.chain.instances=1",
                "bench.transports=kafka,kafka-loop,chronicle,chronicle-loop", "bench.kafka.broker.folder=" + brokers,
                "bench.kafka.broker.heap=256m", SHORT_WARMUP, STEP_WARMUP, "bench.chain.slo=p99.9<10s");
        System.out.println(output);
        UnderLoad.assertExitZero(exit[0], output, tmp.resolve("results"));
        for (String v : List.of("kafka", "kafka-loop", "chronicle", "chronicle-loop")) {
            JsonObject r = result("loops", v);
            UnderLoad.assertOk(r, v);
            assertEquals(2_000, r.get("sent").getAsLong(), "smoke: 1 chain, 2 s at 1,000 msg/s: " + v);
            assertEquals(2_000, r.get("received").getAsLong(), v);
            assertEquals(0, r.get("lost").getAsLong(), v);
            assertEquals(0, r.get("wrongCounter").getAsLong(), v);
            for (String m : List.of("latency", "service", "hop-1")) {
                assertEquals(2_000, r.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), v + m);
            }
            assertEquals("kafka-loop", r.getAsJsonObject("roles").get("yardstick.kafka").getAsString());
            assertEquals("chronicle-loop", r.getAsJsonObject("roles").get("yardstick.chronicle").getAsString());
        }
        for (String v : List.of("kafka", "kafka-loop")) {
            List<Path> forks;
            try (Stream<Path> f = Files.walk(tmp.resolve("results").resolve("loops").resolve("chain").resolve(v))) {
                forks = f.filter(x -> x.getFileName().toString().equals("fork.json")).collect(Collectors.toList());
            }
            assertEquals(1, forks.size(), v + ": " + forks);
            JsonObject k = ResultFiles.readJson(forks.get(0)).getAsJsonObject("kafka");
            assertEquals("search", k.getAsJsonObject("cluster").get("kind").getAsString(),
                    v + " used the launcher's broker: " + k);
        }
        JsonObject shared = schedule("loops").getAsJsonObject("shared").getAsJsonObject("kafka");
        assertTrue(shared.has("startMs"), "the broker is described: " + shared);
        assertEquals(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                shared.get("java").getAsString(), "the broker runs on the launcher's java");
        JsonObject warmup = shared.getAsJsonObject("warmup");
        assertTrue(warmup.get("messages").getAsLong() > 0 && warmup.getAsJsonArray("p99PerSecondNs").size() >= 5,
                "warmed up for at least 5 s before the step: " + warmup);
        assertTrue(warmup.get("durationMs").getAsLong() >= 5_000 && warmup.get("durationMs").getAsLong() < 30_000
                && warmup.get("rule").getAsString().endsWith("at most 5 s"), "5 s, as " + SHORT_WARMUP + " says: "
                + warmup);
        assertTrue(output.contains("kafka: one broker for every step, at 127.0.0.1:"), output);
        assertTrue(!output.contains("ProducerConfig values"), "Kafka's clients print no configs: " + output);
        double brokerCores = result("loops", "kafka").getAsJsonArray("machineLoad").get(0).getAsJsonObject()
                .get("childProcessesCores").getAsDouble();
        assertTrue(brokerCores > 0 && brokerCores < Runtime.getRuntime().availableProcessors() + 0.5,
                "the broker's CPU use is measured apart: " + brokerCores);
        ChainResult.Cpu kafkaCpu = ChainResult.PART.read(result("loops", "kafka")).cpu;
        assertEquals(brokerCores, kafkaCpu.brokerCores, 1e-9, "the step's typed CPU names the broker's");
        assertEquals(1, kafkaCpu.chains);
        assertEquals(kafkaCpu.benchmarkJvmCores + brokerCores, kafkaCpu.coresPerChain, 1e-9, "one chain: all of it");
        ChainResult.Cpu chronicleCpu = ChainResult.PART.read(result("loops", "chronicle")).cpu;
        assertTrue(chronicleCpu.brokerCores == null && chronicleCpu.benchmarkJvmCores > 0, "no broker: " + chronicleCpu);
        assertNothingLeftUnder(brokers);
        assertQueueFolderEmpty();
    }

    /** A cluster address nobody answers at is bad input: exit status 2 within seconds, naming it, nothing run. */
    @Test
    void anUnreachableClusterIsBadInputBeforeAnythingStarts() throws Exception {
        long t0 = System.nanoTime();
        int[] exit = new int[1];
        String output = run(exit, "bench.run.id=nobody", "bench.kafka.bootstrap=127.0.0.1:1");
        assertEquals(2, exit[0], output);
        assertTrue(output.contains("latency-bench: no Kafka cluster answers at 127.0.0.1:1 (bench.kafka.bootstrap)"),
                output);
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "within seconds");
        assertTrue(!Files.exists(tmp.resolve("results").resolve("nobody")), "nothing was run");
    }

    /** SIGTERM while the launcher warms up the search's broker: the broker is stopped and its folder removed. */
    @Test
    void sigtermWhileTheBrokerWarmsUpStopsItAndRemovesItsFolder() throws Exception {
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        Process p = startKafka("terminated", brokers, "2s", "bench.chain.limit=8");
        List<Long> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<Void> terminate = CompletableFuture.runAsync(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (seen.isEmpty() && System.nanoTime() < deadline) { // the warm-up prints nothing: look for the broker
                brokersUnder(brokers).forEach(h -> seen.add(h.pid()));
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
            try {
                Thread.sleep(2_000); // answering and warming up
            } catch (InterruptedException e) {
                return;
            }
            signal(p, "TERM");
        });
        String output = readAll(p, (line, all) -> { });
        terminate.get(10, TimeUnit.SECONDS);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), output);
        assertTrue(!seen.isEmpty(), "a broker was running: " + output);
        assertTrue(!output.contains("[chain/kafka-instances-1] measure"), "stopped before the first step: " + output);
        assertNothingLeftUnder(brokers);
    }

    /**
     * The launcher killed outright (kill -9): its broker sees its owner gone and stops within seconds, and
     * the folder it left is removed by the next run's clean-up.
     */
    @Test
    void aLauncherKilledOutrightTakesItsBrokerWithItAndTheNextRunRemovesTheFolder() throws Exception {
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        Process p = startKafka("sigkilled", brokers, "30s", "bench.chain.limit=8");
        List<ProcessHandle> broker = new ArrayList<>();
        String output = readAll(p, (line, all) -> {
            if (broker.isEmpty() && line.contains("[chain/kafka-instances-1] measure")) {
                broker.addAll(brokersUnder(brokers));
                signal(p, "KILL"); // no hook runs
            }
        });
        assertEquals(1, broker.size(), output);
        broker.get(0).onExit().get(20, TimeUnit.SECONDS);
        List<String> removed = StaleBrokerFolders.remove(brokers);
        assertEquals(1, removed.size(), "the folder the kill left: " + removed);
        assertNothingLeftUnder(brokers);
    }

    @Test
    void ctrlCInTheMiddleOfASearchKeepsTheFinishedStepsAndStopsTheBroker() throws Exception {
        Sigint.assertHeard();
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        // p99 of a 2 s step's 2,000 messages has 20 beyond it, and a bound of 10 s no broker misses, warm or not:
        // the first step passes and the search goes on to the second, where the test stops it
        // (a p99.9 would have 2 beyond it, too few to judge, and the search would stop at the first step)
        Process p = startKafka("stopped", brokers, "2s", "bench.chain.limit=8", ChainConfig.SLO + "=p99<10s");
        boolean[] sent = {false};
        String output = readAll(p, (line, seen) -> {
            if (!sent[0] && line.contains("[chain/kafka-instances-2] measure")) {
                sent[0] = true;
                try { // SIGINT, as Ctrl-C sends to the launcher
                    new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), output);
        assertTrue(sent[0], "the second step was reached: " + output);
        assertEquals(128 + 2, p.exitValue(), "ended by SIGINT:\n" + output);
        UnderLoad.assertOk(result("stopped", "kafka-instances-1"), "the first step before the signal");
        JsonObject second = result("stopped", "kafka-instances-2");
        assertEquals("INTERRUPTED", second.get("status").getAsString(), second.toString());
        JsonObject schedule;
        try (Stream<Path> f = Files.list(tmp.resolve("results").resolve("stopped").resolve("chain"))) {
            schedule = ResultFiles.readJson(f.filter(x -> x.toString().endsWith(".schedule.json")).findFirst()
                    .orElseThrow());
        }
        assertEquals("UNFINISHED", schedule.getAsJsonObject("decision").get("kind").getAsString(), schedule.toString());
        assertNothingLeftUnder(brokers);
        assertQueueFolderEmpty();
    }
}
