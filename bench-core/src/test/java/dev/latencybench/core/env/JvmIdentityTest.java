package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JvmIdentityTest {
    private static final String OPENJDK_VM = "OpenJDK 64-Bit Server VM";
    private static final List<String> GRAAL_JIT = List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI",
            "-XX:+UseJVMCICompiler");

    @ParameterizedTest(name = "{0} / {1} -> {3}")
    @CsvSource({
        "Eclipse Adoptium, OpenJDK 64-Bit Server VM, 25.0.3, temurin-25.0.3",
        "Temurin, OpenJDK 64-Bit Server VM, 21.0.2, temurin-21.0.2",
        "Debian, OpenJDK 64-Bit Server VM, 17.0.15, openjdk-17.0.15",
        "Ubuntu, OpenJDK 64-Bit Server VM, 21.0.7, openjdk-21.0.7",
        "GraalVM Community, OpenJDK 64-Bit Server VM, 17.0.9, graalvm-17.0.9",
        "Oracle Corporation, Java HotSpot(TM) 64-Bit Server VM GraalVM EE 22.3.1, 17.0.6, graalvm-17.0.6",
        "Oracle Corporation, Java HotSpot(TM) 64-Bit Server VM, 21.0.1, oracle-21.0.1",
        "Oracle Corporation, OpenJDK 64-Bit Server VM, 22, openjdk-22",
        "'Azul Systems, Inc.', OpenJDK 64-Bit Server VM, 17.0.10, zulu-17.0.10",
        "Amazon.com Inc., OpenJDK 64-Bit Server VM, 17.0.10, corretto-17.0.10",
        "Microsoft, OpenJDK 64-Bit Server VM, 21.0.3, microsoft-21.0.3",
        "BellSoft, OpenJDK 64-Bit Server VM, 17.0.11, liberica-17.0.11",
        "Eclipse Adoptium, OpenJDK 64-Bit Server VM, 26-ea, temurin-26-ea",
        "Debian, OpenJDK 64-Bit Server VM, 17.0.15 (beta), openjdk-17.0.15__beta_",
    })
    void jvmIdFromVendorVmNameAndVersion(String vendor, String vmName, String version, String expected) {
        assertEquals(expected, JvmIdentity.jvmId(vendor, vmName, version, List.of()));
    }

    @Test
    void graalJitOnJvmciIsMarked() {
        assertEquals("temurin-21.0.2+graal", JvmIdentity.jvmId("Eclipse Adoptium", OPENJDK_VM, "21.0.2", GRAAL_JIT));
        assertEquals("openjdk-17.0.15+graal", JvmIdentity.jvmId("Debian", OPENJDK_VM, "17.0.15", GRAAL_JIT));
    }

    @Test
    void graalvmIsNotMarkedTwice() {
        assertEquals("graalvm-17.0.9", JvmIdentity.jvmId("GraalVM Community", OPENJDK_VM, "17.0.9", GRAAL_JIT));
    }

    @Test
    void jvmciWithoutTheCompilerFlagIsNotGraal() {
        assertEquals("temurin-21.0.2", JvmIdentity.jvmId("Eclipse Adoptium", OPENJDK_VM, "21.0.2",
                List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI")));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "-XX:+UseG1GC, g1",
        "-XX:+UseZGC, zgc",
        "-XX:+UseShenandoahGC, shenandoah",
        "-XX:+UseParallelGC, parallel",
        "-XX:+UseSerialGC, serial",
        "-XX:+UseEpsilonGC, epsilon",
    })
    void gcIdFromTheCollectorFlag(String flag, String expected) {
        assertEquals(expected, JvmIdentity.gcId(List.of("-Xmx2g", flag, "-Dbench.rate=1K")));
    }

    @Test
    void gcIdTakesTheLastCollectorFlag() {
        assertEquals("zgc", JvmIdentity.gcId(List.of("-XX:+UseG1GC", "-XX:+UseZGC")));
        assertEquals("parallel", JvmIdentity.gcId(List.of("-XX:+UseZGC", "-XX:+ZGenerational", "-XX:+UseParallelGC")));
    }

    @Test
    void gcIdWithoutAFlagIsTheCollectorThisJvmRuns() {
        Set<String> collectors = Set.of("g1", "zgc", "shenandoah", "parallel", "serial");
        String gc = JvmIdentity.gcId(List.of("-XX:-UseZGC", "-Xmx1g"));
        assertTrue(collectors.contains(gc), gc);
        assertEquals(gc, JvmIdentity.gcId(List.of()));
    }

    @Test
    void theCollectorIsReadFromPrintFlagsFinal() {
        String out = "[Global flags]\n"
                + "     bool UseAdaptiveSizePolicy                    = true                                      {product} {default}\n"
                + "     bool UseG1GC                                  = false                                     {product} {default}\n"
                + "     bool UseSerialGC                              = false                                     {product} {default}\n"
                + "     bool UseZGC                                   = true                                      {product} {command line}\n"
                + "openjdk version \"17.0.15\" 2025-04-15\n";
        assertEquals("zgc", JvmIdentity.gcFromFlagsFinal(out));
        assertEquals("unknown", JvmIdentity.gcFromFlagsFinal("no flags here"));
    }

    @Test
    void cellNameJoinsJvmAndGc() {
        assertEquals("temurin-25.0.3__zgc", new JvmIdentity("temurin-25.0.3", "zgc").cellName());
    }
}
