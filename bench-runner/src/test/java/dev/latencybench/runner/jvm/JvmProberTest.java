package dev.latencybench.runner.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.FakeJdk;

class JvmProberTest {
    @TempDir
    Path tmp;

    @Test
    void learnsIdentityCollectorsAndGraalFromStartingTheJvm() {
        FakeJdk jdk = FakeJdk.create(tmp.resolve("jdk11"), 11, "Eclipse Adoptium", "11.0.99",
                List.of("-XX:+UseShenandoahGC"));
        JvmInfo info = new JvmProber(null, new GraalJit(tmp.resolve("graal"))).probe(jdk.java(), false);

        assertTrue(info.usable(), info.error());
        assertEquals("temurin-11.0.99", info.id());
        assertEquals(11, info.feature());
        assertEquals("g1", info.defaultGc());
        assertTrue(info.biasedLocking());
        assertNull(info.collectorProblem("g1"));
        assertNull(info.collectorProblem("zgc"));
        assertTrue(info.collectorProblem("shenandoah").contains("Unrecognized VM option 'UseShenandoahGC'"),
                info.collectorProblem("shenandoah"));
        assertEquals("generational ZGC needs JDK 21 or newer", info.collectorProblem("zgc-gen"));
        assertTrue(info.graalProblem().startsWith("no GraalVM compiler release matches JDK 11"), info.graalProblem());
    }

    @Test
    void aJdkWithoutJvmciHasNoGraalVariant() {
        FakeJdk jdk = FakeJdk.create(tmp.resolve("jdk17"), 17, "Debian", "17.0.99", List.of());
        JvmInfo info = new JvmProber(null, new GraalJit(tmp.resolve("graal"))).probe(jdk.java(), false);
        assertEquals("openjdk-17.0.99", info.id());
        assertTrue(info.biasedLocking(), "JDK 17 still has the flag (off by default)");
        assertEquals("this JDK has no JVMCI", info.graalProblem());
    }

    @Test
    void answersComeFromTheCacheUntilTheJdkChanges() throws IOException {
        FakeJdk jdk = FakeJdk.create(tmp.resolve("jdk21"), 21, "Eclipse Adoptium", "21.0.99", List.of());
        Path cache = tmp.resolve("cache/jvms.json");
        JvmProber first = new JvmProber(cache, new GraalJit(tmp.resolve("graal")));
        first.probe(jdk.java(), false);
        first.save();
        int starts = jdk.calls();
        assertTrue(starts >= 8, "one plain start and one per collector, was " + starts);

        JvmInfo again = new JvmProber(cache, new GraalJit(tmp.resolve("graal"))).probe(jdk.java(), false);
        assertEquals(starts, jdk.calls(), "a cached JVM is not started again");
        assertEquals("temurin-21.0.99", again.id());
        assertNull(again.collectorProblem("zgc-gen"));

        Files.writeString(jdk.java(), "\n# updated in place\n", StandardOpenOption.APPEND);
        new JvmProber(cache, new GraalJit(tmp.resolve("graal"))).probe(jdk.java(), false);
        assertTrue(jdk.calls() > starts, "a changed JDK is probed again");

        int before = jdk.calls();
        new JvmProber(cache, new GraalJit(tmp.resolve("graal"))).probe(jdk.java(), true);
        assertTrue(jdk.calls() > before, "refresh probes again");
    }

    @Test
    void somethingThatIsNotAJvmSaysWhy() throws IOException {
        Path fake = tmp.resolve("bin/java");
        Files.createDirectories(fake.getParent());
        Files.writeString(fake, "#!/bin/sh\necho 'segmentation fault'\nexit 139\n");
        fake.toFile().setExecutable(true);
        JvmInfo info = new JvmProber(null, new GraalJit(tmp)).probe(fake, false);
        assertFalse(info.usable());
        assertTrue(info.error().contains("segmentation fault"), info.error());
        assertEquals("no such file", new JvmProber(null, new GraalJit(tmp)).probe(tmp.resolve("none"), false).error());
    }

    @Test
    void theRealJvmRunningTheTestsRunsItsDefaultCollector() {
        Path own = Path.of(System.getProperty("java.home"), "bin", "java");
        JvmInfo info = new JvmProber(null, new GraalJit(tmp)).probe(own, false);
        assertTrue(info.usable(), info.error());
        assertEquals(Runtime.version().feature(), info.feature());
        assertNull(info.collectorProblem("serial"));
        assertNull(info.collectorProblem("parallel"));
    }
}
