package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.testing.StudyJar;

/**
 * The start-up study as a user runs it, through the shaded jar in its own JVM at smoke scale, for what
 * README.md's smoke run (this study's defaults through the runner on the JDK of the build, checked in
 * bench-runner's ReadmeFirstScreenIT) cannot show: the jar on its own, pointed at another JDK (Temurin 25
 * where installed), runs the minimal service in aot mode where that JDK has it (native skipped with the
 * reason where it has no native-image); every launch answered, its RSS, PSS and CPU time plausible, every
 * service process gone and its port free afterwards. And Ctrl-C: what was measured is kept, marked
 * INTERRUPTED, and no service is left.
 */
class StartupStudySmokeIT {
    private static final Path JAR = Paths.get(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));
    private static final Path SERVICE_JAR = JAR.toAbsolutePath().getParent().resolve("startup-service")
            .resolve(ServiceJar.FILE);
    /** A JDK with the AOT cache, where this machine has one; else the JDK running the test. */
    private static final Path JDK = Stream.of(Paths.get("/usr/lib/jvm/temurin-25-jdk-amd64"))
            .filter(p -> Files.isExecutable(p.resolve("bin/java"))).findFirst()
            .orElse(Paths.get(System.getProperty("java.home")));

    @TempDir
    Path tmp;

    private ProcessBuilder study(String... properties) throws IOException {
        return new StudyJar(tmp.resolve("results"), "bench.scale=smoke", "bench.jvm=" + JDK,
                "bench.startup.cache=" + tmp.resolve("cache")).command(properties);
    }

    private JsonObject result(String runId, String variant) throws IOException {
        Path dir = tmp.resolve("results").resolve(runId).resolve("startup").resolve(variant);
        try (Stream<Path> cells = Files.list(dir)) {
            List<Path> dirs = cells.filter(Files::isDirectory).collect(Collectors.toList());
            assertEquals(1, dirs.size(), "one JVM x GC cell: " + dirs);
            return ResultFiles.readJson(dirs.get(0).resolve("result.json"));
        }
    }

    private static List<String> servicesLeft() {
        return ProcessHandle.allProcesses().map(h -> h.info().commandLine().orElse(""))
                .filter(c -> c.contains(SERVICE_JAR.toString()) || c.contains("LoadGenerator"))
                .collect(Collectors.toList());
    }

    /**
     * The jar on its own, without the runner, pointed with bench.jvm at another JDK (Temurin 25 where
     * installed): the minimal service in the modes README.md's smoke run does not show on the JDK that runs
     * the build, aot where this JDK has the AOT cache (else jvm, with aot skipped and its reason), native
     * skipped with its reason where there is no native-image; exit status 0, every launch answered with
     * plausible figures, every service process reaped and its port free. The default run's variants (the
     * responder, both services in jvm and cds mode) are checked on README.md's smoke run: bench-runner's
     * ReadmeFirstScreenIT.
     */
    @Test
    void theJarOnItsOwnLaunchesTheModesOfAnotherJdkAndLeavesNothing() throws Exception {
        boolean aot = JdkFeatures.of(JDK.resolve("bin/java")).feature() >= JdkFeatures.AOT_FEATURE;
        Process p = study("bench.run.id=smoke", "bench.startup.services=minimal",
                "bench.startup.floor=false", "bench.startup.modes=" + (aot ? "aot,native" : "jvm,aot,native")).start();
        p.getOutputStream().close();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.toString();
            }
        });
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the smoke run ends within 4 minutes");
        String out = output.get(10, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
        List<String> variants = new ArrayList<>();
        if (aot) {
            variants.add("minimal-aot");
        } else {
            variants.add("minimal-jvm");
            assertTrue(out.contains("aot skipped: the AOT cache needs JDK 24 or newer"), out);
        }
        for (String v : variants) {
            LaunchChecks.assertLaunchesAnswered(v, result("smoke", v));
        }
        if (JdkFeatures.of(JDK.resolve("bin/java")).nativeImage().isEmpty()) { // native asked and skipped, the rest ran
            assertTrue(out.contains("native skipped: no native-image in " + JDK.resolve("bin")), out);
            assertTrue(result("smoke", variants.get(0)).getAsJsonObject("skipped").get("native").getAsString()
                    .startsWith("no native-image in "));
        }
        assertEquals(List.of(), servicesLeft(), "no service or load generator left");
    }

    @Test
    void ctrlCKeepsTheLaunchesMeasuredAndLeavesNoService() throws Exception {
        Process p = study("bench.run.id=stopped", "bench.startup.modes=jvm", "bench.startup.services=minimal",
                "bench.startup.floor=false", "bench.startup.repetitions=1000", "bench.progress=500ms").start();
        p.getOutputStream().close();
        CountDownLatch launched = new CountDownLatch(1);
        StringBuilder out = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (out) {
                        out.append(line).append('\n');
                    }
                    if (line.matches(".*launches [1-9][0-9]*/1000.*")) {
                        launched.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        reader.start();
        assertTrue(launched.await(120, TimeUnit.SECONDS), "a launch was measured: " + out);
        p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the launcher's hooks stop the forks
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher ends after the signal");
        reader.join(10_000);
        JsonObject r = result("stopped", "minimal-jvm");
        assertEquals("INTERRUPTED", r.get("status").getAsString(), out.toString());
        long launches = r.get("launches").getAsLong();
        assertTrue(launches >= 1 && launches < 1000, "the launches measured are kept: " + launches);
        assertEquals(launches, r.getAsJsonObject("metrics").getAsJsonObject("first-response").get("count")
                .getAsLong());
        Thread.sleep(500); // a service killed by the fork's last act is reaped by then
        assertEquals(List.of(), servicesLeft(), "no service left");
    }
}
