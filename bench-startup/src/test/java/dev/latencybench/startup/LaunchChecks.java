package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * What a smoke-scale variant of the start-up study must show in its {@code result.json}, wherever it ran
 * (the jar on its own here, README.md's smoke run in bench-runner's ReadmeFirstScreenIT, through this
 * module's test jar): OK, two launches each answered with plausible first-response time, RSS, PSS and
 * CPU time, every service process reaped and its port free, and the load's counts exact. Stateless.
 */
public final class LaunchChecks {
    /** bench.startup.repetitions at smoke scale. */
    static final int SMOKE_LAUNCHES = 2;

    private LaunchChecks() {
    }

    public static void assertLaunchesAnswered(String variant, JsonObject r) {
        String v = variant;
        assertEquals("OK", r.get("status").getAsString(), v + ": " + r.get("reasons"));
        assertEquals(SMOKE_LAUNCHES, r.get("launches").getAsLong(), v);
        JsonObject raw = r.getAsJsonObject("launchValues");
        for (int i = 0; i < SMOKE_LAUNCHES; i++) {
            long first = raw.getAsJsonArray("firstResponseNs").get(i).getAsLong();
            long rss = raw.getAsJsonArray("rssKiB").get(i).getAsLong();
            long pss = raw.getAsJsonArray("pssKiB").get(i).getAsLong();
            long cpu = raw.getAsJsonArray("cpuNs").get(i).getAsLong();
            assertTrue(first > TimeUnit.MILLISECONDS.toNanos(1) && first < TimeUnit.SECONDS.toNanos(60),
                    v + " first response " + first + " ns");
            assertTrue(rss > 10_000 && rss < 2_000_000, v + " RSS " + rss + " KiB");
            assertTrue(pss > 0 && pss <= rss, v + " PSS " + pss + " KiB");
            assertTrue(cpu > 0 && cpu < TimeUnit.SECONDS.toNanos(60), v + " CPU " + cpu + " ns");
        }
        for (JsonElement pid : raw.getAsJsonArray("pid")) {
            assertFalse(ProcessHandle.of(pid.getAsLong()).map(ProcessHandle::isAlive).orElse(false), v + " pid "
                    + pid + " reaped");
        }
        for (JsonElement port : raw.getAsJsonArray("port")) {
            assertTrue(loopbackPortFree(port.getAsInt()), v + " port " + port + " free again");
        }
        JsonObject metrics = r.getAsJsonObject("metrics");
        assertEquals(1_000, metrics.getAsJsonObject("cold").get("count").getAsLong(), v);
        assertEquals(1_000, metrics.getAsJsonObject("warm").get("count").getAsLong(), v);
        assertEquals(500, metrics.getAsJsonObject("open-latency").get("count").getAsLong(), v + ": 500/s for 1 s");
        assertEquals(3, r.getAsJsonArray("load").get(0).getAsJsonObject().getAsJsonArray("batches").size());
    }

    /** Nothing listens on the loopback port: a server socket can take it. */
    public static boolean loopbackPortFree(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort() == port;
        } catch (IOException e) {
            return false;
        }
    }
}
