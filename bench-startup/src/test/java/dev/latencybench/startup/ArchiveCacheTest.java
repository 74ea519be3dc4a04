package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.core.time.SystemClock;

/** A CDS archive of the responder, built by a real training run on this JDK, reused, and rebuilt when stale. */
class ArchiveCacheTest {
    private static final Path JAR = Path.of("target", "startup-service", ServiceJar.FILE).toAbsolutePath();

    @TempDir
    Path tmp;

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private ArchiveCache cache(JdkFeatures jdk) {
        ServiceCommand command = new ServiceCommand(Path.of(System.getProperty("java.home"), "bin", "java"), List.of(),
                JAR, "responder");
        return new ArchiveCache(tmp.resolve("cache"), jdk, command, TimeUnit.SECONDS.toNanos(60), SystemClock.INSTANCE,
                ArchiveCacheTest::freePort);
    }

    @Test
    void aCdsArchiveIsBuiltOnceReusedAndRebuiltWhenStale() throws IOException {
        ArchiveCache cache = cache(JdkFeatures.current());
        ArchiveCache.Prepared first = cache.prepare(StartMode.CDS, tmp);
        assertFalse(first.reused());
        assertTrue(first.sizeBytes() > 100_000, "an archive of the responder's classes: " + first.sizeBytes() + " B");
        assertTrue(first.buildNs() > 0);
        assertEquals(List.of("-Xshare:on", "-XX:SharedArchiveFile=" + first.file()), first.flags());

        ArchiveCache.Prepared again = cache.prepare(StartMode.CDS, tmp);
        assertTrue(again.reused());
        assertEquals(first.buildNs(), again.buildNs(), "the build time recorded when it was built");

        Path built = first.file().resolveSibling(ArchiveCache.BUILT_JSON);
        JsonObject b = ResultFiles.readJson(built);
        b.addProperty("identity", b.get("identity").getAsString().replaceAll("jar=[0-9a-f]+", "jar=0000"));
        ResultFiles.writeJson(built, b);
        ArchiveCache.Prepared rebuilt = cache.prepare(StartMode.CDS, tmp);
        assertFalse(rebuilt.reused(), "an archive of another jar is stale");
        assertTrue(Files.isRegularFile(rebuilt.file()));
    }

    @Test
    void aModeTheJdkLacksFailsWithTheReason() {
        ArchiveCache cache = cache(new JdkFeatures(Path.of("/jdk17"), 17, Optional.empty()));
        ServiceProcess.ServiceFailure e = assertThrows(ServiceProcess.ServiceFailure.class,
                () -> cache.prepare(StartMode.AOT, tmp));
        assertEquals("aot cannot run here: the AOT cache needs JDK 24 or newer; /jdk17 is JDK 17", e.getMessage());
    }
}
