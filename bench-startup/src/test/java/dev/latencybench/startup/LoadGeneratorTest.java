package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.time.SystemClock;
import dev.latencybench.startup.load.LoadGenerator;
import dev.latencybench.startup.load.LoadGeneratorAccess;
import dev.latencybench.startup.load.LoadSettings;

/** The generator against the real minimal service: every request counted, every histogram whole. */
class LoadGeneratorTest {
    private static final Path JAR = Path.of("target", "startup-service", ServiceJar.FILE);

    @TempDir
    Path tmp;

    @Test
    void closedBatchesAndTheOpenLoopCountEveryRequest() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ServiceCommand(Path.of(System.getProperty("java.home"), "bin", "java"), List.of(), JAR,
                "minimal").onJvm(List.of(), port);
        try (ServiceProcess service = ServiceProcess.start("minimal-jvm", cmd, tmp.resolve("out.log"),
                SystemClock.INSTANCE)) {
            service.awaitFirstOk(port, TimeUnit.SECONDS.toNanos(30), () -> false);
            LoadSettings settings = new LoadSettings(port, 300, 2, 5, 200, TimeUnit.MILLISECONDS.toNanos(500));
            JsonObject out = LoadGeneratorAccess.run(settings);
            JsonArray batches = out.getAsJsonArray("batches");
            assertEquals(2, batches.size());
            for (int i = 0; i < 2; i++) {
                JsonObject b = batches.get(i).getAsJsonObject();
                assertEquals(0, b.get("errors").getAsLong());
                Histogram h = LoadGenerator.decode(b.get("histogram").getAsString());
                assertEquals(300, h.getTotalCount(), "batch " + (i + 1));
            }
            JsonObject open = out.getAsJsonObject("open");
            assertEquals(100, open.get("requests").getAsLong(), "200 req/s for 500 ms");
            assertEquals(100, LoadGenerator.decode(open.get("latency").getAsString()).getTotalCount());
            Histogram lat = LoadGenerator.decode(open.get("latency").getAsString());
            Histogram svc = LoadGenerator.decode(open.get("service").getAsString());
            assertTrue(lat.getMaxValue() >= svc.getMaxValue(), "latency from the due time is never below the"
                    + " response time from the actual send");
        }
    }

    @Test
    void settingsRoundTripAndBadOnesAreNamed() {
        LoadSettings s = new LoadSettings(8080, 10_000, 8, 50, 2_000, 1_000_000_000L);
        assertEquals(s, LoadGeneratorAccess.parse(s.toArgs()));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> LoadGeneratorAccess.parse(List.of("port=1", "speed=3")));
        assertEquals("unknown argument 'speed=3'; expected key=value with a key of [port, batch, batches, concurrency,"
                + " rate, openNs]", e.getMessage());
    }

}
