package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.study.Study;

class StartupConfigTest {
    private static final Path JAR = Path.of("target", "startup-service", ServiceJar.FILE).toAbsolutePath();

    @TempDir
    Path tmp;

    private BenchProperties props(String... kv) {
        Map<String, String> m = new HashMap<>();
        m.put(StartupConfig.CACHE, tmp.resolve("cache").toString());
        m.put(StartupConfig.SERVICE_JAR, JAR.toString());
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new BenchProperties(m);
    }

    @Test
    void defaultsFollowTheScale() {
        StartupConfig smoke = StartupConfig.read(props());
        assertEquals(2, smoke.repetitions());
        assertEquals(3, smoke.batches());
        assertEquals(1_000, smoke.batchRequests());
        StartupConfig paper = StartupConfig.read(props("bench.scale", "paper"));
        assertEquals(100, paper.repetitions());
        assertEquals(8, paper.batches());
        assertEquals(10_000, paper.batchRequests());
        assertEquals(70_000, paper.requestsBeforeWarm(), "the study's warm batch came after 70,000 requests");
        assertEquals(50, paper.concurrency());
    }

    @Test
    void theFloorRunsFirstThenEachServiceInEachMode() {
        StartupConfig c = StartupConfig.read(props(StartupConfig.MODES, "jvm,cds"));
        assertEquals("[responder-jvm, minimal-jvm, minimal-cds, micronaut-jvm, micronaut-cds]", c.variants().toString());
        assertEquals("[minimal-aot]", StartupConfig.read(props(StartupConfig.MODES, "aot", StartupConfig.FLOOR,
                "false", StartupConfig.SERVICES, "minimal")).variants().toString());
    }

    @Test
    void anUnknownVariantIsNamedWithWhatIsAllowed() {
        ConfigException e = assertThrows(ConfigException.class, () -> StartupConfig.read(props(StartupConfig.MODES,
                "jvm,crac")));
        assertEquals("bench.startup.modes=jvm,crac is not valid: unknown start-up variant 'crac'; expected a comma-separated list"
                + " of jvm, cds, aot, native", e.getMessage());
        IllegalArgumentException v = assertThrows(IllegalArgumentException.class, () -> Variant.parse("tomcat-jvm"));
        assertEquals("unknown variant 'tomcat-jvm'; expected <service>-<mode> with a service of responder, minimal,"
                + " micronaut and a mode of jvm, cds, aot, native", v.getMessage());
    }

    @Test
    void aTakenPortFailsBeforeAnythingStarts() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = s.getLocalPort();
            StartupConfig c = StartupConfig.read(props(StartupConfig.PORT, Integer.toString(port)));
            ConfigException e = assertThrows(ConfigException.class, c::prepare, "read only reads; prepare probes");
            assertEquals("bench.startup.port=" + port + " is not valid: 127.0.0.1:" + port + " is taken (Address already in use);"
                    + " give a free port, or 0 for a free one per launch", e.getMessage());
        }
    }

    @Test
    void aMissingServiceJarSaysHowToBuildIt() {
        ConfigException e = assertThrows(ConfigException.class, () -> StartupConfig.read(props(
                StartupConfig.SERVICE_JAR, "/nowhere/startup-service.jar")));
        assertEquals("bench.startup.service.jar=/nowhere/startup-service.jar is not valid: no such file; build it with ./mvnw -pl"
                + " bench-startup -am package (it goes to bench-startup/target/startup-service/startup-service.jar)",
                e.getMessage());
    }

    @Test
    void modesTheJdkLacksAreSkippedWithTheReasonAndTheRestRuns() {
        JdkFeatures jdk17 = new JdkFeatures(Path.of("/jdk17"), 17, Optional.empty());
        StartupConfig c = StartupConfig.read(props());
        assertEquals(Map.of("aot", "the AOT cache needs JDK 24 or newer; /jdk17 is JDK 17",
                "native", "no native-image in /jdk17/bin (a GraalVM, Liberica NIK or Mandrel JDK has one)"),
                StartupStudy.skipped(c, jdk17));
        JdkFeatures graal = new JdkFeatures(Path.of("/graal25"), 25, Optional.of(Path.of("/graal25/bin/native-image")));
        assertEquals(Map.of(), StartupStudy.skipped(c, graal));
    }

    @Test
    void thePlanOnThisJdkListsWhatRunsAndWhatIsSkipped() {
        JdkFeatures here = JdkFeatures.current();
        Study.Plan plan = new StartupStudy().plan(props(StartupConfig.SERVICES, "minimal"), CpuTopology.system());
        List<String> expected = new java.util.ArrayList<>(List.of("responder-jvm", "minimal-jvm", "minimal-cds"));
        if (here.feature() >= JdkFeatures.AOT_FEATURE) {
            expected.add("minimal-aot");
        }
        if (here.nativeImage().isPresent()) {
            expected.add("minimal-native");
        }
        assertEquals(expected, plan.variants());
        assertEquals("responder-jvm", plan.roles().get(Study.Plan.FLOOR));
    }

    @Test
    void onlyModesTheJdkLacksIsAClearError() {
        JdkFeatures here = JdkFeatures.current();
        if (here.nativeImage().isPresent()) {
            return;
        }
        ConfigException e = assertThrows(ConfigException.class, () -> new StartupStudy().plan(props(
                StartupConfig.MODES, "native"), CpuTopology.system()));
        assertEquals("nothing to run on JDK " + here.feature() + " (" + here.home() + "): native skipped: no"
                + " native-image in " + here.home().resolve("bin") + " (a GraalVM, Liberica NIK or Mandrel JDK has"
                + " one); choose other modes with bench.startup.modes", e.getMessage());
    }

    @Test
    void theReleaseFileGivesTheFeatureVersion() {
        assertEquals(Optional.of(17), JdkFeatures.feature("IMPLEMENTOR=\"Debian\"\nJAVA_VERSION=\"17.0.15\"\n"));
        assertEquals(Optional.of(25), JdkFeatures.feature("JAVA_VERSION=\"25.0.3\"\n"));
        assertEquals(Optional.of(8), JdkFeatures.feature("JAVA_VERSION=\"1.8.0_412\"\n"));
        assertEquals(Optional.empty(), JdkFeatures.feature("nothing"));
    }
}
