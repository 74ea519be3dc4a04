package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.env.JvmIdentity;

class JvmProbeTest {
    private static final Path OWN_JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @Test
    void readsPropertiesFlagsAndCollectorOfARealJvm() {
        JvmProbe probe = JvmProbe.run(OWN_JAVA, List.of("-XX:+UseSerialGC"));
        assertTrue(probe.ok(), probe.output());
        assertEquals(System.getProperty("java.version"), probe.property("java.version"));
        assertEquals(Runtime.version().feature(), probe.feature());
        assertEquals("serial", probe.gc());
        assertTrue(probe.hasFlag("UseG1GC"));
        assertFalse(probe.hasFlag("NoSuchFlagAnywhere"));
        assertEquals(JvmIdentity.current().jvm(), probe.identity(List.of()).jvm());
        assertEquals("serial", probe.identity(List.of()).gc());
        assertEquals(JvmIdentity.current().jvm() + "+graal", probe.identity(List.of(
                "-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler")).jvm());
    }

    @Test
    void aRefusedFlagIsNotOkAndSaysWhy() {
        JvmProbe probe = JvmProbe.run(OWN_JAVA, List.of("-XX:+NoSuchFlagAnywhere"));
        assertFalse(probe.ok());
        assertTrue(probe.failure().contains("NoSuchFlagAnywhere"), probe.failure());
    }

    @Test
    void aJvmThatCrashesKeepsItsDumpOutOfTheWorkingFolderAndSaysWhere(@TempDir Path dir) throws Exception {
        // a fake java that crashes as HotSpot does: its dump where -XX:ErrorFile says, then SIGABRT's 134
        Path java = dir.resolve("java");
        Files.writeString(java, "#!/bin/sh\n"
                + "for a in \"$@\"; do case \"$a\" in -XX:ErrorFile=*) f=\"${a#-XX:ErrorFile=}\" ;; esac; done\n"
                + "dump=$(echo \"$f\" | sed 's/%p/4242/')\n"
                + "echo '# A fatal error has been detected by the Java Runtime Environment' > \"$dump\"\n"
                + "echo \"# An error report file with more information is saved as: $dump\"\n"
                + "exit 134\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        JvmProbe probe = JvmProbe.run(java, List.of("-XX:+UseSerialGC"));
        assertFalse(probe.ok());
        Matcher m = Pattern.compile("^the JVM crashed \\(SIGABRT, exit code 134; see (/.*/latency-bench-probe-[^/]+"
                + "/hs_err_pid4242\\.log)\\)$").matcher(probe.failure());
        assertTrue(m.matches(), probe.failure());
        Path dump = Path.of(m.group(1));
        assertTrue(Files.exists(dump), "the dump is kept where the failure says");
        Files.delete(dump);
        Files.delete(dump.getParent());
    }

    @Test
    void aJvmThatWasKilledSaysSo() {
        assertEquals("the JVM was killed (SIGKILL, exit code 137: by hand, or by the kernel's out-of-memory killer,"
                + " which dmesg shows)", new JvmProbe(137, "").failure());
    }

    @Test
    void aPathThatIsNotAJvmIsNotOk(@TempDir Path dir) {
        JvmProbe probe = JvmProbe.run(dir.resolve("java"), List.of());
        assertFalse(probe.ok());
        assertTrue(probe.failure().contains("not an executable file"), probe.failure());
    }

    @Test
    void parsesPropertyLinesAndFlagLines() {
        JvmProbe probe = new JvmProbe(0, "Property settings:\n"
                + "    java.specification.version = 1.8\n"
                + "    java.version = 1.8.0_402\n"
                + "    java.library.path = /usr/lib\n"
                + "        /lib\n"
                + "[Global flags]\n"
                + "     bool UseBiasedLocking                         = true                                      {product} {default}\n"
                + "     bool UseParallelGC                            = true                                      {product} {ergonomic}\n");
        assertTrue(probe.ok());
        assertEquals(8, probe.feature());
        assertEquals("/usr/lib", probe.property("java.library.path"));
        assertTrue(probe.hasFlag("UseBiasedLocking"));
        assertEquals("parallel", probe.gc());
    }
}
