package dev.latencybench.queue.oneway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.affinity.CpuPlan;
import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.Property;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.config.RunLength;
import dev.latencybench.core.testing.FakeSysTree;

class OneWaySettingsTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long S = TimeUnit.SECONDS.toNanos(1);
    private static final RunLength LENGTH = RunLength.of(1 * S, 2 * S, 10 * S, 60 * S, 30 * S, 600 * S);

    @TempDir
    Path root;

    private CpuTopology topology() {
        return FakeSysTree.machine(root, "0-3").topology();
    }

    private static BenchProperties props(String... keyValues) {
        Map<String, String> map = new TreeMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return new BenchProperties(map);
    }

    private OneWaySettings read(BenchProperties p) {
        return OneWaySettings.read(p, Scale.SMOKE, LENGTH, 100_000, 256, topology());
    }

    private String error(String... keyValues) {
        return assertThrows(ConfigException.class, () -> read(props(keyValues))).getMessage();
    }

    @Test
    void defaultsAtTheDefaultScale() {
        OneWaySettings s = read(props());
        assertEquals(Scale.SMOKE, s.scale());
        assertEquals(100_000, s.ratePerSec);
        assertEquals(256, s.payloadBytes);
        assertEquals(1 * S, s.warmupNs());
        assertEquals(2 * S, s.measureNs());
        assertEquals(1, s.forks());
        assertEquals(CpuPlan.Mode.AUTO, s.cpus.mode());
        assertEquals("1,2", s.cpus.describe());
        assertEquals(5 * S, s.progressIntervalNs());
    }

    @Test
    void standardScaleTakesItsDurations() {
        OneWaySettings s = read(props("bench.scale", "standard"));
        assertEquals(Scale.STANDARD, s.scale());
        assertEquals(10 * S, s.warmupNs());
        assertEquals(60 * S, s.measureNs());
        assertEquals(1, s.forks());
    }

    @Test
    void paperScaleTakesItsDurations() {
        OneWaySettings s = read(props("bench.scale", "PAPER"));
        assertEquals(Scale.PAPER, s.scale());
        assertEquals(30 * S, s.warmupNs());
        assertEquals(600 * S, s.measureNs());
    }

    @Test
    void propertiesOverrideTheDefaults() {
        OneWaySettings s = read(props("bench.scale", "paper", "bench.rate", "50K", "bench.payload", "1K",
                "bench.warmup", "0s", "bench.duration", "3s", "bench.forks", "3", "bench.cpus", "3,2",
                "bench.progress", "500ms"));
        assertEquals(Scale.PAPER, s.scale());
        assertEquals(50_000, s.ratePerSec);
        assertEquals(1_000, s.payloadBytes);
        assertEquals(0, s.warmupNs());
        assertEquals(3 * S, s.measureNs());
        assertEquals(3, s.forks());
        assertEquals(CpuPlan.Mode.EXPLICIT, s.cpus.mode());
        assertEquals("3,2", s.cpus.describe());
        assertEquals(500 * MS, s.progressIntervalNs());
    }

    @Test
    void theSmallestPayloadHoldsTheStamp() {
        assertEquals(24, OneWaySettings.STAMP_BYTES);
        assertEquals(24, read(props("bench.payload", "24")).payloadBytes);
    }

    @Test
    void aPayloadBelow24Bytes() {
        assertEquals("bench.payload=16 is not valid: expected payload bytes per message (at least 24: sequence,"
                + " intended and actual send time) from 24 to 1048576", error("bench.payload", "16"));
    }

    @Test
    void aRateOfZero() {
        assertEquals("bench.rate=0 is not valid: expected messages per second from 1 to 10000000",
                error("bench.rate", "0"));
    }

    @Test
    void aDurationBelow100Ms() {
        assertEquals("bench.duration=50ms is not valid: expected measured duration per fork from 100ms to 1440m",
                error("bench.duration", "50ms"));
    }

    @Test
    void aDurationSoShortAtALowRateThatNoMessageIsSent() {
        assertEquals("bench.duration=500ms is not valid: at 1 messages per second it sends no message; make it"
                + " longer", error("bench.rate", "1", "bench.duration", "500ms"));
    }

    @Test
    void aPeriodTooLongToAccountForIsAnError() {
        assertEquals("bench.duration=24h is not valid: at 10,000,000 messages per second that is 864,000,000,000"
                + " messages in one period, more than the 4,294,967,296 (a 512 MiB accounting bitmap) one period may"
                + " have; shorten it or lower bench.rate", error("bench.rate", "10M", "bench.duration", "24h"));
        assertEquals("bench.warmup=1h is not valid: at 10,000,000 messages per second that is 36,000,000,000"
                + " messages in one period, more than the 4,294,967,296 (a 512 MiB accounting bitmap) one period may"
                + " have; shorten it or lower bench.rate", error("bench.rate", "10M", "bench.warmup", "1h",
                "bench.duration", "1s"));
    }

    @Test
    void aDefaultDurationSoShortThatNoMessageIsSent() {
        RunLength short100ms = RunLength.of(0, 100 * MS, 0, 100 * MS, 0, 100 * MS);
        ConfigException e = assertThrows(ConfigException.class, () -> OneWaySettings.read(props("bench.rate", "5"),
                Scale.SMOKE, short100ms, 100_000, 256, topology()));
        assertEquals("bench.duration=(default) is not valid: at 5 messages per second it sends no message; make it"
                + " longer", e.getMessage());
    }

    @Test
    void oneMessageIsEnough() {
        OneWaySettings s = read(props("bench.rate", "1", "bench.duration", "1s"));
        assertEquals(1, dev.latencybench.core.time.Pacer.messagesIn(s.ratePerSec, s.measureNs()));
    }

    @Test
    void anUnknownCpuIsRejectedThroughTheCpuPlan() {
        assertEquals("bench.cpus=1,9 is not valid: CPU 9 does not exist on this machine (online CPUs: 0-3)",
                error("bench.cpus", "1,9"));
    }

    @Test
    void messagesPerPeriod() {
        assertEquals(100_000, dev.latencybench.core.time.Pacer.messagesIn(100_000, S));
        assertEquals(1, dev.latencybench.core.time.Pacer.messagesIn(3, 500 * MS));
        assertEquals(0, dev.latencybench.core.time.Pacer.messagesIn(1, 999 * MS));
        assertEquals(600_000_000L, dev.latencybench.core.time.Pacer.messagesIn(1_000_000, 600 * S));
    }

    @Test
    void messagesPerPeriodAreExactWhereFloatingPointFallsShort() {
        // 100 x 0.57 is 56.99999... in binary floating point
        assertEquals(57, dev.latencybench.core.time.Pacer.messagesIn(100, 570 * MS));
        assertEquals(864_000_000_000L, dev.latencybench.core.time.Pacer.messagesIn(10_000_000, 24 * 3600 * S));
    }

    @Test
    void theDeclaredPropertiesAreThoseItReadsAndATypoIsRefused() {
        List<Property> declared = OneWaySettings.properties(Scale.SMOKE, LENGTH, 100_000, 256);
        assertEquals("[bench.scale, bench.warmup, bench.duration, bench.forks, bench.progress, bench.confirm.forks,"
                + " bench.rate, bench.payload, bench.cpus]",
                declared.stream().map(p -> p.name).collect(Collectors.toList()).toString());
        BenchProperties p = props("bench.rate", "1K", "bench.rtae", "2K");
        ConfigException e = assertThrows(ConfigException.class, () -> p.rejectUnknown(declared));
        assertTrue(e.getMessage().startsWith("unknown property bench.rtae=2K; the properties allowed here are:"),
                e.getMessage());
    }
}
