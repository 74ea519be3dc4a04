package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.jvm.GraalJit;
import dev.latencybench.runner.jvm.Jvm;
import dev.latencybench.runner.jvm.JvmDiscovery;

/**
 * {@code bench bundle}'s answers to bad input (exit 2, the message naming what was wrong, nothing written)
 * and the modules it links for the studies asked. The archive itself is made and run by BundleIT.
 */
class BundleCommandTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Context ctx;
    private Path outDir;

    @BeforeEach
    void setUp() throws IOException {
        FakeJdk.create(tmp.resolve("jvm/old-11"), 11, "Eclipse Adoptium", "11.0.99", List.of()); // no jlink
        JvmDiscovery discovery = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")),
                Path.of(System.getProperty("java.home")));
        ctx = new Context(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8), Map.of(), discovery, tmp.resolve("cache/jvms.json"), new GraalJit(tmp),
                Path.of(System.getProperty("java.home"), "bin", "java"), Files.createDirectories(tmp.resolve("t")));
        outDir = Files.createDirectories(tmp.resolve("out"));
    }

    /** A fake JDK of this feature version with a bin/jlink, and with or without its jmods folder. */
    private Path jdkWithJlink(String dir, int feature, boolean jmods) throws IOException {
        FakeJdk jdk = FakeJdk.create(tmp.resolve(dir), feature, "Eclipse Adoptium", feature + ".0.9", List.of());
        Path jlink = jdk.home.resolve("bin/jlink");
        Files.writeString(jlink, "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(jlink, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (jmods) {
            Files.createDirectories(jdk.home.resolve("jmods"));
        }
        return jdk.home;
    }

    private void assertRefused(String expected, String... args) throws IOException {
        int status = Main.run(ctx, args);
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, status, e + out);
        assertTrue(e.startsWith("latency-bench: bench bundle: "), e);
        assertTrue(e.contains(expected), "expected '" + expected + "' in: " + e);
        try (Stream<Path> written = Files.list(outDir)) {
            assertEquals(List.of(), written.toList(), "nothing written");
        }
    }

    @Test
    void anUnknownScenarioIsRefusedWithTheNamesThereAre() throws IOException {
        assertRefused("unknown scenario 'jets'; expected one of ", "bundle", "--scenarios", "jets", "-o",
                outDir.resolve("b.tar.gz").toString());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("queue"));
    }

    @Test
    void repeatedScenariosAndJvmsAreListsAsInRunNotTheLastValue() throws IOException {
        // each repeated value is checked: the second, unknown, one is refused (one value would have been the last)
        assertRefused("unknown scenario 'jets'; expected one of ", "bundle", "--scenarios", "jets", "--scenarios",
                "queue", "-o", outDir.resolve("b.tar.gz").toString());
        err.reset();
        assertRefused("JVM 'no-such-jdk' is not installed or not found; known JVMs: ", "bundle", "--scenarios",
                "queue", "--jvms", "no-such-jdk", "--jvms", "current", "-o", outDir.resolve("b.tar.gz").toString());
    }

    @Test
    void anArchiveNameOtherThanTarXzOrTarGzIsRefused() throws IOException {
        assertRefused("-o " + outDir.resolve("b.zip") + ": expected NAME.tar.xz or NAME.tar.gz", "bundle",
                "--scenarios", "queue", "-o", outDir.resolve("b.zip").toString());
    }

    @Test
    void anArchiveInAFolderThatDoesNotExistIsRefusedNamingTheFolder() throws IOException {
        Path missing = outDir.resolve("no-such-folder");
        assertRefused("-o " + missing.resolve("b.tar.gz") + ": the folder " + missing + " does not exist; make it"
                + " first, or point -o at a file in a folder that exists", "bundle", "--scenarios", "queue", "-o",
                missing.resolve("b.tar.gz").toString());
    }

    @Test
    void anArchiveWhereNothingCanBeWrittenIsRefused() throws IOException {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertRefused("-o " + file.resolve("b.tar.gz") + ": " + file + " is a file, so nothing can be created under"
                + " it", "bundle", "--scenarios", "queue", "-o", file.resolve("b.tar.gz").toString());
    }

    @Test
    void aJavaRuntimeWithoutJlinkIsRefused() throws IOException {
        assertRefused("JVM old-runtime (" + tmp.resolve("jvm/old-11") + ") has no bin/jlink: it is a Java runtime,"
                + " not a JDK", "bundle", "--scenarios", "queue", "--jvm", "old-runtime=" + tmp.resolve("jvm/old-11"),
                "-o", outDir.resolve("b.tar.gz").toString());
    }

    @Test
    void aJdkOlderThan24WithoutJmodsIsRefusedWithWhatToDo() throws IOException {
        Path jdk17 = jdkWithJlink("jdk17", 17, false);
        assertRefused("JVM jdk17 (" + jdk17 + ") has no jmods folder, and a JDK older than 24 links a runtime only"
                + " from its jmods: install them (on Debian: apt-get install openjdk-17-jmods), or bundle a JDK 24 or"
                + " newer", "bundle", "--scenarios", "queue", "--jvm", "jdk17=" + jdk17, "-o",
                outDir.resolve("b.tar.gz").toString());
    }

    @Test
    void anUnknownJvmIsRefusedAsRunRefusesIt() throws IOException {
        assertRefused("JVM 'no-such-jdk' is not installed or not found; known JVMs: ", "bundle", "--scenarios",
                "queue", "--jvms", "no-such-jdk", "-o", outDir.resolve("b.tar.gz").toString());
    }

    @Test
    void theModulesAreTheBaseEachStudysOwnAndThoseItsFlagsAdd() throws IOException {
        Path jdk25 = jdkWithJlink("jdk25", 25, false); // links from its run-time image: no jmods needed
        Path jdk17 = jdkWithJlink("jdk17", 17, true);
        List<Jvm> jvms = ctx.jvms("j25,j17", List.of("j25=" + jdk25, "j17=" + jdk17), false);
        Scenarios scenarios = ctx.scenarios();
        List<String> queue = BundleCommand.modules(jvms.get(0), scenarios.select(List.of("queue")));
        assertEquals(List.of("java.base", "java.desktop", "java.logging", "jdk.management", "jdk.unsupported",
                "java.naming"), queue);
        // the Jet study's flags hold --add-modules java.se, which the runtime must then have
        List<String> jet = BundleCommand.modules(jvms.get(1), scenarios.select(List.of("jet", "queue")));
        assertTrue(jet.contains("java.se") && jet.contains("java.naming"), jet.toString());
        assertFalse(BundleCommand.modules(jvms.get(0), scenarios.select(List.of("task"))).contains("java.naming"));
    }
}
