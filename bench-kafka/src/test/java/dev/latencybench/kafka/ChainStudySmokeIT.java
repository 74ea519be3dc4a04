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

import dev.latencybench.core.result.ResultFiles;

/**
 * Runs the chain study as a user does, through the shaded benchmark jar in its own JVM, at smoke
 * scale: a fixed count of chains over Chronicle and in memory ends OK with every message accounted
 * for and no queue left behind; a capacity search with a tiny limit prints its answer per transport.
 */
class ChainStudySmokeIT {
    private static final Path JAR = Paths.get(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));

    @TempDir
    Path tmp;
    private Path queueDir;

    @BeforeEach
    void queueDir() throws IOException {
        queueDir = Files.createDirectories(tmp.resolve("shm"));
    }

    private String run(int[] exit, String... properties) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Dbench.results=" + tmp.resolve("results"));
        cmd.add("-Dbench.queue.dir=" + queueDir);
        cmd.add("-Dbench.scale=smoke");
        for (String p : properties) {
            cmd.add("-D" + p);
        }
        cmd.add("-jar");
        cmd.add(JAR.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
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

    private void assertQueueFolderEmpty() throws IOException {
        try (Stream<Path> left = Files.list(queueDir)) {
            assertEquals(List.of(), left.collect(Collectors.toList()));
        }
    }

    @Test
    void twoChainsOverEachTransportAccountForEveryMessage() throws Exception {
        int[] exit = new int[1];
        String output = run(exit, "bench.run.id=fixed", "bench.chain.instances=2",
                "bench.transports=chronicle,in-memory");
        assertEquals(0, exit[0], output);
        for (String transport : List.of("chronicle", "in-memory")) {
            JsonObject r = result("fixed", transport);
            assertEquals("OK", r.get("status").getAsString(), transport + ": " + r.get("reasons"));
            assertEquals(2 * 2_000, r.get("sent").getAsLong(), "smoke: 2 chains, 2 s at 1,000 msg/s");
            assertEquals(r.get("sent").getAsLong(), r.get("received").getAsLong());
            assertEquals(0, r.get("lost").getAsLong());
            assertEquals(0, r.get("wrongCounter").getAsLong());
            assertEquals(2, r.get("instances").getAsLong());
            assertEquals(2, r.getAsJsonArray("chains").size());
            for (String m : List.of("latency", "service", "hop-1", "hop-6")) {
                assertEquals(4_000, r.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), m);
            }
            assertEquals("in-memory", r.getAsJsonObject("roles").get("floor").getAsString());
        }
        assertQueueFolderEmpty();
    }

    /**
     * One chain of two services over Kafka: the fork starts its own broker (jars found beside the
     * study jar), every message arrives, and the broker is gone afterwards, process and folder.
     */
    @Test
    void oneChainOverKafkaAccountsForEveryMessageAndLeavesNoBroker() throws Exception {
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        int[] exit = new int[1];
        String output = run(exit, "bench.run.id=kafka", "bench.transports=kafka", "bench.chain.instances=1",
                "bench.chain.services=2", "bench.kafka.broker.folder=" + brokers, "bench.kafka.broker.heap=256m",
                "bench.chain.slo=p99.9<10s"); // the mechanics are checked here, not this machine's latency
        System.out.println(output);
        try (Stream<Path> f = Files.walk(tmp.resolve("results"))) {
            for (Path fork : f.filter(x -> x.getFileName().toString().equals("fork.json")).collect(Collectors.toList())) {
                JsonObject k = ResultFiles.readJson(fork).getAsJsonObject("kafka");
                System.out.println("fork.json kafka: " + k);
                assertTrue(k != null && k.getAsJsonObject("cluster").has("startMs"), "the broker is described: " + k);
                assertEquals(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                        k.getAsJsonObject("cluster").get("java").getAsString(), "the broker runs on the launcher's java");
            }
        }
        assertEquals(0, exit[0], output);
        assertTrue(!output.contains("ProducerConfig values"), "Kafka's clients print no configs: " + output);
        JsonObject r = result("kafka", "kafka");
        assertEquals("OK", r.get("status").getAsString(), "kafka: " + r.get("reasons"));
        assertEquals(2_000, r.get("sent").getAsLong(), "smoke: 1 chain, 2 s at 1,000 msg/s");
        assertEquals(r.get("sent").getAsLong(), r.get("received").getAsLong());
        assertEquals(0, r.get("lost").getAsLong());
        assertEquals(0, r.get("wrongCounter").getAsLong());
        double brokerCores = r.getAsJsonArray("machineLoad").get(0).getAsJsonObject().get("childProcessesCores")
                .getAsDouble();
        assertTrue(brokerCores > 0 && brokerCores < Runtime.getRuntime().availableProcessors() + 0.5,
                "the broker's CPU use is measured apart: " + brokerCores);
        for (String m : List.of("latency", "service", "hop-1", "hop-3")) {
            assertEquals(2_000, r.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), m);
        }
        List<String> left = ProcessHandle.allProcesses()
                .map(h -> h.info().commandLine().orElse(""))
                .filter(c -> c.contains(brokers.toString()) || c.contains("BrokerMain") && c.contains(tmp.toString()))
                .collect(Collectors.toList());
        assertEquals(List.of(), left, "no broker process left");
        try (Stream<Path> f = Files.list(brokers)) {
            assertEquals(List.of(), f.collect(Collectors.toList()), "no lb-kafka-* folder left");
        }
        assertQueueFolderEmpty();
    }

    @Test
    void aCapacitySearchWithATinyLimitPrintsItsAnswerPerTransport() throws Exception {
        int[] exit = new int[1];
        Path brokers = Files.createDirectories(tmp.resolve("brokers"));
        String output = run(exit, "bench.run.id=search", "bench.chain.limit=2", "bench.chain.services=1",
                "bench.warmup=500ms", "bench.duration=1s", "bench.kafka.broker.folder=" + brokers,
                "bench.kafka.broker.heap=256m"); // the default transports: kafka, chronicle, in-memory
        assertTrue(output.contains("  answer:\n    kafka: "), output);
        assertTrue(output.contains("\n    chronicle: "), output);
        assertTrue(output.contains("\n    in-memory: "), output);
        assertTrue(output.contains("chain/chronicle-instances-1"), output);
        JsonObject schedule = ResultFiles.readJson(Files.list(tmp.resolve("results").resolve("search")
                .resolve("chain")).filter(f -> f.toString().endsWith(".schedule.json")).findFirst().orElseThrow());
        JsonObject parts = schedule.getAsJsonObject("decision").getAsJsonObject("parts");
        assertEquals(List.of("kafka", "chronicle", "in-memory"), new ArrayList<>(parts.keySet()));
        assertQueueFolderEmpty();
        try (Stream<Path> f = Files.list(brokers)) {
            assertEquals(List.of(), f.collect(Collectors.toList()), "no lb-kafka-* folder left");
        }
    }
}
