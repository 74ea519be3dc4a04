package dev.latencybench.core.tail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.result.ResultLayout;

/**
 * A fork's GC log rotated by {@code -Xlog} ({@code filecount}, {@code filesize}) is read whole: the stops of its
 * rotated files ({@code gc-<pid>.log.00}, {@code .01}, ...) count as those of the current file do, in the order the
 * files were written, and the attribution is the same as from one file.
 */
class RotatedLogTest {
    private static final long MS = 1_000_000;

    @TempDir
    Path tmp;

    private static String safepoint(String operation, long endNs, long totalNs, double uptimeSec) {
        return String.format(java.util.Locale.ROOT, "[%.3fs][1ms][%dns][info][safepoint] Safepoint \"%s\", Time since"
                + " last: 5 ns, Reaching safepoint: 1000 ns, At safepoint: 1000 ns, Total: %d ns", uptimeSec, endNs,
                operation, totalNs);
    }

    /** Ten 4 ms ThreadDump safepoints, one every 100 ms from 100 ms, and ten samples each inside one. */
    private static List<String> tenDumps() {
        List<String> lines = new ArrayList<>();
        lines.add("[0.005s][1ms][5000000ns][info][gc] Using G1");
        for (int i = 1; i <= 10; i++) {
            lines.add(safepoint("ThreadDump", (100 * i + 4) * MS, 4 * MS, i / 10.0));
        }
        return lines;
    }

    private TailPart attribute(Path cell) throws IOException {
        Path fork = cell.resolve("forks").resolve("42");
        Files.createDirectories(fork);
        OutlierBuffer b = new OutlierBuffer(0, 100);
        Histogram h = LatencyRecorder.newHistogram();
        h.recordValueWithCount(1_000, 100_000);
        for (int i = 1; i <= 10; i++) {
            b.add((100 * i + 4) * MS + 100_000, 4 * MS + 200_000);
            h.recordValue(4 * MS + 200_000);
        }
        OutlierFile.write(fork.resolve(ResultLayout.OUTLIERS), b);
        StallFile.write(fork.resolve(ResultLayout.STALLS), new HiccupProbe(new HiccupProbeTest.FakeClock(), MS, 10));
        return TailAttribution.of(cell, List.of(fork), h);
    }

    @Test
    void aRotatedLogAttributesAsOneFileDoes() throws IOException {
        Path whole = Files.createDirectories(tmp.resolve("whole"));
        Files.write(whole.resolve("gc-42.log"), tenDumps());
        Path rotated = Files.createDirectories(tmp.resolve("rotated"));
        List<String> all = tenDumps();
        // a ring of 3 numbers reused: .01 was written first, then .02, then .00, and the current file last
        Files.write(rotated.resolve("gc-42.log.01"), all.subList(0, 3));
        Files.write(rotated.resolve("gc-42.log.02"), all.subList(3, 6));
        Files.write(rotated.resolve("gc-42.log.00"), all.subList(6, 9));
        Files.write(rotated.resolve("gc-42.log"), all.subList(9, 11));
        Files.write(rotated.resolve("gc-42.log.notes"), List.of(safepoint("ThreadDump", 5 * MS, MS, 0.001)));

        TailPart one = attribute(whole);
        TailPart many = attribute(rotated);
        assertEquals(10, one.beyondP99_9.safepoint, one.toJson().toString());
        assertEquals(one.toJson(), many.toJson());
        assertEquals(4, JvmStops.forkLogFiles(rotated, "gc-42.log").size(), "not a file of another name");
        assertEquals(List.of("gc-42.log.01", "gc-42.log.02", "gc-42.log.00", "gc-42.log"),
                JvmStops.forkLogFiles(rotated, "gc-42.log").stream().map(p -> p.getFileName().toString())
                        .collect(Collectors.toList()), "in the order written");
        assertEquals(10, JvmStops.readForkLogs(rotated).get("42").pauses.size(), "the pause table's count too");
        assertEquals(2, JvmStops.read(rotated.resolve("gc-42.log")).pauses.size(), "the current file alone lacks 8");
    }

    /**
     * A real JVM calling System.gc() 30 times with its log rotated every 8 KB (about 7 files) and one with rotation
     * off, as the suite's flags have it: the same 30 full collections read from each.
     */
    @Test
    void aRealJvmsRotatedLogLosesNoStop() throws Exception {
        Path rotatedDir = Files.createDirectories(tmp.resolve("rotated"));
        Path plainDir = Files.createDirectories(tmp.resolve("plain"));
        runSystemGc(rotatedDir, "filecount=50,filesize=8k");
        runSystemGc(plainDir, "filecount=0");
        try (Stream<Path> files = Files.list(rotatedDir)) {
            assertTrue(files.count() > 2, "the log rotated");
        }
        try (Stream<Path> files = Files.list(plainDir)) {
            assertEquals(1, files.count(), "rotation off: one file");
        }
        assertEquals(30, fullCollections(JvmStops.readForkLogs(rotatedDir).values().iterator().next()));
        assertEquals(30, fullCollections(JvmStops.readForkLogs(plainDir).values().iterator().next()));
    }

    private static long fullCollections(JvmStops log) {
        return log.stops.stream().filter(s -> s.name.equals("Pause Full (System.gc())")).count();
    }

    private static void runSystemGc(Path dir, String output) throws Exception {
        Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseG1GC", "-Xmx64m", "-Xlog:gc*,safepoint:file=" + dir.resolve("gc-%p.log")
                        + ":uptime,timemillis,timenanos,level,tags:" + output,
                "-cp", System.getProperty("java.class.path"), SystemGcTimes.class.getName(), "30")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
        assertEquals(0, p.exitValue());
    }
}
