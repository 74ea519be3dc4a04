package dev.latencybench.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Scale;

class QueueConfigTest {
    @TempDir
    Path tmp;

    /** A 4-CPU machine with nothing isolated. */
    private CpuTopology topology() throws Exception {
        Path cpu = Files.createDirectories(tmp.resolve("root/sys/devices/system/cpu"));
        Files.writeString(cpu.resolve("online"), "0-3\n");
        return new CpuTopology(tmp.resolve("root"));
    }

    private QueueConfig read(String... keyValues) throws Exception {
        Map<String, String> map = new HashMap<>();
        map.put("bench.queue.dir", tmp.toString());
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        BenchProperties p = new BenchProperties(map);
        p.rejectUnknown(QueueConfig.PROPERTIES);
        QueueConfig c = QueueConfig.read(p, topology());
        return c;
    }

    private String error(String... keyValues) {
        return assertThrows(ConfigException.class, () -> read(keyValues)).getMessage();
    }

    /** The error of preparing the machine for settings that read well. */
    private String prepareError(String... keyValues) throws Exception {
        QueueConfig c = read(keyValues);
        return assertThrows(ConfigException.class, c::prepare).getMessage();
    }

    @Test
    void defaultsAreTheStudysParameters() throws Exception {
        QueueConfig c = read();
        assertEquals(100_000, c.settings().ratePerSec);
        assertEquals(256, c.settings().payloadBytes);
        assertEquals(Scale.STANDARD, c.settings().scale());
        assertEquals(10_000_000_000L, c.settings().warmupNs());
        assertEquals(30_000_000_000L, c.settings().measureNs());
        assertEquals(List.of("chronicle", "reference", "baseline"), c.transports());
        assertEquals("1,2", c.settings().cpus.describe());
    }

    @Test
    void paperScaleIsTenMillionSamples() throws Exception {
        QueueConfig c = read("bench.scale", "paper", "bench.transports", "baseline");
        assertEquals(10_000_000L, c.settings().ratePerSec * c.settings().measureNs() / 1_000_000_000L);
    }

    @Test
    void acceptsHumanUnits() throws Exception {
        QueueConfig c = read("bench.rate", "50K", "bench.duration", "1500ms", "bench.warmup", "2s",
                "bench.cpus", "2,3", "bench.transports", "baseline");
        assertEquals(50_000, c.settings().ratePerSec);
        assertEquals(1_500_000_000L, c.settings().measureNs());
        assertEquals(2_000_000_000L, c.settings().warmupNs());
        assertEquals(2, c.settings().cpus.cpu(0));
        assertEquals(3, c.settings().cpus.cpu(1));
        assertEquals(List.of("baseline"), c.transports());
    }

    @Test
    void aPayloadTooSmallForTheStampsIsAnError() {
        assertEquals("bench.payload=16 is not valid: expected payload bytes per message (at least 24: sequence,"
                + " intended and actual send time) from 24 to 1048576", error("bench.payload", "16"));
    }

    @Test
    void anUnknownTransportIsAnError() {
        assertEquals("bench.transports=chronicle,kafka is not valid: unknown transport 'kafka'; expected a"
                + " comma-separated list of chronicle, reference, baseline", error("bench.transports", "chronicle,kafka"));
    }

    @Test
    void aMissingQueueDirectoryIsAnErrorWithAHint() {
        String missing = tmp.resolve("nope").toString();
        assertEquals("bench.queue.dir=" + missing + " is not valid: no such directory; create it, or point "
                + "bench.queue.dir at a writable tmpfs folder (a disk-backed folder such as /tmp works, but adds "
                + "page-cache effects to the numbers)", error("bench.queue.dir", missing));
    }

    @Test
    void aQueueDirectoryTooSmallForTheRunIsAnError() throws Exception {
        String message = prepareError("bench.rate", "10M", "bench.duration", "7m");
        assertTrue(message.startsWith("bench.queue.dir=" + tmp + " is not valid: " + tmp + " has "), message);
        assertTrue(message.endsWith(" MiB of queue files; free some space, point bench.queue.dir elsewhere, or"
                + " shorten the run (bench.duration, bench.rate)"), message);
    }

    /** The queue folder of a benchmark JVM that was killed: its process is gone, nobody holds its lock. */
    private Path killedRunsQueue() throws Exception {
        Path stale = Files.createDirectories(tmp.resolve("latency-bench-queue-" + ChronicleQueueTransportTest.deadPid()
                + "-42"));
        Files.write(stale.resolve("20261123.cq4"), new byte[3 * 1024 * 1024]);
        Files.writeString(ChronicleQueueTransport.lockFileOf(stale), "");
        return stale;
    }

    @Test
    void aKilledRunsQueueIsRemovedBeforeTheFreeSpaceIsCheckedAndSaidSo() throws Exception {
        Path stale = killedRunsQueue();
        QueueConfig c = read("bench.scale", "smoke");
        assertTrue(Files.exists(stale), "reading the settings removes nothing");
        List<String> removed = c.prepare();
        assertFalse(Files.exists(stale));
        assertFalse(Files.exists(ChronicleQueueTransport.lockFileOf(stale)));
        assertEquals(List.of("removed " + stale + " (3.0 MiB of queue files), left behind by a benchmark JVM that"
                + " was killed or crashed"), removed);
    }

    @Test
    void aQueueDirectoryStillTooSmallSaysWhatWasRemovedFirst() throws Exception {
        Path stale = killedRunsQueue();
        String message = prepareError("bench.rate", "10M", "bench.duration", "7m");
        assertFalse(Files.exists(stale), "removed before the check");
        assertTrue(message.endsWith("shorten the run (bench.duration, bench.rate) (removed " + stale + " (3.0 MiB of"
                + " queue files), left behind by a benchmark JVM that was killed or crashed)"), message);
    }

    @Test
    void theBaselineAloneLeavesTheQueueFolderAlone() throws Exception {
        Path stale = killedRunsQueue();
        assertEquals(List.of(), read("bench.transports", "baseline").prepare());
        assertTrue(Files.exists(stale), "no queue is made, so none is swept");
    }

    @Test
    void theSameCpuForBothThreadsIsAnError() {
        assertEquals("bench.cpus=2,2 is not valid: the producer and the consumer both spin, so they need two "
                + "different CPUs; CPUs allowed here: 0-3", error("bench.cpus", "2,2"));
    }

    @Test
    void aCpuThatDoesNotExistIsAnError() {
        assertEquals("bench.cpus=2,9 is not valid: CPU 9 does not exist on this machine (online CPUs: 0-3)",
                error("bench.cpus", "2,9"));
    }

    @Test
    void aBadRateIsAnError() {
        assertEquals("bench.rate=fast is not valid: expected messages per second as a whole number such as "
                + "100000, 100K or 1M, from 1 to 10000000", error("bench.rate", "fast"));
    }

    @Test
    void aBadScaleIsAnError() {
        assertEquals("bench.scale=huge is not valid: expected one of smoke, standard, paper",
                error("bench.scale", "huge"));
    }

    @Test
    void aMisspelledPropertyIsAnError() {
        String message = error("bench.rtae", "100K");
        assertTrue(message.startsWith("unknown property bench.rtae=100K; the properties allowed here are:"), message);
        assertTrue(message.contains("bench.rate  messages per second"), message);
    }
}
